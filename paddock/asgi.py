"""The site as an ASGI application (production runs it under daphne,
README "Production"): pages over HTTP, and the `/push/` WebSocket that tells
a live table's browsers it changed (races/push/)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "paddock.settings")
# Under ASGI each request runs its synchronous code on a thread of its own:
# a connection kept per thread would pile up to PostgreSQL's limit, so a
# web process shares a bounded pool of connections (unless told otherwise).
os.environ.setdefault("DB_POOL_SIZE", "16")
# Django is set up before anything that reads its models or settings.
http_application = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

from races.push.consumers import PushConsumer  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": http_application,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter([path("push/", PushConsumer.as_asgi())]))
        ),
    }
)
