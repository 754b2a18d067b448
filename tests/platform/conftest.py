"""The platform suite uses the race tests' real workers and Redis."""

from tests.races.conftest import broker, workers  # noqa: F401
