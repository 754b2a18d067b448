"""Running a tournament: its rounds drawn (by the pairing functions of
league/tournament), their tables seated as race sessions, the results read
back and the next round drawn when the last table of a round finishes."""
