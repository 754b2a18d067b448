"""Settings for the test suite: the site's own, with a non-secret key.

DATABASE_URL and REDIS_URL still choose PostgreSQL and Redis, as in CI.
"""

import os

os.environ.setdefault("SECRET_KEY", "paddock-test-suite-key")

from paddock.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Integration tests read task outcomes back from Redis.
CELERY_RESULT_BACKEND = CELERY_RESULT_BACKEND or REDIS_URL or None  # noqa: F405

# Static files come from the finders in tests; nothing is collected.
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
