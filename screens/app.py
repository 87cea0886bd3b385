"""The drumhead app: themes, global bindings, the command palette, and the state screens share.

The app decides nothing the rules package can decide; it holds which ruleset (or game) is open,
the seeded dice generator, the roller's history and the gap answers given without a game.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding
from textual.theme import Theme

from drumhead.errors import DrumheadError

VIEW_WRITE_AFTER = 0.5
"""Seconds after the last view change (cursor, pane, screen) that it is written."""

if TYPE_CHECKING:
    from drumhead.screens.commands import PaletteCommand
    from drumhead.screens.views.base import KeptScreen
    from textual.command import Provider
    from textual.driver import Driver
    from textual.screen import Screen
    from textual.timer import Timer

    from drumhead.game import Event, Game
    from drumhead.model import CheckSpec, InputValue, Ruleset
    from drumhead.results import Effect, Resolution
    from drumhead.saves.table import SaveView, TableKeeper

# The rules core, the game layer and the saves are imported where first used, so the first
# frame is painted before they load (see tests/bench/bench_app.py).


def _commands_provider() -> type[Provider]:
    from drumhead.screens.commands import DrumheadCommands

    return DrumheadCommands


DEFAULT_THEME = Theme(
    name="drumhead",
    primary="#3a6ea5",
    secondary="#6b4f2a",
    accent="#d9a441",
    warning="#d9a441",
    error="#d04848",
    success="#4c9a52",
    foreground="#e8e4da",
    background="#1b1d22",
    surface="#24272e",
    panel="#2e323b",
    dark=True,
)
"""Navy and brass on dark grey."""

CONTRAST_THEME = Theme(
    name="drumhead-contrast",
    primary="#ffffff",
    secondary="#ffff00",
    accent="#ffff00",
    warning="#ffff00",
    error="#ff5f5f",
    success="#00ff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#1c1c1c",
    dark=True,
)
"""White and yellow on black, for bright rooms and tired eyes."""


class DrumheadApp(App[None]):
    """drumhead's table-side app."""

    TITLE = "drumhead"
    CSS_PATH = "styles/drumhead.tcss"
    SCREENS_CSS = "styles/screens.tcss"
    """The other screens' styles: read after the first frame (:meth:`load_screen_styles`)."""
    COMMANDS = App.COMMANDS | {_commands_provider}
    # The footer shows each screen's own actions and F1, which lists every key (these global
    # ones included): at 80 columns the footer cannot hold them all.
    BINDINGS = [
        Binding("f1", "toggle_keys", "Keys", id="keys", tooltip="Show or hide every key"),
        Binding("f2", "open_roller", "Roller", id="roller", show=False),
        Binding("f3", "open_reference", "Reference", id="reference", show=False),
        Binding("f4", "open_resolve", "Resolve", id="resolve", show=False),
        Binding("f6", "toggle_contrast", "Contrast", id="contrast", show=False),
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True, show=False),
        # q as well: what players try first. Not a priority key, so a text field (a name,
        # a search) still types it; the game is saved and closed exactly as with ctrl+q.
        Binding("q", "quit", "Quit", id="quit-q", show=False),
    ]
    SAVE_RETRY_EVERY = 15.0
    """Seconds between tries to save while saving fails."""

    def __init__(
        self,
        saves: str | None = None,
        *,
        ruleset: str | None = None,
        seed: int | None = None,
        start: str = "auto",
        options: tuple[str, ...] = (),
        ruleset_files: tuple[str, ...] = (),
        scenario_files: tuple[str, ...] = (),
    ) -> None:
        super().__init__()
        self._use_theme(DEFAULT_THEME)
        self.register_theme(CONTRAST_THEME)
        self._file_cache: dict[tuple[str, frozenset[str]], Ruleset] = {}
        self._titles: dict[str, str] = {}
        self.extra_rulesets: dict[str, str] = {}
        """Rulesets read from files (not shipped): id -> path."""
        if ruleset_files:
            from drumhead.game import register_ruleset_file

            for path in ruleset_files:
                self.extra_rulesets[register_ruleset_file(path)] = str(path)
        self.scenario_files: tuple[str, ...] = tuple(scenario_files)
        """Scenario files offered besides the shipped scenarios."""
        self.game: Game | None = None
        """The open game, if any."""
        self.session: Any = None
        """The open save (a ``drumhead.saves.SaveSession``), if any."""
        self.last_resolution_seq: int | None = None
        """The log entry of the last resolution made (its effects point back to it)."""
        self.clock: Callable[[], str] = lambda: datetime.now(UTC).isoformat(timespec="seconds")
        """Where event time stamps come from."""
        self.saves = saves
        """The saves folder given on the command line (None: the default)."""
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        """Seed of the roller's generator (tests fix it)."""
        self.rng = random.Random(self.seed)
        """The generator every roll made outside a game comes from."""
        self.roll_history: list[Any] = []
        """The roller's rolls, latest first (kept while the app runs)."""
        if ruleset is not None and ruleset not in self.ruleset_ids():
            shipped = ", ".join(self.ruleset_ids())
            raise DrumheadError(f"no ruleset '{ruleset}' (shipped: {shipped})")
        self._ruleset_id = ruleset
        self.options = options
        """Optional rules on for the ruleset when no game is open."""
        self.gap_answers: dict[str, dict[str, InputValue]] = {}
        """Gap values the players gave without a game, per ruleset."""
        self.start = start
        """Which screen opens first: ``auto`` (the last game, else the start screen),
        ``menu`` (the start screen), ``reference`` (the quick reference)."""
        self._kept: list[KeptScreen] = []
        """Screens kept to be shown again, the least recently used first (see
        :meth:`show_kept`)."""
        self._screen_styles_read = False
        """Whether the other screens' stylesheet has been read (:meth:`load_screen_styles`)."""
        self._table: TableKeeper | None = None
        """The table file of the saves folder (read when first needed)."""
        self._view_timer: Timer | None = None
        """The pending write of a view change."""
        self._save_retry: Any = None
        """The timer that retries saving while it fails."""
        self._save_failure_told = False
        """Whether the players were told that saving fails (once, until it works again)."""
        self._quit_unsaved = False
        """Closing failed to save: closing again lets the game go unsaved."""

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal; on Linux and macOS the one that answers Escape
        without waiting for a 100 ms poll (see :mod:`drumhead.screens.driver`)."""
        driver = super().get_driver_class()
        if (
            f"{driver.__module__}.{driver.__qualname__}"
            == "textual.drivers.linux_driver.LinuxDriver"
        ):
            from drumhead.screens.driver import PromptEscapeDriver

            return PromptEscapeDriver
        return driver

    def _use_theme(self, theme: Theme) -> None:
        """Start in ``theme`` without the restyle that setting ``App.theme`` triggers: the
        stylesheet has not been parsed yet, so giving it the theme's variables is enough.
        (Setting ``self.theme`` in ``on_mount`` parsed every rule twice before the first
        frame; see tests/bench/bench_app.py.)"""
        self.register_theme(theme)
        self.set_reactive(App.theme, theme.name)
        self.set_class(True, f"-theme-{theme.name}", update=False)
        self.stylesheet.set_variables(self.get_css_variables())

    # -- state the screens read ---------------------------------------------------------
    @property
    def ruleset_id(self) -> str:
        """The ruleset the reference and resolve screens show when no game is open."""
        if self._ruleset_id is None:
            ids = self.ruleset_ids()
            self._ruleset_id = "one-if-by-land" if "one-if-by-land" in ids else ids[0]
        return self._ruleset_id

    @ruleset_id.setter
    def ruleset_id(self, value: str) -> None:
        self._ruleset_id = value

    def ruleset_ids(self) -> list[str]:
        """The rulesets on offer: shipped ones and any read from files.

        Listed from the data folder directly (as :func:`drumhead.loader.ruleset_ids` does),
        so the first frame does not wait for the ruleset validator to be imported.
        """
        from importlib import resources

        folder = resources.files("drumhead.data") / "rulesets"
        shipped = {p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml")}
        return sorted(shipped | set(self.extra_rulesets))

    def load(self, ruleset_id: str, options: tuple[str, ...] | frozenset[str] = ()) -> Ruleset:
        """A ruleset by id (shipped or from a file), with optional rules on."""
        from drumhead.loader import apply_options, load_ruleset, read_toml
        from drumhead.validate import build_ruleset

        path = self.extra_rulesets.get(ruleset_id)
        if path is None:
            return load_ruleset(ruleset_id, options)
        key = (ruleset_id, frozenset(options))
        if key not in self._file_cache:
            data, text = read_toml(path)
            merged = apply_options(data, sorted(options))
            self._file_cache[key] = build_ruleset(
                merged, file=path, text=text, active_options=frozenset(options)
            )
        return self._file_cache[key]

    def ruleset_title(self, ruleset_id: str) -> str:
        """A ruleset's title, read without parsing or validating the file (first frame, lists):
        the top-level ``title = "..."`` line, which every ruleset file has before any table."""
        if ruleset_id not in self._titles:
            import re
            from importlib import resources

            path = self.extra_rulesets.get(ruleset_id)
            try:
                if path is not None:
                    text = Path(path).read_text(encoding="utf-8")
                else:
                    folder = resources.files("drumhead.data") / "rulesets"
                    text = (folder / f"{ruleset_id}.toml").read_text(encoding="utf-8")
            except OSError:
                text = ""
            head = text.split("\n[", 1)[0]  # top-level keys come before the first table
            match = re.search(r'^title\s*=\s*"((?:[^"\\]|\\.)*)"', head, re.MULTILINE)
            self._titles[ruleset_id] = match.group(1) if match else ruleset_id
        return self._titles[ruleset_id]

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset in use: the open game's, else the chosen one."""
        if self.game is not None:
            return self.game.ruleset
        return self.load(self.ruleset_id, self.options)

    def gaps(self) -> dict[str, InputValue]:
        """Gap values known so far (the game's, when one is open)."""
        if self.game is not None:
            return self.game.state.gap_values()
        return dict(self.gap_answers.get(self.ruleset_id, {}))

    def set_gap(self, gap_id: str, value: InputValue) -> None:
        """Keep a gap answer the players gave (with the game, as an event, when one is open)."""
        if self.game is not None:
            self.record(lambda at: self.game.set_gap(gap_id, value, at=at))  # type: ignore[union-attr]
            return
        self.gap_answers.setdefault(self.ruleset_id, {})[gap_id] = value

    # -- the open game ------------------------------------------------------------------
    def now(self) -> str:
        """The time stamped on events (tests replace ``clock``)."""
        return self.clock()

    def record(self, change: Callable[[str], Event]) -> Event:
        """Make one change to the game (an event), then autosave and repaint."""
        assert self.game is not None
        event = change(self.now())
        self.after_change()
        return event

    def after_change(self) -> None:
        """After any change to the game: save it (in a worker) and repaint what shows it."""
        self.autosave()
        self.refresh_status()
        for screen in self.screen_stack:
            hook = getattr(screen, "game_changed", None)
            if callable(hook):
                hook()

    def autosave(self) -> None:
        """Write the changes made so far, in a worker thread (nothing to do without a save).

        A failure never ends the app: the game stays in memory, the status bar says since
        when it is not saved and why, and saving is tried again (:meth:`save_failed`)."""
        if self.session is not None:
            self.run_worker(
                partial(self._autosave, self.session),
                thread=True,
                group="autosave",
                exit_on_error=False,
            )

    def _autosave(self, session: Any) -> None:
        """In the worker: append what changed (``SaveSession.autosave`` takes it from the game
        as each change was made, so it never races the next change)."""
        failing = session.health.problem is not None
        try:
            session.autosave()
        except DrumheadError as exc:
            if not session.closed:
                self.call_from_thread(self.save_failed, session, exc)
            return
        if failing:
            self.call_from_thread(self.save_recovered, session)

    def save_failed(self, session: Any, error: DrumheadError) -> None:
        """Saving failed: say so once, keep saying it in the status bar, and retry."""
        if session is not self.session:
            return
        self.refresh_status()
        if self._save_retry is None:
            self._save_retry = self.set_interval(self.SAVE_RETRY_EVERY, self.retry_save)
        if not self._save_failure_told:
            self._save_failure_told = True
            self.notify(
                f"{error} · ctrl+s saves it elsewhere",
                title="Not saved",
                severity="error",
                timeout=20,
            )

    def save_recovered(self, session: Any) -> None:
        """Saving works again after a failure."""
        if session is not self.session:
            return
        self._save_failure_told = False
        self.refresh_status()
        self.notify("Saved again: every change is on disk.")

    def retry_save(self) -> None:
        """Try again to save (on a timer while saving fails)."""
        session = self.session
        if session is None or session.health.problem is None:
            if self._save_retry is not None:
                self._save_retry.stop()
                self._save_retry = None
            return
        self.autosave()

    def save_warning(self) -> str | None:
        """The status bar's warning while saving fails: since when, and why."""
        health = self.session.health if self.session is not None else None
        if health is None or health.problem is None:
            return None
        import time

        since = time.strftime("%H:%M", time.localtime(health.last_saved or time.time()))
        return f"not saved since {since}: {health.problem}"

    def action_save_as(self) -> None:
        """Ask for a name or a folder and write the whole game there; saving goes on there."""
        if self.session is None or self.game is None:
            self.notify("No game open.", severity="warning")
            return
        from drumhead.screens.dialogs.save_as import SaveAsModal

        session = self.session
        self.push_screen(
            SaveAsModal(session.path.stem, str(session.path.parent), self.save_game_as)
        )

    def save_game_as(self, text: str) -> str | None:
        """Save the open game as ``text`` (a name in the saves folder, or a path with its
        folder); what went wrong, or None."""
        from drumhead.saves import save_path

        if self.session is None or self.game is None:
            return "no game is open"
        given = Path(text).expanduser()
        folder = given.parent if given.parent != Path(".") else self.saves_folder()
        try:
            path = save_path(folder, given.name)
            self.session.save_as(path, self.game)
        except DrumheadError as exc:
            return str(exc)
        self._save_failure_told = False
        if path.parent.resolve() == self.table.folder.resolve():
            self.table.opened(path.name)  # the game to reopen now lives under its new name
        else:
            self.table.closed()  # the game now lives in another folder, with its own table
        self.refresh_status()
        self.notify(f"Saved as {path}; saving goes on there.")
        return None

    def open_game(self, game: Game, session: Any = None, view: SaveView | None = None) -> None:
        """Make ``game`` the open game and show the battle screen (as ``view`` says it was)."""
        self.close_game(force=True)
        self.game = game
        self.session = session
        if session is not None:
            self.table.opened(session.path.name)
        from drumhead.screens.views.battle import BattleScreen

        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(BattleScreen(view))

    @property
    def table(self) -> TableKeeper:
        """Where the players were (``.drumhead-table.toml`` in the saves folder)."""
        folder = self.saves_folder()
        if self._table is None or self._table.folder != folder:
            from drumhead.saves.table import TableKeeper

            self._table = TableKeeper(folder)
        return self._table

    def remember_view(self, **changes: str) -> None:
        """The open game's view changed (unit, pane, screen): written a moment later."""
        if self.session is None or not self.table.note(self.session.path.name, **changes):
            return
        if self._view_timer is not None:
            self._view_timer.stop()
        self._view_timer = self.set_timer(VIEW_WRITE_AFTER, self.table.flush)

    def reopen_screen(self, name: str) -> None:
        """Show a screen a resumed game had open over its battle screen."""
        actions = {
            "log": self.action_open_log,
            "units": self.action_open_units,
            "reference": self.action_open_reference,
            "roller": self.action_open_roller,
        }
        if name in actions and self.game is not None:
            actions[name]()

    def saves_folder(self) -> Path:
        """Where games are saved (--saves, $DRUMHEAD_SAVES, or ./saves)."""
        from drumhead.saves import saves_dir

        return saves_dir(self.saves)

    def start_game(self, game: Game, name: str) -> None:
        """Create the save of a new game and open it."""
        from drumhead.saves import SaveSession, save_path

        path = save_path(self.saves_folder(), name)
        if path.exists():
            raise DrumheadError(f"a save named '{name}' exists already; pick another name")
        path.parent.mkdir(parents=True, exist_ok=True)
        session = SaveSession.create(path, game)
        self.open_game(game, session)

    def resume(self, path: str | Path) -> None:
        """Open a saved game (refused, with the reason, if another drumhead holds it)."""
        from drumhead.saves import SaveSession

        session, game = SaveSession.open(path)
        found = self.table.found
        self.open_game(game, session, found.view(session.path.name))
        if found.open and found.last == session.path.name:
            self.notify(
                f"Recovered '{game.state.name}': drumhead was not closed last time. Every "
                f"change saved before then is here ({len(game.log)} in the log).",
                title="Game recovered",
                timeout=15,
            )
        for warning in session.warnings:  # it opened, but the players should know
            self.notify(f"{game.state.name}: {warning}", severity="warning", timeout=12)

    async def action_quit(self) -> None:
        """Save, release the open game, and leave. If it cannot be saved, stay (the second
        ctrl+q in a row leaves all the same, unsaved)."""
        if not self.close_game(force=self._quit_unsaved):
            self._quit_unsaved = True
            return
        self.exit()

    def close_game(self, *, force: bool = False) -> bool:
        """Save and close the open game (if any) and release its save. When it cannot be
        saved, say why and keep it open (False), unless ``force``: then let it go unsaved."""
        session, game = self.session, self.game
        if session is not None and game is not None:
            try:
                with contextlib.suppress(DrumheadError):
                    session.save(game)  # compacted; a full disk may still take the short way
                session.close()
            except DrumheadError as exc:
                if not force:
                    self.notify(
                        f"{exc} · ctrl+s saves it elsewhere; close again to leave it unsaved",
                        title="Not saved",
                        severity="error",
                        timeout=20,
                    )
                    self.refresh_status()
                    return False
                session.release()
        if session is not None:
            self.table.flush()  # the view as it stood
            self.table.closed()
        self.session = None
        self.game = None
        self._quit_unsaved = False
        self._save_failure_told = False
        self.drop_kept()
        return True

    # -- what the resolve screen asks of the app (routed to the game when one is open) ----
    @property
    def game_open(self) -> bool:
        """Whether a game is open (effects can then be applied to units)."""
        return self.game is not None

    def check_choices(self, unit_id: str | None) -> list[CheckSpec]:
        """The checks to offer: those fitting the unit first, then those of this phase."""
        if self.game is not None:
            checks = self.game.checks_for(unit_id)
            phase = self.game.state.phase
            return sorted(checks, key=lambda c: 0 if c.phase == phase else 1)
        ruleset = self.ruleset
        return [c for c in ruleset.checks if c.option is None or c.option in ruleset.active_options]

    def prefill(self, check_id: str, unit_id: str | None) -> dict[str, InputValue]:
        """Input values taken from the unit's card (none without a game or a unit)."""
        if self.game is None or unit_id is None:
            return {}
        from drumhead.game import unit_inputs

        return unit_inputs(self.game.ruleset, check_id, self.game.state, unit_id)

    def unit_name(self, unit_id: str) -> str:
        if self.game is not None and self.game.state.has_unit(unit_id):
            return self.game.state.unit(unit_id).name
        return unit_id

    def run_check(
        self,
        check_id: str,
        unit_id: str | None,
        values: Mapping[str, InputValue],
        ticked: Mapping[str, int],
        hand: list[int] | None,
        use_reroll: bool,
    ) -> Resolution:
        """Resolve a check: seeded dice, or the faces the players typed in."""
        from drumhead.resolve import prepare, resolve
        from drumhead.roller import DiceSource, HandDice, RandomDice

        if self.game is not None:
            game = self.game
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
                )
                made.append(resolution)
                return event

            self.last_resolution_seq = self.record(change).seq
            return made[0]
        ctx = prepare(self.ruleset, check_id, values, ticked, self.gaps(), use_reroll=use_reroll)
        dice: DiceSource = HandDice(hand) if hand is not None else RandomDice(self.rng)
        return resolve(ctx, dice)

    def roll_dice(
        self, notation: str, purpose: str, unit_id: str | None = None
    ) -> tuple[tuple[int, ...], int]:
        """Roll dice that are not a check (a distance, the roller): with a game open, from the
        game's seeded dice and logged (a replay gives the same faces); else the app's own."""
        if self.game is None:
            from drumhead.dice import parse

            return parse(notation).roll(self.rng)
        game = self.game
        event = self.record(
            lambda at: game.roll_dice(notation, purpose=purpose, at=at, unit_id=unit_id)
        )
        return tuple(event.data["faces"]), int(event.data["total"])

    def apply_hint(self, unit_id: str | None, has_effects: bool) -> str:
        """The line under the proposed effects."""
        if not has_effects:
            return "No effects to apply."
        if self.game is None or unit_id is None:
            return "No unit card to change: the players apply these effects by hand."
        return "a applies the ticked effects (untick to discard; e edits an amount)."

    def apply_effects(self, unit_id: str | None, effects: Sequence[Effect]) -> str:
        """Apply the players' chosen effects; returns what was done."""
        if self.game is None or unit_id is None:
            return "Noted: there is no unit card to change."
        game = self.game
        if not effects:
            return "Effects discarded."
        seq = self.last_resolution_seq
        self.record(lambda at: game.apply_effects(unit_id, list(effects), at=at, resolution=seq))
        return f"Applied {len(effects)} effect(s) to {self.unit_name(unit_id)} (u undoes)."

    def edit_unit(self, unit_id: str, field: str, value: object) -> None:
        """Correct one field of a unit's card (an event: undoable, saved)."""
        game = self.game
        if game is None:
            raise DrumheadError("no game is open")
        self.record(lambda at: game.edit_unit(unit_id, field, value, at=at))

    def status_text(self, *, short: bool = False) -> tuple[str, str]:
        """The always-visible line, in two parts: what must never be cut (the turn and phase,
        or that no game is open; ``short``: without the phase title's aside) and what may be
        (the game's name, the ruleset)."""
        if self.game is None:
            return "no game open", self.ruleset_title(self.ruleset_id)
        name = self.game.state.name or "game"
        return self.game.turn_label(short=short), f"{name} · {self.ruleset.title}"

    def can_switch_ruleset(self) -> bool:
        """Whether the ruleset may be changed (not while a game is open)."""
        return self.game is None

    def choose_ruleset(self, ruleset_id: str) -> None:
        """Switch the ruleset shown when no game is open."""
        self.ruleset_id = ruleset_id
        self.options = ()
        self.refresh_status()

    def refresh_status(self) -> None:
        from drumhead.screens.widgets.status_bar import StatusBar

        for bar in self.screen.query(StatusBar):
            bar.refresh()

    # -- start ----------------------------------------------------------------------------
    def get_default_screen(self) -> Screen:
        """The start screen is the app's base screen: building it as the default screen, not
        pushing it over Textual's blank one, saves a screen and a first frame that Textual
        would render and then drop while the app is still starting (tests/bench)."""
        from drumhead.screens.views.start import StartScreen

        return StartScreen()

    def on_mount(self) -> None:
        self.call_after_refresh(self.startup_done)
        if self.start == "reference":
            self.action_open_reference()
        elif self.start == "auto":
            self.call_after_refresh(self.resume_last)

    def startup_done(self) -> None:
        """The first frame is painted: collect garbage again, and freeze what start-up made.

        ``drumhead`` turns Python's garbage collector off while it imports and builds the
        first screen (run_app): start-up makes many objects and few cycles, and the collector
        ran about a hundred times before the first frame (tests/bench). Freezing keeps the
        modules, styles and widgets made so far out of later full collections, so they do
        not pause the game either. A no-op where the collector was on (tests).
        """
        import gc

        if not gc.isenabled():
            gc.enable()
            gc.freeze()
        self.load_screen_styles()

    def load_screen_styles(self) -> None:
        """Read the other screens' stylesheet (``SCREENS_CSS``), once, and restyle.

        Parsing Textual CSS is slow (about 7 ms for all of drumhead's), so start-up parses
        only the rules the start screen and the dialogs use, and the rest comes just after
        the first frame, while the player is still looking at it. Every screen but the start
        screen also asks for it as it is built (``DrumheadScreen``), so none can be shown
        without its styles whatever the timing.
        """
        if self._screen_styles_read:  # asked as every screen is built: no file look-up then
            return
        self._screen_styles_read = True
        self.stylesheet.read(Path(__file__).parent / self.SCREENS_CSS)
        self.stylesheet.parse()  # parses only the new file: the others are cached
        self.stylesheet.update(self)

    def resume_last(self) -> None:
        """Open the most recently played save that no other drumhead holds."""
        from drumhead.saves import list_saves

        try:
            saves = list_saves(self.saves_folder())
        except DrumheadError:
            return
        # the game last open first (after a crash its header's time can be older than
        # another game's), then the most recently played
        last = self.table.found.last
        for info in sorted(saves, key=lambda i: (i.path.name == last, i.last_played), reverse=True):
            if info.locked or info.problem is not None:
                continue
            try:
                self.resume(info.path)
            except DrumheadError as exc:
                self.notify(f"Could not open {info.name}: {exc}", severity="warning")
                continue
            return

    # -- the command palette -----------------------------------------------------------
    def palette_commands(self) -> list[PaletteCommand]:
        """Every command the palette offers as things stand."""
        from drumhead.screens.commands import PaletteCommand

        out = [
            PaletteCommand(
                "Roll 2d6", "Open the dice roller", partial(self.action_open_roller, "2d6")
            ),
            PaletteCommand(
                "Open roller", "Any dice notation, its odds, history (F2)", self.action_open_roller
            ),
            PaletteCommand(
                "Open reference",
                f"{self.ruleset.title}: rules, tables, rulings (F3)",
                self.action_open_reference,
            ),
            PaletteCommand(
                "Toggle high contrast",
                "Switch between the default and high-contrast themes (F6)",
                self.action_toggle_contrast,
            ),
        ]
        out.extend(self.game_commands())
        for check in self.ruleset.checks:
            out.append(
                PaletteCommand(
                    f"Resolve: {check.title}",
                    f"{check.source}",
                    partial(self.action_open_resolve, check.id),
                )
            )
        for entry in self.ruleset.reference:
            out.append(
                PaletteCommand(
                    f"Reference: {entry.title}",
                    entry.source,
                    partial(self.action_open_reference, entry.title),
                )
            )
        return out

    def game_commands(self) -> list[PaletteCommand]:
        """Commands that need an open game: unit checks, phases, cards, log, undo."""
        from drumhead.screens.commands import PaletteCommand

        if self.game is None:
            out = [
                PaletteCommand(
                    "New game", "Pick a ruleset, options and scenario", self.action_new_game
                )
            ]
            return out
        from drumhead.screens.views.battle import morale_check_id

        state = self.game.state
        out = [
            PaletteCommand(
                "Next phase",
                "Move the game to the next phase (n)",
                partial(self.battle_action, "next_phase"),
            ),
            PaletteCommand(
                "Next turn",
                "Move the game to the next turn (T)",
                partial(self.battle_action, "next_turn"),
            ),
            PaletteCommand("Undo", "Take back the last change (u)", self.action_undo),
            PaletteCommand("Redo", "Put back the last change undone (U)", self.action_redo),
            PaletteCommand("Open log", "Every event by turn and phase (l)", self.action_open_log),
            PaletteCommand(
                "Close game",
                "Save it and go back to the start screen (ctrl+w)",
                self.action_close_game,
            ),
            PaletteCommand(
                "Save as…",
                "Write the game under another name or folder and save there (ctrl+s)",
                self.action_save_as,
            ),
            PaletteCommand(
                "Edit units", "Add, remove, correct units; attach leaders", self.action_open_units
            ),
        ]
        sequence = self.game.ruleset.sequence
        if sequence is not None and sequence.activation == "cards":
            out.append(
                PaletteCommand(
                    "Draw next card",
                    "Activate the next brigade (d)",
                    partial(self.battle_action, "draw"),
                )
            )
        if sequence is not None and sequence.activation == "initiative":
            out.append(
                PaletteCommand(
                    "Record initiative",
                    "Who won, who moves first (i)",
                    partial(self.battle_action, "initiative"),
                )
            )
        for unit in state.units:
            morale = morale_check_id(self, unit.id)
            if morale is not None and not unit.removed:
                title = self.game.ruleset.check(morale).title
                out.append(
                    PaletteCommand(
                        f"{title}: {unit.name}",
                        f"{unit.brigade.replace('_', ' ')}",
                        partial(self.action_open_resolve, morale, unit.id),
                    )
                )
            out.append(
                PaletteCommand(
                    f"Edit unit: {unit.name}",
                    "Correct its card",
                    partial(self.action_open_units, unit.id),
                )
            )
        return out

    def battle_action(self, name: str) -> None:
        """Run a battle-screen action from the palette (whatever screen is on top)."""
        from drumhead.screens.views.battle import BattleScreen

        for screen in self.screen_stack:
            if isinstance(screen, BattleScreen):
                getattr(screen, f"action_{name}")()
                return

    # -- actions --------------------------------------------------------------------------
    def action_back(self) -> None:
        """Close the screen on top (the start/battle screen stays)."""
        if len(self.screen_stack) > 1:
            self.pop_screen()

    def action_open_roller(self, notation: str = "2d6") -> None:
        from drumhead.screens.views.roller import RollerScreen

        self.show_kept(RollerScreen, notation)
        self.remember_view(screen="roller")

    def action_open_reference(self, query: str = "") -> None:
        from drumhead.screens.views.reference import ReferenceScreen

        self.show_kept(ReferenceScreen, query)
        self.remember_view(screen="reference")

    def action_open_resolve(self, check: str = "", unit: str = "") -> None:
        from drumhead.screens.views.resolve import ResolveScreen

        self.show_kept(ResolveScreen, check or None, unit or None)

    def show_kept(self, kind: type[KeptScreen], *args: str | None) -> None:
        """Show a screen of ``kind`` opened with ``args``: a kept one refilled if one is free
        (not showing already) and able, else a new one, which is then kept too.

        Building a screen is most of the time it takes to open (tests/bench/bench_app.py).
        Up to ``kind.KEEP`` are kept, the least recently used dropped first; screens built
        for another game or ruleset are dropped when next asked for.
        """
        kept = [s for s in self._kept if type(s) is kind]
        # not one showing, nor one still being built ahead (its widgets are not all there)
        free = [s for s in kept if s not in self.screen_stack and s.is_mounted]
        stale = [s for s in free if not s.fits_app()]
        if stale:
            self.drop_kept(stale)
            free = [s for s in free if s not in stale]
        screen = next((s for s in free if s.reopen(*args)), None)
        if screen is None:
            if len(kept) - len(stale) >= kind.KEEP and free:
                self.drop_kept(free[:1])
            screen = self._build_kept(kind, args)
        else:
            self._kept.remove(screen)
        self._kept.append(screen)  # the most recently used last
        self.push_screen(screen)

    def _build_kept(self, kind: type[KeptScreen], args: tuple[str | None, ...]) -> KeptScreen:
        """A new screen of ``kind``, installed so that it outlives being closed."""
        screen = kind(*args)  # type: ignore[arg-type]
        self.install_screen(screen, f"kept-{id(screen)}")
        return screen

    async def prepare_kept(self, kind: type[KeptScreen], *args: str | None) -> None:
        """Build a screen of ``kind`` without showing it, and keep it, so that the first time
        it is opened is as quick as the next ones (nothing if one is kept already); done
        when it is mounted."""
        if any(type(s) is kind and s.fits_app() for s in self._kept):
            return
        screen = self._build_kept(kind, args)
        self._kept.append(screen)
        _, mounted = self._get_screen(screen)  # what pushing does first: compose, mount
        await mounted

    def drop_kept(self, screens: Sequence[KeptScreen] | None = None) -> None:
        """Forget kept screens (all of them by default; never one showing) and free their
        widgets."""
        for screen in list(self._kept if screens is None else screens):
            if screen in self.screen_stack:
                continue
            self._kept.remove(screen)
            self.uninstall_screen(screen)
            if not screen.is_attached:
                continue
            if screen.is_mounted:
                screen.remove()
            else:  # still being built ahead: taking its widgets away mid-mount breaks them
                screen.call_later(screen.remove)

    def action_undo(self) -> None:
        """Take back the last change to the game."""
        from drumhead.screens.events_text import describe_event

        if self.game is None:
            return
        game = self.game
        event = game.undo()
        if event is None:
            self.notify("Nothing to undo.", severity="warning")
            return
        self.notify(f"Undone: {describe_event(game, event)} (U redoes)")
        self.after_change()

    def action_redo(self) -> None:
        """Put back the last change undone."""
        from drumhead.screens.events_text import describe_event

        if self.game is None:
            return
        game = self.game
        event = game.redo()
        if event is None:
            self.notify("Nothing to redo.", severity="warning")
            return
        self.notify(f"Redone: {describe_event(game, event)}")
        self.after_change()

    def action_open_log(self) -> None:
        if self.game is None:
            self.notify("No game open.", severity="warning")
            return
        from drumhead.screens.views.log import LogScreen

        self.show_kept(LogScreen)
        self.remember_view(screen="log")

    def action_open_units(self, unit: str = "") -> None:
        if self.game is None:
            self.notify("No game open.", severity="warning")
            return
        from drumhead.screens.views.units import UnitsScreen

        self.show_kept(UnitsScreen, unit or None)
        self.remember_view(screen="units")

    def action_close_game(self) -> None:
        """Save and close the open game; back to the start screen."""
        if self.game is None:
            return
        name = self.game.state.name
        if not self.close_game(force=self._quit_unsaved):
            self._quit_unsaved = True
            return
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.refresh_status()
        self.notify(f"Saved and closed '{name}'.")

    def action_new_game(self) -> None:
        from drumhead.screens.views.new_game import NewGameScreen

        self.push_screen(NewGameScreen())

    def action_toggle_keys(self) -> None:
        """Show the keys panel (every key of this screen and the app's), or hide it."""
        if self.screen.query("HelpPanel"):
            self.action_hide_help_panel()
        else:
            self.action_show_help_panel()

    def action_toggle_contrast(self) -> None:
        self.theme = "drumhead" if self.theme == "drumhead-contrast" else "drumhead-contrast"
