"""Paddock settings: one module, read from the environment.

Embedded defaults (SQLite file, tasks run in-process, local-memory cache) make
`make run` work on a fresh machine; DATABASE_URL and REDIS_URL switch to
PostgreSQL and Redis with a separate Celery worker.
"""

from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from paddock.env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", False)
_DEV_SECRET = "paddock-development-only-secret-key-never-use-in-production"
SECRET_KEY = env_str("SECRET_KEY", _DEV_SECRET if DEBUG else "")
if not SECRET_KEY or (not DEBUG and SECRET_KEY == _DEV_SECRET):
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    # daphne first: `manage.py runserver` serves the ASGI application (pages
    # and the push WebSocket) in development, as daphne does in production.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "channels",
    "template_partials",
    "league",
    "races",
    # What reads both leagues and sessions: its commands (the demo league).
    "seasons",
    "ratings",
    "tournaments",
    "webhooks",
    "accounts",
    # Throttled sign-in: failures counted per account and per address (below).
    "axes",
    "csp",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # The content security policy (django-csp, below) on every answer.
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The browser's language (or the chooser's cookie), then a signed-in
    # person's saved choice (paddock/languages.py, after authentication).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "paddock.timezones.TimeZoneMiddleware",
    "paddock.languages.LanguageMiddleware",
    # Last, as django-axes asks: it answers a locked-out sign-in after the
    # page's language is known, so the lock's words are the person's.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "paddock.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "races.table.your_turn.your_turn",
                "paddock.languages.page_words",
            ],
            "builtins": ["league.templatetags.championship"],
        },
    },
]

WSGI_APPLICATION = "paddock.wsgi.application"
ASGI_APPLICATION = "paddock.asgi.application"

# PostgreSQL when DATABASE_URL is set, else an SQLite file. Persistent
# connections with health checks: a new connection per request costs more
# than half the throughput of a PostgreSQL-backed page.
DATABASE_URL = env_str("DATABASE_URL")
if DATABASE_URL:
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL,
            conn_max_age=env_int("CONN_MAX_AGE", 600),
            conn_health_checks=True,
        )
    }
    # Parameters sent apart from the statement (server-side binding), and a
    # statement run PREPARE_THRESHOLD times on a connection prepared, so it is
    # planned once: a stored session runs the same twenty statements every
    # time, and planning their joins, quoting the event log and the actions
    # into the text and the server parsing them back cost it about 8 ms
    # (bench/pipeline.py). Off (0) for a pooler in transaction mode
    # (PgBouncer), which cannot keep a connection's prepared statements.
    if env_bool("DB_SERVER_SIDE_BINDING", True):
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=env_int("DB_PREPARE_THRESHOLD", 5)
        )
    # A web process under ASGI (paddock/asgi.py) shares a bounded pool of
    # connections among its request threads: at most DB_POOL_SIZE at once.
    if env_int("DB_POOL_SIZE", 0):
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1,
            "max_size": env_int("DB_POOL_SIZE", 0),
            "timeout": 30,
        }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env_str("SQLITE_PATH", str(BASE_DIR / "paddock.sqlite3")),
            "OPTIONS": {"timeout": 20},
        }
    }

REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "paddock.redis_pool.KeptClientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env_str("CACHE_PREFIX", "paddock"),
            # Under ASGI a cache object lives one request: the connections
            # are the process's (paddock/redis_pool.py).
            "OPTIONS": {"pool_class": "paddock.redis_pool.SharedConnectionPool"},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Server push (races/push/): Redis publish/subscribe carries "a table
# changed" from any worker or web process to the browsers on every web
# process; without Redis (`make run`) the development server's memory does.
# Publish/subscribe channels are not split by Redis database, so the prefix
# names the database (two sites, or two test runs, never hear each other).
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [REDIS_URL],
                "prefix": env_str(
                    "PUSH_PREFIX", "paddock-" + (REDIS_URL.rsplit("/", 1)[-1] or "0")
                ),
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# When the push socket fails again and again, a page falls back to asking
# every few seconds; 0 switches that fallback off (the push tests do).
PUSH_FALLBACK_POLLING = env_bool("PUSH_FALLBACK_POLLING", True)
# Live races each web or worker process keeps in memory between decisions
# (races/table/live_races.py): at least the live tables open at once.
LIVE_RACES_KEPT = env_int("LIVE_RACES_KEPT", 256)

# Celery: Redis as broker when REDIS_URL is set; otherwise tasks run in the
# web process as they are queued, so no broker or worker is needed.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND") or None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 300)}
CELERY_TASK_DEFAULT_QUEUE = "sessions"
# Celery's Django fixup closes the database connection around every task
# unless told to reuse it; a new connection (and its cold catalog caches)
# cost a session about 10 ms. Reused, the connection lives by CONN_MAX_AGE
# and is dropped when unusable, as around a web request (paddock/celery.py).
CELERY_DB_REUSE_MAX = 1_000_000
# Whole sessions (long) and online-play steps (short) have their own queues,
# so a person's turn never waits behind a batch of simulated races; webhook
# deliveries have theirs, so a slow hook never holds up a session.
CELERY_TASK_ROUTES = {
    "races.tasks.run_session": {"queue": "sessions"},
    "races.tasks.dispatch_due_sessions": {"queue": "sessions"},
    "races.tasks.advance_session": {"queue": "online"},
    "races.tasks.expire_deadlines": {"queue": "online"},
    "races.tasks.notify_waiting_drivers": {"queue": "online"},
    # Announcing a session to the league's webhooks and delivering the posts.
    "webhooks.tasks.*": {"queue": "webhooks"},
    # Ratings and title odds follow a stored result; on a queue of their own
    # they never hold a worker that a session is waiting for.
    "ratings.tasks.rate_session": {"queue": "ratings"},
}
CELERY_BEAT_SCHEDULE = {
    "dispatch-due-sessions": {
        "task": "races.tasks.dispatch_due_sessions",
        "schedule": float(env_int("DISPATCH_EVERY_SECONDS", 30)),
    },
    "expire-deadlines": {
        "task": "races.tasks.expire_deadlines",
        "schedule": float(env_int("DEADLINE_CHECK_SECONDS", 5)),
    },
    "notify-waiting-drivers": {"task": "races.tasks.notify_waiting_drivers", "schedule": 60.0},
    # A tournament's round whose last table ended while no message got through.
    "draw-due-tournament-rounds": {
        "task": "tournaments.tasks.draw_due_rounds",
        "schedule": float(env_int("DISPATCH_EVERY_SECONDS", 30)),
    },
}
# `make run` turns this on: the development server runs a scheduler thread
# that does beat's work (races/running/scheduler.py), every SCHEDULER_SECONDS.
EMBEDDED_SCHEDULER = env_bool("EMBEDDED_SCHEDULER", False)
SCHEDULER_SECONDS = env_int("SCHEDULER_SECONDS", 10)
# A decision waiting longer than this sends its driver an e-mail.
ONLINE_NOTIFY_AFTER_SECONDS = env_int("ONLINE_NOTIFY_AFTER_SECONDS", 300)
# A worker renews its claim on a running session; one whose lease runs out
# is taken to have died and the session runs again (exactly once stored).
SESSION_LEASE_SECONDS = env_int("SESSION_LEASE_SECONDS", 60)
# A queued session nobody claimed for this long is sent again (its message
# may have been lost with a broker restart; the claim makes resending safe).
SESSION_RESEND_SECONDS = env_int("SESSION_RESEND_SECONDS", 120)
SESSION_PROGRESS_INTERVAL = env_int("SESSION_PROGRESS_INTERVAL_MS", 500) / 1000
# Optional broadcast pace: seconds a worker waits per engine round, so a
# live page can follow an automatic race (0: run at full speed).
SESSION_ROUND_SECONDS = env_int("SESSION_ROUND_MS", 0) / 1000

# Simulated completions behind each season's title odds.
TITLE_ODDS_SIMULATIONS = env_int("TITLE_ODDS_SIMULATIONS", 10_000)
# Where the site is seen from outside: links in webhook messages.
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# League webhooks: https to public addresses only. WEBHOOK_PRIVATE_HOSTS is
# for development: host names or addresses that may be private (and plain
# http), e.g. a local test server. Never set it in production.
WEBHOOK_PRIVATE_HOSTS = env_list("WEBHOOK_PRIVATE_HOSTS", [])
WEBHOOK_TIMEOUT_SECONDS = env_int("WEBHOOK_TIMEOUT_SECONDS", 5)
WEBHOOK_MAX_ATTEMPTS = env_int("WEBHOOK_MAX_ATTEMPTS", 5)
WEBHOOK_RETRY_BASE_SECONDS = env_int("WEBHOOK_RETRY_BASE_SECONDS", 30)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# The content security policy: scripts, styles, images, fonts and requests
# from Paddock itself only, no inline script, style or handler anywhere
# (behaviour lives in static/js, looks in static/css; a colour from data is an
# SVG fill), no frames, forms posting only here. CSP_REPORT_URI, when set,
# receives the browsers' violation reports.
_SELF, _NONE = "'self'", "'none'"
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [_SELF],
        "script-src": [_SELF],
        "style-src": [_SELF],
        "img-src": [_SELF, "data:"],
        "font-src": [_SELF],
        "connect-src": [_SELF],
        "object-src": [_NONE],
        "base-uri": [_SELF],
        "form-action": [_SELF],
        "frame-ancestors": [_NONE],
        **({"report-uri": [env_str("CSP_REPORT_URI")]} if env_str("CSP_REPORT_URI") else {}),
    }
}

# django-axes first: it refuses a locked-out account or address before any
# password is checked; the API's tokens go through the same door
# (accounts/tokens.py), so their failures are counted and locked alike.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
    "accounts.tokens.TokenBackend",
]
# The sixth wrong password in a row (per account, and per address) is refused,
# even the right one, until the lock ends; staff unlock from the admin's
# "Access attempts" or with `manage.py axes_reset_username NAME`.
AXES_FAILURE_LIMIT = env_int("SIGN_IN_FAILURES", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("SIGN_IN_LOCK_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_USERNAME_CALLABLE = "accounts.lockout.attempt_name"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "accounts.lockout.locked_out"
# Successful sign-ins are not logged with their addresses: nothing kept
# about a person that their own data page does not show.
AXES_DISABLE_ACCESS_LOG = True
# A confirmation link for an e-mail address lasts this long; a password
# reset link (single use) lasts PASSWORD_RESET_TIMEOUT.
ADDRESS_CONFIRM_SECONDS = env_int("ADDRESS_CONFIRM_SECONDS", 3 * 24 * 3600)
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_SECONDS", 3600)
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
# The languages of the players, each named in itself on the chooser. The
# catalogues are in locale/<lang>/LC_MESSAGES (`manage.py catalogue`).
LANGUAGES = [
    ("en", "English"),
    ("zh-hant", "繁體中文"),
    ("ja", "日本語"),
    ("pl", "Polski"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["paddock.formats"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
# Dates, times and numbers in each language's own formats.
USE_THOUSAND_SEPARATOR = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "paddock@localhost")

# Production safety: with DEBUG off, cookies travel over HTTPS only. The
# HTTPS redirect and HSTS are the environment's choice (README, Production):
# a site behind a proxy that already redirects may leave them off.
if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"forbidden": {"()": "paddock.log_filters.ForbiddenWithoutTraceback"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
    "loggers": {"django.request": {"filters": ["forbidden"]}},
}
