"""The league's history: record a change (in the caller's transaction) and
read it back. Every service that changes a league calls `record`; views
never write history themselves."""

from league.history.record import record
from league.history.subjects import entry_record, entry_words, team_record

__all__ = ["entry_record", "entry_words", "record", "team_record"]
