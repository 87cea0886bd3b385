"""A player at the table, by keys only: start a shipped scenario from the new-game screen,
walk the turn with the checklist ('.' steps on, 'c' opens the step's check), pick the other
side of a check from the roster ('o'), type inputs and dice, apply. The scenario walks
(tests/ui/test_scenario_walks.py) drive the app through it, one walk a scenario."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from drumhead.screens.app import DrumheadApp
from drumhead.screens.dialogs.edit_value import EditValueModal
from drumhead.screens.dialogs.gap import GapModal
from drumhead.screens.dialogs.pick_unit import UnitPickModal
from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.resolve import ResolveScreen
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from drumhead.game import Game
from tests.ui.helpers import until
from tests.ui.keys import type_keys

Fight = Callable[["Table"], Awaitable[None]]


@dataclass
class Table:
    """The app and the keys a player presses."""

    app: DrumheadApp
    pilot: Pilot[None]
    walked: list[str] = field(default_factory=list)
    """Every ``phase.step`` the checklist was at, in order."""

    @property
    def game(self) -> Game:
        game = self.app.session.game
        assert game is not None, "no game open"
        return game

    @property
    def resolve(self) -> ResolveScreen:
        screen = self.app.screen
        assert isinstance(screen, ResolveScreen), f"expected the resolve screen, not {screen}"
        return screen

    async def press(self, *keys: str) -> None:
        await self.pilot.press(*keys)
        await self.pilot.pause()

    # -- starting ------------------------------------------------------------------------
    async def new_game(self, ruleset_id: str, name: str, house: str | None = None) -> None:
        """n, the ruleset by Down and Enter, Tab on to the scenario (its first, the shipped
        one) and the house rules (``house``: the entry whose title holds it), a name, Enter."""
        await self.press("n")
        rulesets = self.app.screen.query_one("#new-ruleset", OptionList)
        target = self.app.session.ruleset_ids().index(ruleset_id)
        here = rulesets.highlighted or 0
        await self.press(
            *(["down"] * (target - here) if target >= here else ["up"] * (here - target))
        )
        await self.press("enter")
        if house is not None:
            houses = self.app.screen.query_one("#new-house", OptionList)
            houses.focus()
            await self.pilot.pause()
            prompts = [
                str(houses.get_option_at_index(i).prompt) for i in range(houses.option_count)
            ]
            index = next(i for i, p in enumerate(prompts) if house in p)
            await self.press(*["down"] * (index - (houses.highlighted or 0)), "enter")
        await self.press(*name, "enter")
        await until(self.pilot, lambda: isinstance(self.app.screen, BattleScreen))

    # -- the checklist ---------------------------------------------------------------------
    def here(self) -> str:
        step = self.game.current_step()
        return f"{self.game.state.phase}.{step.id if step else ''}"

    async def walk_turn(self, fights: dict[str, Fight], look: Fight | None = None) -> list[str]:
        """'.' from step to step until the next turn; at each ``phase.step`` of ``fights``
        (the first time it is reached) the players fight it out by keys. ``look``: what is
        checked at every step, before any fight."""
        battle = self.app.screen
        assert isinstance(battle, BattleScreen)
        turn = self.game.state.turn
        for _ in range(2_000):
            if self.game.state.turn != turn:
                return self.walked
            here = self.here()
            self.walked.append(here)
            if look is not None:
                await look(self)
            fight = fights.pop(here, None)
            if fight is not None:
                await fight(self)
                await self.back_to_battle()
            before = (self.game.state.turn, self.game.state.phase, self.game.state.step)
            before_deck = len(self.game.state.activation.deck)

            def stepped(before: object = before, deck: int = before_deck) -> bool:
                state = self.game.state
                after = (state.turn, state.phase, state.step)
                return after != before or len(state.activation.deck) != deck

            await type_keys(self.app, "full_stop")
            if not stepped():  # type_keys judges a key done by the message queues; under
                try:  # the suite's load (CI, 2 workers) the step came after it said so
                    await until(self.pilot, stepped, limit=5.0)
                except AssertionError:
                    raise AssertionError(
                        f"'.' did not step on from {here} (screen "
                        f"{type(self.app.screen).__name__}, focus {self.app.focused!r})"
                    ) from None
        raise AssertionError("the turn never ended")

    # -- a check ---------------------------------------------------------------------------
    async def select(self, unit_id: str) -> None:
        """Highlight a unit in the roster with the arrow keys."""
        battle = self.app.screen
        assert isinstance(battle, BattleScreen)
        roster = battle.query_one("#roster", OptionList)
        if not roster.has_focus:
            roster.focus()
            await self.pilot.pause()
        ids = [roster.get_option_at_index(i).id for i in range(roster.option_count)]
        assert unit_id in ids, f"{unit_id} is not in the roster"
        for _ in range(len(ids) * 2):
            if battle.selected_unit() == unit_id:
                return
            here = roster.highlighted or 0
            await self.press("down" if ids.index(unit_id) > here else "up")
        raise AssertionError(f"the arrows never reached {unit_id}")

    async def open_step_check(self, unit_id: str, check_id: str) -> None:
        """Select the unit and press c: the current step's check opens for it."""
        await self.select(unit_id)
        await self.press("c")
        await until(self.pilot, lambda: isinstance(self.app.screen, ResolveScreen))
        assert self.resolve.check_id == check_id, (self.resolve.check_id, check_id)

    async def pick_sides(self, *units: str) -> None:
        """o, then for each other side of the check the unit given, by arrows and Enter."""
        await self.press("o")
        for unit_id in units:
            await until(self.pilot, lambda: isinstance(self.app.screen, UnitPickModal))
            await self.pick_in_list(unit_id)

    async def pick_in_list(self, unit_id: str) -> None:
        picker = self.app.screen
        assert isinstance(picker, UnitPickModal)
        listed = picker.query_one("#pick-unit", OptionList)
        ids = [listed.get_option_at_index(i).id for i in range(listed.option_count)]
        assert unit_id in ids, f"{unit_id} is not offered ({ids})"
        here = listed.highlighted or 0
        target = ids.index(unit_id)
        await self.press(
            *(["down"] * (target - here) if target >= here else ["up"] * (here - target))
        )
        await self.press("enter")

    async def type_number(self, name: str, value: int) -> None:
        """Tab to an input's field and type the number over what it held."""
        widget_id = f"in-{name}"
        screen = self.resolve
        chain = [w.id for w in screen.focus_chain]
        assert widget_id in chain, f"#{widget_id} cannot be reached by Tab"
        for _ in range(len(chain) + 1):
            if self.app.focused is not None and self.app.focused.id == widget_id:
                break
            await self.press("tab")
        field = screen.query_one(f"#{widget_id}", Input)
        assert self.app.focused is field
        await self.press("end", "ctrl+u", *str(value))
        assert field.value == str(value)

    async def hand_dice(self, *faces: int) -> None:
        """h, the faces rolled at the table separated by spaces, Enter."""
        keys: list[str] = []
        for face in faces:
            keys += [*str(face), "space"]
        await self.press("h", *keys[:-1], "enter")
        await self.answer_gaps()

    async def roll(self) -> None:
        await self.press("r")
        await self.answer_gaps()

    async def answer_gaps(self) -> None:
        """A value the rules do not give, asked mid-roll: the players' '1' (or first choice)."""
        for _ in range(20):
            if not isinstance(self.app.screen, GapModal):
                return
            gap = self.game.ruleset.gap(self.app.screen.gap_id)
            assert gap is not None
            answer = {"choice": gap.choices[0] if gap.choices else "", "int": "1"}
            await self.press(*answer.get(gap.type, "yes"), "enter")

    async def apply(self, hits_per_stand: int = 3) -> None:
        """a, answering how many hits remove a stand when asked."""
        await self.press("a")
        for _ in range(10):
            if isinstance(self.app.screen, EditValueModal):
                await self.press(*str(hits_per_stand), "enter")
            else:
                break
        await until(self.pilot, lambda: isinstance(self.app.screen, BattleScreen))

    async def back_to_battle(self) -> None:
        for _ in range(4):
            if isinstance(self.app.screen, BattleScreen):
                return
            await self.press("escape")
        assert isinstance(self.app.screen, BattleScreen)
