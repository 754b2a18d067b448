"""Settings for the test suite: the site's own, with a non-secret key.

DATABASE_URL and REDIS_URL still choose PostgreSQL and Redis, as in CI.
"""

import os
import secrets

os.environ.setdefault("SECRET_KEY", "paddock-test-suite-key")
# Each run keeps its cache under a prefix of its own (its workers and web
# servers inherit it): the test database's ids start again every run, and a
# race of a fixed seed at a reused id would find a drawing of the last run's.
os.environ.setdefault("CACHE_PREFIX", f"paddock-test-{secrets.token_hex(4)}")

from paddock.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Integration tests read task outcomes back from Redis.
CELERY_RESULT_BACKEND = CELERY_RESULT_BACKEND or REDIS_URL or None  # noqa: F405

# Static files come from the finders in tests; nothing is collected.
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
