"""The host: one table session shared with the devices at the table, no network (the
devices, the numbering and the sending are :class:`~drumhead.host.core.HubCore`'s).

Devices send **commands**, never states: each with its own id and the number it was made
against. A command is done once: its answer is kept by id (:class:`~drumhead.host.ledger.
Ledger`, on disk beside the save), and the same id again gets the same answer. A turn-flow
command made against an old number is refused with the state as it is. A side proposes a
check; the referee accepts it (the session rolls it, applies its effects: the same code as
the app's) or refuses it, or the host accepts a side's proposals by itself
(:meth:`Hub.set_auto`). A roll whose effects fall on one unit of a group asks the side whose
units they are which (:mod:`drumhead.host.picking`): the game waits for the answer (no other
proposal rolled, no step walked by a side) and applies the effects once every pick is given.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from drumhead.errors import DrumheadError, MissingGapError, PickNeededError
from drumhead.host.asks import Refused, check_dice, fill, form_view, odds_key
from drumhead.host.core import Device, HubCore, Line, Out
from drumhead.host.ledger import Ledger
from drumhead.host.limits import RATE_PER_SECOND
from drumhead.host.picking import Picking, first_question
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
from drumhead.host.views import DISPLAY
from drumhead.session import Change

if TYPE_CHECKING:
    from drumhead.session import TableSession

__all__ = ["Device", "Hub", "Line", "Out", "Stale"]


class Hub(HubCore):
    """One game shared with its devices (see the module's description)."""

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
        """As :class:`HubCore`; the proposals kept from before a restart of a side the host
        accepts by itself are accepted at once (as :meth:`set_auto` does)."""
        super().__init__(
            session,
            ledger=ledger,
            proposals=proposals,
            auto=auto,
            sides_walk=sides_walk,
            autosave=autosave,
            clock=clock,
        )
        self._drop_stale_pick()
        self._accept_auto()

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
            elif command.do == "pick":
                self._pick(device, command)
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
            self._keep(f"{role}:{ident}", answer)
        if view:  # refused as made against an old state: here is the state now
            rest = {k: v for k, v in answer.items() if k not in ("type", "n")}
            text = self._message("answer", role, **rest)
        else:
            text = dump(answer)
        targets = [device] if device is not None else self.of_role(role)
        for target in targets:
            if target is not None:
                self._send(target, text)

    def _keep(self, key: str, answer: dict[str, Any]) -> None:
        """A command done: the save holds its events, then its answer is written down (the
        referee is told when that cannot be, or can be again)."""
        self._save()
        before = self.ledger.problem
        self.ledger.add(key, answer)
        if self.ledger.problem != before:
            self._tell_listeners()

    def _save(self) -> None:
        if not self.autosave:
            return
        job = self.session.autosave_job()
        if job is not None:
            self.session.autosaved(job())

    def _walk(self, device: Device, command: Command) -> None:
        if not self.sides_walk:
            raise Refused("the host walks the turn: sides may not")
        self._no_pick_waiting()
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
        first = form.check.role_ids[0] if form.check.role_ids else None
        sides = {r: tuple(form.side_units(r)) for r in form.roles}
        if first is not None and form.more.get(first):
            sides[first] = tuple(form.side_units(first))
        held = replace(ask, unit=form.unit_id, roles=sides, check=form.check_id)
        shown = form_view(self.session, form)
        names = self.session.unit_name
        ours = form.side_units(first) if first is not None else []
        summary = {
            "check": shown["title"],
            "unit": " and ".join(map(names, ours or [form.unit_id])) if form.unit_id else None,
            "against": [
                names(u) for r, us in form.picked_roles().items() if r != first for u in us
            ],
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
        if side in self.auto and self.proposals.picking() is None:
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
        self._no_pick_waiting()
        session = self.session
        try:
            form = fill(session, proposal.side, proposal.ask)
            if odds_key(form) != proposal.odds:
                raise Refused(
                    "the odds changed since it was proposed (a card or the step changed): "
                    "propose it again"
                )
            dice = list(proposal.ask.dice) if proposal.ask.dice is not None else None
            self.proposals.rolling(pid)  # written down before the dice: see proposals.py
            result = form.roll(dice)
        except MissingGapError as exc:
            return self.refuse(
                pid, f"the rules leave a value open: {exc.question} The referee answers it first."
            )
        except DrumheadError as exc:
            return self.refuse(pid, str(exc))
        rolled = self.n
        note = result.text
        picking: Picking | None = None
        try:
            form.roll_distances()
            chosen = list(form.effects)
            if form.check.scope == "army" or form.unit_id is None:
                session.log_notes(chosen)
            else:  # each side's units, as the app gives them (the first side's whole group)
                first = form.check.role_ids[0] if form.check.role_ids else None
                roles: dict[str, list[str]] = {first: [form.unit_id]} if first else {}
                roles.update(form.picked_roles())
                try:
                    session.apply_effects(form.unit_id, chosen, roles=roles or None)
                except PickNeededError as needed:  # which unit of a group: its side says
                    picking = first_question(session, form.unit_id, chosen, roles, needed)
                    note += PICK_WAITS
        except DrumheadError as exc:
            note += f" (its effects were not applied: {exc})"
        self._save()  # the roll in the save before the proposals file says it was made
        done = self.proposals.finish(pid, "accepted", note, rolled, picking)
        self._close_proposal(done)
        return done

    # -- picks: which unit of a group takes an effect -------------------------------------------
    def _asked(self, picking: Picking) -> str:
        names = {s.id: s.name for s in self.session.state.sides}
        return f"'{picking.text}': {names.get(picking.side, picking.side)} pick the unit"

    def picking(self) -> tuple[str, Picking] | None:
        """The proposal whose effects wait for a pick, and its question (None: none)."""
        found = self.proposals.picking()
        if found is None or found.picking is None:
            return None
        return found.id, found.picking

    def pick(
        self, pid: str, unit: str, *, side: str | None = None, index: int | None = None
    ) -> Proposal:
        """Answer the pick proposal ``pid``'s effects wait for: ``unit`` takes the effect, or
        ``random`` (the game's dice pick it, where the rules say at random). ``side``: the
        side answering (its units must be those picked among; None: the referee); ``index``:
        the question it saw (another device of the side answered it first: refused). The
        effects are applied once every pick is given (one event), else the next is asked."""
        found = self.proposals.get(pid)
        picking = found.picking if found is not None else None
        if found is None or picking is None or (side is not None and picking.side != side):
            raise Refused(f"no pick waits for your side in '{pid}'")
        if index is not None and index != picking.index:
            raise Refused(
                "that pick was answered already (another device of your side): look again"
            )
        if not picking.stands(self.session):
            self._drop_stale_pick()
            raise Refused("the game moved on since the roll: its effects are left to the players")
        refusal = picking.refusal(self.session, unit)
        if refusal is not None:
            raise Refused(refusal)
        answered = picking.answered(unit)
        rolled = found.reason.removesuffix(PICK_WAITS)
        # the question is taken down first: applying changes the game, which would drop it
        self.proposals.set_picking(pid, None, found.reason)
        try:
            after = answered.apply(self.session)
        except DrumheadError as exc:
            reason = f"{rolled} (its effects were not applied: {exc})"
            done = self.proposals.set_picking(pid, None, reason)
            self._proposals_changed()
            self._accept_auto()
            return done
        if after is not None:
            done = self.proposals.set_picking(pid, after, found.reason)
            self._proposals_changed()
            return done
        self._save()
        done = self.proposals.set_picking(pid, None, f"{rolled} (effects applied: {self._fell()})")
        self._proposals_changed()
        self._accept_auto()
        return done

    def _fell(self) -> str:
        """Where the picked effects of the effects just applied fell (a rolled one, with its
        face), in words."""
        last = self.session.open_game_or_fail().last_event
        effects = last.data.get("effects") or () if last is not None else ()
        fell = [
            self.session.unit_name(str(e["unit"]))
            + (f" (rolled {e['rolled']})" if "rolled" in e else "")
            for e in effects
            if str(e.get("who", "")).startswith("pick:") and e.get("unit")
        ]
        return "picked " + ", ".join(fell) if fell else "none picked"

    def leave_pick(self, pid: str) -> Proposal:
        """The referee leaves the effects proposal ``pid`` waits for to the players (none is
        applied: the roll stays in the log)."""
        found = self.proposals.get(pid)
        if found is None or found.picking is None:
            raise Refused(f"no pick waits in '{pid}'")
        rolled = found.reason.removesuffix(PICK_WAITS)
        done = self.proposals.set_picking(pid, None, f"{rolled} (effects left to the players)")
        self._proposals_changed()
        self._accept_auto()
        return done

    def _pick(self, device: Device, command: Command) -> None:
        assert command.unit is not None
        self.pick(command.proposal or "", command.unit, side=device.role, index=command.index)
        self._answer(device, command, ok=True, keep=True, status="done")

    def _no_pick_waiting(self) -> None:
        waiting = self.picking()
        if waiting is not None:
            pid, picking = waiting
            raise Refused(f"{pid} waits for a pick first: {self._asked(picking)}")

    def _drop_stale_pick(self) -> None:
        """A question the game moved on from is dropped: the effects are left to the players."""
        waiting = self.picking()
        if waiting is not None and not waiting[1].stands(self.session):
            pid, _ = waiting
            found = self.proposals.get(pid)
            rolled = found.reason.removesuffix(PICK_WAITS) if found is not None else ""
            why = "the game moved on before the pick: effects left to the players"
            self.proposals.set_picking(pid, None, f"{rolled} ({why})")

    def _changed(self, change: Change) -> None:
        if change is Change.GAME and self.session.game is not None:
            self._drop_stale_pick()  # before the change is sent: the question goes with it
        super()._changed(change)
        if change is Change.OPENED and self.session.game is not None:
            waiting = self.picking()
            self._drop_stale_pick()  # the book of the game opened (another save's, maybe)
            if waiting is not None and self.picking() is None:
                self._proposals_changed()

    def _accept_auto(self) -> None:
        """The proposals waiting of the sides the host accepts by itself, rolled in turn (until
        one waits for a pick)."""
        for proposal in self.proposals.waiting():
            if proposal.side in self.auto and self.proposals.picking() is None:
                self.accept(proposal.id)

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
            self._accept_auto()
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
            **({"picking": True} if proposal.picking is not None else {}),
        }

    def _close_proposal(self, proposal: Proposal | None) -> None:
        """A proposal decided: its side's devices are answered (kept by its command id,
        unless it was refused: the same id may be proposed again), and the views change."""
        if proposal is None:
            return
        answer = {**self._proposal_answer(proposal), "n": self.n}
        if proposal.status != "refused":
            self._keep(f"{proposal.side}:{proposal.command}", answer)
        for device in self.of_role(proposal.side):
            self._send(device, answer)
        self._proposals_changed()

    def _proposals_changed(self) -> None:
        self._views.clear()
        self._public = None
        self._broadcast(None)
        self._tell_listeners()


class Stale(Refused):
    """A turn-flow command made against an old state."""


PICK_WAITS = " (its effects wait for a pick)"
"""Said of an accepted proposal whose effects wait for a pick (:mod:`drumhead.host.picking`)."""

_NO_DISPLAY = "a display shows the game: it sends no commands"
