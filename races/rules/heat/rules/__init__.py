"""The rules of Heat by concept; each module takes the race state, the chance and an emitter."""
