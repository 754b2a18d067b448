from django.apps import AppConfig


class LeagueConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "league"

    def ready(self) -> None:
        # Every model whose rows a season's pages show (those naming their
        # `page_season`) gives the season a new page version when written.
        from django.apps import apps

        from league.page_versions import follow

        follow(*(model for model in apps.get_models() if hasattr(model, "page_season")))
