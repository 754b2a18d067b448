import pytest

from tests.web.conftest import fresh_page_memory  # noqa: F401  (autouse: a clean cache)


@pytest.fixture
def api_get(client):
    def get(path: str, **params):
        response = client.get("/api" + path, params)
        return response

    return get
