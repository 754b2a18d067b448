"""Logging filters: an ordinary 403 (someone trying a page that is not
theirs) is a one-line warning, not a traceback."""

from __future__ import annotations

import logging


class ForbiddenWithoutTraceback(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 403:
            record.exc_info = None
            record.exc_text = None
        return True
