"""The table session's cards and turn: units and leaders corrected as events, the turn walked
step by step (cards, sides, initiative), and the status line."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from drumhead.session.core import SessionCore

if TYPE_CHECKING:
    from drumhead.game import Event, Game
    from drumhead.session.cards import CardField
    from drumhead.session.table import Activation, Checklist, StatusLine


class TurnDesk(SessionCore):
    """Unit cards and the turn."""

    # -- cards ----------------------------------------------------------------------------
    def edit_unit(self, unit_id: str, field: str, value: object) -> None:
        """Correct one field of a unit's card (an event: undoable, saved)."""
        game = self.open_game_or_fail()
        self.record(lambda at: game.edit_unit(unit_id, field, value, at=at))

    def edit_leader(self, leader_id: str, field: str, value: object) -> None:
        """Correct one field of a leader (an event)."""
        game = self.open_game_or_fail()
        self.record(lambda at: game.edit_leader(leader_id, field, value, at=at))

    def edit_field(self, target: str, ident: str, field: str, kind: str, text: str) -> None:
        """Correct a field of a unit or leader (``target``) from what the players typed."""
        from drumhead.session.cards import parse_field

        value = parse_field(kind, text)
        if target == "leader":
            self.edit_leader(ident, field, value)
        else:
            self.edit_unit(ident, field, value)

    def unit_fields(self, unit_id: str) -> list[CardField]:
        """The fields of a unit's card the players may correct."""
        from drumhead.session.cards import unit_fields

        game = self.open_game_or_fail()
        return unit_fields(game.ruleset, game.state, game.state.unit(unit_id))

    def leader_fields(self, leader_id: str) -> list[CardField]:
        """The fields of a leader the players may correct."""
        from drumhead.session.cards import leader_fields

        game = self.open_game_or_fail()
        return leader_fields(game.ruleset, game.state, game.state.leader(leader_id))

    def add_unit(self, name: str, like: str | None, quality: str | None = None) -> str:
        """Add a unit named ``name`` like unit ``like`` (or in the first side's reserve);
        its id. ``quality``: the new unit's (else the unit copied's, or the ruleset's cited
        default; with none of them it is refused: the players give it)."""
        from drumhead.session.cards import new_unit

        game = self.open_game_or_fail()
        template = game.state.unit(like) if like is not None else None
        unit = new_unit(game.ruleset, game.state, name, template, quality)
        self.record(lambda at: game.add_unit(unit, at=at))
        return unit.id

    def add_leader(self, name: str, with_unit: str | None) -> str:
        """Add a leader named ``name``, attached to unit ``with_unit`` (on its side); his id."""
        from drumhead.session.cards import new_leader

        game = self.open_game_or_fail()
        unit = game.state.unit(with_unit) if with_unit is not None else None
        leader = new_leader(game.state, name, unit)
        self.record(lambda at: game.add_leader(leader, at=at))
        return leader.id

    def remove_unit(self, unit_id: str) -> str:
        """Take a unit's card out of the game (undoable); its name."""
        game = self.open_game_or_fail()
        name = game.state.unit(unit_id).name
        self.record(lambda at: game.remove_unit(unit_id, at=at))
        return name

    def remove_leader(self, leader_id: str) -> str:
        """Take a leader out of the game (undoable); his name."""
        game = self.open_game_or_fail()
        name = game.state.leader(leader_id).name
        self.record(lambda at: game.remove_leader(leader_id, at=at))
        return name

    def attach_leader(self, leader_id: str | None, unit_id: str) -> None:
        """Attach a leader to a unit; ``None``: detach every leader with it."""
        game = self.open_game_or_fail()
        if leader_id is not None:
            self.record(lambda at: game.attach_leader(leader_id, unit_id, at=at))
            return
        for leader in game.state.leaders:
            if leader.attached_to == unit_id:
                self.record(partial(detach, game, leader.id))

    # -- the turn -------------------------------------------------------------------------
    def next_phase(self) -> None:
        """Move to the next phase (after the last, the next turn)."""
        game = self.open_game_or_fail()
        self.record(lambda at: game.next_phase(at=at))

    def next_step(self, *, again: bool = False) -> None:
        """Go on to the next step of the sequence of play as the rules walk it (drawing the
        next card at a drawing step); ``again``: back to the step the current one repeats
        from (the next brigade, assault or round)."""
        game = self.open_game_or_fail()
        self.record(lambda at: game.next_step(at=at, again=again))

    def previous_step(self) -> None:
        """Go back one step (never back over a card drawn or into the last turn)."""
        game = self.open_game_or_fail()
        self.record(lambda at: game.previous_step(at=at))

    def current_check(self, unit_id: str | None) -> str | None:
        """The check the current step needs (else the phase's first fitting the unit)."""
        spec = self.open_game_or_fail().step_check(unit_id)
        return spec.id if spec is not None else None

    def options_text(self) -> str:
        """The optional rules in play, by title (empty: none)."""
        ruleset = self.ruleset
        titles = [o.title for o in ruleset.options if o.id in ruleset.active_options]
        return ", ".join(titles)

    def next_turn(self) -> None:
        game = self.open_game_or_fail()
        self.record(lambda at: game.next_turn(at=at))

    def draw_card(self) -> str:
        """Draw the next activation card; the brigade (or formation) it activates."""
        game = self.open_game_or_fail()
        self.record(lambda at: game.draw_card(at=at))
        return game.state.activation.drawn[-1]

    def set_initiative(self, winner: str, first: str) -> None:
        """Record who won the initiative and who moves first."""
        game = self.open_game_or_fail()
        self.record(lambda at: game.set_initiative(winner, first, at=at))

    def rolled_winner(self) -> str | None:
        """The side this turn's initiative roll says won, if it was rolled for a unit."""
        return self.open_game_or_fail().rolled_winner()

    def tick_step(self, step_key: str, ticked: bool) -> None:
        """Tick (or untick) a step of the phase's checklist (``phase.step``)."""
        game = self.open_game_or_fail()
        self.record(lambda at: game.tick_step(step_key, ticked, at=at))

    @property
    def activation(self) -> str | None:
        """How units are activated: ``cards``, ``initiative``, or None (neither)."""
        sequence = self.ruleset.sequence
        return sequence.activation if sequence is not None else None

    def activation_now(self) -> Activation:
        """Who acts now: the card drawn, or the initiative (plain data for a panel)."""
        from drumhead.session.table import activation

        return activation(self.open_game_or_fail())

    def checklist(self) -> Checklist:
        """The current phase's steps, each ticked or not, with the check it names."""
        from drumhead.session.table import checklist

        return checklist(self.open_game_or_fail())

    # -- the status line ------------------------------------------------------------------
    def status(self) -> StatusLine:
        """What the always-visible line says: where the game is, its name and ruleset, and
        any save problem."""
        from drumhead.session.table import StatusLine

        game = self.game
        if game is None:
            title = self.ruleset_title(self.ruleset_id)
            return StatusLine("no game open", "no game open", title, None)
        name = game.state.name or "game"
        return StatusLine(
            game.turn_label(),
            game.turn_label(short=True),
            f"{name} · {game.ruleset.title}"
            + (f" · with {opts}" if (opts := self.options_text()) else ""),
            self.save_warning(),
            game.turn_label(tight=True),
        )


def detach(game: Game, leader_id: str, at: str) -> Event:
    """Detach a leader from the unit he is with (an event made ``at``)."""
    return game.attach_leader(leader_id, None, at=at)
