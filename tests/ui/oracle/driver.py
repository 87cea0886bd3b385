"""The oracle's player on the screen: drives the real resolve screen by keys, and checks every
answer it shows against the rules core given the same values.

One app per ruleset plays the probes asked for (:func:`tests.oracle.plan.one_of_each_kind`:
one of each kind the screen handles apart), check by check, and records for each probe what
disagreed (nothing, when the app is right). The values reach the screen only as a player's
keys would bring them: Tab to the field, then space, the menu's arrows and Enter, or the
digits typed; never by assigning a widget's value. Every probe of the plan is played on the
session's form, which the screen shows, in tests/session/test_oracle.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import textual.screen
from drumhead.screens.app import DrumheadApp
from drumhead.screens.dialogs.roll_again import RollAgainModal
from drumhead.screens.render import OddsChart, resolution_text
from drumhead.screens.views.resolve import ResolveScreen
from phases import to_check_phase
from rich.console import Console, Group
from rich.text import Text
from textual import events
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, OptionList, Select, SelectionList, Static

from drumhead.game import Game
from drumhead.rules.model import CheckSpec, InputSpec, InputValue, Ruleset
from tests.oracle.core import Expected, expect, hand_faces, roll_problems
from tests.oracle.plan import Probe, base_values, oracle_game, probes

SIZE = (120, 40)
"""The terminal the oracle plays in."""

FRAME_PERIOD = 5.0
"""Seconds between the oracle app's frames. It reads what the widgets were told to show, not
the painted terminal: laying out and painting the screen after every key (Textual's 1/60 s,
drumhead's 1/120 s) was three quarters of the oracle's time and told it nothing."""

KEY_CHARACTERS = {"tab": "\t", "enter": "\r", "space": " ", "minus": "-", "plus": "+"}
"""The character each named key types."""


@contextmanager
def few_frames() -> Iterator[None]:
    """Screens made meanwhile paint every :data:`FRAME_PERIOD` seconds (Textual reads its
    frame period when a screen is made; the oracle's app is made inside this)."""
    before = textual.screen.UPDATE_PERIOD
    textual.screen.UPDATE_PERIOD = FRAME_PERIOD
    try:
        yield
    finally:
        textual.screen.UPDATE_PERIOD = before


async def settle(app: DrumheadApp, quiet: int = 3) -> None:
    """Wait until every message a key set off has been handled: no queue of the app, its
    screens or the shown screen's widgets holds one for ``quiet`` turns of the event loop."""
    calm = 0
    while calm < quiet:
        await asyncio.sleep(0)
        nodes = [app, *app.screen_stack, *app.screen.walk_children(with_self=False)]
        calm = 0 if any(node.message_queue_size for node in nodes) else calm + 1


def plain(renderable: object) -> str:
    """What a widget's content reads as, in plain text (both sides laid out alike: text on
    one line, tables as wide as the odds pane)."""
    width = 100 if isinstance(renderable, Group) else 10_000
    console = Console(width=width, color_system=None, legacy_windows=False)
    with console.capture() as capture:
        console.print(renderable)
    return "\n".join(line.rstrip() for line in capture.get().splitlines()).strip()


def shown(screen: ResolveScreen, selector: str) -> str:
    """The text a Static of the screen shows now."""
    return plain(screen.query_one(selector, Static).content)


@dataclass
class Oracle:
    """Plays one ruleset's probes in one app."""

    app: DrumheadApp
    pilot: Pilot[None]
    game: Game
    found: dict[str, list[str]] = field(default_factory=dict)
    """Every probe's key, with what disagreed (empty: the app agreed with the core)."""

    @property
    def ruleset(self) -> Ruleset:
        return self.game.ruleset

    @property
    def screen(self) -> ResolveScreen:
        screen = self.app.screen
        assert isinstance(screen, ResolveScreen), f"expected the resolve screen, not {screen}"
        return screen

    # -- keys ------------------------------------------------------------------------------
    async def press(self, *keys: str) -> None:
        """Press keys one after the other, each handled whole before the next (as Pilot's
        ``press``, without its pauses for the idle clock and the forced paint)."""
        for key in keys:
            character = KEY_CHARACTERS.get(key, key if len(key) == 1 else None)
            self.app.post_message(events.Key(key, character))
            await settle(self.app)

    async def focus(self, widget_id: str) -> None:
        """Tab (or shift+Tab) to a widget, as a player would; Escape leaves a text field for
        the modifiers."""
        if widget_id == "mods" and isinstance(self.app.focused, Input):
            await self.press("escape")
        chain = [w.id for w in self.screen.focus_chain]
        assert widget_id in chain, f"#{widget_id} cannot be reached by Tab ({chain})"
        here = (
            chain.index(self.app.focused.id) if self.app.focused in self.screen.focus_chain else -1
        )
        steps = chain.index(widget_id) - here
        await self.press(*(["tab"] * steps if steps >= 0 else ["shift+tab"] * -steps))
        assert self.app.focused is not None and self.app.focused.id == widget_id, (
            f"Tab reached #{getattr(self.app.focused, 'id', None)}, not #{widget_id}"
        )

    async def set_input(self, spec: InputSpec, value: InputValue) -> None:
        """Give an input a value by keys: space for a yes/no, the menu for a choice, digits."""
        widget_id = f"in-{spec.name}"
        await self.focus(widget_id)
        widget = self.screen.query_one(f"#{widget_id}")
        if isinstance(widget, Checkbox):
            if widget.value != value:
                await self.press("space")
        elif isinstance(widget, Select):
            await self.press("enter")  # opens the menu on the value shown
            menu = self.app.focused
            assert isinstance(menu, OptionList), "Enter did not open the menu"
            prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
            target = prompts.index(str(value).replace("_", " "))
            here = menu.highlighted or 0
            steps = target - here
            await self.press(*(["down"] * steps if steps >= 0 else ["up"] * -steps), "enter")
        else:
            assert isinstance(widget, Input)
            digits = ["minus" if c == "-" else c for c in str(value)]
            await self.press("end", "ctrl+u", *digits)

    async def tick(self, mod_id: str, keys: tuple[str, ...] = ("space",)) -> None:
        """Highlight a modifier in the list and press ``keys`` (space ticks, + counts)."""
        await self.focus("mods")
        mods = self.screen.query_one("#mods", SelectionList)
        values = [mods.get_option_at_index(i).value for i in range(mods.option_count)]
        assert mod_id in values, f"'{mod_id}' is not offered ({values})"
        steps = values.index(mod_id) - (mods.highlighted or 0)
        await self.press(*(["down"] * steps if steps >= 0 else ["up"] * -steps), *keys)

    # -- the core's answer -------------------------------------------------------------------
    def expect(
        self,
        check: CheckSpec,
        values: Mapping[str, InputValue],
        ticked: Mapping[str, int],
        use_reroll: bool = True,
    ) -> Expected:
        return expect(self.ruleset, self.game.state.gap_values(), check, values, ticked, use_reroll)

    # -- comparing ----------------------------------------------------------------------------
    def compare_form(self, problems: list[str], check: CheckSpec, exp: Expected) -> None:
        """The number needed, the odds, the modifiers offered and applied, or the refusal."""
        screen = self.screen
        needed = shown(screen, "#needed")
        if exp.bad_input is not None:
            error = shown(screen, f"#err-{exp.bad_input}")
            want = f"✗ {exp.refused.removeprefix(f'{exp.bad_input} ')}" if exp.refused else ""
            if error != want:
                problems.append(f"under the field: app {error!r}, core {want!r}")
            if "Fix the inputs" not in needed:
                problems.append(f"odds shown for a refused input: {needed!r}")
            return
        if exp.refused is not None:
            if needed != f"✗ {exp.refused}":
                problems.append(f"refusal: app {needed!r}, core '✗ {exp.refused}'")
            return
        if needed != exp.needed:
            problems.append(f"number needed: app {needed!r}, core {exp.needed!r}")
        odds_shown = shown(screen, "#odds")
        if exp.results:  # a chart given whole: each result's chance (the screen's own words)
            from drumhead.screens.views.resolve.odds import result_label

            chart = OddsChart(check, (), 6, labelled=[(result_label(r), r.p) for r in exp.results])
            odds_text = plain(Group(Text("Chance of each result of the chart"), chart))
        else:
            chart = OddsChart(check, exp.odds, 6, inputs=exp.inputs)
            odds_text = plain(Group(Text("Chance of each outcome"), chart))
        if odds_shown != odds_text:
            problems.append(f"odds: app\n{odds_shown}\ncore\n{odds_text}")
        for fraction in exp.fractions:
            if fraction not in odds_shown:
                problems.append(f"odds: the core's {fraction} is not shown")
        mods = screen.query_one("#mods", SelectionList)
        listed = tuple(mods.get_option_at_index(i).value for i in range(mods.option_count))
        if listed != exp.offered:
            problems.append(f"modifiers offered: app {listed}, core {exp.offered}")
        autos = shown(screen, "#auto-mods")
        for auto in exp.autos:
            if auto not in autos:
                problems.append(f"automatic modifier {auto!r} not shown ({autos!r})")

    def compare_roll(
        self,
        problems: list[str],
        check: CheckSpec,
        before: int,
        exp: Expected,
        values: Mapping[str, InputValue],
        ticked: Mapping[str, int],
        unit: str | None,
        use_reroll: bool,
        hand: list[int] | None,
    ) -> None:
        """After r (or dice typed by hand): the event in the journal and the result shown are
        the core's resolution of the same values and dice; a refused check writes nothing."""
        found, core = roll_problems(
            self.game, check, before, exp, values, ticked, unit, use_reroll, hand
        )
        if "no roll was logged" in found:
            found[found.index("no roll was logged")] += f" ({shown(self.screen, '#hand-error')!r})"
        problems.extend(found)
        if core is not None:
            result = shown(self.screen, "#result")
            if result != plain(resolution_text(core)):
                problems.append(f"result: app {result!r}, core {plain(resolution_text(core))!r}")

    # -- playing ------------------------------------------------------------------------------
    async def open(self, check: CheckSpec, unit: str | None = None) -> None:
        """The check's resolve screen, from the battle screen (the palette's "Resolve: ...")."""
        while len(self.app.screen_stack) > 2:
            await self.press("escape")
        self.app.action_open_resolve(check.id, unit or "")
        await settle(self.app)
        assert self.screen.check_id == check.id

    async def roll(self, hand: list[int] | None) -> None:
        if hand is None:
            await self.press("r")
        else:
            keys: list[str] = []
            for face in hand:
                keys.extend([*(["space"] if keys else []), *str(face)])
            await self.press("h", *keys, "enter")
        if isinstance(self.app.screen, RollAgainModal):
            await self.press("y")  # each probe is a check of its own: rolled again on purpose

    async def play(self, probe: Probe, check: CheckSpec, base: dict[str, InputValue]) -> list[str]:
        problems: list[str] = []
        values = dict(base)
        ticked: dict[str, int] = {}
        use_reroll = True
        undo: list[tuple[str, Any]] = []
        if probe.kind == "input":
            spec = check.input(probe.name)
            assert spec is not None and probe.value is not None
            await self.set_input(spec, probe.value)
            values[probe.name] = probe.value
            undo.append(("input", spec))
        elif probe.kind == "modifier":
            for name, value in probe.needs:
                spec = check.input(name)
                assert spec is not None
                await self.set_input(spec, value)
                values[name] = value
                undo.append(("input", spec))
            keys = ("space",) if probe.value == 1 else ("space", "plus")
            await self.tick(probe.name, keys)
            ticked[probe.name] = int(probe.value or 1)
            undo.insert(0, ("modifier", probe.name))
        elif probe.kind == "reroll":
            await self.focus("use-reroll")
            await self.press("space")
            use_reroll = False
            undo.append(("reroll", None))
        exp = self.expect(check, values, ticked, use_reroll)
        self.compare_form(problems, check, exp)
        hand = None
        if probe.kind == "hand" and exp.refused is None:
            hand = hand_faces(self.game, check, values, use_reroll)
        before = len(self.game.log)
        await self.roll(hand)
        self.compare_roll(problems, check, before, exp, values, ticked, None, use_reroll, hand)
        for what, item in undo:  # back to the base values for the next probe
            if what == "input":
                await self.set_input(item, base[item.name])
            elif what == "modifier":
                count = ticked[item]
                await self.tick(item, (*("minus",) * (count - 1), "space"))
            else:
                await self.focus("use-reroll")
                await self.press("space")
        return problems

    async def play_unit(self, probe: Probe, check: CheckSpec) -> list[str]:
        """The check opened for a unit: the card's values on the form, visible and editable,
        and the roll made with them."""
        problems: list[str] = []
        await self.open(check, probe.name)
        # what the table answers: the card (and its leader) and this turn's log (from_log)
        prefilled = self.game.table_inputs(check, probe.name)
        screen = self.screen
        for spec in check.inputs:
            widget = screen.query_one(f"#in-{spec.name}")
            value = prefilled.get(spec.name, spec.default)
            if isinstance(widget, Checkbox):
                showing: object = widget.value
                want: object = bool(value)
            elif isinstance(widget, Select):
                showing, want = widget.value, value if value is not None else Select.NULL
            else:
                assert isinstance(widget, Input)
                showing, want = widget.value, "" if value is None else str(value)
            if showing != want:
                problems.append(f"card value of {spec.name}: form shows {showing!r}, card {want!r}")
        values = {**{s.name: s.default for s in check.inputs if s.default is not None}, **prefilled}
        missing = [s for s in check.inputs if s.name not in values]
        for spec in missing:  # what the card cannot give, the players type
            values[spec.name] = base_values(self.ruleset, check)[spec.name]
            await self.set_input(spec, values[spec.name])
        exp = self.expect(check, values, {})
        self.compare_form(problems, check, exp)
        before = len(self.game.log)
        await self.roll(None)
        self.compare_roll(problems, check, before, exp, values, {}, probe.name, True, None)
        return problems

    async def run(self, keys: Collection[str] | None = None) -> dict[str, list[str]]:
        """Play the probes of ``keys`` (None: every probe of the plan), check by check."""
        by_check: dict[str, list[Probe]] = {}
        for probe in probes(self.ruleset.id):
            if keys is None or probe.key in keys:
                by_check.setdefault(probe.check, []).append(probe)
        for check in self.ruleset.checks:
            if check.id not in by_check:
                continue
            to_check_phase(self.app.session, check.id)  # the rules' order of the turn
            base = base_values(self.ruleset, check)
            # the order of the form: modifiers, inputs, the re-roll box, the dice by hand
            order = {"modifier": 0, "input": 1, "reroll": 2, "hand": 3}
            form_probes = sorted(
                (p for p in by_check.get(check.id, []) if p.kind != "unit"),
                key=lambda p: order[p.kind],
            )
            try:
                await self.open(check)
                for spec in check.inputs:  # the values the probes start from, typed in
                    if spec.default is None or base[spec.name] != spec.default:
                        await self.set_input(spec, base[spec.name])
            except AssertionError as exc:
                for probe in form_probes:
                    self.found[probe.key] = [f"could not set the base values: {exc}"]
                form_probes = []
            for probe in form_probes:
                try:
                    self.found[probe.key] = await self.play(probe, check, base)
                except AssertionError as exc:
                    self.found[probe.key] = [f"could not play it: {exc}"]
                    await self.open(check)
                    for spec in check.inputs:
                        if spec.default is None or base[spec.name] != spec.default:
                            await self.set_input(spec, base[spec.name])
            for probe in by_check.get(check.id, []):
                if probe.kind == "unit":
                    try:
                        self.found[probe.key] = await self.play_unit(probe, check)
                    except AssertionError as exc:
                        self.found[probe.key] = [f"could not play it: {exc}"]
        return self.found


async def run_oracle(ruleset_id: str, keys: Collection[str] | None = None) -> dict[str, list[str]]:
    """The probes of ``keys`` of one ruleset (None: all), played in one app; what disagreed,
    by probe."""
    with few_frames():
        app = DrumheadApp(seed=1, start="menu")
        async with app.run_test(size=SIZE) as pilot:
            game = oracle_game(ruleset_id)
            app.session.open_game(game)
            await pilot.pause()
            return await Oracle(app, pilot, game).run(keys)
