"""The drumhead app: themes, global bindings, the command palette, and the state screens share.

The app decides nothing the rules package can decide; it holds which ruleset (or game) is open,
the seeded dice generator, the roller's history and the gap answers given without a game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from drumhead.screens.commands import DrumheadCommands, PaletteCommand
from textual.app import App
from textual.binding import Binding
from textual.theme import Theme

from drumhead.errors import DrumheadError
from drumhead.loader import apply_options, load_ruleset, load_ruleset_file, read_toml, ruleset_ids
from drumhead.model import CheckSpec, InputValue, Ruleset
from drumhead.resolve import prepare, resolve
from drumhead.results import Effect, Resolution
from drumhead.roller import DiceSource, HandDice, RandomDice
from drumhead.validate import build_ruleset

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
    CSS_PATH = "drumhead.tcss"
    COMMANDS = App.COMMANDS | {DrumheadCommands}
    BINDINGS = [
        Binding("f2", "open_roller", "Roller", id="roller"),
        Binding("f3", "open_reference", "Reference", id="reference"),
        Binding("f4", "open_resolve", "Resolve", id="resolve"),
        Binding("f6", "toggle_contrast", "Contrast", id="contrast"),
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
    ]

    def __init__(
        self,
        saves: str | None = None,
        *,
        ruleset: str | None = None,
        seed: int | None = None,
        start: str = "auto",
        options: tuple[str, ...] = (),
        ruleset_files: tuple[str, ...] = (),
    ) -> None:
        super().__init__()
        self._file_cache: dict[tuple[str, frozenset[str]], Ruleset] = {}
        self.extra_rulesets: dict[str, str] = {}
        """Rulesets read from files (not shipped): id -> path."""
        for path in ruleset_files:
            self.extra_rulesets[load_ruleset_file(path).id] = str(path)
        self.saves = saves
        """The saves folder given on the command line (None: the default)."""
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        """Seed of the roller's generator (tests fix it)."""
        self.rng = random.Random(self.seed)
        """The generator every roll made outside a game comes from."""
        self.roll_history: list[Any] = []
        """The roller's rolls, latest first (kept while the app runs)."""
        shipped = self.ruleset_ids()
        if ruleset is not None and ruleset not in shipped:
            raise DrumheadError(f"no ruleset '{ruleset}' (shipped: {', '.join(shipped)})")
        self.ruleset_id: str = ruleset or (
            "one-if-by-land" if "one-if-by-land" in shipped else shipped[0]
        )
        """The ruleset the reference and resolve screens show when no game is open."""
        self.options = options
        """Optional rules on for the ruleset when no game is open."""
        self.gap_answers: dict[str, dict[str, InputValue]] = {}
        """Gap values the players gave without a game, per ruleset."""
        self.start = start
        """Which screen opens first: ``auto`` (last game or the start screen), ``reference``."""

    # -- state the screens read ---------------------------------------------------------
    def ruleset_ids(self) -> list[str]:
        """The rulesets on offer: shipped ones and any read from files."""
        return sorted({*ruleset_ids(), *self.extra_rulesets})

    def load(self, ruleset_id: str, options: tuple[str, ...] | frozenset[str] = ()) -> Ruleset:
        """A ruleset by id (shipped or from a file), with optional rules on."""
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

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset in use: the open game's, else the chosen one."""
        return self.load(self.ruleset_id, self.options)

    def gaps(self) -> dict[str, InputValue]:
        """Gap values known so far."""
        return dict(self.gap_answers.get(self.ruleset_id, {}))

    def set_gap(self, gap_id: str, value: InputValue) -> None:
        """Keep a gap answer the players gave."""
        self.gap_answers.setdefault(self.ruleset_id, {})[gap_id] = value

    # -- what the resolve screen asks of the app (routed to the game when one is open) ----
    @property
    def game_open(self) -> bool:
        """Whether a game is open (effects can then be applied to units)."""
        return False

    def check_choices(self, unit_id: str | None) -> list[CheckSpec]:
        """The checks to offer, those fitting the unit (and phase) first."""
        ruleset = self.ruleset
        return [c for c in ruleset.checks if c.option is None or c.option in ruleset.active_options]

    def prefill(self, check_id: str, unit_id: str | None) -> dict[str, InputValue]:
        """Input values taken from the unit's card (none without a game)."""
        return {}

    def unit_name(self, unit_id: str) -> str:
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
        ctx = prepare(self.ruleset, check_id, values, ticked, self.gaps(), use_reroll=use_reroll)
        dice: DiceSource = HandDice(hand) if hand is not None else RandomDice(self.rng)
        return resolve(ctx, dice)

    def apply_hint(self, unit_id: str | None, has_effects: bool) -> str:
        """The line under the proposed effects."""
        if not has_effects:
            return "No effects to apply."
        return "No game open: the players apply these effects by hand."

    def apply_effects(self, unit_id: str | None, effects: Sequence[Effect]) -> str:
        """Apply the players' chosen effects; returns what was done."""
        return "Noted: with no game open there is no unit card to change."

    def status_text(self) -> str:
        """The always-visible line: ruleset (and game, turn, phase when one is open)."""
        return self.ruleset.title + " · no game open"

    def can_switch_ruleset(self) -> bool:
        """Whether the ruleset may be changed (not while a game is open)."""
        return True

    def choose_ruleset(self, ruleset_id: str) -> None:
        """Switch the ruleset shown when no game is open."""
        self.ruleset_id = ruleset_id
        self.options = ()
        self.refresh_status()

    def refresh_status(self) -> None:
        from drumhead.screens.widgets import StatusBar

        for bar in self.screen.query(StatusBar):
            bar.refresh()

    # -- start ----------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.register_theme(DEFAULT_THEME)
        self.register_theme(CONTRAST_THEME)
        self.theme = "drumhead"
        from drumhead.screens.start import StartScreen

        self.push_screen(StartScreen())
        if self.start == "reference":
            self.action_open_reference()

    # -- the command palette -----------------------------------------------------------
    def palette_commands(self) -> list[PaletteCommand]:
        """Every command the palette offers as things stand."""
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

    # -- actions --------------------------------------------------------------------------
    def action_back(self) -> None:
        """Close the screen on top (the start/battle screen stays)."""
        if len(self.screen_stack) > 2:
            self.pop_screen()

    def action_open_roller(self, notation: str = "2d6") -> None:
        from drumhead.screens.roller import RollerScreen

        self.push_screen(RollerScreen(notation))

    def action_open_reference(self, query: str = "") -> None:
        from drumhead.screens.reference import ReferenceScreen

        self.push_screen(ReferenceScreen(query))

    def action_open_resolve(self, check: str = "", unit: str = "") -> None:
        from drumhead.screens.resolve import ResolveScreen

        self.push_screen(ResolveScreen(check or None, unit or None))

    def action_toggle_contrast(self) -> None:
        self.theme = "drumhead" if self.theme == "drumhead-contrast" else "drumhead-contrast"
