"""English dates and numbers as Paddock has always shown them: the British
formats (day before month), whatever English variant the browser asks for."""

from django.conf.locale.en_GB.formats import *  # noqa: F403
