"""An army builder's roster (BattleScribe, New Recruit) read into rows.

A ``.ros`` is XML; a ``.rosz`` is a zip holding one. The XML is parsed by defusedxml, with
document type declarations refused outright (a roster has none: a "billion laughs" or an
external entity is refused before it is expanded); a zip is held to its size, its entry
count, and the size its roster unpacks to (a "zip bomb" stops at the limit, named).

The roster's shape (namespace ``http://www.battlescribe.net/schema/rosterSchema``)::

    <roster name=".."><forces><force name=".." catalogueName="..">
      <selections><selection name=".." type="unit|model|upgrade" number="..">
        <profiles><profile typeName=".."><characteristics>
          <characteristic name="..">value</characteristic>
        <categories><category name=".."/>
        <selections>... (its models, its upgrades)

Each force is a side (by default); each selection of a unit type (``unit``, ``model``) not
inside another is a unit, or a leader when it has one of the mapping's leader categories;
selections of other types (a brigade, the army's options) are walked through, and give their
name to what they hold (the ``parent`` source). Places are written as XML paths, 1-based:
``force[1]/selection[3]``.
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
import zlib
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import ParseError, fromstring

from drumhead.errors import RulesetError, excerpt
from drumhead.roster.build import Cell, Entry, brigade_id
from drumhead.roster.fields import Field
from drumhead.roster.mapping import Mapping, Source, fold
from drumhead.roster.problems import CELL, ROSTER_SIZE, ROSZ_SIZE, UNITS, ZIP_ENTRIES, Problems
from drumhead.rules.limits import MAX_NESTING, Limits, too_large
from drumhead.rules.toml_file import read_bytes

if TYPE_CHECKING:
    from collections.abc import Iterator
    from xml.etree.ElementTree import Element  # the type of what defusedxml parses

CHUNK = 64 * 1024


@dataclass(frozen=True, slots=True)
class Roster:
    """What a roster gave: its rows, its name and where it came from."""

    entries: list[Entry]
    title: str
    source: str


def roster_bytes(path: Path) -> bytes:
    """The roster's XML: the file's bytes, or the one ``.ros`` a ``.rosz`` holds (limits
    named when hit)."""
    name = str(path)
    if path.suffix.lower() != ".rosz":
        return read_bytes(path, ROSTER_SIZE, "roster (.ros)")
    raw = read_bytes(path, ROSZ_SIZE, "zipped roster (.rosz)")
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            infos = archive.infolist()
            if len(infos) > ZIP_ENTRIES:
                raise RulesetError(
                    f"{len(infos):,} entries in the zip; a zipped roster holds at most "
                    f"{ZIP_ENTRIES} (an army builder writes one)",
                    path=name,
                )
            rosters = [i for i in infos if i.filename.lower().endswith(".ros")]
            if len(rosters) != 1:
                found = ", ".join(excerpt(i.filename, 40) for i in infos) or "nothing"
                raise RulesetError(
                    f"a zipped roster holds one .ros; this one holds {len(rosters)} "
                    f"(entries: {found})",
                    path=name,
                )
            return _unpacked(archive, rosters[0], name)
    except (zipfile.BadZipFile, zlib.error, EOFError, ValueError, struct.error) as exc:
        # (a zip cut or spliced makes zipfile seek before its start, or unpack a bad header)
        raise RulesetError(f"not a readable zip ({exc})", path=name) from None
    except (NotImplementedError, RuntimeError) as exc:  # a compression we lack; a password
        raise RulesetError(f"the zip cannot be opened: {exc}", path=name) from None


def _unpacked(archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str) -> bytes:
    """The entry's bytes, never more than :data:`ROSTER_SIZE` unpacked (what the entry
    says of its size is checked first, then what it really unpacks to)."""
    where = f"{name} ({excerpt(info.filename, 40)})"
    limits = Limits("roster unpacked from a .rosz", ROSTER_SIZE)
    if info.file_size > ROSTER_SIZE:
        raise too_large(where, info.file_size, limits)
    chunks: list[bytes] = []
    size = 0
    with archive.open(info) as stream:
        while True:
            chunk = stream.read(CHUNK)
            if not chunk:
                break
            size += len(chunk)
            if size > ROSTER_SIZE:
                raise too_large(where, size, limits)
            chunks.append(chunk)
    return b"".join(chunks)


def parse_roster(raw: bytes, name: str) -> Element:
    """The roster's root element; anything but a plain roster refused with a drumhead error."""
    try:
        root = fromstring(raw, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        raise RulesetError(
            "refused: the file declares a document type or entities "
            f"({type(exc).__name__}); a roster has none (is it the right file?)",
            path=name,
        ) from None
    except ParseError as exc:
        line = exc.position[0] if exc.position else None
        raise RulesetError(
            f"not a readable roster (XML: {exc.msg})", path=name, line=line
        ) from None
    except (LookupError, ValueError) as exc:  # an encoding the XML declares that Python lacks
        raise RulesetError(f"not a readable roster (XML: {exc})", path=name) from None
    if _tag(root) != "roster":
        raise RulesetError(
            f"not a BattleScribe or New Recruit roster: its root is <{excerpt(_tag(root), 40)}>, "
            "not <roster>",
            path=name,
        )
    return root


def read_roster(
    path: Path, fields: dict[str, Field], mapping: Mapping, problems: Problems
) -> Roster:
    """The roster's units and leaders, each field from where the mapping says."""
    root = parse_roster(roster_bytes(path), str(path))
    entries: list[Entry] = []
    reader = _Reader(fields, mapping, problems, entries)
    for index, force in enumerate(_children(root, "forces", "force"), 1):
        reader.force(force, f"force[{index}]")
    if not entries:
        problems.add(
            "roster",
            "no units in the roster",
            "",
            "selections of type: " + ", ".join(mapping.unit_types),
        )
    system = root.get("gameSystemName", "")
    source = "A roster" + (f" of {system}" if system else "") + f": {path.name}"
    return Roster(entries, root.get("name", "").strip(), source)


def _tag(element: Element) -> str:
    """The element's name without its namespace."""
    return element.tag.rsplit("}", 1)[-1]


def _children(element: Element, group: str, tag: str) -> Iterator[Element]:
    """The ``tag`` elements inside ``element``'s ``group`` element (``forces/force``)."""
    for holder in element:
        if _tag(holder) == group:
            yield from (c for c in holder if _tag(c) == tag)


class _Reader:
    def __init__(
        self, fields: dict[str, Field], mapping: Mapping, problems: Problems, out: list[Entry]
    ) -> None:
        self.fields = fields
        self.mapping = mapping
        self.problems = problems
        self.out = out
        self.types = {t.lower() for t in mapping.unit_types}
        self.leaders = {fold(c) for c in mapping.leader_categories}
        self.deep = False

    def force(self, force: Element, path: str, depth: int = 1) -> None:
        if self._too_deep(path, depth):
            return
        for index, selection in enumerate(_children(force, "selections", "selection"), 1):
            self.selection(selection, f"{path}/selection[{index}]", force, None, depth + 1)
        for index, inner in enumerate(_children(force, "forces", "force"), 1):
            self.force(inner, f"{path}/force[{index}]", depth + 1)

    def _too_deep(self, path: str, depth: int) -> bool:
        """Whether ``path`` is nested past :data:`MAX_NESTING` (said once)."""
        if depth <= MAX_NESTING:
            return False
        if not self.deep:
            self.deep = True
            self.problems.add(
                excerpt(path, 120),
                f"forces and selections nested more than {MAX_NESTING} deep (an army builder "
                "nests a few)",
            )
        return True

    def selection(
        self,
        selection: Element,
        path: str,
        force: Element,
        parent: Element | None,
        depth: int,
    ) -> None:
        if len(self.out) > 2 * UNITS or self._too_deep(path, depth):
            return  # (too many units: said when the rows are built)
        if selection.get("type", "").lower() not in self.types:
            for index, inner in enumerate(_children(selection, "selections", "selection"), 1):
                self.selection(inner, f"{path}/selection[{index}]", force, selection, depth + 1)
            return
        kind = "leader" if self._is_leader(selection) else "unit"
        sources = self.mapping.leader_sources if kind == "leader" else self.mapping.unit_sources
        given = dict(sources)
        cells = []
        for field in self.fields.values():
            if kind not in field.required and field.id not in given:
                continue
            if kind not in field.kinds:
                continue
            where = f"{path}, {field.id}"
            source = given.get(field.id)
            text = self.value(source, selection, force, parent, field.id) if source else ""
            if len(text) > CELL:
                self.problems.add(where, f"{len(text):,} characters; at most {CELL:,}", text)
                continue
            cells.append(Cell(field.id, where, text))
        self.out.append(Entry(path, tuple(cells), kind))

    def _is_leader(self, selection: Element) -> bool:
        """Whether the selection is in one of the mapping's leader categories."""
        return any(
            fold(c.get("name", "")) in self.leaders
            for c in _children(selection, "categories", "category")
        )

    def _brigades(self, force: Element) -> list[str]:
        """The brigades of ``force``'s units (their groups' names, the force's own for a unit
        in none), in roster order, as ids (which a list's separators never part)."""
        found: dict[str, None] = {}
        waiting: list[tuple[Element, Element | None, int]] = [
            (s, None, 1) for s in reversed(list(_children(force, "selections", "selection")))
        ]
        while waiting:  # depth first, in the roster's order (the order its units are read in)
            selection, parent, depth = waiting.pop()
            if depth > MAX_NESTING:
                continue
            if selection.get("type", "").lower() in self.types:
                if self._is_leader(selection):
                    continue
                name = brigade_id(_name(parent if parent is not None else force))
                if name:
                    found.setdefault(name)
                continue
            inner = list(_children(selection, "selections", "selection"))
            waiting.extend((each, selection, depth + 1) for each in reversed(inner))
        return list(found)

    def value(
        self,
        source: Source,
        selection: Element,
        force: Element,
        parent: Element | None,
        field: str = "",
    ) -> str:
        """The text ``source`` names for this selection ("" when the roster has none). A
        leader's command from ``parent``, for a leader in no group (an army's commander):
        every brigade of his force."""
        kind = source.kind
        if kind == "force":
            return force.get("name", "").strip()
        if kind == "catalogue":
            return force.get("catalogueName", "").strip()
        if kind == "name":
            return (selection.get("customName") or selection.get("name") or "").strip()
        if kind == "number":
            return selection.get("number", "").strip()
        if kind == "models":
            return _models(selection)
        if kind == "parent":
            if field == "commands":  # a list: the brigade as an id, never parted in two
                held = [brigade_id(_name(parent))] if parent is not None else []
                return ", ".join(held or self._brigades(force))
            return _name(parent if parent is not None else force)
        if kind == "value":
            return source.names[0]
        if kind == "category":
            wanted = {fold(n) for n in source.names}
            for category in _children(selection, "categories", "category"):
                if fold(category.get("name", "")) in wanted:
                    return category.get("name", "").strip()
            return ""
        if kind == "selection":
            wanted = {fold(n) for n in source.names}
            for inner in _walk(selection):
                if fold(inner.get("name", "")) in wanted:
                    return inner.get("name", "").strip()
            return ""
        return _characteristic(selection, source.names[0], source.profile)


def _name(element: Element) -> str:
    """A force's or selection's name (the one the player gave it first)."""
    return (element.get("customName") or element.get("name") or "").strip()


def _walk(selection: Element) -> Iterator[Element]:
    """The selections inside ``selection``, at every depth."""
    waiting = deque(_children(selection, "selections", "selection"))
    while waiting:
        inner = waiting.popleft()
        yield inner
        waiting.extend(_children(inner, "selections", "selection"))


def _models(selection: Element) -> str:
    """How many models a unit selection holds: the numbers of the model selections inside it
    added up, else its own number. A number that is not a whole one is given as it is written
    (the field's check names it)."""
    total, found = 0, False
    for inner in _walk(selection):
        if inner.get("type", "").lower() == "model":
            written = inner.get("number", "1").strip()
            if not _WHOLE.match(written):
                return written
            total += int(float(written))
            found = True
    return str(total) if found else selection.get("number", "1").strip()


_WHOLE = re.compile(r"^[0-9]{1,9}(\.0*)?$")
"""A selection's number as army builders write it (``12``, ``12.0``)."""


def _characteristic(selection: Element, name: str, profile: str) -> str:
    """The first characteristic ``name`` of the selection's profiles (of type ``profile``
    when given), then of the selections inside it."""
    wanted = fold(name)
    for holder in (selection, *_walk(selection)):
        for shown in _children(holder, "profiles", "profile"):
            if profile and fold(shown.get("typeName", "")) != fold(profile):
                continue
            for item in _children(shown, "characteristics", "characteristic"):
                if fold(item.get("name", "")) == wanted:
                    return (item.text or "").strip()
    return ""
