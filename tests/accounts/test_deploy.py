"""Deployment settings (issue 28, item 4): `check --deploy` is clean with
the production environment the README documents."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def documented_environment() -> dict[str, str]:
    """The `export NAME=value` lines of the README's production section."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Production", 1)[1].split("\n## ", 1)[0]
    found = {}
    for line in section.splitlines():
        if line.startswith("export "):
            for name, value in re.findall(r"([A-Z_]+)=(\S+)", line):
                found[name] = value
    return found


def test_the_readme_documents_https_redirect_and_hsts():
    env = documented_environment()
    assert env.get("SECURE_SSL_REDIRECT") in {"1", "true"}
    assert int(env["SECURE_HSTS_SECONDS"]) >= 31536000


def test_check_deploy_is_clean_with_the_documented_environment():
    # Variables of the test process itself (the browser tests' async switch)
    # are no part of a deployment's environment.
    test_only = {"DEBUG", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {k: v for k, v in os.environ.items() if k not in test_only}
    env.update(documented_environment())
    # The README's "..." stands for a real secret: a long random one here.
    env["SECRET_KEY"] = "x7Q!pL2@vR9#mK4$wT6%zB8^nC1&hJ3*fD5(gS0)yA" * 2
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNING" not in done.stderr and "System check identified no issues" in done.stdout
