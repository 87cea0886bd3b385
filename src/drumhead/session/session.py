"""The table session: everything a front end does to a game that is not drawing.

A :class:`TableSession` holds the game open at the table (or, with none, the ruleset chosen,
the gap answers given and its own seeded dice), makes every change as one event of the game,
saves through the saves layer, and tells its observers what changed (:class:`Change`). The
Textual app is a view over it; tests, the CLI or another front end can drive it alone.

The rules core, the game layer and the saves are imported where first used, so that a front
end's first frame (the rulesets, the saves, the status line) does not wait for them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drumhead.errors import DrumheadError
from drumhead.session.notices import Change, Notice, Observer, warning
from drumhead.session.rulesets import RulesetShelf
from drumhead.session.saving import SaveKeeper, SaveReport, SaveVerdict

if TYPE_CHECKING:
    from drumhead.game import Event, Game, GameState
    from drumhead.game.log_rows import LogRows
    from drumhead.model import CheckSpec, InputValue, Ruleset
    from drumhead.results import Effect, Resolution
    from drumhead.saves import SaveInfo, SaveSession
    from drumhead.saves.table import SaveView
    from drumhead.session.cards import CardField
    from drumhead.session.form import CheckForm
    from drumhead.session.table import Activation, Checklist, LogEntry, StatusLine

RollRecord = tuple[str, tuple[int, ...], int]
"""A roll made outside a check: (notation, faces, total)."""


class TableSession:
    """A game at the table (or the tools used without one), for any front end."""

    def __init__(
        self,
        saves: str | None = None,
        *,
        ruleset: str | None = None,
        seed: int | None = None,
        options: Iterable[str] = (),
        ruleset_files: Iterable[str] = (),
        scenario_files: Iterable[str] = (),
        house_folder: str | None = None,
    ) -> None:
        self.rulesets = RulesetShelf(ruleset_files)
        """The rulesets on offer."""
        if ruleset is not None and ruleset not in self.rulesets.ids():
            shipped = ", ".join(self.rulesets.ids())
            raise DrumheadError(f"no ruleset '{ruleset}' (shipped: {shipped})")
        self.chosen: str | None = ruleset
        """The ruleset chosen while no game is open (None: the default, when first asked)."""
        self.options: tuple[str, ...] = tuple(options)
        """Optional rules on for the chosen ruleset when no game is open."""
        self.scenario_files: tuple[str, ...] = tuple(scenario_files)
        """Scenario files offered besides the shipped scenarios."""
        self.house_folder = house_folder
        """The players' own house-rules folder (``drumhead --house-rules DIR``); None: the
        ``house-rules`` folder beside the saves folder."""
        self.keeper = SaveKeeper(saves)
        """The open game's save and the saves folder's table file."""
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        """Seed of the session's own dice (tests fix it)."""
        self.rng = random.Random(self.seed)
        """The generator every roll made without a game comes from (and new games' seeds)."""
        self.gap_answers: dict[str, dict[str, InputValue]] = {}
        """Gap values the players gave without a game, per ruleset."""
        self.roll_history: list[RollRecord] = []
        """Rolls made in the roller, latest first (kept while the session lasts)."""
        self.clock: Callable[[], str] = lambda: datetime.now(UTC).isoformat(timespec="seconds")
        """Where event time stamps come from."""
        self.game: Game | None = None
        """The open game, if any."""
        self.view: SaveView | None = None
        """Where the players were in the game just opened (a resume goes back there)."""
        self.last_resolution_seq: int | None = None
        """The log entry of the last check resolved (its effects point back to it)."""
        self.close_refused = False
        """Closing failed to save: closing again lets the game go unsaved."""
        self.observers: list[Observer] = []
        """Told of every change."""

    # -- observers ------------------------------------------------------------------------
    def subscribe(self, observer: Observer) -> None:
        """Tell ``observer`` of every change from now on."""
        self.observers.append(observer)

    def unsubscribe(self, observer: Observer) -> None:
        """Stop telling ``observer``."""
        self.observers.remove(observer)

    def changed(self, change: Change) -> None:
        """Tell every observer of ``change``."""
        for observer in list(self.observers):
            observer(change)

    # -- rulesets -------------------------------------------------------------------------
    @property
    def ruleset_id(self) -> str:
        """The ruleset in use: the open game's, else the one chosen."""
        if self.game is not None:
            return self.game.ruleset.id
        if self.chosen is None:
            self.chosen = self.rulesets.default()
        return self.chosen

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset in use: the open game's, else the chosen one with its options."""
        if self.game is not None:
            return self.game.ruleset
        return self.rulesets.load(self.ruleset_id, self.options)

    def ruleset_ids(self) -> list[str]:
        return self.rulesets.ids()

    def ruleset_title(self, ruleset_id: str) -> str:
        return self.rulesets.title(ruleset_id)

    def load(self, ruleset_id: str, options: Iterable[str] = ()) -> Ruleset:
        return self.rulesets.load(ruleset_id, options)

    @property
    def can_switch_ruleset(self) -> bool:
        """Whether the ruleset may be changed (not while a game is open)."""
        return self.game is None

    def choose_ruleset(self, ruleset_id: str) -> None:
        """Switch the ruleset used while no game is open (its optional rules off)."""
        if self.game is not None:
            raise DrumheadError("a game is open: its ruleset is the one used")
        if ruleset_id not in self.rulesets.ids():
            raise DrumheadError(f"no ruleset '{ruleset_id}'")
        self.chosen = ruleset_id
        self.options = ()
        self.changed(Change.RULESET)

    def next_ruleset(self) -> str:
        """Switch to the next ruleset on offer (round the list); its id."""
        ids = self.rulesets.ids()
        here = ids.index(self.ruleset_id) if self.ruleset_id in ids else -1
        self.choose_ruleset(ids[(here + 1) % len(ids)])
        return self.ruleset_id

    def gaps(self) -> dict[str, InputValue]:
        """Gap values known so far (the game's, when one is open)."""
        if self.game is not None:
            return self.game.state.gap_values()
        return dict(self.gap_answers.get(self.ruleset_id, {}))

    def set_gap(self, gap_id: str, value: InputValue) -> None:
        """Keep a gap answer the players gave (with the game, as an event, when one is open)."""
        game = self.game
        if game is not None:
            self.record(lambda at: game.set_gap(gap_id, value, at=at))
            return
        self.gap_answers.setdefault(self.ruleset_id, {})[gap_id] = value

    def read_gap(self, gap_id: str, text: str) -> InputValue:
        """A gap's value from what the players typed (DrumheadError: not one it takes)."""
        from drumhead.resolve import coerce_gap

        return coerce_gap(self.ruleset, gap_id, text)

    # -- the open game --------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The open game's state (only asked for with a game open)."""
        return self.open_game_or_fail().state

    def open_game_or_fail(self) -> Game:
        """The open game; DrumheadError when there is none."""
        if self.game is None:
            raise DrumheadError("no game is open")
        return self.game

    def record(self, change: Callable[[str], Event]) -> Event:
        """Make one change to the game (an event, time-stamped now); observers are told."""
        self.open_game_or_fail()
        event = change(self.clock())
        self.changed(Change.GAME)
        return event

    def open_game(
        self, game: Game, save: SaveSession | None = None, view: SaveView | None = None
    ) -> None:
        """Make ``game`` the open game (with its save, if it has one); ``view``: where the
        players were in it. A game open before is saved and closed (or let go)."""
        self.close(force=True)
        self.game = game
        self.view = view
        self.last_resolution_seq = None
        self.keeper.attach(save)
        self.changed(Change.OPENED)

    def scenarios(self, ruleset_id: str) -> list[tuple[str, str]]:
        """(id or path, title) of the scenarios for a ruleset: the shipped ones, then those
        from files (a scenario that does not load is left out)."""
        from drumhead.game import load_scenario, scenario_ids

        out = []
        for sid in scenario_ids(ruleset_id):
            try:
                out.append((sid, load_scenario(sid).title))
            except DrumheadError:
                continue
        for path in self.scenario_files:
            try:
                scenario = load_scenario(path)
            except DrumheadError:
                continue
            if scenario.ruleset == ruleset_id:
                out.append((path, scenario.title))
        return out

    def scenario_options(self, scenario: str) -> tuple[str, ...]:
        """The optional rules a scenario switches on (none for no scenario, or one that
        does not load: starting it says why)."""
        from drumhead.game import load_scenario

        if not scenario:
            return ()
        try:
            return load_scenario(scenario).options
        except DrumheadError:
            return ()

    def new_game(
        self,
        ruleset_id: str,
        name: str,
        *,
        options: Iterable[str] = (),
        scenario: str = "",
        house_rules: str | None = None,
        without: Iterable[str] = (),
    ) -> Game:
        """Start a game (from a scenario, or an empty battlefield), create its save in the
        saves folder under ``name``, and open it. Refused when the name is taken."""
        from drumhead.game import load_scenario, new_game
        from drumhead.saves import SaveSession, save_path

        game = new_game(
            ruleset_id,
            options=list(options),
            scenario=load_scenario(scenario) if scenario else None,
            house_rules=house_rules,
            seed=self.rng.randrange(2**32),
            name=name,
            without=list(without),
        )
        path = save_path(self.keeper.folder(), name)
        if path.exists():
            raise DrumheadError(f"a save named '{name}' exists already; pick another name")
        path.parent.mkdir(parents=True, exist_ok=True)
        self.open_game(game, SaveSession.create(path, game))
        return game

    def saves(self) -> list[SaveInfo]:
        """The saved games, the one played last first, broken ones last. Raises
        DrumheadError when the saves folder cannot be read."""
        from drumhead.saves import list_saves

        found = list_saves(self.keeper.folder())
        return sorted(found, key=lambda i: (i.problem is None, i.last_played), reverse=True)

    def resume(self, path: str | Path) -> list[Notice]:
        """Open a saved game where the players left it (refused, with the reason, if another
        drumhead holds it); what they should be told (a recovery, the save's warnings)."""
        from drumhead.saves import SaveSession

        save, game = SaveSession.open(path)
        found = self.keeper.table.found
        self.open_game(game, save, found.view(save.path.name))
        notices: list[Notice] = []
        if found.open and found.last == save.path.name:
            notices.append(
                Notice(
                    f"Recovered '{game.state.name}': drumhead was not closed last time. Every "
                    f"change saved before then is here ({game.event_count} in the log).",
                    title="Game recovered",
                    timeout=15,
                )
            )
        for text in save.warnings:  # it opened, but the players should know
            notices.append(Notice(f"{game.state.name}: {text}", "warning", timeout=12))
        return notices

    def resume_last(self) -> list[Notice]:
        """Open the game played last that no other drumhead holds (after a crash, the one
        that was open, though its header may be older than another's); what to tell."""
        from drumhead.saves import list_saves

        try:
            found = list_saves(self.keeper.folder())
        except DrumheadError:
            return []
        last = self.keeper.table.found.last
        notices: list[Notice] = []
        for info in sorted(found, key=lambda i: (i.path.name == last, i.last_played), reverse=True):
            if info.locked or info.problem is not None:
                continue
            try:
                return notices + self.resume(info.path)
            except DrumheadError as exc:
                notices.append(warning(f"Could not open {info.name}: {exc}"))
        return notices

    def close(self, *, force: bool = False) -> Notice | None:
        """Save and close the open game (if any) and release its save. When it cannot be
        saved it stays open and the players are told why (the notice); closing again (or
        ``force``) lets it go unsaved."""
        game = self.game
        if game is None:
            return None
        problem = self.keeper.close(game, force=force or self.close_refused)
        if problem is not None:
            self.close_refused = True
            self.changed(Change.SAVING)
            return Notice(problem, "error", title="Not saved", timeout=20)
        self.game = None
        self.view = None
        self.close_refused = False
        self.last_resolution_seq = None
        self.changed(Change.CLOSED)
        return None

    # -- saving ---------------------------------------------------------------------------
    @property
    def save(self) -> SaveSession | None:
        """The open game's save, if it has one."""
        return self.keeper.save

    def saves_folder(self) -> Path:
        return self.keeper.folder()

    def autosave_job(self) -> Callable[[], SaveReport] | None:
        """A job writing the changes made so far, to run on any thread (None: no save)."""
        return self.keeper.autosave_job()

    def autosaved(self, report: SaveReport) -> SaveVerdict:
        """Hand back an autosave's report (on the session's thread): what to tell, whether
        to retry."""
        verdict = self.keeper.autosaved(report)
        if verdict.failed or verdict.tell is not None:
            self.changed(Change.SAVING)
        return verdict

    @property
    def save_failing(self) -> bool:
        """Whether saving fails (a front end retries every ``saving.RETRY_EVERY`` seconds)."""
        return self.keeper.failing

    def save_warning(self) -> str | None:
        """While saving fails: since when the game is not saved, and why."""
        return self.keeper.warning()

    def save_as(self, text: str) -> Path:
        """Write the whole game as ``text`` (a name, or a path with its folder) and go on
        saving there; the new save's path. Raises DrumheadError with what went wrong."""
        path = self.keeper.save_as(text, self.open_game_or_fail())
        self.close_refused = False
        self.changed(Change.SAVING)
        return path

    def note_view(self, **changes: str) -> bool:
        """The open game's view changed (``unit``, ``pane``, ``screen``): True when
        :meth:`flush_view` is to be called a moment later."""
        return self.keeper.note_view(**changes)

    def flush_view(self) -> None:
        self.keeper.flush_view()

    # -- checks ---------------------------------------------------------------------------
    def check_choices(self, unit_id: str | None) -> list[CheckSpec]:
        """The checks to offer: those fitting the unit first, then those of this phase."""
        if self.game is not None:
            checks = self.game.checks_for(unit_id)
            phase = self.game.state.phase
            return sorted(checks, key=lambda c: 0 if c.phase == phase else 1)
        ruleset = self.ruleset
        return [c for c in ruleset.checks if c.option is None or c.option in ruleset.active_options]

    def morale_check_id(self, unit_id: str | None = None) -> str | None:
        """The standard morale test of the unit's type (None: of any unit type) as the
        ruleset declares it (``morale_check``), if it has one."""
        if self.game is None:
            return self.ruleset.morale_check(None)
        unit_type = self.game.state.unit(unit_id).type if unit_id is not None else None
        return self.game.ruleset.morale_check(unit_type)

    def step_check(self, step_key: str) -> str | None:
        """The check a step of the sequence of play names (``phase.step``), if any."""
        phase_id, _, step_id = step_key.partition(".")
        for phase in self.open_game_or_fail().phases():
            for step in phase.steps:
                if phase.id == phase_id and step.id == step_id and step.check:
                    return step.check
        return None

    def about_a_unit(self, check_id: str) -> bool:
        """Whether a check is made for a unit (reads its card, or changes it); not, e.g.,
        an initiative roll."""
        spec = self.ruleset.check(check_id)
        return any(i.from_unit for i in spec.inputs) or any(o.effects for o in spec.outcomes)

    def prefill(self, check_id: str, unit_id: str | None) -> dict[str, InputValue]:
        """Input values taken from the unit's card (none without a game or a unit)."""
        if self.game is None or unit_id is None:
            return {}
        from drumhead.game import unit_inputs

        return unit_inputs(self.game.ruleset, check_id, self.game.state, unit_id)

    def form(self, check_id: str | None, unit_id: str | None) -> CheckForm | None:
        """A fresh form for a check (the first offered when ``check_id`` is not), for a
        unit's card or none; None when the rules offer no check here."""
        from drumhead.session.form import CheckForm

        ids = [c.id for c in self.check_choices(unit_id)]
        if not ids:
            return None
        return CheckForm(self, check_id if check_id in ids else ids[0], unit_id)

    def unit_name(self, unit_id: str) -> str:
        if self.game is not None and self.game.state.has_unit(unit_id):
            return self.game.state.unit(unit_id).name
        return unit_id

    def leader_name(self, leader_id: str) -> str:
        if self.game is not None:
            found = [x for x in self.game.state.leaders if x.id == leader_id]
            if found:
                return found[0].name
        return leader_id

    def run_check(
        self,
        check_id: str,
        unit_id: str | None,
        values: Mapping[str, InputValue],
        ticked: Mapping[str, int],
        hand: list[int] | None,
        use_reroll: bool,
        roles: Mapping[str, str] | None = None,
        leaders: Mapping[str, str] | None = None,
    ) -> Resolution:
        """Resolve a check: seeded dice, or the faces the players typed in. With a game
        open, from its dice, and logged."""
        game = self.game
        if game is not None:
            made: list[Resolution] = []

            def change(at: str) -> Event:
                event, resolution = game.resolve(
                    check_id,
                    unit_id,
                    values,
                    dict(ticked),
                    hand_dice=hand,
                    use_reroll=use_reroll,
                    at=at,
                    roles=dict(roles) if roles else None,
                    leaders=dict(leaders) if leaders else None,
                )
                made.append(resolution)
                return event

            self.last_resolution_seq = self.record(change).seq
            spec = game.ruleset.check(check_id)
            if any(o.winner for o in spec.outcomes) and game.rolled_winner() is not None:
                # the initiative: the roll and its record are one action (the winner moves
                # first unless the players say otherwise with i)
                self.record(lambda at: game.record_rolled_initiative(at=at))
            return made[0]
        from drumhead.resolve import prepare, resolve
        from drumhead.roller import DiceSource, HandDice, RandomDice

        ctx = prepare(self.ruleset, check_id, values, ticked, self.gaps(), use_reroll=use_reroll)
        dice: DiceSource = HandDice(hand) if hand is not None else RandomDice(self.rng)
        return resolve(ctx, dice)

    def roll_dice(
        self, notation: str, purpose: str, unit_id: str | None = None
    ) -> tuple[tuple[int, ...], int]:
        """Roll dice that are not a check (a distance, the roller): with a game open, from the
        game's seeded dice and logged (a replay gives the same faces); else the session's."""
        game = self.game
        if game is None:
            from drumhead.dice import parse

            return parse(notation).roll(self.rng)
        event = self.record(
            lambda at: game.roll_dice(notation, purpose=purpose, at=at, unit_id=unit_id)
        )
        return tuple(event.data["faces"]), int(event.data["total"])

    def roll_in_roller(self, notation: str) -> RollRecord:
        """A roll asked of the dice roller: rolled (logged with a game) and kept in the
        roller's history."""
        faces, total = self.roll_dice(notation, "the dice roller")
        record = (notation, faces, total)
        self.roll_history.insert(0, record)
        return record

    @property
    def cards_change(self) -> bool:
        """Whether effects can be applied to a unit card (a game is open)."""
        return self.game is not None

    def apply_effects(
        self,
        unit_id: str | None,
        effects: Sequence[Effect],
        roles: Mapping[str, str] | None = None,
    ) -> bool:
        """Apply the players' chosen effects to a unit (one event, pointing back to the check
        resolved last); False when no card changed (no game, no unit, no effect). Raises
        MissingHitsPerStandError when hits fall on a unit whose card does not say how many
        remove a stand."""
        game = self.game
        if game is None or unit_id is None or not effects:
            return False
        seq = self.last_resolution_seq
        picked = dict(roles) if roles else None
        self.record(
            lambda at: game.apply_effects(
                unit_id, list(effects), at=at, resolution=seq, roles=picked
            )
        )
        return True

    def log_notes(self, effects: Sequence[Effect]) -> bool:
        """Notes for the table or a side (an army-level result): in the log, on no card (one
        event, pointing back to the check resolved last); False without a game or notes."""
        game = self.game
        if game is None or not effects:
            return False
        seq = self.last_resolution_seq
        self.record(lambda at: game.apply_effects(None, list(effects), at=at, resolution=seq))
        return True

    def effect_targets(self, unit_id: str | None) -> list[Any]:
        """The units an effect may fall on besides the unit tested, the unit it last fought
        first, then the enemy's (none without a game)."""
        from drumhead.game.sides import effect_choices

        if self.game is None:
            return []
        return effect_choices(self.game, unit_id)

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

    def add_unit(self, name: str, like: str | None) -> str:
        """Add a unit named ``name`` like unit ``like`` (or in the first side's reserve);
        its id."""
        from drumhead.session.cards import new_unit

        game = self.open_game_or_fail()
        template = game.state.unit(like) if like is not None else None
        unit = new_unit(game.ruleset, game.state, name, template)
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

    # -- the log --------------------------------------------------------------------------
    def describe(self, event: Event) -> str:
        """What an event did, in a line of the players' words."""
        from drumhead.game.wording import describe_event

        return describe_event(self.open_game_or_fail(), event)

    def log_rows(self) -> LogRows:
        """The log as rows, read a screenful at a time (a long game's log is never read
        whole to be shown; see :mod:`drumhead.game.log_rows`)."""
        from drumhead.game.log_rows import LogRows
        from drumhead.game.wording import describe_event

        game = self.open_game_or_fail()
        return LogRows(game, lambda event: describe_event(game, event))

    def needs_replay(self) -> bool:
        """Whether the open game was opened after events whose states are not worked out yet
        (undo or a jump past its snapshot would replay them first: :meth:`replay_past`)."""
        past = self.game.past if self.game is not None else None
        return past is not None and not past.replayed

    def replay_past(self) -> Notice | None:
        """Work out the states between the events the open game was opened with, now, and
        check that they end in the state its snapshot holds. Safe in a worker thread while
        the game is played (the app calls it so after opening a long game, so that the first
        undo does not wait for it). A journal that does not replay to the snapshot is a
        notice for the players: the game stays as the snapshot says, and undo or a jump past
        the snapshot is refused with the same reason."""
        game = self.game
        if game is None:
            return None
        try:
            game.replay_past()
        except DrumheadError as exc:
            return Notice(
                f"This save's history does not replay to the state it was saved in: {exc}. "
                f"The game is as it was saved; undo or a jump back past entry "
                f"{game.past_in_log} is refused.",
                "error",
                title="Save history",
                timeout=30,
            )
        return None

    def log_entries(self) -> list[LogEntry]:
        """The log by turn and phase, then the undone entries (latest first)."""
        from drumhead.session.table import log_entries

        return log_entries(self.open_game_or_fail())

    def undo(self) -> str | None:
        """Take back the last change; what it was (None: nothing to undo)."""
        game = self.open_game_or_fail()
        event = game.undo()
        if event is None:
            return None
        self.changed(Change.GAME)
        return self.describe(event)

    def redo(self) -> str | None:
        """Put back the last change undone; what it was (None: nothing to redo)."""
        game = self.open_game_or_fail()
        event = game.redo()
        if event is None:
            return None
        self.changed(Change.GAME)
        return self.describe(event)

    def jump_to(self, seq: int) -> bool:
        """Go back to just after log entry ``seq`` (0: the start); the later ones can be
        redone one by one. False when ``seq`` is the latest entry already."""
        game = self.open_game_or_fail()
        if seq == game.event_count:
            return False
        game.jump_to(seq)
        self.changed(Change.GAME)
        return True

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
        )


def detach(game: Game, leader_id: str, at: str) -> Event:
    """Detach a leader from the unit he is with (an event made ``at``)."""
    return game.attach_leader(leader_id, None, at=at)
