"""The host's core: one table session shared with the devices at the table, no network.

Every change of the game (an event made, undone, redone, a jump) gets the next **event
number** of this host run, and a line of the log in words; each device is sent it with its
role's view (:mod:`drumhead.host.views`). A device that comes back says the host run and the
last number it has: it is sent every line after it and the state as it is now (or, when it
is too far behind or the host was restarted, the whole state and the latest lines).

Devices send **commands**, never states: each with its own id and the number it was made
against. A command is done once: its answer is kept by id (:class:`~drumhead.host.ledger.
Ledger`, on disk beside the save), and the same id again gets the same answer. A turn-flow
command made against an old number is refused with the state as it is. A side proposes a
check; the referee accepts it (the session rolls it, applies its effects: the same code as
the app's) or refuses it, or the host accepts a side's proposals by itself
(:meth:`Hub.set_auto`).

Each device has an outbox of at most :data:`~drumhead.host.limits.OUTBOX_LIMIT` messages:
the server sends from it; a device that stops reading has its queue replaced by the whole
state, so the host never blocks and never grows without bound.
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from drumhead.errors import DrumheadError, MissingGapError
from drumhead.host.asks import Refused, check_dice, fill, form_view, odds_key
from drumhead.host.ledger import Ledger
from drumhead.host.limits import (
    LINES_KEPT,
    LINES_ON_RESET,
    MAX_DEVICES,
    OUTBOX_LIMIT,
    RATE_BURST,
    RATE_PER_SECOND,
)
from drumhead.host.proposals import Proposal, ProposalBook
from drumhead.host.protocol import (
    FLOW,
    Command,
    FormAsk,
    Hello,
    ProtocolError,
    dump,
    read,
)
from drumhead.host.views import (
    DISPLAY,
    Luck,
    placed_roll,
    placed_rolls,
    public_view,
    side_view,
)
from drumhead.session import Change

if TYPE_CHECKING:
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

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "kind": self.kind, "text": self.text, "turn": self.turn}


class Hub:
    """One game shared with its devices (see the module's description)."""

    def __init__(
        self,
        session: TableSession,
        *,
        ledger: Ledger | None = None,
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
        self.proposals = ProposalBook()
        self.auto = set(auto)
        """Sides whose proposals the host accepts by itself."""
        self.sides_walk = sides_walk
        """Whether a side may walk the turn on (next step, next phase, draw)."""
        self.autosave = autosave
        """Write each change to the save before answering (False: the front end does)."""
        self.clock = clock
        self.listeners: list[Callable[[], None]] = []
        """Told when the devices or the proposals change (the host's screen)."""
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

    def receive(self, device: Device, text: str | bytes) -> None:
        """A message from ``device``: answered into its outbox (never raises for what a
        device sends)."""
        if not self._take_token(device):
            self._send(
                device,
                {
                    "type": "error",
                    "reason": f"too many messages: {RATE_PER_SECOND:g} a second at most",
                },
            )
            return
        try:
            message = read(text)
        except ProtocolError as exc:
            self._send(device, {"type": "error", "reason": str(exc)})
            return
        try:
            if isinstance(message, Hello):
                self._hello(device, message)
            elif isinstance(message, FormAsk):
                self._form(device, message)
            else:
                device.commands += 1
                self._command(device, message)
        except DrumheadError as exc:  # no game open (the host's app closed it): said so
            self._send(device, {"type": "error", "reason": str(exc)})

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
        return self._public

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
        return self._message("reset", role, lines=[x.to_dict() for x in recent])

    def _catchup(self, role: str, since: int) -> str:
        """Every line after ``since`` and the state now (the whole state and the latest
        lines when ``since`` is older than the lines kept)."""
        oldest = self.lines[0].n if self.lines else self.n + 1
        if not oldest - 1 <= since <= self.n:
            return self._reset(role)
        missed = [x.to_dict() for x in self.lines if x.n > since]
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
                    text = self._message("update", device.role, line=line.to_dict())
                sent[device.role] = text
            self._send(device, text, state=True)

    # -- numbering the game's changes ---------------------------------------------------------
    def _snapshot(self) -> tuple[int, int, int]:
        game = self.session.game
        if game is None:
            return (0, 0, 0)
        last = game.last_event
        return (game.event_count, len(game.redo_stack), last.seq if last else 0)

    def _changed(self, change: Change) -> None:
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
                return Line(self.n, kind, f"Undone: {self.session.describe(undone)}", turn)
            return Line(self.n, kind, f"Back to entry {count} of the log", turn)
        last = game.last_event
        if last is None or opened:
            return Line(self.n, "opened", f"The game '{game.state.name}' is open", turn)
        redone = count == before[0] + 1 and redo == before[1] - 1
        text = self.session.describe(last)
        if redone:
            return Line(self.n, "redo", f"Redone: {text}", turn)
        return Line(self.n, last.kind, text, turn)

    # -- questions ----------------------------------------------------------------------------
    def _form(self, device: Device, ask: FormAsk) -> None:
        if device.role == DISPLAY:
            self._send(device, {"type": "form", "id": ask.id, "ok": False, "reason": _NO_DISPLAY})
            return
        try:
            form = fill(self.session, device.role, ask.ask)
            shown = form_view(self.session, form)
        except DrumheadError as exc:
            self._send(device, {"type": "form", "id": ask.id, "ok": False, "reason": str(exc)})
            return
        self._send(device, {"type": "form", "id": ask.id, "ok": True, "form": shown})

    # -- commands -----------------------------------------------------------------------------
    def _command(self, device: Device, command: Command) -> None:
        if device.role == DISPLAY:
            self._answer(device, command, ok=False, reason=_NO_DISPLAY, keep=False)
            return
        key = f"{device.role}:{command.id}"
        done = self.ledger.get(key)
        if done is not None:
            self._send(device, {**done, "repeat": True})
            return
        waiting = self.proposals.by_command(device.role, command.id)
        if waiting is not None:  # proposed already: its answer comes when it is decided
            self._send(device, {**self._proposal_answer(waiting), "repeat": True})
            return
        try:
            if command.do in FLOW:
                self._walk(device, command)
            elif command.do == "propose":
                self._propose(device, command)
            else:
                self._withdraw(device, command)
        except DrumheadError as exc:
            stale = command.do in FLOW and isinstance(exc, Stale)
            self._answer(device, command, ok=False, reason=str(exc), keep=False, view=stale)

    def _answer(
        self,
        device: Device | None,
        command: Command | str,
        *,
        ok: bool,
        keep: bool,
        side: str | None = None,
        view: bool = False,
        **fields: Any,
    ) -> None:
        """Answer a command (to ``device``, or to every device of ``side``); ``keep``: it
        is done, remembered by id (on disk: after the save holds its events)."""
        ident = command if isinstance(command, str) else command.id
        answer = {"type": "answer", "id": ident, "ok": ok, "n": self.n, **fields}
        role = device.role if device is not None else side
        assert role is not None
        if keep:
            self._save()
            self.ledger.add(f"{role}:{ident}", answer)
        if view:  # refused as made against an old state: here is the state now
            rest = {k: v for k, v in answer.items() if k not in ("type", "n")}
            text = self._message("answer", role, **rest)
        else:
            text = dump(answer)
        targets = [device] if device is not None else self.of_role(role)
        for target in targets:
            if target is not None:
                self._send(target, text)

    def of_role(self, role: str) -> list[Device]:
        return [d for d in self.devices.values() if d.role == role]

    def _save(self) -> None:
        if not self.autosave:
            return
        job = self.session.autosave_job()
        if job is not None:
            self.session.autosaved(job())

    def _walk(self, device: Device, command: Command) -> None:
        if not self.sides_walk:
            raise Refused("the host walks the turn: sides may not")
        if command.against != self.n:
            raise Stale(
                f"the game moved on since event {command.against} (now {self.n}): "
                "look at it again before walking the turn"
            )
        session = self.session
        if command.do == "draw":
            session.draw_card()
        elif command.do == "next_phase":
            session.next_phase()
        elif command.do == "previous_step":
            session.previous_step()
        else:
            session.next_step(again=command.do == "again")
        self._answer(device, command, ok=True, keep=True, status="done")

    def _propose(self, device: Device, command: Command) -> None:
        ask = command.ask
        assert ask is not None
        side = device.role
        if not self.proposals.room(side):
            raise Refused("too many proposals waiting: wait for the referee")
        form = fill(self.session, side, ask)
        if form.bad_inputs:  # each input refused, by its label
            labels = {i.name: i.label for i in form.check.inputs}
            problems = [
                f"{labels.get(n, n)}: {why.removeprefix('✗ ')}"
                for n, why in form.bad_inputs.items()
            ]
            raise Refused("; ".join(problems))
        view = form.odds(offer=False)
        if view.context is None:
            raise Refused(view.blocked or "the check cannot be rolled as it stands")
        check_dice(form, ask.dice)
        held = replace(ask, unit=form.unit_id, roles=dict(form.roles), check=form.check_id)
        shown = form_view(self.session, form)
        summary = {
            "check": shown["title"],
            "unit": self.session.unit_name(form.unit_id) if form.unit_id else None,
            "against": [self.session.unit_name(u) for u in form.roles.values()],
            "modifiers": [
                m["label"] + (f" ×{m['count']}" if m["count"] > 1 else "")
                for m in shown["modifiers"]
                if m["count"]
            ],
            "dice": list(ask.dice) if ask.dice is not None else None,
            "odds": shown["odds"],
            "needed": shown["needed"],
        }
        proposal = self.proposals.add(
            side, command.id, held, odds_key(form), summary, command.against
        )
        self._answer(device, command, ok=True, keep=False, status="waiting", proposal=proposal.id)
        self._proposals_changed()
        if side in self.auto:
            self.accept(proposal.id)

    def _withdraw(self, device: Device, command: Command) -> None:
        found = self.proposals.get(command.proposal or "")
        if found is None or found.side != device.role:
            raise Refused(f"no proposal '{command.proposal}' of your side")
        if found.status != "waiting":
            raise Refused(f"proposal {found.id} is {found.status} already")
        self.proposals.finish(found.id, "withdrawn", "taken back by its side")
        self._answer(device, command, ok=True, keep=True, status="done")
        self._close_proposal(self.proposals.get(found.id))

    # -- the referee's decisions --------------------------------------------------------------
    def accept(self, pid: str) -> Proposal:
        """Roll a waiting proposal and apply its effects through the session (its side is
        answered); refused, with why, when it no longer stands as its side saw it."""
        proposal = self._waiting(pid)
        session = self.session
        try:
            form = fill(session, proposal.side, proposal.ask)
            if odds_key(form) != proposal.odds:
                raise Refused(
                    "the odds changed since it was proposed (a card or the step changed): "
                    "propose it again"
                )
            dice = list(proposal.ask.dice) if proposal.ask.dice is not None else None
            result = form.roll(dice)
        except MissingGapError as exc:
            return self.refuse(
                pid, f"the rules leave a value open: {exc.question} The referee answers it first."
            )
        except DrumheadError as exc:
            return self.refuse(pid, str(exc))
        rolled = self.n
        note = result.text
        try:
            form.roll_distances()
            chosen = list(form.effects)
            if form.check.scope == "army" or form.unit_id is None:
                session.log_notes(chosen)
            else:
                first = form.check.role_ids[0] if form.check.role_ids else None
                roles = {first: form.unit_id} if first else {}
                roles.update(form.roles)
                session.apply_effects(form.unit_id, chosen, roles=roles or None)
        except DrumheadError as exc:
            note += f" (its effects were not applied: {exc})"
        done = self.proposals.finish(pid, "accepted", note, rolled)
        self._close_proposal(done)
        return done

    def refuse(self, pid: str, reason: str = "refused by the referee") -> Proposal:
        """Refuse a waiting proposal (its side is told why)."""
        self._waiting(pid)
        done = self.proposals.finish(pid, "refused", reason[:200])
        self._close_proposal(done)
        return done

    def set_auto(self, side: str, on: bool) -> None:
        """Accept ``side``'s proposals by itself from now on (or stop); those waiting are
        accepted at once."""
        if side not in self.roles()[1:]:
            raise Refused(f"no side '{side}'")
        if on:
            self.auto.add(side)
            for proposal in self.proposals.waiting(side):
                self.accept(proposal.id)
        else:
            self.auto.discard(side)
        self._proposals_changed()

    def _waiting(self, pid: str) -> Proposal:
        found = self.proposals.get(pid)
        if found is None:
            raise Refused(f"no proposal '{pid}'")
        if found.status != "waiting":
            raise Refused(f"proposal {pid} is {found.status} already")
        return found

    def _proposal_answer(self, proposal: Proposal) -> dict[str, Any]:
        status = "waiting" if proposal.status == "waiting" else proposal.status
        return {
            "type": "answer",
            "id": proposal.command,
            "ok": proposal.status in ("waiting", "accepted", "withdrawn"),
            "n": proposal.result_n if proposal.result_n is not None else self.n,
            "status": status,
            "proposal": proposal.id,
            **({"reason": proposal.reason} if proposal.reason else {}),
        }

    def _close_proposal(self, proposal: Proposal | None) -> None:
        """A proposal decided: its side's devices are answered (kept by its command id,
        unless it was refused: the same id may be proposed again), and the views change."""
        if proposal is None:
            return
        answer = {**self._proposal_answer(proposal), "n": self.n}
        if proposal.status != "refused":
            self._save()
            self.ledger.add(f"{proposal.side}:{proposal.command}", answer)
        for device in self.of_role(proposal.side):
            self._send(device, answer)
        self._proposals_changed()

    def _proposals_changed(self) -> None:
        self._views.clear()
        self._public = None
        self._broadcast(None)
        self._tell_listeners()

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


class Stale(Refused):
    """A turn-flow command made against an old state."""


_NO_DISPLAY = "a display shows the game: it sends no commands"
