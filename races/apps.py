from django.apps import AppConfig


class RacesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "races"

    def ready(self) -> None:
        # `make run`: the development server starts scheduled sessions itself
        # (races/scheduler.py); production runs Celery beat.
        from races.scheduler import scheduler_start_if_wanted

        scheduler_start_if_wanted()
