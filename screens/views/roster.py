"""The battle screen's roster: each side, its brigades (the one whose card is drawn marked) and
their units' lines, filtered by the words typed; worked out apart from the widget so that an
unchanged roster is not redrawn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets.option_list import Option

from ..widgets.cards import roster_line
from ..widgets.fixed_lines import FixedLines

if TYPE_CHECKING:
    from drumhead.game import GameState
    from drumhead.model import Ruleset


def roster_options(
    ruleset: Ruleset,
    state: GameState,
    filter_text: str,
    active: str | None,
    cache: dict[tuple[object, ...], FixedLines],
) -> tuple[list[Option], list[object]]:
    """The roster's entries for the filter, and a signature that is equal when the entries
    are (the cached lines of unchanged units are reused: ``cache`` is the screen's)."""
    words = filter_text.lower().split()
    options: list[Option] = []
    signature: list[object] = []
    for side in state.sides or ():
        side_units = [u for u in state.units if u.side == side.id]
        brigades = list(dict.fromkeys(u.brigade for u in side_units))
        side_header_added = False
        for brigade in brigades:
            lines = []
            for unit in side_units:
                if unit.brigade != brigade:
                    continue
                key = (unit, state.leader_with(unit.id), brigade == active)
                line = cache.get(key)
                if line is None:
                    line = FixedLines(roster_line(ruleset, state, unit, active=brigade == active))
                    cache[key] = line
                haystack = f"{line.plain} {brigade} {side.name}".lower()
                if all(w in haystack for w in words):
                    lines.append(Option(line, id=unit.id))
                    signature.append(id(line))
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
    loose = [u for u in state.units if u.side not in {s.id for s in state.sides}]
    for unit in loose:
        line = FixedLines(roster_line(ruleset, state, unit))
        options.append(Option(line, id=unit.id))
        signature.append(line.plain)
    if not options:  # the roster says what to do rather than standing empty
        empty = "No unit matches the filter." if words else "No units yet: e adds them."
        options.append(Option(Text(empty, style="italic"), id="#empty", disabled=True))
        signature.append(empty)
    return options, signature
