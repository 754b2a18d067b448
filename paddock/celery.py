"""The Celery app: settings come from Django's, prefixed CELERY_."""

import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "paddock.settings")

app = Celery("paddock")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.task_prerun.connect
@signals.task_postrun.connect
def _db_connections_tidy(sender=None, **kwargs) -> None:
    """What Django does around a request: close a connection that is broken or
    older than CONN_MAX_AGE, and keep the others (CELERY_DB_REUSE_MAX stops
    Celery from closing every connection around every task). A task run
    eagerly is inside its caller's request or transaction and leaves them."""
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()
