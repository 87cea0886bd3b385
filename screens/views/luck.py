"""Was it the dice? The luck of the game, of each side and each unit, in all and turn by turn.

Every number is :func:`drumhead.game.stats.luck_report`'s (asked of the table session,
:func:`drumhead.session.record.begin_luck`), in the words of
:mod:`drumhead.game.luck_text` (as ``drumhead stats`` prints them): the checks and how many
were rated, the average percentile (50% = par), the luckiest and unluckiest rolls with what
they decided, the numbers rolled against those expected, a bar per turn drawn in characters
(``#`` left of ``|`` below par, right above it, the figure beside it) and the scope's rolls,
each with its percentile and, for dice typed in by hand, ``dice by hand``. No colour carries
a meaning of its own.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from drumhead.session.record import CountStopped, LuckCount, begin_luck

from ..compat import SteadyOptionList, lay_out_ahead
from ..widgets.footer import KeysFooter
from ..widgets.status_bar import StatusBar
from .base import KeptScreen

if TYPE_CHECKING:
    from drumhead.session.shown import LuckReport, Scope

FREEZE_AFTER = 0.05
"""Seconds after a new count's first refresh that its report is frozen: the screen's last
pictures come within a frame or two of the first."""

COUNT_AT_ONCE = 500
"""The most log entries a count may have to walk (:meth:`LuckCount.work_left`) to be counted
as the screen opens; more are counted in a worker thread while the screen says so. Walking
takes about 0.03-0.1 ms an entry (games of tests/bench's make_game: 234 entries 23 ms, 540
entries 58 ms, 2,001 entries 236 ms, a 50,000-entry log's 1.4 s): at the 2,000 this was, the
screen froze for a quarter of a second before it opened. A game counted before is walked on
from its last count, its tallies too: a count after an undo and a redo of a 50,000-entry log
takes 0.9 ms. It was counted in a thread whenever the log was longer than this, and the
thread took turns with drawing the screen: s took 164 ms against Cowpens' 26 for a count of
30 ms."""

ROLLS_SHOWN = 200
"""The most rolls a scope's pane lists, the latest (its figures count every one): the whole
game's 23,000 rolls of a 50,000-entry log took seconds to lay out on every move."""

ROLL_CHUNK = 25
"""The rolls listed are drawn in widgets of this many, cut at the scope's every 25th roll."""

DETAIL_PARTS = (
    "luck-detail",
    "luck-chart",
    "luck-chart-latest",
    "luck-rolls",
    *(f"luck-rolls-{i}" for i in range(ROLLS_SHOWN // ROLL_CHUNK + 1)),
)
"""The right pane's widgets: the title and tally (or a message alone), the chart but for its
latest turn, the latest turn's bar, the rolls' heading, the rolls in chunks
(:data:`ROLL_CHUNK`). A new roll changes the latest turn's bar, the heading, the first chunk
(one roll fewer) and the last (one more): the long game's 167 turns before and most of its
200 rolls are not wrapped and laid out again (the rolls' 200 lines, wrapped twice, were most
of the pane's time after a new roll, 6.5 ms a wrap against Cowpens' 1.9)."""

HINT = "Percentile: chance of worse + half of as good; 50% is par. Esc: back."


def scope_label(report: LuckReport, scope: Scope) -> str:
    """A line of the scope list, its average first (``-``: no rated roll): `` 48% The whole
    game``, `` 52% Side: Blue``, `` 31%   Red Line`` (units indented under their side)."""
    from drumhead.session.shown import percent

    mean = f"{percent(scope.total.mean):>4}"
    if scope.kind == "game":
        return f"{mean} The whole game"
    if scope.kind == "side":
        return f"{mean} Side: {scope.name}"
    return f"{mean}   {scope.name}"


def scope_prompt(report: LuckReport, scope: Scope) -> Text:
    """A scope's line in the list (the game and the sides in bold)."""
    return Text(scope_label(report, scope), style="bold" if scope.kind != "unit" else "")


def ordered_scopes(report: LuckReport) -> list[Scope]:
    """The game, then each side followed by its units; units of no side last."""
    out = [report.game]
    for side in report.sides:
        out.append(side)
        out += [u for u in report.units if u.side == side.id]
    sides = {s.id for s in report.sides}
    out += [u for u in report.units if u.side not in sides]
    return out


def detail_lines(report: LuckReport, scope: Scope) -> list[str]:
    """What the right pane shows for ``scope``: its tally, its chart, its rolls."""
    return [line for part in detail_parts(report, scope) for line in part]


def detail_parts(report: LuckReport, scope: Scope) -> tuple[list[str], ...]:
    """:func:`detail_lines` in parts (:data:`DETAIL_PARTS`), each drawn by a widget of its
    own: the title and tally, the chart by turn but for its last two lines (the latest turn
    and the key), those, the rolls."""
    from drumhead.session.shown import chart_lines, roll_text, tally_lines

    with_unit = scope.kind != "unit"
    if scope.kind == "game":
        title = "The whole game"
    elif scope.kind == "side":
        title = f"Side: {scope.name}"
    else:
        side = next((s.name for s in report.sides if s.id == scope.side), scope.side or "-")
        title = f"{scope.name} ({side})"
    head = [title, *tally_lines(scope.total, with_unit=with_unit), "", "By turn:"]
    rolls = scope.rolls  # its own: not the report's 20,000 filtered for every pane shown
    if len(rolls) > ROLLS_SHOWN:
        heading = [
            "",
            f"Rolls ({len(rolls):,}; the latest {ROLLS_SHOWN} shown, the log and "
            "`drumhead stats --json` list every one):",
        ]
    else:
        heading = ["", f"Rolls ({len(rolls)}):" if rolls else "No rolls yet."]

    def roll_line(roll: Any) -> str:  # a Roll of the report's
        text = roll_text(roll, with_unit=with_unit)
        return f"{text} - not rated: {roll.why_not}" if roll.percentile is None else text

    chunks: list[list[str]] = []
    at = max(0, len(rolls) - ROLLS_SHOWN)
    while at < len(rolls):
        end = min(len(rolls), (at // ROLL_CHUNK + 1) * ROLL_CHUNK)
        chunks.append([roll_line(roll) for roll in rolls[at:end]])
        at = end
    chart = chart_lines(scope)
    return head, chart[:-2], chart[-2:], heading, *chunks


class LuckScreen(KeptScreen):
    """The scopes on the left (the game, each side and its units, with their averages); the
    highlighted one's luck on the right."""

    BINDINGS = [
        Binding("escape", "app.back", "Back", id="back"),
        Binding("tab", "app.focus_next", "Other pane", id="luck-pane", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.counted_at_once = True
        """Whether the luck shown was counted as the screen opened; if not, it is counted in
        a worker thread while the screen shows that it is counting."""
        self.report: LuckReport | None = None
        """The luck of the game when the screen was opened (None while it is counted)."""
        self.scopes: list[Scope] = []
        """The scopes, in the list's order."""
        self.detail_parts: tuple[str, ...] = ("",) * len(DETAIL_PARTS)
        """The right pane's parts as shown (:data:`DETAIL_PARTS`)."""
        self.counting: LuckCount | None = None
        """The count running in the background, if one is."""
        self.counted_for: LuckCount | None = None
        """The count whose report is shown (None: none is): opened again while the game is
        still as it was counted, the screen shows it again instead of counting anew."""

    def compose(self) -> ComposeResult:
        yield StatusBar("Luck")
        yield Static(HINT, classes="hint")
        with Horizontal(id="luck-view"):
            yield SteadyOptionList(id="luck-scopes")
            with VerticalScroll(id="luck-detail-pane"):
                for part in DETAIL_PARTS:  # each shown once it has something to show
                    shown = Static(id=part, classes="luck-chart" if "chart" in part else "")
                    shown.display = False
                    yield shown
        yield KeysFooter()

    @property
    def detail_text(self) -> str:
        """What the right pane shows (the highlighted scope's luck), as plain text."""
        return "\n".join(part for part in self.detail_parts if part)

    def scope_options(self) -> list[Option]:
        """The scope list's lines (none while the luck is counted)."""
        report = self.report
        if report is None:
            return []
        return [Option(scope_prompt(report, s), id=f"scope:{i}") for i, s in enumerate(self.scopes)]

    def on_mount(self) -> None:
        self.fill()

    def reopen(self) -> bool:
        """Open again: the game's luck as it is now (kept: building the screen was most of
        the key's time)."""
        self.fill()
        return True

    def fill(self) -> None:
        """Show the game's luck: the report shown last if the game is still as it was
        counted (the battle builds this screen ahead, and its count with it: a 50,000-entry
        log's took most of a second after s), else counted now (at once, or in the
        background for a long log; a count under way still current goes on)."""
        if self.counted_for is not None and self.counted_for.still_current(self.session):
            self.show_report(self.report)
            return
        if self.counting is not None and self.counting.still_current(self.session):
            self.show_report(None)
            self.say_counting(self.counting)
            return
        self.stop_counting()
        count = begin_luck(self.session)
        self.counted_at_once = count.work_left() <= COUNT_AT_ONCE
        if self.counted_at_once:
            self.show_report(count.run(), count)
            self.freeze_when_drawn()
        else:
            self.show_report(None)
            self.count_in_background(count)

    def freeze_when_drawn(self) -> None:
        """A new count's report lives until the next count: a 50,000-entry log's (its tuples
        of 20,000 rolls and the tallies beside them) left unfrozen, every full collection
        walked it, 8-35 ms against 1.6-2.7 frozen (idle, in the long app), inside whatever
        key it fell in. It is frozen, the garbage collected first (a freeze made at every
        count must keep none), once the screen is drawn: run at its first refresh, the
        collection held back the last of the screen's pictures (s: 49 ms on the long game
        against 22)."""
        self.call_after_refresh(
            self.set_timer, FREEZE_AFTER, partial(self.drumhead.freeze_the_past, collect=True)
        )

    def show_report(self, report: LuckReport | None, count: LuckCount | None = None) -> None:
        """The scopes of ``report`` listed (none while it is counted; ``count``: the count
        that made it, if not the one shown already), the game's shown."""
        scopes = self.query_one("#luck-scopes", OptionList)
        if count is not None or report is None:
            self.counted_for = count
        with scopes.prevent(OptionList.OptionHighlighted):
            if report is None or report is not self.report:  # the same: listed already
                self.list_scopes(report)
            if report is not None:
                scopes.highlighted = 0
        self.set_focus(scopes)
        if report is not None:
            self.show_scope(0)
            self.query_one("#luck-detail-pane", VerticalScroll).scroll_home(animate=False)

    def list_scopes(self, report: LuckReport | None) -> None:
        """List the scopes of ``report``: where the list held no more of them (a count after
        a few changes), only the lines whose scope or figures changed are drawn anew and the
        others added at the end. Listing a 500-unit game's 441 scopes again measured every
        line: 35 ms of s after one new roll (profiled), 17 ms after a unit's first roll, for
        one to three lines changed or a unit's line put in among its side's."""
        scopes = self.query_one("#luck-scopes", SteadyOptionList)
        listed, self.report = self.scopes, report
        self.scopes = ordered_scopes(report) if report is not None else []
        if report is None or not listed or len(self.scopes) < len(listed):
            scopes.clear_options()
            scopes.add_options(self.scope_options())
            return
        changed = [  # the new scopes past the old end are added below
            i
            for i, (was, now) in enumerate(zip(listed, self.scopes, strict=False))
            if was is not now
            and ((was.kind, was.id), scope_label(report, was))
            != ((now.kind, now.id), scope_label(report, now))
        ]
        scopes.replace_prompts({i: scope_prompt(report, self.scopes[i]) for i in changed})
        scopes.add_options(
            Option(scope_prompt(report, self.scopes[i]), id=f"scope:{i}")
            for i in range(len(listed), len(self.scopes))
        )

    def count_in_background(self, count: LuckCount) -> None:
        """Count the luck in a worker thread (a 50,000-entry log takes seconds: the screen
        opens at once and Escape still goes back); say so meanwhile."""
        self.counting = count
        self.say_counting(count)
        self.call_after_refresh(self.start_count, count)

    def say_counting(self, count: LuckCount) -> None:
        self.show_detail((f"Counting the luck of {count.entries:,} log entries…",), "italic")

    def start_count(self, count: LuckCount) -> None:
        """Start the count once the screen is drawn (started before, its thread took turns
        with drawing it: s was 1.7x slower on a 50,000-entry log than on Cowpens); not if the
        screen was left, or counts anew, meanwhile."""
        if count is not self.counting:
            return
        self.run_worker(
            partial(self.count_worker, count),
            thread=True,
            group="luck",
            exclusive=True,
            exit_on_error=False,
        )

    def count_worker(self, count: LuckCount) -> None:
        try:
            report: LuckReport | None = count.run()
            error = ""
        except CountStopped:
            return  # the screen was closed: no one waits for it
        except Exception as exc:  # told on the screen, never a traceback
            report, error = None, f"{type(exc).__name__}: {exc}"
        self.app.call_from_thread(self.counted, count, report, error)

    def on_screen_suspend(self) -> None:
        """Left while counting: the count stops (it held the keys back for seconds)."""
        self.stop_counting()

    def on_unmount(self) -> None:
        self.stop_counting()

    def stop_counting(self) -> None:
        if self.counting is not None:
            self.counting.stop()
            self.counting = None

    def counted(self, count: LuckCount, report: LuckReport | None, error: str) -> None:
        """The count is done: shown if the game is still as it was when counting began
        (kept for the screen's first opening if it was counted ahead); counted again if it
        changed meanwhile (a change from the command palette) and the screen shows."""
        if count is not self.counting:
            return  # left, or counting anew, since: no one waits for this count
        self.counting = None
        if self.session.game is None:
            return
        if not count.still_current(self.session):
            if self.app.screen is self:
                self.count_in_background(begin_luck(self.session))
            return
        if report is None:
            self.show_detail((f"The luck could not be counted: {error}",))
            return
        self.show_report(report, count)
        self.freeze_when_drawn()
        if self not in self.app.screen_stack:  # counted ahead: laid out ahead with it too
            self.call_later(lay_out_ahead, self.app, self)

    @on(OptionList.OptionHighlighted, "#luck-scopes")
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_scope(event.option_index)

    def show_scope(self, index: int) -> None:
        """Fill the right pane with the luck of scope ``index``."""
        if self.report is None:
            return
        parts = detail_parts(self.report, self.scopes[index])
        self.show_detail(tuple("\n".join(part) for part in parts))

    def show_detail(self, parts: tuple[str, ...], style: str = "") -> None:
        """Show ``parts`` (the detail's, or a message alone) in the right pane, drawing anew
        only the parts that changed: a part shown already is not wrapped and laid out again.
        The chart is not wrapped at all (its lines are narrower than the pane): a long game's
        168 turns wrapped on every count were a third of the pane's time after a new roll."""
        slots = len(DETAIL_PARTS)
        if len(parts) > slots:  # more chunks than widgets (not with the figures above)
            parts = (*parts[: slots - 1], "\n".join(parts[slots - 1 :]))
        parts = (*parts, *[""] * slots)[:slots]
        for ident, part, was in zip(DETAIL_PARTS, parts, self.detail_parts, strict=True):
            if part != was:
                shown = self.query_one(f"#{ident}", Static)
                shown.update(Text(part, style=style))
                shown.display = bool(part)
        self.detail_parts = parts
