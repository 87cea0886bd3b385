"""Mapping files: which spreadsheet column, or which part of a roster, feeds which field.

One per ruleset ships in ``data/mappings/RULESET.toml`` (read through importlib.resources);
a player's own is given with ``--mapping FILE``. See ``docs/import-format.md``. A mapping is
validated like a ruleset: an unknown key, field, source or name is an error naming the file,
its line and the key.

```toml
ruleset = "one-if-by-land"
ignore = ["Points"]            # columns read by no field (others are an error)

[columns]                      # field = the header of its column (any case)
quality = "Quality"

[values.type]                  # a word found = the ruleset's name it means
"Line infantry" = "infantry"

[roster]                       # BattleScribe / New Recruit rosters
units = ["unit", "model"]      # selection types that are units
leaders = ["Commander"]        # categories that make a selection a leader
[roster.unit]                  # field = where its value is
type = { category = ["Infantry", "Cavalry", "Artillery"] }
quality = { characteristic = "Quality" }
[roster.leader]
value = { characteristic = "Rating" }
```
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from drumhead.errors import RulesetError, excerpt
from drumhead.roster.fields import Field, fields
from drumhead.rules.model import Ruleset
from drumhead.rules.reader import Problems, Reader
from drumhead.rules.toml_file import read_toml

SourceKind = Literal[
    "force",
    "catalogue",
    "name",
    "number",
    "models",
    "parent",
    "characteristic",
    "category",
    "selection",
    "value",
]
WORDS: dict[str, str] = {
    "force": "the force's name",
    "catalogue": "the force's catalogue name",
    "name": "the selection's name (the name the player gave it first)",
    "number": "the selection's number",
    "models": "how many models the selection holds",
    "parent": "the name of the selection that holds it (else the force's)",
}
"""The sources written as a word, and what each reads."""
TABLES = ("characteristic", "category", "selection", "value")
"""The sources written as a table: ``{ characteristic = "NAME", profile = "TYPE" }``,
``{ category = [...] }``, ``{ selection = [...] }``, ``{ value = "..." }``."""


@dataclass(frozen=True, slots=True)
class Source:
    """Where in a roster a field's value is."""

    kind: SourceKind
    names: tuple[str, ...] = ()
    """The characteristic's name, the categories or selections looked for, the fixed value."""
    profile: str = ""
    """For a characteristic: the type of profile it is read from ("": any)."""


@dataclass(frozen=True, slots=True)
class Mapping:
    """A mapping file, validated against its ruleset."""

    ruleset: str
    file: str
    columns: tuple[tuple[str, str], ...]
    """Field id -> the header of its column, as the file gives them."""
    ignore: tuple[str, ...] = ()
    values: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    """Field id -> (word found, the ruleset's name), folded to lower case."""
    unit_types: tuple[str, ...] = ("unit", "model")
    leader_categories: tuple[str, ...] = ()
    unit_sources: tuple[tuple[str, Source], ...] = ()
    leader_sources: tuple[tuple[str, Source], ...] = ()

    def header(self, field: str) -> str:
        """The header of ``field``'s column (its id when the mapping names none)."""
        return dict(self.columns).get(field, field)

    def word(self, field: str, found: str) -> str | None:
        """The ruleset's name the mapping gives for the word ``found`` in ``field``."""
        return dict(dict(self.values).get(field, ())).get(fold(found))


def fold(text: str) -> str:
    """``text`` as names are compared: lower case, spaces, dashes and underscores alike."""
    return "_".join(text.strip().lower().replace("-", " ").replace("_", " ").split())


def shipped_mapping(ruleset: Ruleset) -> Mapping:
    """The mapping shipped for ``ruleset`` (fields by their own ids when none is)."""
    entry = resources.files("drumhead.data") / "mappings" / f"{ruleset.id}.toml"
    if not entry.is_file():
        return Mapping(ruleset.id, "", (), unit_sources=DEFAULT_UNIT, leader_sources=DEFAULT_LEADER)
    name = f"data/mappings/{ruleset.id}.toml"
    return read_mapping_text(entry.read_text(encoding="utf-8"), name, ruleset)


def read_mapping(path: Path, ruleset: Ruleset) -> Mapping:
    """The mapping file ``path`` validated against ``ruleset`` (every problem raised)."""
    data, text = read_toml(path, kind="mapping")
    return read_mapping_data(data, text, str(path), ruleset)


DEFAULT_UNIT: tuple[tuple[str, Source], ...] = (
    ("name", Source("name")),
    ("side", Source("force")),
    ("brigade", Source("parent")),
    ("strength", Source("models")),
)
"""Where a roster's units' fields are when the mapping does not say."""
DEFAULT_LEADER: tuple[tuple[str, Source], ...] = (
    ("name", Source("name")),
    ("side", Source("force")),
)


def read_mapping_text(text: str, file: str, ruleset: Ruleset) -> Mapping:
    """A mapping file's text validated against ``ruleset``."""
    data, text = read_toml(file, text, kind="mapping")
    return read_mapping_data(data, text, file, ruleset)


def read_mapping_data(data: dict[str, Any], text: str, file: str, ruleset: Ruleset) -> Mapping:
    """A parsed mapping file validated against ``ruleset`` (every problem raised)."""
    problems = Problems()
    r = Reader(data, file=file, text=text, problems=problems)
    known = {f.id: f for f in fields(ruleset)}
    mapping_id = r.text("ruleset")
    if mapping_id != ruleset.id:
        raise r.error("ruleset", f"this mapping is for '{mapping_id}', not '{ruleset.id}'")
    ignore: tuple[str, ...] = ()
    with r.guard():
        ignore = r.strs("ignore", ())
    columns = _columns(r, known)
    values = _values(r, known)
    roster = Mapping(ruleset.id, file, columns)
    with r.guard():
        roster = _roster(r, known, roster)
    r.done()
    problems.raise_any()
    return Mapping(
        ruleset=ruleset.id,
        file=file,
        columns=columns,
        ignore=ignore,
        values=values,
        unit_types=roster.unit_types,
        leader_categories=roster.leader_categories,
        unit_sources=roster.unit_sources,
        leader_sources=roster.leader_sources,
    )


def _unknown_field(name: str, known: dict[str, Field]) -> str:
    return f"no field '{excerpt(name)}' in an order of battle of this ruleset (fields: " + (
        ", ".join(known) + ")"
    )


def _columns(r: Reader, known: dict[str, Field]) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    with r.guard():
        table = r.table("columns", None)
        if table is None:
            return ()
        headers: dict[str, str] = {}
        for name in table.data:
            with table.guard():
                header = table.text(name)
                if name not in known:
                    table.report(name, _unknown_field(name, known))
                    continue
                if not header.strip():
                    table.report(name, "a column's header cannot be empty")
                    continue
                if fold(header) in headers:
                    table.report(name, f"'{excerpt(header)}' already feeds {headers[fold(header)]}")
                    continue
                headers[fold(header)] = name
                out.append((name, header.strip()))
    return tuple(out)


def _values(
    r: Reader, known: dict[str, Field]
) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    out: list[tuple[str, tuple[tuple[str, str], ...]]] = []
    with r.guard():
        for name, table in r.tables("values"):
            field = known.get(name)
            if field is None:
                r.report(f"values.{name}", _unknown_field(name, known))
                table.seen.update(table.data)
                continue
            if field.type not in ("choice", "list") or not field.choices:
                r.report(
                    f"values.{name}",
                    f"{name} takes {field.allowed()}: only fields that take the ruleset's "
                    "names have words for them",
                )
                table.seen.update(table.data)
                continue
            words: list[tuple[str, str]] = []
            for word in table.data:
                with table.guard():
                    meant = table.text(word, choices=field.choices)
                    words.append((fold(word), meant))
            out.append((name, tuple(words)))
    return tuple(out)


def _roster(r: Reader, known: dict[str, Field], base: Mapping) -> Mapping:
    roster = r.table("roster", None)
    if roster is None:
        return Mapping(
            base.ruleset,
            base.file,
            base.columns,
            unit_sources=DEFAULT_UNIT,
            leader_sources=DEFAULT_LEADER,
        )
    unit_types = ("unit", "model")
    leaders: tuple[str, ...] = ()
    with roster.guard():
        unit_types = roster.strs("units", unit_types)
    with roster.guard():
        leaders = roster.strs("leaders", ())
    unit = _sources(roster, "unit", known, DEFAULT_UNIT)
    leader = _sources(roster, "leader", known, DEFAULT_LEADER)
    roster.done()
    return Mapping(
        base.ruleset,
        base.file,
        base.columns,
        unit_types=unit_types,
        leader_categories=leaders,
        unit_sources=unit,
        leader_sources=leader,
    )


def _sources(
    roster: Reader, kind: str, known: dict[str, Field], defaults: tuple[tuple[str, Source], ...]
) -> tuple[tuple[str, Source], ...]:
    out = dict(defaults)
    with roster.guard():
        table = roster.table(kind, None)
        if table is None:
            return defaults
        for name in table.data:
            with table.guard():
                field = known.get(name)
                if field is None or kind not in field.kinds or name in ("kind", "id"):
                    fit = [f.id for f in known.values() if kind in f.kinds and f.id != "kind"]
                    table.report(
                        name,
                        f"no field '{excerpt(name)}' on a {kind} (fields: {', '.join(fit)})",
                    )
                    table.seen.add(name)
                    continue
                out[name] = _source(table, name)
        table.done()
    return tuple(out.items())


def _source(r: Reader, name: str) -> Source:
    raw = r.raw(name)
    if isinstance(raw, str):
        if raw not in WORDS:
            raise r.error(
                name,
                f"no source '{excerpt(raw)}' (a word: {', '.join(WORDS)}; or a table "
                "with one of: " + ", ".join(TABLES) + ")",
            )
        return Source(raw)  # type: ignore[arg-type]
    if not isinstance(raw, dict):
        raise r.error(name, 'a source is a word or a table such as { characteristic = "Q" }')
    table = r.table(name)
    given = [k for k in TABLES if k in raw]
    if len(given) != 1:
        raise table.error(None, f"give one of: {', '.join(TABLES)}")
    kind = given[0]
    if kind in ("category", "selection"):
        names = table.strs(kind)
        if not names:
            raise table.error(kind, "name at least one")
        profile = ""
    else:
        names = (table.text(kind),)
        profile = table.text("profile", "") if kind == "characteristic" else ""
    table.done()
    return Source(kind, tuple(names), profile)  # type: ignore[arg-type]


def mapping_problem(error: RulesetError) -> tuple[str, str]:
    """Where a mapping's (or a file's) error is, and what it says."""
    where = error.path + (f":{error.line}" if error.line is not None else "")
    if error.key:
        where = f"{where}, {error.key}" if where else error.key
    return where or "the file", error.message
