#!/usr/bin/env python
"""Django's command-line utility for administrative tasks.

At the shell Paddock defaults to development settings (DEBUG on, a
development key); the WSGI server and the Celery worker do not, so production
must set SECRET_KEY.
"""

import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "paddock.settings")
    os.environ.setdefault("DEBUG", "1")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
