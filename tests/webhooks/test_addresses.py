"""A hook must be https to a public address; private, loopback, link-local
and metadata addresses are refused at save and again at delivery."""

import pytest
from django.core.exceptions import ValidationError

from webhooks.addresses import destination
from webhooks.delivery import delivery_attempt
from webhooks.models import Delivery
from webhooks.services import webhook_create

pytestmark = pytest.mark.django_db
EVENTS = ["result_stored"]


def resolver(table):
    def resolve(host, port):
        if host not in table:
            raise OSError("not found")
        return table[host]

    return resolve


PUBLIC = resolver(
    {
        "hooks.example.org": ["93.184.215.14"],
        "intranet.example": ["10.1.2.3"],
        "sneaky.example": ["93.184.215.14", "192.168.0.7"],
        "v6.example": ["::ffff:127.0.0.1"],
    }
)


@pytest.mark.parametrize(
    "url, words",
    [
        ("https://127.0.0.1/hook", "private, loopback or link-local"),
        ("https://10.0.0.5/hook", "private, loopback or link-local"),
        ("https://169.254.169.254/latest/meta-data", "private, loopback or link-local"),
        ("https://localhost/hook", "private, loopback or link-local"),
        ("https://[::1]/hook", "private, loopback or link-local"),
        ("http://hooks.example.org/hook", "must start with https://"),
        ("ftp://hooks.example.org/hook", "must start with https://"),
        ("https://user:pw@hooks.example.org/hook", "user name or password"),
        ("hooks.example.org", "full address"),
    ],
)
def test_unsafe_addresses_are_refused_with_a_reason(league, owner, url, words):
    with pytest.raises(ValidationError) as refused:
        webhook_create(league=league, url=url, form="paddock", events=EVENTS, user=owner)
    assert words in " ".join(refused.value.messages)
    assert not league.webhooks.exists()


@pytest.mark.parametrize("host", ["intranet.example", "sneaky.example", "v6.example"])
def test_a_name_resolving_to_a_private_address_is_refused(league, owner, host):
    with pytest.raises(ValidationError, match="private"):
        webhook_create(
            league=league,
            url=f"https://{host}/hook",
            form="paddock",
            events=EVENTS,
            user=owner,
            resolve=PUBLIC,
        )


def test_a_public_https_address_is_kept_with_a_secret(league, owner):
    hook = webhook_create(
        league=league,
        url="https://hooks.example.org/paddock",
        form="discord",
        events=EVENTS,
        user=owner,
        resolve=PUBLIC,
    )
    assert len(hook.secret) == 64 and hook.events == EVENTS
    assert destination(hook.url, resolve=PUBLIC) == ("93.184.215.14", 443)


def test_an_unknown_name_is_refused(league, owner):
    with pytest.raises(ValidationError, match="cannot be found"):
        webhook_create(
            league=league,
            url="https://nowhere.example/hook",
            form="paddock",
            events=EVENTS,
            user=owner,
            resolve=PUBLIC,
        )


def test_the_address_is_checked_again_at_delivery(league, owner):
    hook = webhook_create(
        league=league,
        url="https://hooks.example.org/paddock",
        form="paddock",
        events=EVENTS,
        user=owner,
        resolve=PUBLIC,
    )
    delivery = Delivery.objects.create(webhook=hook, event="result_stored", dedupe="x", body="{}")
    rebound = resolver({"hooks.example.org": ["169.254.169.254"]})
    assert delivery_attempt(delivery_id=delivery.pk, resolve=rebound) is not None
    delivery.refresh_from_db()
    assert delivery.status == "pending" and delivery.attempts == 1
    assert "169.254.169.254" in delivery.error and delivery.response_status is None


def test_the_development_setting_allows_a_named_private_host_only(settings, league, owner):
    settings.WEBHOOK_PRIVATE_HOSTS = ["127.0.0.1"]
    hook = webhook_create(
        league=league, url="http://127.0.0.1:9/hook", form="paddock", events=EVENTS, user=owner
    )
    assert hook.pk
    with pytest.raises(ValidationError):
        webhook_create(
            league=league, url="https://10.0.0.5/hook", form="paddock", events=EVENTS, user=owner
        )
