"""Layers point one way and no module imports another that imports it back
(README, "The floor plan"): read from the source with `ast`, so the check
needs no import to succeed. Type-only imports count: a circle of
annotations is still a circle a reader has to hold in their head."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = (
    "paddock",
    "league",
    "races",
    "seasons",
    "ratings",
    "tournaments",
    "api",
    "webhooks",
    "accounts",
)
# The layer order, lowest first: a module imports its own layer or lower ones.
# The longest prefix names a module's layer.
LAYERS = {
    "races.rules": 0,  # the engines: pure Python
    "league": 1,  # the championship domain: no session, no race
    "paddock": 1,  # the site's own small pieces (languages, time zones, the Celery app)
    "races": 2,  # running sessions: rounds, the runner, the table, replays, results
    "seasons": 3,  # what reads both leagues and sessions
    "ratings": 3,
    "tournaments": 3,  # Swiss, knockout and staged events over sessions and ratings
    "webhooks": 4,  # adapters over the services below
    "api": 4,
    "accounts": 4,  # a person's own account: addresses, data, closing, API tokens
    "paddock.urls": 5,  # the site, over everything
    "paddock.settings": 5,
    "paddock.wsgi": 5,
    "paddock.asgi": 5,
}


def layer_of(name: str) -> int:
    best = max((prefix for prefix in LAYERS if name == prefix or name.startswith(prefix + ".")),
               key=len)  # fmt: skip
    return LAYERS[best]


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def imports(path: Path, known: set[str], own: str) -> list[tuple[str, bool]]:
    """(module imported, inside a function?) for every project import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    found = []

    def visit(node, nested: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = nested or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            targets = []
            if isinstance(child, ast.Import):
                targets = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - child.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                targets = [f"{base}.{alias.name}" for alias in child.names] + [base]
            for target in targets:
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target and target != own:
                    found.append((target, nested))
            visit(child, inner)

    visit(tree, False)
    return found


def type_checking_only(node) -> bool:
    """`if TYPE_CHECKING:` (or `typing.TYPE_CHECKING`)."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def graph() -> dict[str, set[str]]:
    known = modules()
    edges = {name: set() for name in known}
    for name, path in known.items():
        for target, _ in imports(path, set(known), name):
            if not name.startswith(target + "."):  # a package's own __init__ is no cycle
                edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def connect(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return found


def test_no_module_imports_one_that_imports_it_back():
    assert cycles(graph()) == []


def test_no_import_hides_inside_a_function():
    """Only Django's hook for code that needs the models loaded,
    `AppConfig.ready` in an `apps` module, imports inside a function."""
    known = modules()
    hidden = {
        f"{name} imports {target}"
        for name, path in known.items()
        if not name.endswith(".apps")
        for target, nested in imports(path, set(known), name)
        if nested
    }
    assert sorted(hidden) == []


def test_no_module_imports_a_higher_layer():
    edges = graph()
    wrong = {
        f"{name} (layer {layer_of(name)}) imports {target} (layer {layer_of(target)})"
        for name, targets in edges.items()
        for target in targets
        if layer_of(target) > layer_of(name)
    }
    assert sorted(wrong) == []


def test_the_league_imports_no_session():
    """Said twice on purpose: the league's domain knows the engines only."""
    edges = graph()
    wrong = {
        f"{name} imports {target}"
        for name, targets in edges.items()
        if name.startswith("league")
        for target in targets
        if target.startswith("races") and not target.startswith("races.rules")
    }
    assert sorted(wrong) == []


def test_the_layer_test_sees_an_upward_import():
    assert layer_of("league.models") < layer_of("races.models") < layer_of("seasons.edits")
    assert layer_of("races.rules.heat.flow") == 0
    assert layer_of("paddock.urls") > layer_of("api.views")


def test_the_engines_import_no_django_and_no_app():
    for path in (ROOT / "races" / "rules").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            for name in names:
                assert not name.startswith(("django", "league", "celery")), (path, name)
                assert not name.startswith("races.") or name.startswith("races.rules"), (
                    path,
                    name,
                )


def test_the_test_finds_a_cycle_when_there_is_one():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
