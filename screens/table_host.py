"""The host's own view of a hosted game (``drumhead host SAVE`` in a terminal, issue 39): the
devices connected, the sides' proposals waiting for the referee, and where each role joins.

The referee accepts (``a``: the host rolls, or takes the faces typed on the phone, and the
effects are applied as the app's own check would) or refuses (``r``) the highlighted
proposal, or lets the host accept that side's proposals by itself (``t``). The screen knows
the hosted game only through :class:`TableDesk` (``drumhead.cli.host_app`` gives it one over
the host's hub).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Static


class TableDesk(Protocol):
    """What the host's screen asks of the hosted game."""

    listeners: list[Callable[[], None]]
    """Told when the devices or the proposals change."""

    def join_addresses(self) -> list[tuple[str, str, str]]:
        """(role, who it is for, address with its token) of every role."""
        ...

    def devices(self) -> list[tuple[str, str, str]]:
        """(device id, role, what it is) of every device connected."""
        ...

    def waiting(self) -> list[dict[str, Any]]:
        """The proposals waiting, oldest first (``id``, ``side``, ``check``, ``unit``,
        ``against``, ``modifiers``, ``dice``, ``odds``)."""
        ...

    def accept(self, proposal: str) -> str:
        """Roll it; what came of it."""
        ...

    def refuse(self, proposal: str, why: str) -> str: ...

    def toggle_auto(self, side: str) -> bool:
        """Accept ``side``'s proposals by itself, or stop; whether it now does."""
        ...

    def qr(self, url: str) -> str:
        """``url`` as a QR code of text."""
        ...


class TableHostScreen(ModalScreen[None]):
    """Devices, proposals and join addresses of the hosted game (see the module)."""

    DEFAULT_CSS = """
    TableHostScreen { align: center middle; }
    TableHostScreen > Vertical { width: 96%; height: 94%; border: thick $accent; background: $surface; padding: 0 1; }
    TableHostScreen DataTable { height: auto; max-height: 12; margin-bottom: 1; }
    TableHostScreen .title { text-style: bold; margin-top: 1; }
    TableHostScreen #said { color: $warning; height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "accept", "Accept", tooltip="Roll the highlighted proposal"),
        Binding("r", "refuse", "Refuse", tooltip="Refuse the highlighted proposal"),
        Binding("t", "auto", "Auto-accept side", tooltip="Accept this side's proposals by itself"),
        Binding("escape", "dismiss", "Back"),
    ]

    def __init__(self, desk: TableDesk) -> None:
        super().__init__()
        self.desk = desk
        """The hosted game."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Proposals waiting for the referee", classes="title")
            yield DataTable(id="proposals", cursor_type="row")
            yield Static("", id="said")
            yield Static("Devices connected", classes="title")
            yield DataTable(id="devices", cursor_type="row")
            with VerticalScroll():
                yield Static("", id="join")
            yield Footer()

    def on_mount(self) -> None:
        self.query_one("#proposals", DataTable).add_columns(
            "Id", "Side", "Check", "Unit", "Against", "Modifiers", "Dice", "Odds"
        )
        self.query_one("#devices", DataTable).add_columns("Device", "Role", "What")
        lines = []
        for role, title, url in self.desk.join_addresses():
            lines.append(f"{title} ({role}): {url}\n{self.desk.qr(url)}")
        self.query_one("#join", Static).update("\n".join(lines))
        self.desk.listeners.append(self.refresh_lists)
        self.refresh_lists()

    def on_unmount(self) -> None:
        if self.refresh_lists in self.desk.listeners:
            self.desk.listeners.remove(self.refresh_lists)

    def refresh_lists(self) -> None:
        proposals = self.query_one("#proposals", DataTable)
        proposals.clear()
        for p in self.desk.waiting():
            odds = ", ".join(f"{o['outcome']} {o['percent']}%" for o in p.get("odds", ()))
            dice = " ".join(map(str, p["dice"])) if p.get("dice") else "host rolls"
            proposals.add_row(
                p["id"],
                p["side"],
                p["check"],
                p.get("unit") or "",
                ", ".join(p.get("against") or ()),
                ", ".join(p.get("modifiers") or ()) or "none",
                dice,
                odds,
                key=p["id"],
            )
        devices = self.query_one("#devices", DataTable)
        devices.clear()
        for ident, role, what in self.desk.devices():
            devices.add_row(ident, role, what, key=ident)

    def highlighted(self) -> dict[str, Any] | None:
        table = self.query_one("#proposals", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return next((p for p in self.desk.waiting() if p["id"] == key), None)

    def say(self, text: str) -> None:
        self.query_one("#said", Static).update(text)

    def action_accept(self) -> None:
        proposal = self.highlighted()
        if proposal is None:
            self.say("No proposal is waiting.")
            return
        self.say(f"{proposal['id']}: {self.desk.accept(proposal['id'])}")

    def action_refuse(self) -> None:
        proposal = self.highlighted()
        if proposal is None:
            self.say("No proposal is waiting.")
            return
        self.say(f"{proposal['id']}: {self.desk.refuse(proposal['id'], 'refused by the referee')}")

    def action_auto(self) -> None:
        proposal = self.highlighted()
        if proposal is None:
            self.say("Highlight a proposal of the side to accept by itself.")
            return
        on = self.desk.toggle_auto(proposal["side"])
        self.say(f"{proposal['side']}: proposals {'accepted by the host' if on else 'asked'}.")
