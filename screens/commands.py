"""The command palette (ctrl+p): every action of the app, by name.

The commands are listed from the table session as it stands (:func:`palette_commands`), so a
unit's "Morale test: 1st Virginia" appears only when a game with that unit is open.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

from drumhead.dice.notation import parse
from drumhead.errors import DrumheadError

if TYPE_CHECKING:
    from .host import DrumheadHost


@dataclass(frozen=True, slots=True)
class PaletteCommand:
    """One entry of the palette."""

    text: str
    """What the player reads and types against, e.g. ``Next phase``."""
    help: str
    """One line under it."""
    run: Callable[[], object]
    """What choosing it does."""


class DrumheadCommands(Provider):
    """drumhead's commands: navigation, checks, units, phases, and ``Roll <notation>``."""

    def commands(self) -> list[PaletteCommand]:
        return palette_commands(cast("DrumheadHost", self.app))  # only drumhead's app offers it

    async def discover(self) -> Hits:
        for command in self.commands():
            yield DiscoveryHit(command.text, command.run, help=command.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        roll = _roll_command(self.app, query)
        if roll is not None:
            yield Hit(1.0, roll.text, roll.run, help=roll.help)
        for command in self.commands():
            score = matcher.match(command.text)
            if score > 0:
                yield Hit(score, matcher.highlight(command.text), command.run, help=command.help)


def _roll_command(app: object, query: str) -> PaletteCommand | None:
    """``roll 3d6`` (or just ``3d6``) typed in the palette opens the roller on it."""
    text = query.strip()
    if text.lower().startswith("roll "):
        text = text[5:].strip()
    try:
        expr = parse(text)
    except DrumheadError:
        return None
    if expr.die is None:
        return None
    opener = getattr(app, "action_open_roller", None)
    if opener is None:
        return None
    return PaletteCommand(
        f"Roll {expr}", "Open the roller on this roll", partial(opener, str(expr))
    )


def palette_commands(app: DrumheadHost) -> list[PaletteCommand]:
    """Every command the palette offers as things stand."""
    ruleset = app.session.ruleset
    out = [
        PaletteCommand("Roll 2d6", "Open the dice roller", partial(app.action_open_roller, "2d6")),
        PaletteCommand(
            "Open roller", "Any dice notation, its odds, history (F2)", app.action_open_roller
        ),
        PaletteCommand(
            "Open reference",
            f"{ruleset.title}: rules, tables, rulings (F3)",
            app.action_open_reference,
        ),
        PaletteCommand(
            "Toggle high contrast",
            "Switch between the default and high-contrast themes (F6)",
            app.action_toggle_contrast,
        ),
    ]
    out.extend(game_commands(app))
    for check in ruleset.checks:
        out.append(
            PaletteCommand(
                f"Resolve: {check.title}", check.source, partial(app.action_open_resolve, check.id)
            )
        )
    for entry in ruleset.reference:
        out.append(
            PaletteCommand(
                f"Reference: {entry.title}",
                entry.source,
                partial(app.action_open_reference, entry.title),
            )
        )
    out.extend(house_commands(app))
    out.extend(resolve_commands(app))
    out.extend(new_game_commands(app))
    return out


def new_game_commands(app: DrumheadHost) -> list[PaletteCommand]:
    """The new-game screen's import, while it is shown (its key ctrl+o)."""
    from .views.new_game import NewGameScreen

    screen = app.screen_stack[-1] if app.screen_stack else None
    if not isinstance(screen, NewGameScreen):
        return []
    return [
        PaletteCommand(
            "Import an order of battle",
            "A CSV or roster file from your scenarios folder, previewed before the game (ctrl+o)",
            screen.action_import_battle,
        )
    ]


def house_commands(app: DrumheadHost) -> list[PaletteCommand]:
    """The palette's commands for open questions: the answers screen, each missing chart in
    the grid editor, and saving the answers as a house-rules file."""
    from .house_actions import open_answers, open_chart, save_answers_dialog

    ruleset = app.session.ruleset
    out = [
        PaletteCommand(
            "Open questions and answers",
            "What the rules leave open, your answers: change, take back, save as house rules",
            partial(open_answers, app),
        )
    ]
    for table in ruleset.gap_tables:
        out.append(
            PaletteCommand(
                f"Type chart: {table.title}",
                f"The whole chart in a grid ({table.source})",
                partial(open_chart, app, table.id),
            )
        )
    out.append(
        PaletteCommand(
            "Save answers as house rules",
            "Every answer given so far, as a house-rules file a new game offers",
            partial(save_answers_dialog, app),
        )
    )
    return out


def resolve_commands(app: DrumheadHost) -> list[PaletteCommand]:
    """The resolve screen's pickers, while a check is open (its keys o, g and l)."""
    from .views.resolve import ResolveScreen

    screen = next((s for s in reversed(app.screen_stack) if isinstance(s, ResolveScreen)), None)
    if screen is None or screen.form is None:
        return []
    return [
        PaletteCommand(
            "Pick the other side",
            "The unit on each other side of this check, from the roster (o)",
            screen.action_pick_sides,
        ),
        PaletteCommand(
            "Add a unit to a side",
            "Another unit for a side that holds a group, e.g. an assault's units (g)",
            screen.action_add_to_side,
        ),
        PaletteCommand(
            "Pick leaders",
            "The leader of each side whose inputs read one, from the roster (l)",
            screen.action_pick_leaders,
        ),
    ]


def game_commands(app: DrumheadHost) -> list[PaletteCommand]:
    """Commands that need an open game: unit checks, phases, cards, log, undo."""
    session = app.session
    game = session.game
    if game is None:
        return [
            PaletteCommand("New game", "Pick a ruleset, options and scenario", app.action_new_game)
        ]
    out = [
        PaletteCommand(
            "Next phase",
            "Move the game to the next phase (n)",
            partial(battle_action, app, "next_phase"),
        ),
        PaletteCommand(
            "Next step",
            "Go on to the next step of the sequence of play (.)",
            partial(battle_action, app, "next_step"),
        ),
        PaletteCommand(
            "Previous step",
            "Go back one step of the sequence of play (,)",
            partial(battle_action, app, "previous_step"),
        ),
        PaletteCommand(
            "Repeat the step",
            "Back to the step the current one loops to: next brigade, assault, round (a)",
            partial(battle_action, app, "again"),
        ),
        PaletteCommand(
            "Next turn",
            "Move the game to the next turn (T)",
            partial(battle_action, app, "next_turn"),
        ),
        PaletteCommand("Undo", "Take back the last change (u)", app.action_undo),
        PaletteCommand("Redo", "Put back the last change undone (U)", app.action_redo),
        PaletteCommand("Open log", "Every event by turn and phase (l)", app.action_open_log),
        PaletteCommand(
            "Luck statistics",
            "Was it the dice? By side, unit and turn (s in the log)",
            app.action_open_luck,
        ),
        PaletteCommand(
            "Print unit cards",
            "Write the unit cards to cut out, as HTML beside the save (p)",
            partial(app.action_print, "cards"),
        ),
        PaletteCommand(
            "Print quick reference",
            "Write the ruleset's tables and modifiers, as HTML beside the save",
            partial(app.action_print, "reference"),
        ),
        PaletteCommand(
            "Close game", "Save it and go back to the start screen (ctrl+w)", app.action_close_game
        ),
        PaletteCommand(
            "Save as…",
            "Write the game under another name or folder and save there (ctrl+s)",
            app.action_save_as,
        ),
        PaletteCommand(
            "Edit units", "Add, remove, correct units; attach leaders", app.action_open_units
        ),
    ]
    if session.activation == "cards":
        out.append(
            PaletteCommand(
                "Draw next card",
                "Activate the next brigade (d)",
                partial(battle_action, app, "draw"),
            )
        )
    if session.activation == "initiative":
        out.append(
            PaletteCommand(
                "Record initiative",
                "Who won, who moves first (i)",
                partial(battle_action, app, "initiative"),
            )
        )
    for unit in game.state.units:
        morale = session.morale_check_id(unit.id)
        if morale is not None and not unit.removed:
            out.append(
                PaletteCommand(
                    f"{session.ruleset.check(morale).title}: {unit.name}",
                    unit.brigade.replace("_", " "),
                    partial(app.action_open_resolve, morale, unit.id),
                )
            )
        out.append(
            PaletteCommand(
                f"Edit unit: {unit.name}",
                "Correct its card",
                partial(app.action_open_units, unit.id),
            )
        )
    return out


def battle_action(app: DrumheadHost, name: str) -> None:
    """Run a battle-screen action from the palette (whatever screen is on top)."""
    from .views.battle import BattleScreen

    for screen in app.screen_stack:
        if isinstance(screen, BattleScreen):
            getattr(screen, f"action_{name}")()
            return
