"""Rows read from a spreadsheet or a roster, made into a scenario's order of battle.

A reader (:mod:`drumhead.roster.sheet`, :mod:`drumhead.roster.roster_xml`) gives
:class:`Entry` values: one row (a unit, a leader or a side) as the text of each of its
fields, with where each was found. Here each text becomes its field's value, and each
problem is kept with its place, the value found and the values allowed; then the names the
rows give each other (a unit's side, a leader's unit and command) are found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from drumhead.roster.fields import NO, YES, Field, fields, states_of
from drumhead.roster.mapping import Mapping, fold
from drumhead.roster.problems import NUMBER, UNITS, Problems
from drumhead.rules.model import Ruleset

_LIST = re.compile(r"[,;|]")
_ID = re.compile(r"^[\w-]+$")
_WHOLE = re.compile(r"^([+-]?[0-9]+)(?:\.0*)?$")
"""What an id given in a sheet may hold (one made from a name holds the same)."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One field's text in a row, and where it was found."""

    field: str
    where: str
    """``row 7, column Quality``; ``force[1]/selection[3], quality``."""
    text: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of an order of battle."""

    where: str
    """``row 7``; ``force[1]/selection[3]``."""
    cells: tuple[Cell, ...]
    kind: str = ""
    """unit, leader or side; "": the row's ``kind`` cell says (a unit when empty)."""


@dataclass(slots=True)
class Battle:
    """What the rows made, as the scenario file holds it (plain data)."""

    sides: list[dict[str, Any]]
    leaders: list[dict[str, Any]]
    units: list[dict[str, Any]]
    origins: dict[str, str]
    """``units.3`` -> where that unit's row is (to place the scenario reader's errors)."""
    units_by_side: dict[str, tuple[str, ...]]


def slug(text: str) -> str:
    """An id made from a name: lower case, words joined by ``_`` (``Howard's Line`` ->
    ``howards_line``)."""
    plain = re.sub(r"['’`]", "", text.strip().lower())
    return re.sub(r"\W+", "_", plain).strip("_")


def brigade_id(text: str) -> str:
    """A brigade's id made from its name, its capitals kept (the app shows a brigade's id
    with spaces for its underscores): ``Howard's Line`` -> ``Howards_Line``; an id stays as
    it is."""
    plain = re.sub(r"['’`]", "", text.strip())
    return re.sub(r"[^\w-]+", "_", plain).strip("_")


def _unique(base: str, taken: set[str]) -> str:
    found, n = base, 2
    while found in taken:
        found, n = f"{base}_{n}", n + 1
    return found


_NOUNS = {
    "kind": "not a kind of row",
    "status": "not a leader's status",
    "markers": "no such marker",
}


def _at_most(field: Field) -> str:
    """What a whole-number field takes, with the most a sheet may give."""
    if field.maximum is not None and field.maximum <= NUMBER:
        return field.allowed()
    return f"{field.allowed()} (at most {NUMBER:,})"


def _not_one(field: Field, ruleset: str) -> str:
    """Why a name is refused for ``field``."""
    if field.id in _NOUNS:
        return _NOUNS[field.id]
    if field.attribute is not None:
        return f"not a value {field.label} takes in {ruleset}"
    return f"not a {field.label.lower()} of {ruleset}"


class Builder:
    """Entries made into a battle against one ruleset and mapping; problems collected."""

    def __init__(self, ruleset: Ruleset, mapping: Mapping, problems: Problems) -> None:
        self.ruleset = ruleset
        self.mapping = mapping
        self.problems = problems
        self.fields = {f.id: f for f in fields(ruleset)}

    # -- one value ---------------------------------------------------------------------------
    def value(self, field: Field, cell: Cell) -> Any:
        """The cell's text as ``field``'s value (None: empty, or a problem reported)."""
        text = cell.text.strip()
        if not text:
            return None
        if field.type == "int":
            return self._number(field, cell, text)
        if field.type == "bool":
            if text.lower() in YES:
                return True
            if text.lower() in NO:
                return False
            self.problems.add(cell.where, "not yes or no", text, "yes, no (or true, false)")
            return None
        if field.type == "choice":
            return self._choice(field, cell, text)
        if field.type == "list":
            items = [t.strip() for t in _LIST.split(text) if t.strip()]
            out = [self._choice(field, cell, item) for item in items]
            return None if None in out else out
        return text

    def _number(self, field: Field, cell: Cell, text: str) -> int | None:
        found = _WHOLE.match(text.replace(" ", ""))  # 12, -1, and 12.0 as a spreadsheet has it
        if found is None:
            self.problems.add(cell.where, "not a whole number", text, field.allowed())
            return None
        digits = found.group(1).lstrip("+-").lstrip("0")
        if len(digits) > len(str(NUMBER)) or abs(int(found.group(1))) > NUMBER:
            self.problems.add(cell.where, "out of range", text, _at_most(field))
            return None
        value = int(found.group(1))
        if (field.minimum is not None and value < field.minimum) or (
            field.maximum is not None and value > field.maximum
        ):
            self.problems.add(cell.where, "out of range", text, field.allowed())
            return None
        return value

    def _choice(self, field: Field, cell: Cell, text: str) -> str | None:
        if not field.choices:
            return text
        meant = self.mapping.word(field.id, text)
        if meant is not None:
            return meant
        folded = fold(text)
        for choice in field.choices:
            if fold(choice) == folded:
                return choice
        for word, choice in field.labels:
            if fold(word) == folded:
                return choice
        self.problems.add(
            cell.where, _not_one(field, self.ruleset.id), text, ", ".join(field.choices)
        )
        return None

    # -- rows --------------------------------------------------------------------------------
    def kind(self, entry: Entry) -> str | None:
        if entry.kind:
            return entry.kind
        cell = next((c for c in entry.cells if c.field == "kind"), None)
        if cell is None or not cell.text.strip():
            return "unit"
        found = self._choice(self.fields["kind"], cell, cell.text.strip())
        return found

    def row(self, entry: Entry, kind: str) -> dict[str, Any]:
        """The row's fields as values (problems reported), without the kind."""
        out: dict[str, Any] = {}
        for cell in entry.cells:
            field = self.fields[cell.field]
            if field.id == "kind":
                continue
            if kind not in field.kinds:
                if cell.text.strip():
                    self.problems.add(
                        cell.where,
                        f"a {kind} has no {field.label.lower()} (it is for: "
                        f"{', '.join(field.kinds)}); leave it empty",
                        cell.text.strip(),
                    )
                continue
            value = self.value(field, cell)
            if value is not None:
                out[field.id] = value
        for field in self.fields.values():
            if kind in field.required and field.id not in out:
                given = next((c for c in entry.cells if c.field == field.id), None)
                if given is not None and not given.text.strip():  # (no column: said once)
                    self.problems.add(
                        given.where,
                        f"a {kind} needs its {field.label.lower()}",
                        "",
                        field.allowed(),
                    )
        return out

    def build(self, entries: list[Entry]) -> Battle:
        sides: list[dict[str, Any]] = []
        leaders: list[tuple[Entry, dict[str, Any]]] = []
        units: list[tuple[Entry, dict[str, Any]]] = []
        for entry in entries:
            kind = self.kind(entry)
            if kind is None:
                continue
            values = self.row(entry, kind)
            if kind == "side":
                sides.append({"_entry": entry, **values})
            elif kind == "leader":
                leaders.append((entry, values))
            else:
                units.append((entry, values))
        if not units and not self.problems:
            self.problems.add(
                "the file", "no units: a battle needs at least one unit row", "", "unit rows"
            )
        for what, rows in (("units", units), ("leaders", leaders)):
            if len(rows) > UNITS:
                self.problems.add(
                    "the file", f"{len(rows):,} {what}; a battle has at most {UNITS:,}"
                )
        return _Refs(self, sides, leaders, units).battle()

    def where(self, entry: Entry, field: str) -> str:
        cell = next((c for c in entry.cells if c.field == field), None)
        return cell.where if cell else entry.where


class _Refs:
    """The names rows give each other, found: ids made, sides, units and commands."""

    def __init__(
        self,
        builder: Builder,
        sides: list[dict[str, Any]],
        leaders: list[tuple[Entry, dict[str, Any]]],
        units: list[tuple[Entry, dict[str, Any]]],
    ) -> None:
        self.b = builder
        self.problems = builder.problems
        self.side_rows = sides
        self.leader_rows = leaders
        self.unit_rows = units
        self.sides: list[dict[str, Any]] = []
        self.side_of: dict[str, str] = {}  # folded id or name -> side id
        self._ids: set[str] = set()
        self._names: dict[str, list[str]] = {}
        self._brigades: dict[str, str] = {}  # folded -> the brigade's id, as first written

    def battle(self) -> Battle:
        for row in self.side_rows:
            entry: Entry = row.pop("_entry")
            side_id = self._id(entry, row, {s["id"] for s in self.sides}, "side")
            side = {"id": side_id, "name": row.get("name", side_id)}
            if fold(side["name"]) in {fold(s["name"]) for s in self.sides}:
                self.problems.add(
                    self.b.where(entry, "name"),
                    "another side has this name (a unit's side would not say which)",
                    side["name"],
                )
            for key in ("commander", "rating"):
                if key in row:
                    side[key] = row[key]
            self.sides.append(side)
            self.side_of.setdefault(fold(side_id), side_id)
            self.side_of.setdefault(fold(side["name"]), side_id)
        units, origins = self._units()
        leaders = self._leaders(units, origins)
        names: dict[str, list[str]] = {s["id"]: [] for s in self.sides}
        for unit in units:
            names.setdefault(unit["side"], []).append(unit["name"])
        by_side = {s["name"]: tuple(names[s["id"]]) for s in self.sides}
        for index, side in enumerate(self.sides):
            origins.setdefault(f"sides.{index}", f"side {side['name']}")
        return Battle(self.sides, leaders, units, origins, by_side)

    def _id(self, entry: Entry, row: dict[str, Any], taken: set[str], kind: str) -> str:
        given = row.get("id")
        if given is not None:
            if not _ID.match(given):
                self.problems.add(
                    self.b.where(entry, "id"),
                    "not an id",
                    given,
                    "letters, digits, _ and - (or leave it empty: one is made from the name)",
                )
            elif given in taken:
                self.problems.add(
                    self.b.where(entry, "id"), f"another {kind} has this id already", given
                )
            return str(given)
        base = slug(str(row.get("name", ""))) or kind
        return _unique(base, taken)

    def _side(self, entry: Entry, row: dict[str, Any]) -> str:
        name = str(row.get("side", ""))
        if not name:
            return ""
        found = self.side_of.get(fold(name)) or self.side_of.get(slug(name))
        if found is None:
            found = _unique(slug(name) or "side", {s["id"] for s in self.sides})
            self.sides.append({"id": found, "name": name})
            self.side_of[fold(name)] = found
            self.side_of[slug(name)] = found
        return found

    def _units(self) -> tuple[list[dict[str, Any]], dict[str, str]]:
        units: list[dict[str, Any]] = []
        origins: dict[str, str] = {}
        taken: set[str] = set()
        for entry, row in self.unit_rows:
            unit_id = self._id(entry, row, taken, "unit")
            taken.add(unit_id)
            unit: dict[str, Any] = {"id": unit_id, "name": row.get("name", unit_id)}
            unit["side"] = self._side(entry, row)
            unit["brigade"] = self._brigade(str(row.get("brigade", "")))
            unit["type"] = row.get("type", "")
            unit["strength"] = row.get("strength", 0)
            now = row.get("strength_now")
            if now is not None and now > unit["strength"]:
                self.problems.add(
                    self.b.where(entry, "strength_now"),
                    "more than its strength at the start",
                    str(now),
                    f"a whole number from 0 to {unit['strength']}",
                )
            elif now is not None and now != unit["strength"]:
                unit["strength_now"] = now
            state = row.get("state")
            if state is not None:
                allowed = states_of(self.b.ruleset, unit["type"])
                if allowed and state not in allowed:
                    self.problems.add(
                        self.b.where(entry, "state"),
                        f"not a state of a unit of type {unit['type']}",
                        state,
                        ", ".join(allowed),
                    )
            for key in ("subtype", "quality", "formation", "state", "hits", "notes"):
                if row.get(key):
                    unit[key] = row[key]
            if row.get("markers"):
                unit["markers"] = sorted(set(row["markers"]))
            if row.get("removed"):
                unit["removed"] = True
            for field in self.b.fields.values():
                if field.attribute is not None and "unit" in field.kinds and field.id in row:
                    unit[field.id] = row[field.id]
            origins[f"units.{len(units)}"] = entry.where
            units.append(unit)
        return units, origins

    def _brigade(self, text: str) -> str:
        """The brigade's id: as first written (``Howard's Line``: ``Howards_Line``), however a
        later row spells it."""
        made = brigade_id(text) or text.strip()
        return self._brigades.setdefault(fold(made), made)

    def _unit_named(self, units: list[dict[str, Any]], text: str) -> list[str]:
        """The units ``text`` names: by id (or the id made of it), else by name."""
        if len(self._ids) != len(units):  # looked up once, not once a leader
            self._ids = {u["id"] for u in units}
            self._names = {}
            for unit in units:
                self._names.setdefault(fold(unit["name"]), []).append(unit["id"])
        for candidate in (text, slug(text)):
            if candidate in self._ids:
                return [candidate]
        return self._names.get(fold(text), [])

    def _leaders(
        self, units: list[dict[str, Any]], origins: dict[str, str]
    ) -> list[dict[str, Any]]:
        leaders: list[dict[str, Any]] = []
        taken: set[str] = set()
        brigades = list(self._brigades.values())
        for entry, row in self.leader_rows:
            leader_id = self._id(entry, row, taken, "leader")
            taken.add(leader_id)
            leader: dict[str, Any] = {"id": leader_id, "name": row.get("name", leader_id)}
            leader["side"] = self._side(entry, row)
            if "value" in row:
                leader["value"] = row["value"]
            attached = row.get("attached_to")
            if attached is not None:
                found = self._unit_named(units, attached)
                if len(found) == 1:
                    leader["attached_to"] = found[0]
                else:
                    self.problems.add(
                        self.b.where(entry, "attached_to"),
                        "no such unit" if not found else "more than one unit has this name",
                        attached,
                        "a unit's id or name: " + ", ".join(u["id"] for u in units),
                    )
            commands: list[str] = []
            for item in row.get("commands", ()):
                brigade = self._brigades.get(fold(brigade_id(item)))
                if brigade is not None:
                    commands.append(brigade)
                    continue
                found = self._unit_named(units, item)
                if len(found) == 1:
                    commands.append(found[0])
                else:
                    self.problems.add(
                        self.b.where(entry, "commands"),
                        "neither a brigade nor a unit",
                        item,
                        "brigades: " + ", ".join(brigades) + "; or a unit's id or name",
                    )
            if commands:
                leader["commands"] = list(dict.fromkeys(commands))
            for key in ("status", "notes"):
                if row.get(key) and row[key] != "active":
                    leader[key] = row[key]
            for field in self.b.fields.values():
                if field.attribute is not None and "leader" in field.kinds and field.id in row:
                    leader[field.id] = row[field.id]
            origins[f"leaders.{len(leaders)}"] = entry.where
            leaders.append(leader)
        return leaders
