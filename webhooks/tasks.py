"""Celery tasks for webhooks: adapters that take ids and call one service."""

from celery import shared_task

from webhooks.delivery import delivery_attempt


@shared_task(acks_late=True)
def deliver(delivery_id: int) -> str:
    """Try a delivery; a failure sends this task again after the backoff."""
    wait = delivery_attempt(delivery_id=delivery_id)
    if wait is None:
        return "done"
    deliver.apply_async((delivery_id,), countdown=wait)
    return f"retry in {wait:g} s"


def deliveries_send(delivery_ids: list[int]) -> None:
    for delivery_id in delivery_ids:
        deliver.delay(delivery_id)
