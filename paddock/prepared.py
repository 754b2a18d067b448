"""Querysets compiled once a process and run again with other values.

Compiling a queryset to SQL (its joins, its columns, its lookups) costs more
than running it, for the one-row reads and writes a session makes on its way
from the queue to the standings: the claim's read of a session with its
round, season and league took 0.9 ms to compile and 0.3 ms to run. A
`Prepared` read or `PreparedUpdate` builds its queryset once with stand-in
values, keeps the SQL, and runs that SQL with the real values in their
places: the same statement every time, which PostgreSQL also keeps planned
(settings.DB_PREPARE_THRESHOLD). Rows are read back by Django's own iterables
(model instances with what they select_related and annotate, values_list
tuples), from the compiler kept with the SQL.

A builder takes its values as keyword arguments and uses each as a plain
filter or update value (an int, a str, or an aware datetime), nothing else:
a value that shapes the statement (a list for `__in`, None for `IS NULL`, a
slice) would be frozen into it. A value of a model field's own kind (a JSON
document, bytes) is named by the field (`summary=Session._meta.get_field(
"summary")`) and adapted by it, as Django adapts it. Compiling checks that
every value arrived as a parameter of its own and that none changed the
statement's text, and refuses a builder that breaks either.

`PreparedInsert` keeps an INSERT's text for each number of rows and prepares
only the values, as `bulk_create` prepares them.

`PreparedUpdate.beside` runs an UPDATE while the caller's thread does other
work: on PostgreSQL it is sent in pipeline mode and its answer read when
that work is done, so the database's share of a large write (a 100 kB JSON
document parsed and compressed) is not waited for.
"""

from __future__ import annotations

import copy
import itertools
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from threading import Lock

import psycopg
from django.db import connections, models, transaction
from django.db.models import QuerySet
from django.db.models.sql.subqueries import InsertQuery, UpdateQuery
from django.db.transaction import TransactionManagementError

KINDS = (int, str, datetime)

# Stand-ins: numbers a small positive column holds (Django turns an exact
# lookup of a number out of a column's range into "no rows", which would
# compile to nothing), text in private-use marks, datetimes in the year 1111,
# and for a model field's values (JSON, bytes) the field's own kind of them.
_numbers = itertools.count(1)


def _stand_in(kind):
    n = next(_numbers) % 2_000
    if isinstance(kind, models.Field):
        kind = _field_kind(kind)
    if kind is int:
        return 30_000 + n
    if kind is str:
        return f"\ue000stand-in {n}\ue000"
    if kind is datetime:
        return datetime(1111, 1, 1, 11, 11, 11, n, tzinfo=UTC)
    if kind is bytes:
        return f"stand-in {n}".encode()
    return {"\ue000stand-in": n}  # a JSON value


def _field_kind(field: models.Field):
    for fields, kind in (
        (models.JSONField, dict),
        (models.BinaryField, bytes),
        (models.DateTimeField, datetime),
        ((models.IntegerField, models.AutoField), int),
        ((models.CharField, models.TextField), str),
    ):
        if isinstance(field, fields):
            return kind
    raise TypeError(f"a prepared value of a {type(field).__name__} is not known")


def _kind_checked(name: str, kind, value) -> None:
    if value is None or isinstance(value, bool):
        raise TypeError(f"{name!r}: a value expected, not {value!r}")
    if isinstance(kind, models.Field):
        kind = _field_kind(kind)
        if kind is dict:
            return  # any JSON value
    if not isinstance(value, kind):
        raise TypeError(f"{name!r}: {kind.__name__} expected, not {value!r}")
    if kind is datetime and value.tzinfo is None:
        raise ValueError(f"{name!r}: an aware datetime expected")


def _plain(param):
    """A parameter as compared between two compilations: psycopg's wrappers
    (Jsonb, Binary) by what they wrap."""
    return getattr(param, "obj", param)


class _Compiled:
    """One statement's SQL and where each named value goes in its parameters.

    The statement is compiled once with a stand-in for every value, then once
    more for each value with only that one's stand-in changed: its slots are
    the parameters that changed. The text must not change (a value that
    shaped it: a None, a list, a LIMIT), each value must change a parameter
    (one that never reached the statement), and no parameter may change with
    two values (one the builder made itself, a time or a random token)."""

    def __init__(self, compile_with, kinds: dict):
        """`compile_with(values)` gives the builder's (queryset, compiler)
        for those values; the first compilation's are kept."""
        stand_ins = {name: _stand_in(kind) for name, kind in kinds.items()}
        self.queryset, self.compiler = compile_with(stand_ins)
        self.sql, params = self.compiler.as_sql()
        self.params, self.kinds, self.slots = tuple(params), kinds, {}
        taken: set[int] = set()
        for name, kind in kinds.items():
            sql, other = compile_with({**stand_ins, name: _stand_in(kind)})[1].as_sql()
            if sql != self.sql or len(other) != len(params):
                raise ValueError(f"the statement's text depends on its values: {self.sql}")
            where = [
                i
                for i, (one, two) in enumerate(zip(params, other, strict=True))
                if _plain(one) != _plain(two)
            ]
            if not where:
                raise ValueError(f"{name!r} is not a parameter of the statement: {self.sql}")
            if taken.intersection(where):
                raise ValueError(f"a parameter changes by itself: {self.sql}")
            taken.update(where)
            self.slots[name] = where

    def params_for(self, connection, values: dict) -> list:
        if values.keys() != self.slots.keys():
            raise TypeError(f"values for {sorted(self.slots)} expected, got {sorted(values)}")
        params = list(self.params)
        for name, value in values.items():
            kind = self.kinds[name]
            _kind_checked(name, kind, value)
            if isinstance(kind, models.Field):
                value = kind.get_db_prep_save(value, connection)
            elif kind is datetime:
                value = connection.ops.adapt_datetimefield_value(value)
            for i in self.slots[name]:
                # Kept in the type Django gave it (psycopg's Int2 for a small
                # column under server-side binding).
                template = type(self.params[i])
                params[i] = value if kind is not int or template is int else template(value)
        return params


class _Statement(ABC):
    """A builder's statement, compiled for each database (alias, vendor)."""

    def __init__(self, build: Callable, **kinds):
        for kind in kinds.values():
            if isinstance(kind, models.Field):
                _field_kind(kind)
            elif kind not in KINDS:
                raise TypeError(f"a prepared value is an int, a str, a datetime or a field: {kind}")
        self.build, self.kinds = build, kinds
        self.compiled: dict[tuple[str, str], _Compiled] = {}
        self.lock = Lock()

    def _for(self, using: str | None) -> _Compiled:
        """The statement for the database the builder's queryset reads,
        compiled at the first call there."""
        key = (using or "default", connections[using or "default"].vendor)
        found = self.compiled.get(key)
        if found is None:
            with self.lock:
                found = self.compiled.get(key)
                if found is None:
                    found = _Compiled(lambda values: self._compiler(values, using), self.kinds)
                self.compiled[key] = found
        return found

    @abstractmethod
    def _compiler(self, values: dict, using: str | None) -> tuple:
        """The builder's (queryset, compiler) for these values."""


class Prepared(_Statement):
    """A read: `Prepared(build, id=int, claim=str).rows(id=5, claim=token)`
    gives what `list(build(id=5, claim=token))` would, compiled once."""

    def _compiler(self, values, using):
        queryset = self.build(**values)
        if not isinstance(queryset, QuerySet):
            raise TypeError("a prepared read's builder returns a queryset")
        return queryset, queryset.query.get_compiler(using=using or queryset.db)

    def rows(self, using: str | None = None, **values) -> list:
        compiled = self._for(using)
        queryset = compiled.queryset
        chained = queryset._chain()
        alias = using or queryset.db
        params = compiled.params_for(connections[alias], values)

        def compiler_kept(using=None, connection=None, elide_empty=True):
            kept = copy.copy(compiled.compiler)
            kept.connection = connections[alias]
            kept.as_sql = lambda *args, **kwargs: (compiled.sql, params)
            return kept

        # Django's iterable asks the query for its compiler and runs the SQL
        # that compiler gives: the kept one, with these values, on this
        # thread's connection. The queryset never leaves this method, so no
        # further filter can chain onto a query whose SQL is fixed.
        chained.query.get_compiler = compiler_kept
        return list(chained)

    def one(self, using: str | None = None, **values):
        """The first row, or None (the builder limits the read itself)."""
        found = self.rows(using, **values)
        return found[0] if found else None


class PreparedUpdate(_Statement):
    """A write: `PreparedUpdate(build, id=int)` where `build(id=…)` returns
    (queryset, changes); `.run(id=5)` updates as `queryset.update(**changes)`
    would (no model signals, as there) and returns the rows changed."""

    def _compiler(self, values, using):
        queryset, changes = self.build(**values)
        query = queryset.query.chain(UpdateQuery)
        query.add_update_values(changes)
        return queryset, query.get_compiler(using=using or queryset.db)

    def run(self, using: str | None = None, **values) -> int:
        compiled = self._for(using)
        alias = using or compiled.queryset.db
        connection = connections[alias]
        params = compiled.params_for(connection, values)  # refused before anything is sent
        return _rows_changed(connection, compiled.sql, params)

    @contextmanager
    def beside(self, using: str | None = None, **values) -> Iterator[Written]:
        """Run the UPDATE while the `with` block runs, in the caller's
        transaction: on PostgreSQL it is sent before the block (pipeline
        mode) and its answer read after it, so the database works on it
        while this thread does the block's work; elsewhere it runs before
        the block. The block must not use the connection: a statement
        there would wait for this one's answer. What it yields has `rows`,
        the rows changed, once the block has ended; an error of the UPDATE
        is raised there, and the transaction rolls back."""
        compiled = self._for(using)
        alias = using or compiled.queryset.db
        connection = connections[alias]
        if not connection.in_atomic_block:
            raise TransactionManagementError("an UPDATE beside other work is run in a transaction")
        params = compiled.params_for(connection, values)  # refused before anything is sent
        written = Written()
        if connection.vendor != "postgresql" or not psycopg.Pipeline.is_supported():
            written.rows = _rows_changed(connection, compiled.sql, params)
            yield written
            return
        with transaction.mark_for_rollback_on_error(using=alias):
            with connection.cursor() as cursor:
                with connection.connection.pipeline():
                    cursor.execute(compiled.sql, params)
                    yield written
                written.rows = cursor.rowcount


def _rows_changed(connection, sql: str, params: list) -> int:
    with transaction.mark_for_rollback_on_error(using=connection.alias):
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.rowcount


class Written:
    """What an UPDATE run beside other work changed (PreparedUpdate.beside):
    `rows` is None until that work is done."""

    rows: int | None = None


class PreparedInsert:
    """Rows inserted as `bulk_create(rows)` inserts them, their ids set from
    the INSERT's RETURNING, with the INSERT's text kept for each number of
    rows: only the values are prepared each time, by the fields as Django
    prepares them. No signals, as bulk_create sends none. A value that is an
    expression (it would be written into the text) is refused."""

    def __init__(self, model: type[models.Model]):
        self.model = model
        self.fields = [
            f for f in model._meta.concrete_fields if not f.primary_key and not f.generated
        ]
        self.texts: dict[tuple[str, str, int], tuple[str, tuple]] = {}

    def run(self, rows: list, using: str | None = None) -> list:
        if not rows:
            return rows
        alias = using or "default"
        connection = connections[alias]
        if not connection.features.can_return_rows_from_bulk_insert:
            return self.model._base_manager.using(alias).bulk_create(rows)
        query = InsertQuery(self.model)
        query.insert_values(self.fields, rows)
        compiler = query.get_compiler(using=alias)
        key = (alias, connection.vendor, len(rows))
        if key not in self.texts:
            compiler.returning_fields = self.model._meta.db_returning_fields
            ((sql, _values),) = compiler.as_sql()
            self.texts[key] = (sql, compiler.returning_params)
        sql, returning_params = self.texts[key]
        values = [
            compiler.prepare_value(field, compiler.pre_save_val(field, row))
            for row in rows
            for field in self.fields
        ]
        if any(hasattr(value, "as_sql") for value in values):
            raise TypeError("a prepared insert takes values, not expressions")
        compiler.as_sql = lambda: [(sql, (*values, *returning_params))]
        compiler.returning_params = returning_params
        with transaction.mark_for_rollback_on_error(using=alias):
            returned = compiler.execute_sql(self.model._meta.db_returning_fields)
        for row, columns in zip(rows, returned, strict=True):
            for value, field in zip(columns, self.model._meta.db_returning_fields, strict=True):
                setattr(row, field.attname, value)
            row._state.adding, row._state.db = False, alias
        return rows
