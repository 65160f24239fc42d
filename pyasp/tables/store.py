"""Read: a folder of tables -> :class:`TableStore` (tables, rows, cells, allowed joins, relations).

A table is a TSV (``.tsv``) or CSV (``.csv``) file whose first line is the header; the file name
without its extension is the table's name. Headers follow the WorldTree Tablestore conventions:

- ``[SKIP] ...`` columns are metadata, never aligned; a ``[SKIP] UID`` column gives each row its
  id (otherwise the id is ``TABLE:ROW`` with ROW counted from 1);
- ``[FILL] ...`` columns hold connective words ("is located in the") that join the cells of a row
  into a sentence; they are part of the sentence but not nodes of the support graph;
- every other column is a data column (a header node, its cells are cell nodes);
- a column with an empty header and no text in any row is ignored (WorldTree has such columns).

A cell may list alternatives separated by ``;`` ("boiling;evaporation"); each is aligned on its
own and the cell takes the best.

Two optional sidecar files, tab-separated, lines starting with ``#`` are comments:

``_joins.tsv``
    ``TABLE1<TAB>COLUMN1<TAB>TABLE2<TAB>COLUMN2``: cells of these two columns may be linked by an
    evidence chain (TableILP's 0/1 header-header edges). A column is named by its header; where
    a table repeats a header, ``HEADER#K`` names the K-th data column so headed. Without this
    file, a store that holds every table and column of a joins file shipped with pyasp
    (``encodings/worldtree_joins.tsv`` for the WorldTree tablestore) uses that one; otherwise no
    tables join.
``_relations.tsv``
    ``RELATION<TAB>TABLE<TAB>COLUMN1<TAB>COLUMN2<TAB>PATTERN|PATTERN...``: the two columns of a
    table carry a named relation, expressed in questions by the patterns, ``X`` and ``Y`` standing
    for the two ends ("X to a Y", "from X to Y"). The words between X and Y are what is looked for;
    a pattern with nothing between them ("X Y" or "Y X") lets the relation be used anywhere at no cost. In a table
    with relations, a column no relation names is never used. A pattern holds X and Y once each,
    as words of their own; a relation named again for the same table and columns adds its
    patterns to the first line's (a pattern written twice counts once).

Bad input (a ragged row, an empty header, an undecodable file, a file of one column whose header
holds another separator, two tables with the same name; a sidecar line with too few or too many
fields or an empty one, naming an unknown table or column, an empty pattern (``X to Y||``), a
pattern without X or Y as words of their own, a relation of a column with itself, or a relation
named again for other columns) raises :class:`TablesError` naming the file and line;
``skip_bad=True`` skips the bad table (or sidecar line) and records a warning instead.
"""

from __future__ import annotations

import csv
import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from ..errors import InputError, read_text_file

TABLE_SUFFIXES = (".tsv", ".csv")
JOINS_FILE = "_joins.tsv"
RELATIONS_FILE = "_relations.tsv"
#: joins files shipped in encodings/ (NAME.tsv), for known stores without a _joins.tsv
SHIPPED_JOINS = ("worldtree_joins",)
ALTERNATIVE_SEPARATOR = ";"
JOIN_FIELDS = ("TABLE1", "COLUMN1", "TABLE2", "COLUMN2")
RELATION_FIELDS = ("RELATION", "TABLE", "COLUMN1", "COLUMN2", "PATTERNS")


class TablesError(InputError):
    """A table or sidecar file that cannot be read; the message names the file and line."""


@dataclass(frozen=True)
class Column:
    name: str  # the header as written ("HEMISPHERE (North, South, equatorial region)")
    kind: str  # "data", "fill" or "skip"

    @property
    def label(self) -> str:
        """The header without its ``[FILL]``/``[SKIP]`` marker."""
        return re.sub(r"^\[(FILL|SKIP)\]\s*", "", self.name).strip()


@dataclass(frozen=True)
class Row:
    index: int  # 0-based position among the table's rows
    uid: str
    cells: tuple[str, ...]  # one per column of the table (data, fill and skip)
    line: int  # line in the file (1-based; the header is line 1)


@dataclass(frozen=True)
class Table:
    name: str
    path: Path
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]

    @property
    def data_columns(self) -> tuple[int, ...]:
        """Indices of the columns that are support-graph nodes."""
        return tuple(i for i, c in enumerate(self.columns) if c.kind == "data")

    def column_indices(self, name: str) -> list[int]:
        """The columns a header names (case-insensitive): those whose whole header it is, else
        those whose label it is, else those whose label it is without its parenthesis
        ("HEMISPHERE" for "HEMISPHERE (North, South)"). Several when headers repeat."""
        wanted = name.strip().lower()
        for form in (lambda c: c.name.lower(), lambda c: c.label.lower(),
                     lambda c: re.sub(r"\s*\(.*?\)", "", c.label).strip().lower()):
            found = [i for i, column in enumerate(self.columns) if form(column) == wanted]
            if found:
                return found
        return []

    def column_key(self, index: int) -> str:
        """A name for column ``index`` that no other column of the table has: its label
        ("[FILL]" for a fill column without one), and ``#K`` for the K-th column so named where
        the name repeats -- as sidecars name a repeated header."""
        def name(column: Column) -> str:
            return column.label or f"[{column.kind.upper()}]"

        key = name(self.columns[index])
        same = [i for i, column in enumerate(self.columns) if name(column) == key]
        return key if len(same) == 1 else f"{key}#{same.index(index) + 1}"

    def cells(self, row: Row) -> dict[str, str]:
        """The row's data and fill cells that are not empty, by :meth:`column_key`."""
        return {self.column_key(c): cell for c, (column, cell) in enumerate(zip(self.columns, row.cells))
                if column.kind != "skip" and cell}

    def column_index(self, name: str) -> int | None:
        """The index of the first column a header names (:meth:`column_indices`), or None."""
        found = self.column_indices(name)
        return found[0] if found else None

    def sentence(self, row: Row) -> str:
        """The row as a sentence: its data and fill cells in column order."""
        parts = [cell.replace(ALTERNATIVE_SEPARATOR, " or ") for column, cell in zip(self.columns, row.cells)
                 if column.kind != "skip" and cell.strip()]
        return " ".join(" ".join(parts).split())


@dataclass(frozen=True)
class Join:
    """Cells of ``table1.column1`` may be linked to cells of ``table2.column2`` (either way)."""

    table1: str
    column1: int
    table2: str
    column2: int


@dataclass(frozen=True)
class Relation:
    """Columns ``column1`` and ``column2`` of ``table`` carry the relation ``name``, which a
    question may express by one of ``patterns`` (X for the column1 end, Y for column2)."""

    name: str
    table: str
    column1: int
    column2: int
    patterns: tuple[str, ...]

    @property
    def free(self) -> bool:
        """Whether it lists a pattern with nothing between X and Y ("X Y", "Y X"), which lets it
        hold anywhere."""
        return self.free_pattern is not None

    @property
    def free_pattern(self) -> str | None:
        """The first pattern with nothing between X and Y, if any."""
        for pattern in self.patterns:
            tokens = pattern.split()
            if "X" in tokens and "Y" in tokens and abs(tokens.index("X") - tokens.index("Y")) == 1:
                return pattern
        return None


@dataclass
class TableStore:
    path: Path
    tables: dict[str, Table]
    joins: frozenset[Join] = frozenset()  # from _joins.tsv; empty: no evidence chains
    relations: tuple[Relation, ...] = ()
    warnings: list[str] = field(default_factory=list)
    joins_file: Path | None = None  # where the joins were read from

    def may_join(self, table1: str, column1: int, table2: str, column2: int) -> bool:
        if table1 == table2:
            return False
        return Join(table1, column1, table2, column2) in self.joins or Join(table2, column2, table1, column1) in self.joins

    def row_by_uid(self) -> dict[str, tuple[str, int]]:
        """uid -> (table, row index)."""
        return {row.uid: (table.name, row.index) for table in self.tables.values() for row in table.rows}


def _kind(header: str) -> str:
    if header.startswith("[SKIP]"):
        return "skip"
    if header.startswith("[FILL]"):
        return "fill"
    return "data"


def _records(path: Path) -> list[tuple[int, list[str]]]:
    """(line number, fields) of every line of a table file."""
    lines = read_text_file(path, "table", TablesError).splitlines()
    if path.suffix.lower() == ".tsv":
        return [(number, line.split("\t")) for number, line in enumerate(lines, start=1)]
    reader = csv.reader(lines)
    records = []
    try:
        start = 1
        for record in reader:
            if reader.line_num > start:  # a quoted cell went on over the next lines
                raise TablesError(f"{path}:{start}: a quoted cell runs on to line {reader.line_num}; "
                                  "is a '\"' left unclosed? (a cell of a table holds one line)")
            records.append((start, record))
            start = reader.line_num + 1
    except csv.Error as err:
        raise TablesError(f"{path}:{start}: not valid CSV: {err}") from None
    if lines and lines[-1].count('"') % 2:  # a quote left open on the last line is closed silently by csv
        try:
            list(csv.reader(lines[-1:], strict=True))
        except csv.Error:
            raise TablesError(f"{path}:{len(lines)}: a quoted cell is not closed; is a '\"' left unclosed?") from None
    return records


def read_table(path: str | Path) -> Table:
    """One table file (see the module docstring)."""
    path = Path(path)
    records = _records(path)
    if not records or not any(h.strip() for h in records[0][1]):
        raise TablesError(f"{path}:1: the header row is empty")
    header = [h.strip() for h in records[0][1]]
    width = len(header)
    if width == 1:
        _check_delimiter(path, header[0], [record[0] for _, record in records[1:4] if record and record[0].strip()])
    rows_cells: list[tuple[int, list[str]]] = []
    for number, record in records[1:]:
        if not any(cell.strip() for cell in record):
            continue  # blank line
        if len(record) != width:
            raise TablesError(f"{path}:{number}: the row has {len(record)} field{'s' * (len(record) != 1)}, the header has {width}")
        rows_cells.append((number, [cell.strip() for cell in record]))
    keep: list[int] = []
    for i, name in enumerate(header):
        if not name:
            if any(cells[i] for _, cells in rows_cells):
                raise TablesError(f"{path}:1: column {i + 1} has an empty header but holds cells")
            continue
        keep.append(i)
    columns = tuple(Column(header[i], _kind(header[i])) for i in keep)
    if not any(c.kind == "data" for c in columns):
        raise TablesError(f"{path}:1: the header has no data column (only [SKIP]/[FILL] columns)")
    uid_column = next((k for k, c in enumerate(columns) if c.kind == "skip" and c.label.upper() == "UID"), None)
    rows = []
    for index, (number, cells) in enumerate(rows_cells):
        kept = tuple(cells[i] for i in keep)
        uid = kept[uid_column] if uid_column is not None and kept[uid_column] else f"{path.stem}:{index + 1}"
        rows.append(Row(index, uid, kept, number))
    return Table(path.stem, path, columns, tuple(rows))


#: Field separators a one-column header may hold when the file uses another one than its suffix says.
_SEPARATORS = {"\t": "tab", ",": "comma", ";": "semicolon"}


def _check_delimiter(path: Path, header: str, rows: list[str]) -> None:
    """A table of one column whose header and first rows hold another separator as often (at
    least once) was written with that one (a comma-separated .tsv, a semicolon-separated .csv as
    spreadsheets write in many locales): read as it is, each row would be one cell, and no
    question would find anything in it. A header "CITY, STATE" over cells without commas passes."""
    mine = "\t" if path.suffix.lower() == ".tsv" else ","
    for separator, name in _SEPARATORS.items():
        count = header.count(separator)
        if separator != mine and count >= 1 and all(row.count(separator) == count for row in rows):
            expected = "tabs" if mine == "\t" else "commas"
            fix = ("save it as .csv" if separator == "," else "save it as .tsv" if separator == "\t"
                   else "save it with commas (or tabs, as .tsv)")
            raise TablesError(f"{path}:1: the header is one column that holds {name}s ({header[:60]!r}): the file "
                              f"seems {name}-separated, but {path.suffix} fields are separated by {expected}; {fix}")


def _sidecar_lines(path: Path) -> list[tuple[int, list[str]]]:
    text = read_text_file(path, "sidecar", TablesError)
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            out.append((number, [part.strip() for part in line.split("\t")]))
    return out


def _fields(parts: list[str]) -> str:
    """How many fields a sidecar line has, with a hint when spaces stand where tabs should or
    when the fields past the first ones are empty (a tab left at the end of the line)."""
    said = f"{len(parts)} field{'s' * (len(parts) != 1)}"
    if len(parts) == 1 and " " in parts[0]:
        return said + " (fields are separated by tabs, not spaces)"
    if len(parts) > 1 and not parts[-1]:
        return said + " (the last one empty: is a tab left at the end of the line?)"
    return said


def _empty_field(where: str, parts: list[str], names: tuple[str, ...]) -> None:
    """An error naming the first empty field of a sidecar line ("COLUMN1 is empty")."""
    for k, (part, name) in enumerate(zip(parts, names), start=1):
        if not part:
            raise TablesError(f"{where}: field {k} ({name}) is empty")


def _table(tables: dict[str, Table], where: str, table: str) -> str:
    """The table a sidecar names: by its name, or letter case aside when only one table has it
    (as columns are named), else an error that says which names are close."""
    if table in tables:
        return table
    same = [name for name in tables if name.casefold() == table.casefold()]
    if len(same) == 1:
        return same[0]
    close = same or difflib.get_close_matches(table, list(tables), n=3, cutoff=0.6)
    hint = f" (did you mean {' or '.join(repr(name) for name in close)}?)" if close else ""
    raise TablesError(f"{where}: no table named {table!r}{hint}")


def _column(tables: dict[str, Table], where: str, table: str, column: str) -> int:
    """The data column a sidecar names: by its header, or ``HEADER#K`` for the K-th data column
    with that header when a table repeats it (WorldTree's CONSUMERS has two ORGANISM columns);
    ``table`` as :func:`_table` returns it."""
    numbered = re.fullmatch(r"(.*\S)\s*#\s*(\d+)", column)
    name = numbered.group(1) if numbered else column
    found = [i for i in tables[table].column_indices(name) if tables[table].columns[i].kind == "data"]
    if not found:
        data = [tables[table].column_key(i) for i in tables[table].data_columns]
        other = [tables[table].columns[i].kind for i in tables[table].column_indices(name)]
        said = (f"; it is a [{other[0].upper()}] column" if other else "")
        raise TablesError(f"{where}: table {table!r} has no data column {name!r}{said} "
                          f"(its data columns: {', '.join(data)})")
    if numbered:
        k = int(numbered.group(2))
        if not 1 <= k <= len(found):
            raise TablesError(f"{where}: table {table!r} has {len(found)} data column{'s' * (len(found) != 1)} "
                              f"{name!r}, so {column!r} names none")
        return found[k - 1]
    if len(found) > 1:
        positions = ", ".join(str(i + 1) for i in found)
        raise TablesError(f"{where}: table {table!r} has {len(found)} data columns {name!r} (columns {positions}); "
                          f"write {name}#1 ... {name}#{len(found)} to say which")
    return found[0]


def _read_joins(path: Path, tables: dict[str, Table], skip_bad: bool, warnings: list[str]) -> frozenset[Join]:
    joins = set()
    for number, parts in _sidecar_lines(path):
        where = f"{path}:{number}"
        try:
            if len(parts) != 4:
                raise TablesError(f"{where}: expected TABLE1<TAB>COLUMN1<TAB>TABLE2<TAB>COLUMN2, got {_fields(parts)}")
            _empty_field(where, parts, JOIN_FIELDS)
            t1, c1, t2, c2 = parts
            t1, t2 = _table(tables, where, t1), _table(tables, where, t2)
            if t1 == t2:
                raise TablesError(f"{where}: table {t1!r} joined to itself; a join links rows of two different tables")
            joins.add(Join(t1, _column(tables, where, t1, c1), t2, _column(tables, where, t2, c2)))
        except TablesError as err:
            if not skip_bad:
                raise
            warnings.append(f"skipped: {err}")
    return frozenset(joins)


def _read_relations(path: Path, tables: dict[str, Table], skip_bad: bool, warnings: list[str]) -> tuple[Relation, ...]:
    """The relations of a ``_relations.tsv``. A relation named again for the same table and
    columns on a later line adds its patterns to the first line's (a pattern listed twice counts
    once); named again for other columns of that table, the line is refused."""
    relations: dict[tuple[str, str], Relation] = {}  # (table, name) -> relation
    declared: dict[tuple[str, str], int] = {}  # (table, name) -> the line declaring it
    for number, parts in _sidecar_lines(path):
        where = f"{path}:{number}"
        try:
            if len(parts) != 5:
                raise TablesError(
                    f"{where}: expected RELATION<TAB>TABLE<TAB>COLUMN1<TAB>COLUMN2<TAB>PATTERNS, got {_fields(parts)}")
            if not parts[4].replace("|", "").strip():
                raise TablesError(f"{where}: relation {parts[0] or '?'} has no pattern (e.g. 'X to a Y'; patterns separated by |)")
            _empty_field(where, parts, RELATION_FIELDS)
            name, table, c1, c2, patterns = parts
            table = _table(tables, where, table)
            if not re.fullmatch(r"[a-z][A-Za-z0-9_]*", name):
                raise TablesError(f"{where}: relation name {name!r} must start with a lower-case letter (letters, digits, _)")
            found = _patterns(where, name, patterns)
            column1, column2 = _column(tables, where, table, c1), _column(tables, where, table, c2)
            if column1 == column2:
                raise TablesError(f"{where}: relation {name} joins column {c1} to itself; it needs two columns")
            key = (table, name)
            if key in relations:
                earlier = relations[key]
                if (earlier.column1, earlier.column2) != (column1, column2):
                    columns = tables[table].column_key
                    raise TablesError(
                        f"{where}: relation {name} of table {table!r} is already declared on line {declared[key]} "
                        f"from {columns(earlier.column1)} to {columns(earlier.column2)}; a relation links one pair "
                        "of columns: give this one another name")
                known = {" ".join(p.split()) for p in earlier.patterns}
                found = earlier.patterns + tuple(p for p in found if " ".join(p.split()) not in known)
            else:
                declared[key] = number
            relations[key] = Relation(name, table, column1, column2, found)
        except TablesError as err:
            if not skip_bad:
                raise
            warnings.append(f"skipped: {err}")
    return tuple(relations.values())


def _patterns(where: str, name: str, field: str) -> tuple[str, ...]:
    """The patterns of a relation's PATTERNS field, each once: a pattern holds X and Y once
    each, as words of their own ("X to a Y")."""
    found: dict[str, str] = {}  # the pattern, its words single-spaced -> the pattern as written
    for k, pattern in enumerate(field.split("|"), start=1):
        pattern = pattern.strip()
        if not pattern:
            raise TablesError(f"{where}: pattern {k} of relation {name} is empty ({field!r}): "
                              "patterns are separated by one | with no | at either end")
        tokens = pattern.split()
        for end in ("X", "Y"):
            if tokens.count(end) > 1:
                raise TablesError(f"{where}: pattern {pattern!r} names {end} {tokens.count(end)} times; "
                                  "X and Y stand once each for the relation's two ends")
            if end not in tokens:
                if re.search(rf"(?<![A-Za-z]){end}(?![A-Za-z])", pattern):  # "X's Y", "(X) to Y"
                    raise TablesError(f"{where}: pattern {pattern!r}: {end} must be a word of its own, "
                                      f"with spaces around it (e.g. 'X to a Y')")
                hint = " (in capitals)" if re.search(rf"\b{end.lower()}\b", pattern) else ""
                raise TablesError(f"{where}: pattern {pattern!r} must mention both X and Y{hint}")
        found.setdefault(" ".join(tokens), pattern)
    return tuple(found.values())


def load_store(path: str | Path, *, skip_bad: bool = False, joins: str | Path | Literal[False] | None = None,
               relations: str | Path | None = None) -> TableStore:
    """Every ``.tsv``/``.csv`` table of a folder (files starting with ``_`` are sidecars) and the
    sidecars. ``joins`` / ``relations`` name sidecar files kept elsewhere (for a store in a
    read-only folder); they replace the folder's own. ``joins=None``: the folder's
    ``_joins.tsv``, else a shipped joins file that fits the store (:func:`shipped_joins`);
    ``joins=False``: no joins. Raises :class:`TablesError` on bad input unless ``skip_bad``."""
    folder = Path(path)
    if not folder.is_dir():
        raise TablesError(f"table store {folder} is not a directory")
    tables: dict[str, Table] = {}
    warnings: list[str] = []
    misnamed: list[tuple[Path, str]] = []  # sidecars by another name than pyasp reads: (file, the name it reads)
    for file in sorted(folder.iterdir()):
        sidecar = _sidecar_name(file.name)
        if sidecar is not None and file.name != sidecar:
            misnamed.append((file, sidecar))
        if file.suffix.lower() not in TABLE_SUFFIXES or file.name.startswith(("_", ".")):
            continue
        try:
            _refuse_a_broken_link(file)
            if not file.is_file():  # a folder (the user's), a pipe
                continue
            if file.stem in tables:
                raise TablesError(f"{file}: a table named {file.stem!r} was already read from {tables[file.stem].path.name}")
            tables[file.stem] = read_table(file)
            if not tables[file.stem].rows:
                warnings.append(f"warning: {file}: the table has a header and no rows")
        except TablesError as err:
            if not skip_bad:
                raise
            warnings.append(f"skipped: {err}")
    if not tables:
        raise TablesError(f"table store {folder} holds no readable .tsv or .csv table")
    warnings += _shared_uids(tables)
    for file, sidecar in misnamed:  # read in place of the folder's own only when no other file is given
        if (joins if sidecar == JOINS_FILE else relations) is None:
            what = "is not read" if file.name.startswith("_") else f"is read as a table named {file.stem!r}"
            warnings.append(f"warning: {file} {what}: pyasp reads the {sidecar[1:-4]} of a table folder from "
                            f"{sidecar}, fields separated by tabs")
    joins_file = None if joins is False else _sidecar(joins, folder / JOINS_FILE)
    allowed: frozenset[Join] = frozenset()
    if joins_file is not None:
        allowed = _read_joins(joins_file, tables, skip_bad, warnings)
    elif joins is None:
        joins_file, allowed = shipped_joins(tables) or (None, frozenset())
    relations_file = _sidecar(relations, folder / RELATIONS_FILE)
    named = _read_relations(relations_file, tables, skip_bad, warnings) if relations_file else ()
    return TableStore(folder, tables, allowed, named, warnings, joins_file)


def _shared_uids(tables: dict[str, Table]) -> list[str]:
    """One warning when rows share a UID (explanations and gold-row recall name rows by UID, so
    they cannot tell such rows apart); WorldTree has three, two of them a row written twice."""
    where: dict[str, list[str]] = {}
    for table in tables.values():
        for row in table.rows:
            where.setdefault(row.uid, []).append(f"{table.path.name}:{row.line}")
    shared = {uid: places for uid, places in where.items() if len(places) > 1}
    if not shared:
        return []
    uid, places = next(iter(shared.items()))
    more = f" and {len(shared) - 1} more" if len(shared) > 1 else ""
    return [f"warning: {len(shared)} row UID{'s are' if len(shared) > 1 else ' is'} shared by several rows "
            f"({uid} in {' and '.join(places)}{more}); explanations and gold-row recall cannot tell such rows apart"]


def shipped_joins(tables: dict[str, Table]) -> tuple[Path, frozenset[Join]] | None:
    """The first joins file shipped with pyasp (:data:`SHIPPED_JOINS`) whose every table and
    data column is in ``tables``, with its joins; or None."""
    from ..resources import joins_path

    for name in SHIPPED_JOINS:
        path = joins_path(name)
        try:
            return path, _read_joins(path, tables, False, [])
        except TablesError:
            continue
    return None


def _sidecar_name(name: str) -> str | None:
    """The sidecar file a file of a table folder looks meant to be (``_joins.csv``, ``_Joins.tsv``,
    ``joins.tsv``, ``_relation.tsv``: :data:`JOINS_FILE` or :data:`RELATIONS_FILE`), or None."""
    path = Path(name)
    if path.suffix.lower() not in (TABLE_SUFFIXES if not name.startswith("_") else (*TABLE_SUFFIXES, ".txt", "")):
        return None  # a backup (_joins.tsv.bak) is the user's
    stem = path.stem.lower().lstrip("_")
    return JOINS_FILE if stem in ("joins", "join") else RELATIONS_FILE if stem in ("relations", "relation") else None


def _refuse_a_broken_link(path: Path) -> None:
    """A link to nothing is bad input, not a file to pass over: the answers would come from less
    than the user meant."""
    if path.is_symlink() and not path.exists():
        try:
            target = str(path.readlink())
        except OSError:
            target = "a file"
        raise TablesError(f"{path}: the link points to {target}, which does not exist")


def _sidecar(given: str | Path | None, default: Path) -> Path | None:
    if given is None:
        _refuse_a_broken_link(default)
        if default.exists() and not default.is_file():
            raise TablesError(f"{default} is a folder, not a sidecar file")
        return default if default.is_file() else None
    if Path(given).is_dir():
        raise TablesError(f"sidecar file {given} is a folder; give the file itself (e.g. {Path(given) / default.name})")
    if not Path(given).is_file():
        raise TablesError(f"sidecar file {given} not found")
    return Path(given)
