"""The organiser's and players' services of a tournament: creation, sign-up,
check-in, seeding, drop-outs and corrections, each in one transaction."""
