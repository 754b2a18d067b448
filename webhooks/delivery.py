"""Posting to a league's webhooks: each delivery signed with the hook's
secret, sent to the address checked just before, retried with a growing
wait, and logged for the organiser. Called from Celery tasks only, so a slow
or failing hook never holds up a result."""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import socket
import ssl
import time
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone

from webhooks.addresses import Resolver, destination, system_resolve
from webhooks.models import Delivery, Webhook

S = Delivery.Status
USER_AGENT = "Paddock-Webhooks/1"


def _timeout() -> float:
    return float(getattr(settings, "WEBHOOK_TIMEOUT_SECONDS", 5))


def _max_attempts() -> int:
    return int(getattr(settings, "WEBHOOK_MAX_ATTEMPTS", 5))


def backoff(attempts: int) -> float:
    """Seconds to wait after the attempts made so far: base, 2 base, 4 base…"""
    base = float(getattr(settings, "WEBHOOK_RETRY_BASE_SECONDS", 30))
    return base * 2 ** max(0, attempts - 1)


@dataclass(frozen=True)
class Message:
    """What happened, for both forms: plain data and a sentence."""

    event: str
    title: str
    text: str
    url: str
    data: dict


def body_for(webhook: Webhook, message: Message) -> str:
    if webhook.form == Webhook.Form.DISCORD:
        payload = {
            "content": message.text[:2000],
            "embeds": [
                {"title": message.title[:256], "url": message.url, "description": message.text}
            ],
        }
    else:
        payload = {
            "event": message.event,
            "league": webhook.league.slug,
            "title": message.title,
            "text": message.text,
            "url": message.url,
            "data": message.data,
        }
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)


def signature(secret: str, timestamp: str, body: str) -> str:
    """HMAC-SHA256 of "timestamp.body" with the hook's secret, in hex."""
    signed = f"{timestamp}.{body}".encode()
    return hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()


def deliveries_create(*, league_id: int, message: Message, dedupe: str) -> list[int]:
    """A pending delivery for each of the league's active hooks that take
    this event; announcing the same thing twice creates nothing new."""
    created = []
    for webhook in Webhook.objects.filter(league_id=league_id, active=True).select_related(
        "league"
    ):
        if message.event not in webhook.events:
            continue
        try:
            with transaction.atomic():
                delivery = Delivery.objects.create(
                    webhook=webhook,
                    event=message.event,
                    dedupe=dedupe[:80],
                    body=body_for(webhook, message),
                    next_attempt_at=timezone.now(),
                )
        except IntegrityError:
            continue
        created.append(delivery.pk)
    return created


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """An https connection to an address already checked, with the hook's
    host name for the certificate and the Host header."""

    def __init__(self, host: str, address: str, port: int, timeout: float):
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self._address = address

    def connect(self):
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """Plain http, for a development host only (WEBHOOK_PRIVATE_HOSTS)."""

    def __init__(self, host: str, address: str, port: int, timeout: float):
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self):
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


def post(webhook: Webhook, body: str, *, event: str, delivery_id: int, resolve: Resolver) -> int:
    """Post the body; returns the HTTP status. Raises ValidationError when the
    address is refused and OSError/HTTPException when it cannot be reached."""
    address, port = destination(webhook.url, resolve=resolve)
    parts = urlsplit(webhook.url)
    kind = _PinnedHTTPSConnection if parts.scheme == "https" else _PinnedHTTPConnection
    connection = kind(parts.hostname, address, port, _timeout())
    timestamp = str(int(time.time()))
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Paddock-Event": event,
        "X-Paddock-Delivery": str(delivery_id),
        "X-Paddock-Timestamp": timestamp,
        "X-Paddock-Signature": "sha256=" + signature(webhook.secret, timestamp, body),
    }
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        connection.request("POST", path, body=body.encode(), headers=headers)
        response = connection.getresponse()
        response.read(64 * 1024)
        return response.status
    finally:
        connection.close()


def _claim(delivery_id: int) -> Delivery | None:
    now = timezone.now()
    stale = now - timedelta(seconds=4 * _timeout() + 30)
    claimable = Q(status=S.PENDING) | Q(status=S.SENDING, next_attempt_at__lt=stale)
    changed = Delivery.objects.filter(claimable, pk=delivery_id).update(
        status=S.SENDING, attempts=F("attempts") + 1, next_attempt_at=now
    )
    if changed != 1:
        return None
    return Delivery.objects.select_related("webhook__league").get(pk=delivery_id)


def delivery_attempt(*, delivery_id: int, resolve: Resolver = system_resolve) -> float | None:
    """Try one delivery once. Returns the seconds to wait before the next
    try, or None when there is nothing more to do (delivered, given up, or
    not ours to send)."""
    delivery = _claim(delivery_id)
    if delivery is None:
        return None
    webhook = delivery.webhook
    status, error = None, ""
    try:
        status = post(
            webhook, delivery.body, event=delivery.event, delivery_id=delivery.pk, resolve=resolve
        )
    except ValidationError as refused:
        error = " ".join(refused.messages)
    except TimeoutError:
        error = f"No answer within {_timeout():g} s."
    except (OSError, http.client.HTTPException) as failure:
        error = f"Could not reach the hook: {failure}"
    delivery.response_status = status
    if status is not None and 200 <= status < 300:
        delivery.status, delivery.error, delivery.delivered_at = S.DELIVERED, "", timezone.now()
        delivery.save(update_fields=["status", "error", "delivered_at", "response_status"])
        return None
    delivery.error = (error or f"The hook answered {status}.")[:300]
    if delivery.attempts >= _max_attempts():
        delivery.status = S.GAVE_UP
        delivery.save(update_fields=["status", "error", "response_status"])
        return None
    wait = backoff(delivery.attempts)
    delivery.status = S.PENDING
    delivery.next_attempt_at = timezone.now() + timedelta(seconds=wait)
    delivery.save(update_fields=["status", "error", "response_status", "next_attempt_at"])
    return wait
