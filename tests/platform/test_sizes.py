"""Sizes a person can read (issue 22): no module over 400 lines, no view
over 30, no other function over 60. Read from the source with `ast`, as the
layer test is. A function's size runs from its `def` line to its last line
(decorators aside), its docstring and comments included."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FILE_MOST = 400
VIEW_MOST = 30
FUNCTION_MOST = 60
NOT_SOURCE = {".venv", "node_modules", "static", "staticfiles"}
# A module of any size: migrations, tests and data are not read as code.
FILE_EXEMPT_FOLDERS = {"migrations", "tests", "data"}
# Functions of any size: the engines, the tests and the benches.
FUNCTION_EXEMPT = ("races/rules/", "tests/", "bench/")


def sources() -> dict[str, str]:
    """Every Python module of the project, by its path from the root."""
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).parts
        if any(part in NOT_SOURCE or part.startswith(".") for part in parts):
            continue
        found["/".join(parts)] = path.read_text(encoding="utf-8")
    return found


def is_views_module(parts: tuple[str, ...]) -> bool:
    return "views" in parts[:-1] or parts[-1].startswith("views")


def too_long(name: str, source: str) -> list[str]:
    """What in one module is over its size: the module itself, its views
    (top-level functions of a views module) and its other functions."""
    parts = tuple(name.split("/"))
    found = []
    lines = len(source.splitlines())
    file_exempt = FILE_EXEMPT_FOLDERS.intersection(parts[:-1])
    if lines > FILE_MOST and not file_exempt:
        found.append(f"{name}: {lines} lines (at most {FILE_MOST})")
    tree = ast.parse(source)
    views = set()
    if is_views_module(parts):
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                views.add(node)
                size = node.end_lineno - node.lineno + 1
                if size > VIEW_MOST:
                    found.append(f"{name}: view {node.name}, {size} lines (at most {VIEW_MOST})")
    if name.startswith(FUNCTION_EXEMPT):
        return found
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node not in views:
            size = node.end_lineno - node.lineno + 1
            if size > FUNCTION_MOST:
                found.append(f"{name}: {node.name}, {size} lines (at most {FUNCTION_MOST})")
    return found


def test_no_module_view_or_function_is_over_its_size():
    found = [line for name, source in sources().items() for line in too_long(name, source)]
    assert found == []


def test_the_size_test_reads_every_package():
    names = set(sources())
    for module in ("league/models/seasons.py", "races/models/sessions.py", "seasons/pages.py"):
        assert module in names
    assert not any(name.startswith(".venv/") for name in names)


def _function(name: str, lines: int, indent: str = "") -> str:
    body = "".join(f"{indent}    x = {i}\n" for i in range(lines - 1))
    return f"{indent}def {name}():\n{body}"


def test_the_size_test_sees_a_long_view_function_and_module():
    view = _function("page", VIEW_MOST + 1)
    assert too_long("seasons/views/public.py", view) == [
        f"seasons/views/public.py: view page, {VIEW_MOST + 1} lines (at most {VIEW_MOST})"
    ]
    assert too_long("races/results/views_stewarding.py", view) != []
    assert too_long("seasons/pages.py", view) == []
    service = _function("season_copy", FUNCTION_MOST + 1)
    assert too_long("races/rounds/schedule.py", service) != []
    assert too_long("races/rounds/schedule.py", _function("season_copy", FUNCTION_MOST)) == []
    method = "class Odds:\n" + _function("simulate", FUNCTION_MOST + 1, indent="    ")
    assert too_long("league/title/odds.py", method) != []
    assert too_long("bench/odds.py", service) == []
    assert too_long("tests/league/test_odds.py", service) == []
    module = "x = 1\n" * (FILE_MOST + 1)
    assert too_long("league/selectors.py", module) != []
    assert too_long("league/migrations/0001_initial.py", module) == []
    assert too_long("races/data/tracks.py", module) == []
    assert too_long("bench/pipeline.py", module) != []
    assert too_long("races/rules/heat/flow.py", service) == []


PACKAGE_MOST = 15


def test_no_package_holds_more_than_fifteen_modules():
    """A folder a newcomer can read at a glance (tests, benches and
    migrations are lists, not packages to find one's way in)."""
    counts: dict[str, int] = {}
    for name in sources():
        parts = name.split("/")
        if parts[0] in {"tests", "bench"} or "migrations" in parts or parts[-1] == "__init__.py":
            continue
        folder = "/".join(parts[:-1])
        counts[folder] = counts.get(folder, 0) + 1
    crowded = {folder: n for folder, n in counts.items() if n > PACKAGE_MOST}
    assert crowded == {}
