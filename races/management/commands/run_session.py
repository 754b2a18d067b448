from django.core.management.base import BaseCommand, CommandError

from races.models import Session
from races.running.runner import session_run


class Command(BaseCommand):
    help = "Run one session now, in this process (for organisers at the shell)."

    def add_arguments(self, parser):
        parser.add_argument("session_id", type=int)

    def handle(self, session_id, **options):
        S = Session.Status
        runnable = (S.SCHEDULED, S.QUEUED, S.FAILED)
        if not Session.objects.filter(pk=session_id).exists():
            raise CommandError(f"there is no session {session_id}")
        Session.objects.filter(pk=session_id, status__in=runnable).update(status=S.QUEUED)
        outcome = session_run(session_id=session_id)
        session = Session.objects.get(pk=session_id)
        if outcome == "failed":
            raise CommandError(f"session {session_id} failed: {session.error}")
        if outcome == "skipped":
            raise CommandError(f"session {session_id} is {session.status}; it was not run")
        self.stdout.write(
            self.style.SUCCESS(f"session {session_id} finished; log sha256 {session.log_sha256}")
        )
