from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    verbose_name = "Ratings and title odds"

    def ready(self) -> None:
        # Register this app's Celery tasks in every process, the web one
        # included: work is queued by task name (races/aftermath.py), and a
        # web process never runs the worker's autodiscovery.
        from ratings import tasks  # noqa: F401
