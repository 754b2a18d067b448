"""A small mutation run: change one thing at a time in a module (an
operator, a comparison, a constant, a condition, a statement left out), run
the tests that should notice, and list the mutants they let live.

    .venv/bin/python -m bench.mutation league/scoring/championship.py \\
        tests/league/test_championship.py tests/league/test_championship_pins.py

Each mutant is written over the module and the file is put back after it
(also on Ctrl-C); the run refuses to start on a module with uncommitted
changes, so nothing is lost. Survivors are then run against the league's
scoring tests on the database (--confirm) before they are listed. The last line is one JSON
object: mutants, killed, survivors (line, what changed)."""

from __future__ import annotations

import argparse
import ast
import copy
import importlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

SWAPS = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.And: ast.Or,
    ast.Or: ast.And,
}


class Sites(ast.NodeVisitor):
    """Every place a mutant can be made, as (node path, kind, words)."""

    def __init__(self):
        self.found: list[tuple[int, str, str, int]] = []
        self.counter = 0

    def visit(self, node):
        index = self.counter
        self.counter += 1
        line = getattr(node, "lineno", 0)
        for kind, words in mutations(node):
            self.found.append((index, kind, words, line))
        super().generic_visit(node)


def mutations(node) -> list[tuple[str, str]]:
    found = []
    if isinstance(node, ast.Compare) and type(node.ops[0]) in SWAPS:
        found.append(
            ("swap", f"{type(node.ops[0]).__name__} → {SWAPS[type(node.ops[0])].__name__}")
        )
    if isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in SWAPS:
        found.append(("swap", f"{type(node.op).__name__} → {SWAPS[type(node.op)].__name__}"))
    if isinstance(node, ast.BoolOp):
        found.append(("swap", f"{type(node.op).__name__} → {SWAPS[type(node.op)].__name__}"))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        found.append(("unnot", "not x → x"))
    if isinstance(node, ast.Constant) and type(node.value) is int:
        found.append(("plus", f"{node.value} → {node.value + 1}"))
    if isinstance(node, ast.Constant) and type(node.value) is bool:
        found.append(("flip", f"{node.value} → {not node.value}"))
    if isinstance(node, (ast.If, ast.While, ast.IfExp)) or (
        isinstance(node, ast.comprehension) and node.ifs
    ):
        found.append(("negate", "condition negated"))
    if isinstance(node, ast.If):
        found.append(("always", "condition always true (the guard removed)"))
        found.append(("never", "condition always false (the branch removed)"))
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.Continue, ast.Break)) or (
        isinstance(node, ast.Expr) and not isinstance(node.value, ast.Constant)
    ):
        found.append(("drop", f"{type(node).__name__} statement left out"))
    return found


class Apply(ast.NodeTransformer):
    def __init__(self, index: int, kind: str):
        self.index, self.kind, self.counter = index, kind, 0

    def visit(self, node):
        index = self.counter
        self.counter += 1
        if index == self.index:
            node = self.mutate(node)
            return node
        return super().generic_visit(node)

    def mutate(self, node):
        kind = self.kind
        if kind == "swap" and isinstance(node, ast.Compare):
            node.ops[0] = SWAPS[type(node.ops[0])]()
        elif kind == "swap" and isinstance(node, (ast.BinOp, ast.AugAssign, ast.BoolOp)):
            node.op = SWAPS[type(node.op)]()
        elif kind == "unnot":
            return node.operand
        elif kind == "plus":
            node.value = node.value + 1
        elif kind == "flip":
            node.value = not node.value
        elif kind == "negate" and isinstance(node, ast.comprehension):
            node.ifs = [ast.UnaryOp(op=ast.Not(), operand=test) for test in node.ifs]
        elif kind == "negate":
            node.test = ast.UnaryOp(op=ast.Not(), operand=node.test)
        elif kind in ("always", "never"):
            node.test = ast.Constant(value=kind == "always")
        elif kind == "drop":
            return ast.Pass()
        return node


def run_tests(tests: list[str], timeout: float) -> bool:
    """True when the tests pass (the mutant lives)."""
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:randomly", *tests]
    try:
        done = subprocess.run(command, capture_output=True, timeout=timeout, env=os.environ)
    except subprocess.TimeoutExpired:
        return False
    return done.returncode == 0


def test_calls(modules) -> list:
    """Every test function of the modules, with each parametrized case."""
    calls = []
    for module in modules:
        for name, func in vars(module).items():
            if not name.startswith("test_") or not callable(func):
                continue
            cases = [{}]
            for mark in getattr(func, "pytestmark", []):
                if mark.name == "parametrize":
                    names, values = mark.args[0], mark.args[1]
                    names = (
                        [n.strip() for n in names.split(",")] if isinstance(names, str) else names
                    )
                    cases = [
                        {**case, **dict(zip(names, v if len(names) > 1 else (v,), strict=True))}
                        for case in cases
                        for v in values
                    ]
            calls += [(func, case) for case in cases]
    return calls


def in_process(module_name: str, source: str, tests: list[str]) -> callable:
    """A runner for pure tests (no fixtures but parametrize) in this process:
    each mutant is executed into the module's namespace and the tests' own
    names for it are bound again, so one import serves every mutant."""
    target = importlib.import_module(module_name)
    original = dict(vars(target))
    modules = [importlib.import_module(t.removesuffix(".py").replace("/", ".")) for t in tests]
    calls = test_calls(modules)

    def run(mutant_source: str) -> bool:
        namespace = {"__name__": module_name, "__builtins__": __builtins__}
        try:
            exec(compile(mutant_source, target.__file__, "exec"), namespace)
        except Exception:
            return False
        # Every name bound to the module's objects (in the module and in the
        # tests, which imported them by name) now means the mutant's.
        for module in [target, *modules]:
            for name, obj in current.items():
                if vars(module).get(name, None) is obj and name in namespace:
                    setattr(module, name, namespace[name])
        current.update({n: namespace[n] for n in current if n in namespace})
        try:
            for func, case in calls:
                func(**case)
        except Exception:
            return False
        return True

    current = dict(original)
    return run


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("module")
    parser.add_argument("tests", nargs="+")
    parser.add_argument(
        "--confirm",
        nargs="*",
        default=[
            "tests/league/test_scoring.py",
            "tests/league/test_standings.py",
            "tests/league/test_championship_season.py",
        ],
    )
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="pure tests only (no fixtures but parametrize): run them in this process",
    )
    args = parser.parse_args()
    path = Path(args.module)
    dirty = subprocess.run(["git", "diff", "--quiet", "--", str(path)]).returncode
    if dirty:
        sys.exit(f"{path} has uncommitted changes: commit them first.")
    original = path.read_text()
    tree = ast.parse(original)
    sites = Sites()
    sites.visit(tree)
    if not run_tests(args.tests, args.timeout):
        sys.exit("The tests fail on the module as it is.")
    started = time.monotonic()
    survivors = []
    module_name = str(path.with_suffix("")).replace("/", ".")
    fast = in_process(module_name, original, args.tests) if args.in_process else None
    if fast is not None and not fast(original):
        sys.exit("The tests fail in this process on the module as it is.")
    try:
        for number, (index, kind, words, line) in enumerate(sites.found, start=1):
            mutant = ast.fix_missing_locations(Apply(index, kind).visit(copy.deepcopy(tree)))
            if fast is not None:
                if fast(ast.unparse(mutant)):
                    survivors.append({"line": line, "change": words})
                    print(f"survivor {number}: line {line}: {words}", flush=True)
                continue
            path.write_text(ast.unparse(mutant))
            if run_tests(args.tests, args.timeout):
                lives = not args.confirm or run_tests(args.confirm, args.timeout * 10)
                if lives:
                    survivors.append({"line": line, "change": words})
                    print(f"survivor {number}: line {line}: {words}", flush=True)
    finally:
        path.write_text(original)
    print(
        json.dumps(
            {
                "module": str(path),
                "mutants": len(sites.found),
                "killed": len(sites.found) - len(survivors),
                "survivors": survivors,
                "seconds": round(time.monotonic() - started),
            }
        )
    )


if __name__ == "__main__":
    main()
