"""``drumhead join URL --token T``: a hosted game followed in this terminal, as a side's phone or
a display would (issue 39; the protocol is in ``docs/table.md``).

A mirror of what the token's role may see, as the host sends it (nothing is worked out here):
where the turn is, the side's units (every unit, for a display), the last result with its
odds, the side's proposals and the log. A side acts through the same commands as its phone:
propose the highlighted unit's morale test (the host rolls; the referee accepts), take back a
proposal, walk the turn on. The host's own app and a phone's page show the full check form;
this client keeps to the morale test, the check a side asks for most.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import DataTable, Footer, Static

from drumhead.errors import DrumheadError
from drumhead.host.client import TableClient


class JoinedApp(App[None]):
    """A device of a hosted game in a terminal (see the module's description)."""

    TITLE = "drumhead · joined"
    CSS = """
    #where { height: auto; padding: 0 1; background: $panel; text-style: bold; }
    #status { height: 1; padding: 0 1; color: $text-muted; }
    #units { width: 3fr; }
    #side-panel { width: 2fr; padding: 0 1; }
    #last { border: round $accent; padding: 0 1; height: auto; }
    #proposals, #log { height: auto; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "propose", "Propose morale test", tooltip="For the highlighted unit"),
        Binding("w", "withdraw", "Take back", tooltip="Your latest proposal still waiting"),
        Binding("n", "walk('next_step')", "Next step"),
        Binding("d", "walk('draw')", "Draw a card"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, url: str, token: str | None = None) -> None:
        super().__init__()
        self.client = TableClient(url, token, name="drumhead join", on_message=self.heard)
        """The connection to the host (it reconnects by itself)."""
        self.note = "connecting…"
        """What became of the last thing asked, or the connection's state."""

    def compose(self) -> ComposeResult:
        yield Static("", id="where")
        yield Static("", id="status")
        with Horizontal():
            yield DataTable(id="units", cursor_type="row", zebra_stripes=True)
            with VerticalScroll(id="side-panel"):
                yield Static("No check rolled yet.", id="last")
                yield Static("", id="proposals")
                yield Static("", id="log")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#units", DataTable)
        table.add_columns("Unit", "Side", "Strength", "Morale", "Markers")
        self.join()

    @work(exclusive=True, group="connection")
    async def join(self) -> None:
        try:
            await self.client.connect()
        except DrumheadError as exc:
            self.note = f"cannot join: {exc}"
            self.paint()

    async def on_unmount(self) -> None:
        await self.client.close()

    # -- what the host says -------------------------------------------------------------------
    def heard(self, message: dict[str, Any]) -> None:
        if message.get("type") == "closed":
            self.note = f"the host stopped ({message.get('reason', '')}): reconnecting…"
        elif message.get("type") == "error":
            self.note = f"the host says: {message.get('reason')}"
        elif message.get("type") in ("reset", "catchup"):
            self.note = "live"
        self.paint()

    def paint(self) -> None:
        view = self.client.view
        self.query_one("#status", Static).update(self.note)
        if not view:
            return
        who = view.get("side_name") or "Display"
        step = f" · {view['step']}" if view.get("step") else ""
        self.query_one("#where", Static).update(f"{who} · {view['game']} · {view['where']}{step}")
        self.paint_units(view)
        self.paint_last(view.get("last"))
        mine = view.get("proposals") or []
        lines = [f"{p['id']} {p['status']}: {p['check']} for {p['unit']}" for p in mine[:5]]
        lines += [f"  {p['reason']}" for p in mine[:1] if p.get("reason")]
        self.query_one("#proposals", Static).update(
            "Your proposals\n" + "\n".join(lines) if lines else ""
        )
        log = [f"#{x['n']} {x['text']}" for x in self.client.lines[-6:]]
        self.query_one("#log", Static).update("\n".join(reversed(log)))

    def paint_units(self, view: dict[str, Any]) -> None:
        table = self.query_one("#units", DataTable)
        side = view.get("side")
        rows = [
            (u, s["name"])
            for s in view["sides"]
            for u in s["units"]
            if side is None or s["id"] == side
        ]
        keep = table.cursor_row
        table.clear()
        for unit, side_name in rows:
            state = "out of play" if unit["removed"] else unit["state_short"]
            table.add_row(
                unit["name"],
                side_name,
                f"{unit['strength']}/{unit['strength_start']}",
                state,
                ", ".join(unit["markers_short"]),
                key=unit["id"],
            )
        if rows:
            table.move_cursor(row=min(keep, len(rows) - 1))

    def paint_last(self, last: dict[str, Any] | None) -> None:
        if not last:
            return
        dice = " | ".join(" ".join(map(str, faces)) for faces in last["dice"])
        odds = "  ".join(
            f"{'▶ ' if o['this'] else ''}{o['outcome']} {o['percent']}%" for o in last["odds"]
        )
        effects = "\n".join(f"→ {e['text']} ({e['unit']})" for e in last["effects"])
        self.query_one("#last", Static).update(
            f"{last['check']} · {last['unit'] or ''}\n[{dice}] {last['text']}\n{odds}\n{effects}"
        )

    # -- what a side does ---------------------------------------------------------------------
    def highlighted(self) -> str | None:
        table = self.query_one("#units", DataTable)
        if table.row_count == 0:
            return None
        return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    @work(group="commands")
    async def action_propose(self) -> None:
        unit = self.highlighted()
        card = next((c for c in self.client.view.get("cards", ()) if c["id"] == unit), None)
        if unit is None or card is None or not card.get("morale_check"):
            self.note = "pick one of your units that takes a morale test"
            self.paint()
            return
        self.note = "proposed: waiting for the referee…"
        self.paint()
        answer = await self.client.command(
            "propose", check=card["morale_check"], unit=unit, timeout=600
        )
        self.tell(answer)

    @work(group="commands")
    async def action_withdraw(self) -> None:
        waiting = [p for p in self.client.view.get("proposals", ()) if p["status"] == "waiting"]
        if not waiting:
            self.note = "no proposal of yours is waiting"
            self.paint()
            return
        self.tell(await self.client.command("withdraw", proposal=waiting[0]["id"]))

    @work(group="commands")
    async def action_walk(self, doing: str) -> None:
        self.tell(await self.client.command(doing))

    def tell(self, answer: dict[str, Any]) -> None:
        if not answer.get("ok") or answer.get("status") == "refused":
            self.note = f"refused: {answer.get('reason', '')}"
        else:
            self.note = f"{answer.get('status', 'done')}: {answer.get('reason', '')}".rstrip(": ")
        self.paint()
