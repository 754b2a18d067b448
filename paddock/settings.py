"""Paddock settings: one module, read from the environment.

Embedded defaults (SQLite file, tasks run in-process, local-memory cache) make
`make run` work on a fresh machine; DATABASE_URL and REDIS_URL switch to
PostgreSQL and Redis with a separate Celery worker.
"""

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
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "league",
    "races",
    "ratings",
    "webhooks",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
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
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env_str("CACHE_PREFIX", "paddock"),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

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

# Production safety: with DEBUG off, cookies travel over HTTPS only.
if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"forbidden": {"()": "paddock.log_filters.ForbiddenWithoutTraceback"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
    "loggers": {"django.request": {"filters": ["forbidden"]}},
}
