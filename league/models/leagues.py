"""A league: its organiser, its stewards, its seasons."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.page_versions import PageRows

# Limits on what an organiser can store (issue 13): long enough for any real
# series, short enough that nobody stores a novel or an absurd number.
DESCRIPTION_MAX = 2000


class League(models.Model):
    name = models.CharField(max_length=100, verbose_name=_("name"))
    slug = models.SlugField(max_length=100, unique=True, verbose_name=_("short name in addresses"))
    description = models.TextField(
        blank=True, validators=[MaxLengthValidator(DESCRIPTION_MAX)], verbose_name=_("description")
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="owned_leagues",
        verbose_name=_("organiser"),
    )
    stewards = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="stewarded_leagues",
        verbose_name=_("stewards"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    objects = PageRows.as_manager()
    page_season = "seasons"  # league/page_versions.py

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("league", args=[self.slug])
