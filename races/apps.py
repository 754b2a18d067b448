from django.apps import AppConfig


class RacesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "races"

    def ready(self) -> None:
        # Register the Celery tasks in every process, the web one included:
        # races/queue.py and races/aftermath.py queue work by task name, and
        # a web process never runs the worker's autodiscovery.
        from races import tasks  # noqa: F401
