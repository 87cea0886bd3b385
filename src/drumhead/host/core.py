"""The host's core without its commands: the devices, the numbering of the game's changes,
what each device is sent, and how much may wait for it (:class:`HubCore`;
:class:`~drumhead.host.hub.Hub` adds the commands and the proposals).

Every change of the game (an event made, undone, redone, a jump) gets the next **event
number** of this host run, and a line of the log in words; each device is sent it with its
role's view (:mod:`drumhead.host.views`). A device that comes back says the host run and the
last number it has: it is sent every line after it and the state as it is now (or, when it
is too far behind or the host was restarted, the whole state and the latest lines).

Each device has an outbox of at most :data:`~drumhead.host.limits.OUTBOX_LIMIT` messages:
the server sends from it; a device that stops reading has the states waiting for it folded
into one (every line it missed and the state now), so the host never blocks and never grows
without bound.
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from drumhead.host.asks import Refused
from drumhead.host.ledger import Ledger, ledger_path
from drumhead.host.limits import (
    LINES_KEPT,
    LINES_ON_RESET,
    MAX_DEVICES,
    OUTBOX_LIMIT,
    RATE_BURST,
    RATE_PER_SECOND,
)
from drumhead.host.proposals import ProposalBook, proposals_path
from drumhead.host.protocol import Hello, dump
from drumhead.host.tokens import follow as follow_tokens
from drumhead.host.views import (
    DISPLAY,
    Luck,
    placed_roll,
    placed_rolls,
    private_to,
    public_view,
    side_view,
    withheld,
)
from drumhead.session import Change

if TYPE_CHECKING:
    from drumhead.game import Event
    from drumhead.session import TableSession


class Out(NamedTuple):
    """A message waiting for a device."""

    n: int
    """The event number the device has been sent everything up to, once this is sent."""
    text: str
    state: bool
    """It carries the game's state (an update, a catch-up...): one message with the state
    now stands for any number of them. Answers, forms and errors are not."""


@dataclass(eq=False)
class Device:
    """One connection: a display or a side's phone (or a script)."""

    id: str
    """``d1``, ``d2``... in the order they connected (this host run)."""
    role: str
    """:data:`~drumhead.host.views.DISPLAY`, or the id of the side it plays."""
    name: str
    """What it says it is (a browser, ``drumhead play``), for the host's list."""
    outbox: deque[Out] = field(default_factory=deque)
    """Messages waiting to leave (the server's writer takes them, and sets
    :attr:`delivered`)."""
    delivered: int = 0
    """The event number of the last message taken out of the outbox."""
    ready: bool = False
    """It said hello: it is sent every change from now on."""
    overflowed: int = 0
    """Times its outbox filled (it stopped reading) and was replaced by one message: every
    line after the last number it was sent, and the state now."""
    tokens: float = RATE_BURST
    """Messages it may still send at once (refilled :data:`RATE_PER_SECOND` a second)."""
    checked: float = 0.0
    """When :attr:`tokens` was last refilled."""
    wake: Callable[[], None] | None = None
    """Told when a message is queued (the server's writer waits for it)."""
    dismissed: bool = False
    """Sent away (its token is another game's): closed once its outbox is sent."""
    commands: int = 0
    """Commands it sent."""


@dataclass(frozen=True, slots=True)
class Line:
    """One numbered change of the game, in words."""

    n: int
    kind: str
    """The event's kind (``resolution``, ``next_step``...), or ``undo``, ``redo``, ``jump``."""
    text: str
    turn: int
    sides: frozenset[str] | None = None
    """The sides whose own view shows what changed (:func:`~drumhead.host.views.private_to`);
    None: every role's line."""
    withheld: str = ""
    """What the other roles read instead (kind ``private``)."""

    def to_dict(self) -> dict[str, Any]:
        """The line whole (the host's console)."""
        return {"n": self.n, "kind": self.kind, "text": self.text, "turn": self.turn}

    def for_role(self, role: str) -> dict[str, Any]:
        """The line as ``role`` may read it: whole, or under its number that a side's own
        cards changed."""
        if self.sides is None or role in self.sides:
            return self.to_dict()
        return {"n": self.n, "kind": "private", "text": self.withheld, "turn": self.turn}


class HubCore:
    """One game shared with its devices: all but the commands (see the module)."""

    def __init__(
        self,
        session: TableSession,
        *,
        ledger: Ledger | None = None,
        proposals: ProposalBook | None = None,
        auto: frozenset[str] = frozenset(),
        sides_walk: bool = True,
        autosave: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.session = session
        """The table session: every change goes through it, as the app's do."""
        self.host = secrets.token_hex(8)
        """This host run's id: event numbers count from 0 in each (a device that heard
        another run is sent the whole state)."""
        self.n = 0
        """The last event number given."""
        self.lines: deque[Line] = deque(maxlen=LINES_KEPT)
        """The latest numbered lines (for devices catching up)."""
        self.ledger = ledger if ledger is not None else Ledger()
        self.devices: dict[str, Device] = {}
        self.connected = 0
        """Devices connected so far (their ids count on from it)."""
        self.proposals = proposals if proposals is not None else ProposalBook()
        """The proposals waiting and lately decided (kept beside the save when given a
        path): those a stopped host left are settled against the commands done."""
        self.proposals.settle(self.ledger)
        self.auto = set(auto)
        """Sides whose proposals the host accepts by itself."""
        self.sides_walk = sides_walk
        """Whether a side may walk the turn on (next step, next phase, draw)."""
        self.autosave = autosave
        """Write each change to the save before answering (False: the front end does)."""
        self.clock = clock
        self.listeners: list[Callable[[], None]] = []
        """Told when the devices or the proposals change (the host's screen)."""
        self.switched: list[Callable[[], None]] = []
        """Told when another game is opened, before its devices hear of it (the server
        takes that game's tokens and sends away the devices holding the first's)."""
        self._views: dict[str, str] = {}
        """Each role's view as sent, for the current number (cleared by every change)."""
        self._public: dict[str, Any] | None = None
        """The public view for the current number (the display's, and the base of each
        side's)."""
        self._luck: list[dict[str, Any]] | None = None
        """The luck by side, for the current number."""
        self._rolls: Luck | None = None
        """The luck of every roll in effect: one more after a roll; read again from the
        whole log only after an undo, a redo, a jump or a revert (None: to read)."""
        self.save_path = session.save.path if session.save is not None else None
        """The save the game is hosted from (the files the host keeps are beside it)."""
        self._seen = self._snapshot()
        session.subscribe(self._changed)

    # -- devices ------------------------------------------------------------------------------
    def roles(self) -> list[str]:
        """The roles a device may have: the display, then each side of the game."""
        return [DISPLAY, *(s.id for s in self.session.state.sides)]

    def connect(self, role: str, name: str = "") -> Device:
        """A device joins as ``role``; it is sent the state once it says hello."""
        if role not in self.roles():
            raise Refused(f"no role '{role}' (roles: {', '.join(self.roles())})")
        if len(self.devices) >= MAX_DEVICES:
            raise Refused(f"{MAX_DEVICES} devices are connected already")
        self.connected += 1
        device = Device(f"d{self.connected}", role, name[:80], checked=self.clock())
        self.devices[device.id] = device
        self._tell_listeners()
        return device

    def disconnect(self, device: Device) -> None:
        self.devices.pop(device.id, None)
        self._tell_listeners()

    def dismiss(self, device: Device, reason: str) -> None:
        """Send ``device`` away, telling it why: it hears nothing more of the game."""
        self.devices.pop(device.id, None)
        device.dismissed = True
        self._send(device, {"type": "closed", "reason": reason})
        self._tell_listeners()

    def _take_token(self, device: Device) -> bool:
        now = self.clock()
        device.tokens = min(RATE_BURST, device.tokens + (now - device.checked) * RATE_PER_SECOND)
        device.checked = now
        if device.tokens < 1:
            return False
        device.tokens -= 1
        return True

    # -- what is sent -------------------------------------------------------------------------
    def view(self, role: str) -> str:
        """``role``'s view of the game now, as JSON text (worked out once per change)."""
        found = self._views.get(role)
        if found is None:
            public = self._public_view()
            if role == DISPLAY:
                shown = public
            else:
                mine = [p.to_dict() for p in reversed(self.proposals.of_side(role))]
                shown = side_view(self.session, role, public, mine)
                shown["auto"] = role in self.auto
                shown["walk"] = self.sides_walk
                shown["pick"] = self._question(role)
            found = dump(shown)
            self._views[role] = found
        return found

    def _public_view(self) -> dict[str, Any]:
        if self._public is None:
            if self._luck is None:
                game = self.session.open_game_or_fail()
                if self._rolls is None:
                    self._rolls = Luck(placed_rolls(game))
                self._luck = self._rolls.shown(game)
            self._public = public_view(self.session, self._luck)
            self._public["waiting"] = len(self.proposals.waiting())
            asked = self._question(None)
            self._public["picking"] = (
                {k: asked[k] for k in ("proposal", "text", "role_title", "side", "side_name")}
                if asked is not None
                else None
            )
        return self._public

    def _question(self, role: str | None) -> dict[str, Any] | None:
        """The pick a roll's effects wait for, as ``role`` is asked it (None: whoever is)."""
        found = self.proposals.picking()
        if found is None or found.picking is None or role not in (None, found.picking.side):
            return None
        return found.picking.shown(self.session, found.id)

    def _message(self, kind: str, role: str, **fields: Any) -> str:
        """A host message carrying ``role``'s view (spliced in as text: built once)."""
        head = dump({"type": kind, "host": self.host, "n": self.n, **fields})
        return head[:-1] + ',"view":' + self.view(role) + "}"

    def _send(self, device: Device, message: dict[str, Any] | str, *, state: bool = False) -> None:
        """Queue ``message`` for ``device`` (``state``: it carries the game's state)."""
        text = message if isinstance(message, str) else dump(message)
        out = device.outbox
        if len(out) >= OUTBOX_LIMIT:
            # it stopped reading: the states it would have read are all in one message (the
            # lines since the last number it was sent, and the state now); the latest of its
            # answers are kept (one it lost, it asks again by id)
            device.overflowed += 1
            kept = [o for o in out if not o.state][-(OUTBOX_LIMIT // 2) :]
            out.clear()
            out.append(Out(self.n, self._catchup(device.role, device.delivered), True))
            out.extend(kept)
            if not state:
                out.append(Out(self.n, text, False))
        else:
            out.append(Out(self.n, text, state))
        if device.wake is not None:
            device.wake()

    def _reset(self, role: str) -> str:
        recent = list(self.lines)[-LINES_ON_RESET:]
        return self._message("reset", role, lines=[x.for_role(role) for x in recent])

    def _catchup(self, role: str, since: int) -> str:
        """Every line after ``since`` and the state now (the whole state and the latest
        lines when ``since`` is older than the lines kept)."""
        oldest = self.lines[0].n if self.lines else self.n + 1
        if not oldest - 1 <= since <= self.n:
            return self._reset(role)
        missed = [x.for_role(role) for x in self.lines if x.n > since]
        return self._message("catchup", role, lines=missed)

    def _hello(self, device: Device, hello: Hello) -> None:
        since = hello.since
        device.ready = True
        welcome = {
            "type": "welcome",
            "device": device.id,
            "role": device.role,
            "host": self.host,
            "game": self.session.state.name,
        }
        self._send(device, welcome)
        if hello.host == self.host and since is not None:
            self._send(device, self._catchup(device.role, since), state=True)
        else:
            self._send(device, self._reset(device.role), state=True)
        self._tell_listeners()

    def _broadcast(self, line: Line | None) -> None:
        """Every ready device is sent the change (``line``; None: its view alone changed)."""
        sent: dict[str, str] = {}
        for device in list(self.devices.values()):
            if not device.ready:
                continue
            text = sent.get(device.role)
            if text is None:
                if line is None:
                    text = self._message("view", device.role)
                else:
                    text = self._message("update", device.role, line=line.for_role(device.role))
                sent[device.role] = text
            self._send(device, text, state=True)

    # -- numbering the game's changes ---------------------------------------------------------
    def _snapshot(self) -> tuple[int, int, int]:
        game = self.session.game
        if game is None:
            return (0, 0, 0)
        last = game.last_event
        return (game.event_count, len(game.redo_stack), last.seq if last else 0)

    def _follow_save(self, change: Change) -> None:
        """The session's save is another: saved under another name (save as), the game goes
        on there, and so do the commands done, the proposals and the devices' tokens kept
        beside its save (the old save keeps its ledger and tokens, which describe it);
        another game opened, the commands done and proposals are that game's own, read from
        beside its save (never the first game's, rolled against it)."""
        save = self.session.save
        if save is None or self.save_path is None or save.path == self.save_path:
            return
        old, self.save_path = self.save_path, save.path
        if change is Change.SAVING:
            if self.ledger.path is not None:
                self.ledger.follow(ledger_path(save.path))
            if self.proposals.path is not None:
                self.proposals.follow(proposals_path(save.path))
            follow_tokens(old, save.path)
        else:  # kept on disk if they were, else in memory: either way this game's alone
            on_disk = self.ledger.path is not None
            self.ledger = Ledger(ledger_path(save.path) if on_disk else None)
            on_disk = self.proposals.path is not None
            self.proposals = ProposalBook(proposals_path(save.path) if on_disk else None)
            self.proposals.settle(self.ledger)
            for switched in list(self.switched):
                switched()
        self._tell_listeners()

    def _changed(self, change: Change) -> None:
        if change in (Change.SAVING, Change.OPENED):
            self._follow_save(change)
        if change is Change.SAVING:
            return
        if change is Change.CLOSED:
            for device in list(self.devices.values()):
                self._send(device, {"type": "closed", "reason": "the host closed the game"})
            return
        if change not in (Change.GAME, Change.OPENED) or self.session.game is None:
            return
        before, self._seen = self._seen, self._snapshot()
        self.n += 1
        self._views.clear()
        self._public = None
        line = self._line(before, self._seen, opened=change is Change.OPENED)
        game = self.session.open_game_or_fail()
        if line.kind == "resolution" and self._rolls is not None and game.last_event:
            self._rolls.add(placed_roll(game, game.last_event))
            self._luck = None
        elif line.kind not in STEADY_LUCK:
            self._rolls = self._luck = None
        self.lines.append(line)
        self._broadcast(line)

    def _line(
        self, before: tuple[int, int, int], now: tuple[int, int, int], *, opened: bool = False
    ) -> Line:
        game = self.session.open_game_or_fail()
        turn = game.state.turn
        count, redo, _ = now
        if count < before[0]:
            undone = game.redo_stack[0] if game.redo_stack else None
            kind = "undo" if count == before[0] - 1 and redo == before[1] + 1 else "jump"
            if kind == "undo" and undone is not None:
                text = f"Undone: {self.session.describe(undone)}"
                return self._private(Line(self.n, kind, text, turn), undone)
            return Line(self.n, kind, f"Back to entry {count} of the log", turn)
        last = game.last_event
        if last is None or opened:
            return Line(self.n, "opened", f"The game '{game.state.name}' is open", turn)
        redone = count == before[0] + 1 and redo == before[1] - 1
        text = self.session.describe(last)
        if redone:
            return self._private(Line(self.n, "redo", f"Redone: {text}", turn), last)
        return self._private(Line(self.n, last.kind, text, turn), last)

    def _private(self, line: Line, event: Event) -> Line:
        """``line`` kept to the sides whose own view shows what ``event`` changed."""
        game = self.session.open_game_or_fail()
        sides = private_to(game, event)
        if sides is None:
            return line
        return replace(line, sides=sides, withheld=withheld(game, sides))

    def problems(self) -> list[str]:
        """What the host cannot keep beside the save now (the proposals, the commands
        done): the referee is told each."""
        return [p for p in (self.proposals.problem, self.ledger.problem) if p is not None]

    def of_role(self, role: str) -> list[Device]:
        return [d for d in self.devices.values() if d.role == role]

    def _tell_listeners(self) -> None:
        for listener in list(self.listeners):
            listener()

    def close(self) -> None:
        """Stop hearing the session (the devices are told the game is closed)."""
        for device in list(self.devices.values()):
            self._send(device, {"type": "closed", "reason": "the host stopped"})
        self.session.unsubscribe(self._changed)


STEADY_LUCK = frozenset(
    {"edit", "tick_step", "next_phase", "next_turn", "draw_card", "shuffle_deck", "note"}
    | {"add_side", "add_leader", "attach_leader", "set_gap", "set_gaps", "initiative"}
    | {"apply_effects", "roll"}
)
"""Kinds of change after which the rolls in effect are the same (none made or taken back;
a unit's name or side changed by an edit is read again at the next undo or jump)."""
