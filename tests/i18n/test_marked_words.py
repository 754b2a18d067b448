"""What is marked for translation is a sentence the catalogue can hold: a
call to a translation function with a word looked up from a table must not
carry a string of its own (the table's key), or the extractor takes that key
(`reason`, `hourglass_pos`) for a message."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("paddock", "league", "races", "ratings", "api", "webhooks")
MARKERS = {
    "_", "N_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy",
    "pgettext", "pgettext_lazy", "npgettext",
}  # fmt: skip


def stray_strings(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name not in MARKERS:
            continue
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            continue
        found += [(node.lineno, word) for word in _strings(first)]
    return found


def _strings(node: ast.AST) -> list[str]:
    """String constants under `node`, but not under a marked call of its own
    (that one is a message, checked by itself)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Call):
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name in MARKERS:
            return []
    return [word for child in ast.iter_child_nodes(node) for word in _strings(child)]


def test_no_table_key_is_taken_for_a_message():
    stray = []
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            stray += [
                f"{path.relative_to(ROOT)}:{line}: {word!r}" for line, word in stray_strings(tree)
            ]
    assert stray == []


def test_the_check_finds_a_key_inside_a_marked_lookup():
    tree = ast.parse(
        'say = _(REASONS[event["reason"]])\n'
        'fine = _("A sentence.")\n'
        'also = _(TYRES.get(kind, N_("Tyres")))'
    )
    assert stray_strings(tree) == [(1, "reason")]
