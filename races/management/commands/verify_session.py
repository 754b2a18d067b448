from django.core.management.base import BaseCommand, CommandError

from races.models import Session
from races.replay.verification import session_verify


class Command(BaseCommand):
    help = "Replay a finished session from its seed, seats and actions; compare the log hash."

    def add_arguments(self, parser):
        parser.add_argument("session_id", type=int)

    def handle(self, session_id, **options):
        session = Session.objects.select_related("round__season").filter(pk=session_id).first()
        if session is None:
            raise CommandError(f"there is no session {session_id}")
        try:
            verdict = session_verify(session=session)
        except ValueError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"seed      {session.seed}")
        self.stdout.write(f"stored    {verdict.stored}")
        self.stdout.write(f"replayed  {verdict.replayed}")
        if not verdict.matches:
            raise CommandError(f"session {session_id} does NOT match its stored log")
        self.stdout.write(self.style.SUCCESS(f"session {session_id} verified: the hashes match"))
