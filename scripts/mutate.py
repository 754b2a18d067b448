"""Mutation testing of one module, with nothing but the standard library.

    python scripts/mutate.py MODULE.py TEST [TEST ...] [--only N,M] [--json FILE]

Each mutant changes one thing in the module's code (not its docstrings): a
comparison (< <=, > >=, == !=, in / not in, is / is not), an arithmetic
operator (+ -, * //), a number (n to n + 1, 1 to 0), a boolean operator
(and / or), a `not` dropped, True / False swapped, min / max swapped, a
`return X` made `return None`, or an `if` condition negated. For each, the
module is rewritten in place, the tests run in a fresh process (`pytest -x
-q`, no bytecode written, so no stale cache), and the module is put back,
whatever happens. A mutant is killed when the tests fail (or time out) and
survives when they pass. The last line is one JSON object: mutants, killed,
survived and each survivor's line and change, for the report to explain.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import importlib
import io
import json
import os
import subprocess
import sys
import time
import types
from pathlib import Path

import pytest

SWAP_COMPARE = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}  # fmt: skip
SWAP_BINARY = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult}
SWAP_CALL = {"min": "max", "max": "min"}


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the constant nodes that are docstrings (never mutated)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def sites(tree: ast.AST) -> list[tuple[ast.AST, str, str]]:
    """Every (node, kind, description) a mutant can change, in source order."""
    skip = docstrings(tree)
    out = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in SWAP_COMPARE:
                    new = SWAP_COMPARE[type(op)].__name__
                    out.append((node, f"compare:{i}", f"line {line}: {type(op).__name__} -> {new}"))
        elif isinstance(node, ast.BinOp) and type(node.op) in SWAP_BINARY:
            new = SWAP_BINARY[type(node.op)].__name__
            out.append((node, "binary", f"line {line}: {type(node.op).__name__} -> {new}"))
        elif isinstance(node, ast.BoolOp):
            new = "Or" if isinstance(node.op, ast.And) else "And"
            out.append((node, "boolop", f"line {line}: {type(node.op).__name__} -> {new}"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            out.append((node, "not", f"line {line}: not dropped"))
        elif isinstance(node, ast.Constant) and id(node) not in skip:
            value = node.value
            if isinstance(value, bool):
                out.append((node, "bool", f"line {line}: {value} -> {not value}"))
            elif isinstance(value, int):
                new = 0 if value == 1 else value + 1
                out.append((node, "number", f"line {line}: {value} -> {new}"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in SWAP_CALL:
                new = SWAP_CALL[node.func.id]
                out.append((node, "call", f"line {line}: {node.func.id} -> {new}"))
        elif isinstance(node, ast.Return) and node.value is not None:
            if not (isinstance(node.value, ast.Constant) and node.value.value is None):
                out.append((node, "return", f"line {line}: return None"))
        elif isinstance(node, ast.If):
            out.append((node, "if", f"line {line}: if condition negated"))
    return out


def mutate(node: ast.AST, kind: str) -> None:
    if kind.startswith("compare:"):
        i = int(kind.split(":")[1])
        node.ops[i] = SWAP_COMPARE[type(node.ops[i])]()
    elif kind == "binary":
        node.op = SWAP_BINARY[type(node.op)]()
    elif kind == "boolop":
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif kind == "not":
        node.op = ast.UAdd()  # `+x` keeps the operand's truth as it is
        node.operand = ast.Call(ast.Name("bool", ast.Load()), [node.operand], [])
    elif kind == "bool":
        node.value = not node.value
    elif kind == "number":
        node.value = 0 if node.value == 1 else node.value + 1
    elif kind == "call":
        node.func.id = SWAP_CALL[node.func.id]
    elif kind == "return":
        node.value = ast.Constant(None)
    elif kind == "if":
        node.test = ast.UnaryOp(ast.Not(), node.test)


def mutant_source(source: str, index: int) -> tuple[str, str]:
    tree = ast.parse(source)
    node, kind, said = sites(tree)[index]
    mutate(node, kind)
    return ast.unparse(ast.fix_missing_locations(tree)), said


def functions_of(namespace: dict, module_name: str) -> dict[str, object]:
    """The plain functions a module defines, by name."""
    return {
        name: value
        for name, value in namespace.items()
        if isinstance(value, types.FunctionType) and value.__module__ == module_name
    }


def in_functions(tree: ast.AST) -> set[int]:
    """The ids of the nodes inside a function body (mutable by swapping code)."""
    inside = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inside.update(id(n) for n in ast.walk(node) if n is not node)
    return inside


class InProcess:
    """Mutants of the module's functions run in this process: each mutated
    function's code object and default values replace the original's, so every
    module that imported the function runs the mutant; pytest runs the
    tests here, without a new interpreter's start-up each time."""

    def __init__(self, path: Path, tests: list[str]):
        sys.path.insert(0, str(Path.cwd()))
        self.name = ".".join(path.with_suffix("").parts)
        self.module = importlib.import_module(self.name)
        self.path, self.tests = path, tests
        self.originals = {
            n: (f.__code__, f.__defaults__, f.__kwdefaults__)
            for n, f in functions_of(vars(self.module), self.name).items()
        }

    def passes(self, text: str) -> bool:
        namespace = {"__name__": self.name, "__package__": self.module.__package__,
                     "__file__": str(self.path)}  # fmt: skip
        exec(compile(text, str(self.path), "exec"), namespace)
        live = functions_of(vars(self.module), self.name)
        try:
            for name, mutant in functions_of(namespace, self.name).items():
                if name in live:
                    live[name].__code__ = mutant.__code__  # and its default values
                    live[name].__defaults__ = mutant.__defaults__
                    live[name].__kwdefaults__ = mutant.__kwdefaults__
            quiet = io.StringIO()
            with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
                code = pytest.main(["-x", "-q", "-p", "no:cacheprovider", *self.tests])
            return code == 0
        finally:
            for name, (code, defaults, kwdefaults) in self.originals.items():
                live[name].__code__ = code
                live[name].__defaults__, live[name].__kwdefaults__ = defaults, kwdefaults


def run_tests(tests: list[str], timeout: int) -> bool:
    """Whether the tests pass."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    try:
        done = subprocess.run(command, capture_output=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return False
    return done.returncode == 0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("module", type=Path)
    parser.add_argument("tests", nargs="+")
    parser.add_argument("--only", help="comma-separated mutant numbers")
    parser.add_argument("--timeout", type=int, default=300)
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="mutants inside functions run in this process (much faster); "
        "module-level ones still in a fresh process",
    )
    args = parser.parse_args()
    original = args.module.read_text()
    for cached in args.module.parent.glob(f"__pycache__/{args.module.stem}.*.pyc"):
        cached.unlink()
    count = len(sites(ast.parse(original)))
    chosen = [int(n) for n in args.only.split(",")] if args.only else range(count)
    if not run_tests(args.tests, args.timeout):
        sys.exit("the tests fail on the unchanged module")
    tree = ast.parse(original)
    inside = in_functions(tree)
    where = [id(node) in inside for node, _, _ in sites(tree)]
    here = InProcess(args.module, args.tests) if args.in_process else None
    killed, survivors, t0 = 0, [], time.perf_counter()
    try:
        for index in chosen:
            text, said = mutant_source(original, index)
            if here is not None and where[index]:
                passed = here.passes(text)
            else:
                args.module.write_text(text)
                passed = run_tests(args.tests, args.timeout)
                args.module.write_text(original)
            print(f"#{index} {'survived' if passed else 'killed'}", file=sys.stderr, flush=True)
            if passed:
                survivors.append({"mutant": index, "change": said})
                print(f"#{index} survived: {said}", flush=True)
            else:
                killed += 1
    finally:
        args.module.write_text(original)
    out = {"module": str(args.module), "mutants": len(chosen), "killed": killed,
           "survived": len(survivors), "survivors": survivors,
           "seconds": round(time.perf_counter() - t0)}  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
