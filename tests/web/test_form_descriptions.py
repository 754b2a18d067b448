"""Every form field's description points at what is on the page (issue 24,
WCAG 1.3.1 and 3.3.1): `aria-describedby` names the help text's and the
errors' ids, which exist, and a field in error says so (`aria-invalid`)."""

import re

import pytest
from django.urls import reverse

from tests.conftest import make_season
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


def described_ids(page: str) -> list[str]:
    return [i for ids in re.findall(r'aria-describedby="([^"]+)"', page) for i in ids.split()]


@pytest.mark.parametrize("game", ["formula_d", "heat", "roborally", "galaxy_trucker"])
def test_the_season_forms_help_texts_are_where_the_fields_point(client, league, owner, game):
    url = reverse("season_create", args=[league.slug])
    page = client_for(client, owner).get(url, {"game": game}).content.decode()
    ids = described_ids(page)
    assert ids, "no field is described by its help"
    missing = [i for i in ids if f'id="{i}"' not in page]
    assert not missing, missing


def test_a_refused_round_ties_its_error_to_the_field(client, league, owner):
    season = make_season(league, slug="far", rules={"level": "basic"})
    page = (
        client_for(client, owner)
        .post(
            reverse("round_create", args=[league.slug, season.slug]),
            {
                "number": 1,
                "name": "Far",
                "track": "paddock_ring",
                "scheduled_at": "9999-12-31T20:00",
                "qualifying_format": "none",
                "grid_rule": "entry",
            },
        )  # fmt: skip
        .content.decode()
    )
    field = re.search(r'<input[^>]*name="scheduled_at"[^>]*>', page).group(0)
    assert 'aria-invalid="true"' in field
    assert "id_scheduled_at_errors" in field.split('aria-describedby="')[1].split('"')[0]
    errors = re.search(r'id="id_scheduled_at_errors">(.*?)</div>', page, re.S).group(1)
    assert "Give a date between the years 2000 and 2099." in errors
