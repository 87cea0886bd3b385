"""The quick reference: a ruleset's checks, tables, sequence, rulings, options and gaps.

Searchable (every word must appear in the entry), every entry with its source; works with no
game open (``drumhead reference [RULESET]``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from drumhead.questions.tables import ShownTable
from drumhead.rules.model import Ruleset
from drumhead.session.house import HouseDesk

from ..house_actions import open_chart
from ..render import (
    check_modifiers_table,
    gap_value_text,
    reference_table,
    ruling_text,
)
from ..widgets.chart_text import chart_body
from ..widgets.fields import type_or_focus
from ..widgets.footer import KeysFooter
from ..widgets.status_bar import StatusBar
from .base import KeptScreen


@dataclass(frozen=True, slots=True)
class RefItem:
    """One entry of the reference list."""

    key: str
    """Unique within the ruleset: ``check:morale``, ``ruling:oibl-leader-rating``..."""
    kind: str
    """What it is: Check, Table, Phase, Ruling, Option, Gap."""
    title: str
    source: str
    body: RenderableType
    """What the detail pane shows."""
    words: str
    """Everything searchable, lower case."""

    def matches(self, query: str) -> bool:
        """Every word of the query appears somewhere in the entry."""
        return all(word in self.words for word in query.lower().split())


def reference_items(ruleset: Ruleset, charts: Sequence[ShownTable] = ()) -> list[RefItem]:
    """Every entry of a ruleset's quick reference, in reading order; ``charts``: the charts
    the sources lack, as the game has them (house and players' cells marked)."""
    items: list[RefItem] = []

    def add(
        key: str,
        kind: str,
        title: str,
        source: str,
        parts: list[RenderableType],
        extra: str = "",
    ) -> None:
        plain = [p.plain for p in parts if isinstance(p, Text)]
        words = " ".join([kind, title, source, *plain, extra]).lower()
        header = Text()
        header.append(title + "\n", style="bold")
        header.append(f"{kind} · source: {source}\n", style="italic")
        items.append(RefItem(key, kind, title, source, Group(header, *parts), words))

    for entry in ruleset.reference:
        parts: list[RenderableType] = [Text(entry.text)] if entry.text else []
        table = reference_table(entry)
        if table is not None:
            parts.append(table)
        if entry.tags:
            parts.append(Text("tags: " + ", ".join(entry.tags), style="italic"))
        cells = " ".join([*entry.columns, *(c for row in entry.rows for c in row)])
        kind = "Table" if entry.rows else "Rule"
        add(f"reference:{entry.id}", kind, entry.title, entry.source, parts, cells)
    for shown in charts:
        cells = " ".join(c.text for row in shown.rows for c in row)
        add(
            f"chart:{shown.gap_table}", "Chart", shown.title, shown.source, chart_body(shown), cells
        )
    for check in ruleset.checks:
        text = Text(check.summary + "\n")
        if check.inputs:
            text.append("\nInputs: " + "; ".join(i.label for i in check.inputs) + "\n")
        outcomes = [o.text.split("{")[0].strip(" :") or o.id for o in check.outcomes]
        if outcomes:
            text.append("Outcomes: " + "; ".join(outcomes) + "\n")
        if check.option:
            text.append(f"Optional rule: {check.option}\n", style="italic")
        parts = [text]
        mods = check_modifiers_table(check)
        if mods is not None:
            parts.append(mods)
        labels = " ".join(f"{m.label} {m.source}" for m in check.modifiers)
        add(f"check:{check.id}", "Check", check.title, check.source, parts, labels)
    if ruleset.sequence is not None:
        for phase in ruleset.sequence.phases:
            text = Text()
            if phase.note:
                text.append(phase.note + "\n")
            for number, step in enumerate(phase.steps, 1):
                text.append(f"{number}. {step.text}")
                if step.option:
                    text.append(f"  [optional rule: {step.option}]", style="italic")
                if step.source:
                    text.append(f"  ({step.source})", style="italic")
                text.append("\n")
            add(
                f"phase:{phase.id}",
                "Phase",
                phase.title,
                phase.source or ruleset.sequence.source,
                [text],
            )
    for ruling in ruleset.rulings:
        add(f"ruling:{ruling.id}", "Ruling", ruling.rule, ruling.source, [ruling_text(ruling)])
    for option in ruleset.options:
        text = Text(option.description + "\n")
        text.append("On by default\n" if option.default else "Off unless chosen\n", style="italic")
        add(f"option:{option.id}", "Option", option.title, option.source, [text])
    for gap in ruleset.gaps:
        text = Text(gap.question + "\n")
        text.append(f"Value: {gap_value_text(gap)}\n")
        add(f"gap:{gap.id}", "Gap", gap.question, gap.source, [text])
    return items


class ReferenceScreen(KeptScreen):
    """The list of entries on the left (filtered as you type), the chosen entry on the right."""

    BINDINGS = [
        Binding("escape", "app.back", "Back", id="back"),
        Binding("slash", "focus_search", "Search", id="search", priority=True),
        Binding("ctrl+n", "next_ruleset", "Next ruleset", id="next-ruleset"),
        Binding("e", "type_chart", "Type this chart", id="type-chart"),
    ]

    def __init__(self, query: str = "") -> None:
        super().__init__()
        self.query_text = query
        """The search the screen opens with."""
        self.items: list[RefItem] = []
        """Every entry of the ruleset."""
        self.shown: list[RefItem] = []
        """The entries matching the search."""
        self.showing: RefItem | None = None
        """The entry the detail pane shows."""
        self.items_for: Ruleset | None = None
        """The ruleset :attr:`items` were read from."""
        self.answers_for: dict[str, object] | None = None
        """The players' answers the charts were drawn with."""

    def compose(self) -> ComposeResult:
        yield StatusBar("Reference")
        with Horizontal(id="reference"):
            with Vertical(id="reference-left"):
                yield Input(
                    self.query_text, placeholder="search: morale, cover, rout…", id="ref-search"
                )
                yield OptionList(id="ref-list")
            with VerticalScroll(id="ref-detail"):
                yield Static("", id="ref-body")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.load()

    def fits_app(self) -> bool:
        """The reference shows whichever ruleset is in use (see :meth:`reopen`)."""
        return True

    def reopen(self, query: str | None = "") -> bool:
        """Open again on ``query``, on the ruleset now in use (read again if it changed)."""
        self.query_text = query or ""
        search = self.query_one("#ref-search", Input)
        with search.prevent(Input.Changed):
            search.value = self.query_text
        if self.items_for is not self.session.ruleset or self.answers_changed():
            self.load()
        else:
            self.filter(self.query_text)
            self.set_focus(self.query_one("#ref-list", OptionList))
        return True

    def load(self) -> None:
        """Read the ruleset's entries and show the ones matching the search."""
        desk = HouseDesk(self.session)
        self.items_for = self.session.ruleset
        self.answers_for = dict(desk.answers())
        charts = [desk.chart(table.id)[1] for table in desk.charts()]
        self.items = reference_items(self.items_for, charts)
        self.filter(self.query_one("#ref-search", Input).value)
        self.query_one("#ref-list", OptionList).focus()

    def answers_changed(self) -> bool:
        """Whether the players' answers changed since the charts were drawn."""
        return dict(HouseDesk(self.session).answers()) != self.answers_for

    def game_changed(self) -> None:
        """An answer given, changed or taken back: the charts drawn again (kept on the
        entry shown)."""
        if not self.is_mounted or not self.answers_changed():
            return
        showing = self.showing.key if self.showing is not None else None
        self.load()
        keys = [item.key for item in self.shown]
        if showing in keys:
            listing = self.query_one("#ref-list", OptionList)
            listing.highlighted = keys.index(showing)
            self.show(self.shown[keys.index(showing)])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """e (type this chart) only on a chart."""
        if action == "type_chart":
            return self.showing is not None and self.showing.key.startswith("chart:")
        return True

    def action_type_chart(self) -> None:
        """e: the chart shown, in the grid editor."""
        if self.showing is None or not self.showing.key.startswith("chart:"):
            return
        open_chart(self.drumhead, self.showing.key.partition(":")[2])

    def filter(self, query: str) -> None:
        """List the entries matching ``query``, the first highlighted and shown. The list and
        the detail are rebuilt only where they change: repainting them was most of the time
        the reference took to open again on the same search."""
        shown = [item for item in self.items if item.matches(query)]
        options = self.query_one("#ref-list", OptionList)
        if list(map(id, shown)) != list(map(id, self.shown)):
            self.shown = shown
            options.clear_options()
            options.add_options(
                [Option(f"{item.kind}: {item.title}", id=item.key) for item in self.shown]
            )
        if self.shown:
            options.highlighted = 0
            options.scroll_home(animate=False)
            self.show(self.shown[0])
        else:
            self.showing = None
            self.query_one("#ref-body", Static).update(
                Text(f"Nothing matches '{query}'.", style="italic")
            )

    def show(self, item: RefItem) -> None:
        if item is not self.showing:
            self.showing = item
            self.refresh_bindings()
            self.query_one("#ref-body", Static).update(item.body)
        self.query_one("#ref-detail", VerticalScroll).scroll_home(animate=False)

    @on(Input.Changed, "#ref-search")
    def search_changed(self, event: Input.Changed) -> None:
        self.filter(event.value)

    @on(Input.Submitted, "#ref-search")
    def search_submitted(self) -> None:
        self.query_one("#ref-list", OptionList).focus()

    @on(OptionList.OptionHighlighted, "#ref-list")
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        for item in self.shown:
            if item.key == event.option_id:
                self.show(item)

    def action_focus_search(self) -> None:
        type_or_focus(self, self.query_one("#ref-search", Input), "/")

    def action_next_ruleset(self) -> None:
        """Cycle through the shipped rulesets (only when no game is open)."""
        if not self.session.can_switch_ruleset:
            self.notify("A game is open: its ruleset is the one shown.", severity="warning")
            return
        self.session.next_ruleset()
        self.load()
