from django.apps import AppConfig


class RacesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "races"

    def ready(self) -> None:
        # The games' sentences and words (races/rules/speech.py) answer from
        # the site's catalogues, in the reader's language, from now on.
        from django.utils.translation import gettext, ngettext, pgettext

        from races.rules import speech

        speech.install(gettext, ngettext, pgettext)

        # `make run`: the development server starts scheduled sessions itself
        # (races/running/scheduler.py); production runs Celery beat.
        from races.running.scheduler import scheduler_start_if_wanted

        scheduler_start_if_wanted()
