"""A session of a round (qualifying or race): what the engine ran and what it said."""

from __future__ import annotations

import os
import secrets
import zlib
from concurrent.futures import Future, ThreadPoolExecutor

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Division
from league.page_versions import PageRows
from races.models.rounds import Round
from races.replay.stored_actions import ActionsAppended, ActionsField

try:  # ISA-L's deflate, where installed (requirements.txt): zlib's format
    from isal.isal_zlib import compress as _compress
except ImportError:
    _compress = zlib.compress


def _packed(canonical_log: str) -> bytes:
    # Level 1: a quarter of zlib's level 6's time for a log about half again
    # as large; packing is on every session's path to its standings. ISA-L's
    # level 1 packs a ten-car race's 388 kB log in 0.25 ms (zlib's: 1.3 ms),
    # 47 kB (zlib's: 48 kB), and zlib reads it back (`event_log_text`).
    return _compress(canonical_log.encode("utf-8"), 1)


_packer: tuple[int, ThreadPoolExecutor] | None = None


def event_log_packing(canonical_log: str) -> Future:
    """The log's stored bytes, packed on a thread of the process's own: the
    packer lets go of the interpreter's lock while it compresses, so a
    finishing session's log (about 400 kB) is packed while the engine hashes
    it. Give the future to `set_event_log`."""
    global _packer
    if _packer is None or _packer[0] != os.getpid():  # a forked worker starts its own
        _packer = (os.getpid(), ThreadPoolExecutor(1, thread_name_prefix="event-log"))
    return _packer[1].submit(_packed, canonical_log)


def new_seed() -> str:
    """A session's seed: from a secure source, secret until the session ends."""
    return secrets.token_hex(16)


class Session(ActionsAppended):
    class Kind(models.TextChoices):
        QUALIFYING = "qualifying", _("Qualifying")
        RACE = "race", _("Race")

    class Leg(models.TextChoices):
        # A round's race, or its main race after a sprint (issue 26, item 3).
        MAIN = "main", _("Race")
        SPRINT = "sprint", _("Sprint")

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        AWAITING = "awaiting", _("Awaiting players")
        FINISHED = "finished", _("Finished")
        FAILED = "failed", _("Failed")
        CANCELLED = "cancelled", _("Cancelled")

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="sessions", verbose_name=_("round")
    )
    kind = models.CharField(
        max_length=12, choices=Kind.choices, default=Kind.RACE, verbose_name=_("kind")
    )
    leg = models.CharField(
        max_length=8, choices=Leg.choices, default=Leg.MAIN, verbose_name=_("race")
    )
    division = models.ForeignKey(
        Division,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="sessions",
        verbose_name=_("division"),
    )
    status = models.CharField(
        max_length=12, choices=Status.choices, default=Status.SCHEDULED, verbose_name=_("status")
    )
    live = models.BooleanField(
        default=False,
        help_text=_("People drive their own cars turn by turn (online play)."),
        verbose_name=_("online"),
    )
    scheduled_at = models.DateTimeField(null=True, blank=True, verbose_name=_("scheduled for"))
    seed = models.CharField(max_length=64, default=new_seed, editable=False)
    seats = models.JSONField(default=list, blank=True, help_text=_("The seats the engine ran."))
    config = models.JSONField(default=dict, blank=True, help_text=_("The engine config used."))
    actions = ActionsField(default=list, blank=True, help_text=_("Every action applied."))
    event_log = models.BinaryField(null=True, blank=True, editable=False)
    log_sha256 = models.CharField(max_length=64, blank=True)
    progress = models.JSONField(default=dict, blank=True)
    summary = models.JSONField(
        default=dict, blank=True, help_text=_("The engine's result details.")
    )
    claim = models.CharField(max_length=32, blank=True, editable=False)
    queued_at = models.DateTimeField(null=True, blank=True, editable=False)
    lease_until = models.DateTimeField(null=True, blank=True, editable=False)
    started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("started"))
    finished_at = models.DateTimeField(null=True, blank=True, verbose_name=_("finished"))
    error = models.TextField(blank=True, verbose_name=_("error"))
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="sessions_entered",
        help_text=_("Who entered the result by hand (empty: the engine ran it)."),
        verbose_name=_("results entered by"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    objects = PageRows.as_manager()
    page_season = "round__season"  # league/page_versions.py
    # What a race writes while it runs: the season's pages show its status
    # (a stored result gives the standings a new version of their own).
    page_unshown = frozenset(("live", "seed", "seats", "config", "actions", "event_log",
                              "log_sha256", "progress", "summary", "claim", "queued_at",
                              "lease_until", "started_at", "finished_at", "error"))  # fmt: skip

    class Meta:
        # Qualifying, then the sprint, then the main race; division by division.
        ordering = ["round", "kind", "division_id", "-leg"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "kind", "leg"],
                condition=models.Q(division__isnull=True),
                name="session_kind_unique",
            ),
            models.UniqueConstraint(
                fields=["round", "kind", "leg", "division"],
                condition=models.Q(division__isnull=False),
                name="session_division_kind_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} — {self.title}"

    @property
    def title(self) -> str:
        """The session in words within its round: "Sprint", "Qualifying",
        with its division's name in a season with divisions."""
        words = self.get_leg_display() if self.kind == self.Kind.RACE else self.get_kind_display()
        if self.division_id:
            return f"{self.division.name} — {words}"
        return str(words)

    @property
    def seed_revealed(self) -> str | None:
        """The seed is shown only once the session has finished."""
        return self.seed if self.status == self.Status.FINISHED else None

    @property
    def entered_by_hand(self) -> bool:
        return self.entered_by_id is not None

    def set_event_log(self, canonical_log: str | Future) -> None:
        """The log as stored; or the bytes `event_log_packing` packs."""
        if isinstance(canonical_log, Future):
            self.event_log = canonical_log.result()
        else:
            self.event_log = _packed(canonical_log)

    def event_log_text(self) -> str:
        if not self.event_log:
            return ""
        return zlib.decompress(bytes(self.event_log)).decode("utf-8")
