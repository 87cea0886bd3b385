"""The turn: where the game is in it (the labels every screen and the log use), the walk
through the sequence of play step by step (:mod:`drumhead.game.walk` says where each move
goes; this part logs it), steps ticked, activation cards drawn and shuffled, a new turn,
and who won the initiative."""

from __future__ import annotations

import re
from itertools import takewhile
from typing import Any

from drumhead.errors import InputError
from drumhead.game import walk
from drumhead.game.codec import strip_none
from drumhead.game.core import GameCore
from drumhead.game.events import Event
from drumhead.game.lasting import PUTTING_ON, lapsed_states, lasting_markers, put_on_this_turn
from drumhead.game.seeds import shuffled
from drumhead.game.state import evolve
from drumhead.rules.model import CheckSpec, Phase, Step


class TurnWalking(GameCore):
    """The turn and the walk through the sequence of play."""

    def turn_label(self, *, short: bool = False, tight: bool = False) -> str:
        """Where the game is, in the one scheme every screen and the log use: the turn, and
        the phase as the rules name and number it (``Turn 2 · Phase 3: Charging units move
        into contact``; ``Turn 2 · Movement phase`` where the rules do not number phases;
        ``Turn 2`` for rules without phases). ``short`` leaves out the phase title's
        closing aside in brackets, for a narrow line; ``tight`` leaves out a numbered
        phase's title too (``Turn 2 · Phase 3``), for a line that must hold more. A phase
        each side takes in turn says whose pass it is (``Turn 1 · Movement (Union)``): two
        passes one after the other read the same otherwise."""
        label = self.turn_label_at(self.state.turn, self.state.phase, short=short, tight=tight)
        side = self.acting_side()
        return f"{label} ({self.side_short_name(side)})" if side is not None else label

    def side_short_name(self, side_id: str) -> str:
        """A side as a line names it: the part of its name before a colon ("Union", of
        "Union: Army of Northeastern Virginia")."""
        names = {s.id: s.name for s in self.state.sides}
        return names.get(side_id, side_id).split(":")[0].strip()

    def turn_label_at(
        self, turn: int, phase_id: str, *, short: bool = False, tight: bool = False
    ) -> str:
        """:meth:`turn_label` for a given turn and phase (an event's, in the log)."""
        phase = next((p for p in self.phases() if p.id == phase_id), None)
        if phase is None:
            return f"Turn {turn}"
        title = phase.title
        if short or tight:
            title = re.sub(r"\s*\([^()]*\)$", "", title)
        numbered = re.fullmatch(r"(\d+)[.)]?\s+(.+)", title)
        if numbered and tight:
            return f"Turn {turn} · Phase {numbered[1]}"
        if numbered:
            return f"Turn {turn} · Phase {numbered[1]}: {numbered[2]}"
        return f"Turn {turn} · {title}"

    def step_text(self, step_id: str) -> str:
        """A step of the sequence of play (``phase.step``) in its own words, not its id."""
        phase_id, _, step = step_id.partition(".")
        for phase in self.ruleset.sequence.phases if self.ruleset.sequence else ():
            if phase.id == phase_id:
                for item in phase.steps:
                    if item.id == step:
                        return item.text
        return step_id

    def tick_step(self, step_id: str, ticked: bool, *, at: str) -> Event:
        """Tick (or untick) a step of the sequence of play, as ``phase.step`` or ``step``."""
        if "." not in step_id:
            step_id = f"{self.state.phase}.{step_id}"
        phase_id, _, step = step_id.partition(".")
        phases = {p.id: p for p in self.phases()}
        if phases:
            phase = phases.get(phase_id)
            if phase is None or step not in {s.id for s in phase.steps}:
                raise InputError(f"no step '{step_id}' in the sequence of play")
        return self._push("tick_step", {"step": step_id, "ticked": ticked}, at)

    # -- the walk through the sequence of play -------------------------------------------
    def current_step(self) -> Step | None:
        """The step of the sequence the game is at (None: a phase without steps)."""
        return walk.current_step(self.phases(), self.state)

    def acting_side(self) -> str | None:
        """The side whose pass it is, in a phase repeated per side (MWAN's movement)."""
        return walk.acting_side(self.phases(), self.state)

    def active_card(self) -> str | None:
        """The card whose units are acting (the last drawn this turn), if any."""
        drawn = self.state.activation.drawn
        return drawn[-1] if drawn else None

    def step_check(self, unit_id: str | None = None) -> CheckSpec | None:
        """The check the current step needs; else the first check of the current phase that
        fits the unit (None: the phase needs none)."""
        step = self.current_step()
        if step is not None and step.check is not None:
            return self.ruleset.check(step.check)
        phase = self.state.phase
        return next((c for c in self.checks_for(unit_id) if phase in c.phases), None)

    def next_step(self, *, at: str, again: bool = False) -> Event:
        """Go on to the next step of the sequence of play, as the ruleset walks it: leaving a
        drawing step draws the next card; after a card's last phase, back to the drawing step
        while the deck holds a card; a phase repeated per side once for each side; after the
        turn's last step, the next turn. ``again``: back to the step the current step's
        ``again`` names (the next brigade, assault or round)."""
        return self._walk(walk.next_move(self.phases(), self.state, again=again), at)

    def previous_step(self, *, at: str) -> Event:
        """Go back one step (never back over a card drawn or into the last turn: undo)."""
        return self._walk(walk.previous_move(self.phases(), self.state), at)

    def next_phase(self, *, at: str) -> Event:
        """Move on from the current phase (or side's pass of it), skipping its other steps; in
        the drawing phase, draw the next card; after the last phase, the next turn."""
        phases = self.phases()
        p, _ = walk.position(phases, self.state)
        if p < 0 or not phases[p].steps:
            return self._walk(walk.next_move(phases, self.state), at)
        last = evolve(self.state, step=phases[p].steps[-1].id)
        return self._walk(walk.next_move(phases, last), at)

    def _walk(self, move: walk.Move, at: str) -> Event:
        if move.kind == "turn":
            return self._push("next_phase", self._expiring(self._new_turn_data()), at)
        if move.kind == "draw":
            drawn = {"card": move.card, "phase": move.phase, "step": move.step}
            return self._push("draw_card", self._expiring(strip_none(drawn)), at)
        data: dict[str, Any] = {
            "turn": self.state.turn,
            "phase": move.phase,
            "step": move.step,
            "acting": move.acting,
            "again": move.again or None,
        }
        return self._push("next_phase", self._expiring(strip_none(data)), at)

    def next_turn(self, *, at: str) -> Event:
        return self._push("next_turn", self._expiring(self._new_turn_data()), at)

    def _expiring(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` of a move along the turn, with the markers it takes off the cards
        (``expire``: unit -> markers): those that last a turn when the turn changes, and those
        that last a phase when the phase (or the turn) changes. Recorded with the move, so a
        replay needs no ruleset."""
        new_turn = data.get("turn", self.state.turn) != self.state.turn
        new_phase = new_turn or data.get("phase", self.state.phase) != self.state.phase
        lasting = {
            m.id
            for m in self.ruleset.markers
            if (m.lasts == "turn" and new_turn) or (m.lasts == "phase" and new_phase)
        }
        off = {(u.id, m) for u in self.state.units for m in u.markers & lasting}
        states: dict[str, str] = {}
        if new_turn:
            fresh = self._put_on_this_turn()
            off |= lasting_markers(self.ruleset, self.state, fresh)
            states = lapsed_states(self.ruleset, self.state, fresh)
        expire: dict[str, list[str]] = {}
        for unit_id, marker in sorted(off):
            expire.setdefault(unit_id, []).append(marker)
        out = {**data, "expire": expire} if expire else data
        return {**out, "states": states} if states else out

    def _put_on_this_turn(self) -> set[tuple[str, str]]:
        """The markers put on and states entered by this turn's log (:mod:`.lasting`)."""
        turn = self.state.turn
        marks = self.latest_of_kinds(PUTTING_ON, len(self.entries))
        return put_on_this_turn(takewhile(lambda e: e.turn == turn, marks), self.reverted())

    def _new_turn_data(self) -> dict[str, Any]:
        phases = self.phases()
        data: dict[str, Any] = {
            "turn": self.state.turn + 1,
            "phase": phases[0].id if phases else "",
        }
        if phases and phases[0].steps:
            data["step"] = phases[0].steps[0].id
        cards = self.state.activation.cards
        if cards:
            data["deck"] = list(shuffled(cards, self.state.seed, f"deck:{len(self._log) + 1}"))
        return data

    def phases_without_cards(self) -> list[Phase]:
        """The phases walked for a commander's card (an optional rule's division or army
        cards) when the game's deck holds no such card (its scenario lists none): they
        never come up, and the players should know before the turn they expect one."""
        brigades = {u.brigade for u in self.start.units}
        if any(card not in brigades for card in self.state.activation.cards):
            return []
        return [p for p in self.phases() if p.cards == "commander"]

    def draw_card(self, *, at: str) -> Event:
        """Draw the next activation card (One If By Land); the walk goes on to the first step
        of that card's phases, whatever step it was at."""
        deck = self.state.activation.deck
        if not deck:
            if not self.state.activation.cards:
                raise InputError("this game has no activation cards")
            raise InputError("every card has been drawn this turn; the next turn reshuffles")
        phases = self.phases()
        for phase in phases:
            for step in phase.steps:
                if step.does == "draw_card":
                    at_draw = evolve(self.state, phase=phase.id, step=step.id)
                    return self._walk(walk.next_move(phases, at_draw), at)
        return self._push("draw_card", {"card": deck[0]}, at)

    def shuffle_deck(self, *, at: str) -> Event:
        """Shuffle every card back into the deck."""
        cards = self.state.activation.cards
        if not cards:
            raise InputError("this game has no activation cards")
        deck = shuffled(cards, self.state.seed, f"deck:{len(self._log) + 1}")
        return self._push("shuffle_deck", {"deck": list(deck)}, at)

    def rolled_winner(self) -> str | None:
        """The side that the latest roll of this turn says has won: an opposed check whose
        outcome names a ``winner`` (MWAN's initiative), its first side being the side of the
        unit it was rolled for (or the ``side`` it was made for). None when there is no such
        roll this turn, the latest named no winner (a tie: roll again), it was rolled for no
        unit nor side, or the game has not exactly two sides."""
        sides = self.state.sides
        if len(sides) != 2:
            return None
        gone = self.reverted()
        for event in reversed(self._log):
            if event.turn != self.state.turn:
                return None
            if event.kind != "resolution" or event.seq in gone:
                continue
            check_id, unit_id = event.data.get("check"), event.data.get("unit")
            check = next((c for c in self.ruleset.checks if c.id == check_id), None)
            if check is None or check.sides is None or not any(o.winner for o in check.outcomes):
                continue
            outcome = event.data["resolution"]["outcome"]
            winner = next((o.winner for o in check.outcomes if o.id == outcome), None)
            unit = next((u for u in self.state.units if u.id == unit_id), None)
            own = unit.side if unit is not None else event.data.get("side")
            if winner is None or own is None:  # a tie; or rolled for no unit nor side
                return None
            if winner == check.sides[0]:
                return own
            return next(side.id for side in sides if side.id != own)
        return None

    def record_rolled_initiative(self, *, at: str, first: str | None = None) -> Event:
        """Record the initiative this turn's roll says was won (:meth:`rolled_winner`), the
        winner moving first unless ``first`` says otherwise: the roll and its record as one
        action at the table."""
        winner = self.rolled_winner()
        if winner is None:
            raise InputError(
                "no initiative roll this turn names a winner (a tie: roll again; or record "
                "who won by hand)"
            )
        return self.set_initiative(winner, first or winner, at=at)

    def set_initiative(self, winner_side: str, first_side: str, *, at: str) -> Event:
        """Record who won the initiative and who moves first (MWAN)."""
        self.state.side(winner_side)
        self.state.side(first_side)
        return self._push("initiative", {"winner": winner_side, "first": first_side}, at)
