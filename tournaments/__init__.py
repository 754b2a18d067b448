"""Tournaments: Swiss, knockout, round robin and staged events of a league,
their tables raced as sessions of a season the tournament keeps for them."""
