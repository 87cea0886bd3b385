"""The battle screen's roster: each side, its brigades (the one whose card is drawn marked) and
their units' lines, filtered by the words typed; worked out apart from the widget so that an
unchanged roster is not redrawn. And where its cursor goes when a card is drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..compat import option_top
from ..widgets.cards import roster_line
from ..widgets.fixed_lines import FixedLines

if TYPE_CHECKING:
    from drumhead.rules.model import Ruleset
    from drumhead.session.shown import GameState, Leader, Unit

    Lines = dict[str, tuple[Unit, Leader | None, bool, FixedLines]]
    """Unit lines by unit id, with what each was drawn from."""


class RosterLines:
    """The roster's unit lines as last worked out, by unit id: a unit (frozen) equal to one
    drawn, with the same leader and the same card drawn, keeps its line (an undo's state is
    rebuilt from a kept one: its units are equal, not the same objects). The lines of the
    last two rosters are kept: undo then redo (and back) draws nothing anew, and a long
    evening's changes do not pile up."""

    def __init__(self) -> None:
        self.latest: Lines = {}
        """The last roster's lines."""
        self.before: Lines = {}
        """The roster's lines before that."""
        self.drawing: Lines = {}
        """The lines of the roster being worked out (between :meth:`begin` and :meth:`end`)."""
        self.made: tuple[tuple[object, ...], list[Option], list[object]] | None = None
        """The last roster's entries and signature, with what they were made from: made
        again only when the units, leaders, sides, filter or card drawn are other objects
        (a change of phase or step, a tick, a note leaves a 500-unit roster as it was)."""

    def begin(self) -> None:
        self.drawing = {}

    def line(
        self, ruleset: Ruleset, state: GameState, unit: Unit, leader: Leader | None, active: bool
    ) -> FixedLines:
        for kept in (self.latest, self.before):
            found = kept.get(unit.id)
            if (
                found is not None
                and found[2] == active
                and (found[1] is leader or found[1] == leader)
                and (found[0] is unit or found[0] == unit)  # an equal unit: compared whole
            ):
                break
        else:
            found = (
                unit,
                leader,
                active,
                FixedLines(roster_line(ruleset, state, unit, active=active)),
            )
        self.drawing[unit.id] = found
        return found[3]

    def end(self) -> None:
        if self.drawing != self.latest:
            self.before, self.latest = self.latest, self.drawing


def roster_options(
    ruleset: Ruleset,
    state: GameState,
    filter_text: str,
    active: str | None,
    cache: RosterLines,
) -> tuple[list[Option], list[object]]:
    """The roster's entries for the filter, and their signature: one item per entry, equal
    (item by item) where the entry is (the cached lines of unchanged units are reused); the
    same lists as last time when made from the same objects."""
    made_from = (ruleset, state.units, state.leaders, state.sides, filter_text, active)
    if cache.made is not None and all(
        a is b for a, b in zip(cache.made[0], made_from, strict=True)
    ):
        return cache.made[1], cache.made[2]
    options, signature = _roster_options(ruleset, state, filter_text, active, cache)
    cache.made = (made_from, options, signature)
    return options, signature


def _roster_options(
    ruleset: Ruleset,
    state: GameState,
    filter_text: str,
    active: str | None,
    cache: RosterLines,
) -> tuple[list[Option], list[object]]:
    words = filter_text.lower().split()
    options: list[Option] = []
    signature: list[object] = []
    leaders: dict[str, Leader] = {}
    for leader in state.leaders:
        if leader.attached_to and leader.status != "killed":
            leaders.setdefault(leader.attached_to, leader)  # the first, as leader_with
    cache.begin()
    side_ids = {s.id for s in state.sides}
    by_side: dict[str, list[Unit]] = {}
    for unit in state.units:
        by_side.setdefault(unit.side, []).append(unit)
    for side in state.sides or ():
        side_units = by_side.get(side.id, [])
        brigades = list(dict.fromkeys(u.brigade for u in side_units))
        side_header_added = False
        for brigade in brigades:
            lines: list[Option] = []
            shown: list[object] = []
            for unit in side_units:
                if unit.brigade != brigade:
                    continue
                line = cache.line(ruleset, state, unit, leaders.get(unit.id), brigade == active)
                if words:
                    haystack = f"{line.plain} {brigade} {side.name}".lower()
                    if not all(w in haystack for w in words):
                        continue
                lines.append(Option(line, id=unit.id))
                shown.append(line)
            if not lines:
                continue
            if not side_header_added:
                options.append(
                    Option(
                        FixedLines(Text(f"══ {side.name} ══", style="bold")),
                        id=f"#side:{side.id}",
                        disabled=True,
                    )
                )
                signature.append(("side", side.id, side.name))
                side_header_added = True
            marker = "  ▶ card drawn" if brigade == active else ""
            signature.append((side.id, brigade, marker))
            options.append(
                Option(
                    FixedLines(Text(f"— {brigade.replace('_', ' ')}{marker}", style="italic")),
                    id=f"#brigade:{side.id}:{brigade}",
                    disabled=True,
                )
            )
            options.extend(lines)
            signature.extend(shown)
    for unit in state.units:
        if unit.side in side_ids:
            continue
        line = cache.line(ruleset, state, unit, leaders.get(unit.id), False)
        options.append(Option(line, id=unit.id))
        signature.append(line)
    cache.end()
    if not options:  # the roster says what to do rather than standing empty
        empty = "No unit matches the filter." if words else "No units yet: e adds them."
        options.append(Option(Text(empty, style="italic"), id="#empty", disabled=True))
        signature.append(empty)
    return options, signature


def cursor_to_brigade(roster: OptionList, units: set[str]) -> None:
    """Put the roster's cursor on the first of ``units`` listed (a brigade whose card was just
    drawn), and scroll the roster to show the brigade's header at the top, as many of its
    units as fit below it (none listed: the cursor stays)."""
    for index in range(roster.option_count):
        if roster.get_option_at_index(index).id in units:
            roster.highlighted = index
            above = roster.get_option_at_index(index - 1) if index else None
            top = index - 1 if above is not None and above.disabled else index
            roster.scroll_to(y=option_top(roster, top), animate=False, immediate=True)
            return
