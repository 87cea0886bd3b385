"""The table session's core: the rulesets, the open game, its saving, and the observers told
of every change (the other parts of :class:`~drumhead.session.TableSession` build on it)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from drumhead.errors import DrumheadError
from drumhead.session.notices import Change, Notice, Observer, warning
from drumhead.session.rulesets import RulesetShelf
from drumhead.session.saving import SaveKeeper, SaveReport, SaveVerdict

if TYPE_CHECKING:
    from drumhead.game import Event, Game, GameState, Scenario
    from drumhead.rules.model import InputValue, Ruleset
    from drumhead.saves import SaveInfo, SaveSession
    from drumhead.saves.table import SaveView

RollRecord = tuple[str, tuple[int, ...], int]
"""A roll made outside a check: (notation, faces, total)."""


class SessionCore:
    """What every part of the table session shares: the game open, its ruleset and save."""

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
        scenario_folder: str | None = None,
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
        self.scenario_folder = scenario_folder
        """The players' own scenarios folder (``drumhead --scenarios DIR``); None: the
        ``scenarios`` folder beside the saves folder (see :mod:`drumhead.session.scenarios`)."""
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
        self.held_seeds: dict[tuple[str, str | None], int] = {}
        """The dice of rolls stopped by a question the rules leave open, by (check, unit):
        the next roll of that check for that unit rolls them, from whichever form (see
        ``CheckForm.roll``)."""
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
        from drumhead.checks.resolve import coerce_gap

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
        self.held_seeds = {}
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
        scenario_text: str = "",
    ) -> Game:
        """Start a game (from a scenario, or an empty battlefield), create its save in the
        saves folder under ``name``, and open it. Refused when the name is taken.

        ``scenario_text``: a scenario's TOML not written to a file (an order of battle just
        imported), validated as a file would be; ``scenario`` then names where it came from
        (its errors name it, its id is its stem)."""
        from drumhead.game import load_scenario, new_game
        from drumhead.saves import SaveSession, save_path

        chosen: Scenario | None = None
        if scenario_text:
            from drumhead.game.scenario import read_scenario
            from drumhead.rules.toml_file import read_toml

            data, text = read_toml(scenario, scenario_text, kind="scenario")
            chosen = read_scenario(data, text=text, file=scenario, scenario_id=Path(scenario).stem)
        elif scenario:
            chosen = load_scenario(scenario)
        game = new_game(
            ruleset_id,
            options=list(options),
            scenario=chosen,
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

    def advice(self) -> list[Notice]:
        """What the players should know about the game open (:func:`game_advice`)."""
        from drumhead.session.advice import game_advice

        return game_advice(self.game) if self.game is not None else []

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

    def resumable(self) -> list[SaveInfo]:
        """The saves :meth:`resume_last` would try, in its order: the one left open by a
        crash first, then the one played last; none held by another drumhead or broken.
        Empty when the saves folder cannot be read."""
        from drumhead.saves import list_saves

        try:
            found = list_saves(self.keeper.folder())
        except DrumheadError:
            return []
        last = self.keeper.table.found.last
        found.sort(key=lambda i: (i.path.name == last, i.last_played), reverse=True)
        return [info for info in found if not info.locked and info.problem is None]

    def resume_last(self, candidates: Sequence[SaveInfo] | None = None) -> list[Notice]:
        """Open the game played last that no other drumhead holds (after a crash, the one
        that was open, though its header may be older than another's); what to tell.
        ``candidates``: :meth:`resumable`'s answer, if already asked (None: asked now)."""
        notices: list[Notice] = []
        for info in self.resumable() if candidates is None else candidates:
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
        self.held_seeds = {}
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
