"""An option list measures its entries again only when its width changes
(compat.SteadyOptionList): Textual's own forgot them at every size event, the first just
after the list's first frame, and the roster of a 500-unit game measured all 500 again while
the first key waited. What it shows must be what Textual's own list shows, at every width."""

from __future__ import annotations

from collections import Counter

import pytest
from drumhead.screens.compat import SteadyOptionList
from textual.app import App, ComposeResult
from textual.widgets import OptionList

from tests.ui.helpers import list_lines

LONG = "The Very Long Named Regiment of Foot of the Blue Army's First Brigade, Veterans All"
ENTRIES = [f"Unit {i}\n    {LONG if i % 3 == 0 else 'line infantry'}" for i in range(30)]


@pytest.fixture
def forgotten(monkeypatch: pytest.MonkeyPatch) -> Counter[str | None]:
    """How many times each list (by id) forgot every entry's measures and drawings."""
    counts: Counter[str | None] = Counter()
    clear = OptionList._clear_caches

    def counted(self: OptionList) -> None:
        counts[self.id] += 1
        clear(self)

    monkeypatch.setattr(OptionList, "_clear_caches", counted)
    return counts


class Lists(App[None]):
    CSS = "OptionList { width: 1fr; height: 1fr; scrollbar-gutter: stable; }"  # as the roster

    def compose(self) -> ComposeResult:
        yield SteadyOptionList(*ENTRIES, id="steady")
        yield OptionList(*ENTRIES, id="plain")


async def test_a_list_is_not_measured_again_after_its_first_frame(
    forgotten: Counter[str | None],
) -> None:
    """The plain list forgets its measures just after its first frame (what this saves); the
    steady one keeps them, and both show the same lines."""
    app = Lists()
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        await pilot.pause(0.1)
        steady, plain = app.query_one("#steady", OptionList), app.query_one("#plain", OptionList)
        assert list_lines(steady) == list_lines(plain)
        assert steady.virtual_size == plain.virtual_size
    assert forgotten["steady"] == 0 and forgotten["plain"] >= 1, forgotten


async def test_a_new_width_measures_every_entry_again() -> None:
    """Narrower, the long entries wrap into more lines, as Textual's own list wraps them; wider
    again, fewer; the cursor's entry is drawn whole after each change."""
    app = Lists()
    async with app.run_test(size=(120, 20)) as pilot:
        steady, plain = app.query_one("#steady", OptionList), app.query_one("#plain", OptionList)
        await pilot.pause()
        heights = [steady.virtual_size.height]
        for size, cursor in (((70, 20), 27), ((40, 30), 12), ((120, 20), 21)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause(0.1)
            assert steady.virtual_size == plain.virtual_size, size
            assert list_lines(steady) == list_lines(plain), size
            heights.append(steady.virtual_size.height)
            steady.highlighted = plain.highlighted = cursor
            await pilot.pause()
            await pilot.pause(0.3)
            assert list_lines(steady) == list_lines(plain), size
            assert any(f"Unit {cursor}" == line for line in list_lines(steady)), size
        assert heights[0] < heights[1] < heights[2] and heights[3] == heights[0], heights


async def test_a_scrollbar_coming_measures_every_entry_again() -> None:
    """Without room kept for it, a scrollbar narrows the list once its entries overflow: the
    steady list then measures them again at the narrower width, as Textual's own does."""

    class Unkept(Lists):
        CSS = "OptionList { width: 1fr; height: 1fr; }"

    app = Unkept()
    async with app.run_test(size=(60, 20)) as pilot:
        steady, plain = app.query_one("#steady", OptionList), app.query_one("#plain", OptionList)
        await pilot.pause()
        await pilot.pause(0.1)
        assert steady.scrollbar_size_vertical > 0
        assert steady.virtual_size == plain.virtual_size
        assert list_lines(steady) == list_lines(plain)
        steady.highlighted = plain.highlighted = 27
        await pilot.pause(0.3)
        assert list_lines(steady) == list_lines(plain) and "Unit 27" in list_lines(steady)


async def test_entries_replaced_together_show_as_textuals_own_list_shows_them(
    forgotten: Counter[str | None],
) -> None:
    """Entries replaced at once (a card drawn marks a brigade's lines): where each keeps its
    height, the steady list keeps its measures and draws only the replaced entries anew;
    where one grows, it measures them all again. Either way it shows what Textual's own
    list shows after replacing the same entries one by one, scrolled and not."""
    app = Lists()
    async with app.run_test(size=(100, 20)) as pilot:
        steady, plain = app.query_one("#steady", SteadyOptionList), app.query_one("#plain")
        assert isinstance(plain, OptionList)
        await pilot.pause()
        await pilot.pause(0.1)
        forgotten.clear()
        rounds = [
            {1: "Unit 1 marked\n    line infantry", 2: "Unit 2 marked\n    line infantry"},
            {4: "Unit 4 marked\n    " + LONG + " " + LONG},  # taller: wraps
            {28: "Unit 28 marked\n    line infantry", 0: "Unit 0\n    line infantry"},
        ]
        for cursor, prompts in zip((3, 27, 28), rounds, strict=True):
            steady.highlighted = plain.highlighted = cursor
            await pilot.pause()
            kept = forgotten["steady"]
            steady.replace_prompts(prompts)
            for index, prompt in prompts.items():
                plain.replace_option_prompt_at_index(index, prompt)
            await pilot.pause()
            await pilot.pause(0.1)
            assert steady.virtual_size == plain.virtual_size, prompts
            assert list_lines(steady) == list_lines(plain), prompts
            taller = 4 in prompts
            assert (forgotten["steady"] > kept) == taller, (prompts, forgotten)
        assert any(line == "Unit 28 marked" for line in list_lines(steady))
