"""`manage.py catalogue extract|compile|check`: the translation catalogues,
with Python tools only (paddock/catalogue.py)."""

from django.core.management.base import BaseCommand, CommandError

from paddock import catalogue


class Command(BaseCommand):
    help = (
        "extract: find every marked string and update locale/<lang>/LC_MESSAGES/django.po "
        "(translations kept), then compile; compile: write the .mo files; check: fail when a "
        "catalogue or a compiled file is out of date with the source."
    )

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["extract", "compile", "check"])

    def handle(self, *args, action: str, **options):
        if action == "extract":
            for path in catalogue.write_all():
                self.stdout.write(f"wrote {path.relative_to(catalogue.ROOT)}")
        elif action == "compile":
            for path in catalogue.compile_all():
                self.stdout.write(f"wrote {path.relative_to(catalogue.ROOT)}")
        else:
            problems = catalogue.out_of_date()
            for code, said in problems.items():
                for line in said:
                    self.stdout.write(f"{code}: {line}")
            if problems:
                raise CommandError("catalogues out of date: run `manage.py catalogue extract`")
            self.stdout.write("catalogues current")
