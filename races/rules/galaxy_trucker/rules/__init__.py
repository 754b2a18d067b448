"""The rules of Galaxy Trucker by concept, one module a concept: the tiles
and boards (tiles), a ship (ship), the adventure cards (cards), building
(building, steps), the flight (flight), the cards played out (adventures),
meteors and shots (hits), damage (damage), goods (cargo), BasicBot's
defaults (policy), scoring (scoring) and team play (teams).

A rule takes the state (state.py), the chance (chance.py) and an emitter
(`emit(event_type, seat, **data)`, which logs an event) as it needs them;
a rule that asks a player is a generator yielding an `Ask`. Nothing here
imports the race or the flow."""
