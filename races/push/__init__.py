"""Server push for live tables (issue 25): the one place a change of a live
table is announced (`publish.py`) and the WebSocket that hands the news to
the browsers (`consumers.py`). Nothing here knows a game."""
