"""Where a webhook may post: https to a public address only. Loopback,
private, link-local (the cloud metadata address 169.254.169.254 among them),
multicast, reserved and unspecified addresses are refused when a hook is
saved and again at each delivery, after the name is resolved, and the
delivery then connects to the very address that was checked (no second
lookup a hostile DNS server could answer differently).

`WEBHOOK_PRIVATE_HOSTS` (a development setting, empty by default) names
hosts that may be private, and over plain http: a local test server.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

Resolver = Callable[[str, int], list[str]]


def system_resolve(host: str, port: int) -> list[str]:
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return sorted({info[4][0] for info in infos})


def _development_hosts() -> set[str]:
    return {h.lower() for h in getattr(settings, "WEBHOOK_PRIVATE_HOSTS", [])}


def is_public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_link_local)


def url_parts(url: str) -> tuple[str, str, int]:
    """(scheme, host, port) of a hook URL, or a ValidationError."""
    parts = urlsplit(url)
    if not parts.hostname:
        raise ValidationError({"url": _("Give a full address, like https://example.org/hook.")})
    if parts.username or parts.password:
        raise ValidationError({"url": _("A hook address cannot carry a user name or password.")})
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise ValidationError({"url": _("The port of that address is not a number.")}) from None
    return parts.scheme, parts.hostname.lower(), port


def destination(url: str, *, resolve: Resolver = system_resolve) -> tuple[str, int]:
    """The checked address and port to post `url` to; a ValidationError
    explains a refusal in words an organiser understands."""
    scheme, host, port = url_parts(url)
    development = host in _development_hosts()
    if scheme != "https" and not (development and scheme == "http"):
        raise ValidationError({"url": _("A hook address must start with https://.")})
    try:
        addresses = resolve(host, port)
    except (OSError, UnicodeError):
        raise ValidationError({"url": _("%(host)s cannot be found.") % {"host": host}}) from None
    if not addresses:
        raise ValidationError({"url": _("%(host)s cannot be found.") % {"host": host}})
    if not development:
        for address in addresses:
            if not is_public(address):
                raise ValidationError(
                    {
                        "url": _(
                            "%(host)s is a private, loopback or link-local address "
                            "(%(address)s); a hook must be on the public internet."
                        )
                        % {"host": host, "address": address}
                    }
                )
    return addresses[0], port
