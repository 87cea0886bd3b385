"""Issue 35 on a phone: a real headless Chromium, as narrow as a phone, on ``drumhead host``
in its own process. The Austrian phone puts a second French unit in an assault (Republique:
the 37e Ligne beside the 67e, and the group's 8 bases in place of the first card's 4),
proposes it (dice 9 and 1 by hand: +6, two base hits), the referee accepts it on the host's console;
the French phone is asked which of its units takes each base hit, picks the first by hand
and has the host's dice roll for the second. The save holds the picks as the session applied
them. Skips without chromium and chromedriver, unless DRUMHEAD_REQUIRE_BROWSER is set."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("aiohttp", reason="the [web] extra is not installed")

from phases import save_to_phase

from drumhead.cli.main import main
from drumhead.saves import load_save
from tests.host.test_browser import BROWSER, Tabs
from tests.host.test_group_picks import club
from tests.host.test_host_command import Hosted, start_host, stop_host
from tests.support.webdriver import Browser

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        BROWSER is None and not os.environ.get("DRUMHEAD_REQUIRE_BROWSER"),
        reason="needs chromium and chromedriver (Debian: apt-get install chromium chromium-driver)",
    ),
]

PHONE = {"width": 380, "height": 900}
"""A narrow phone's window (CSS pixels)."""


@pytest.fixture
def hosted(tmp_path: Path) -> Iterator[Hosted]:
    saves = tmp_path / "saves"
    made = ["new", "republique", "--scenario", "aspern-1809", "--name", "table"]
    made += ["--house-rules", club(tmp_path), "--seed", "1"]
    assert main(["--saves", str(saves), *made]) == 0
    save_to_phase(saves / "table.toml")  # assaults are made in the assault phase (4.1)
    hosted = start_host(saves)
    try:
        yield hosted
    finally:
        if hosted.process.poll() is None:
            stop_host(hosted)


def choose(browser: Browser, select: str, value: str) -> None:
    """Pick ``value`` in the ``select`` as a player does (the page hears a change)."""
    browser.script(
        "const s = document.querySelector(arguments[0]); s.value = arguments[1];"
        "s.dispatchEvent(new Event('change'))",
        select,
        value,
    )


def fits(browser: Browser) -> bool:
    """Nothing runs off the side of the phone's screen."""
    return bool(browser.script("return document.documentElement.scrollWidth <= window.innerWidth"))


def test_a_second_unit_is_added_on_a_phone_and_its_base_hits_picked(
    hosted: Hosted, tmp_path: Path
) -> None:
    assert BROWSER is not None, "DRUMHEAD_REQUIRE_BROWSER is set: chromium must be installed"
    with Browser(*BROWSER) as browser:
        browser.command("POST", "/window/rect", PHONE)
        tabs = Tabs(browser)
        tabs.open("austrian", hosted.join["austrian"])
        tabs.open("french", hosted.join["french"])
        tabs.wait_text("french", "live")
        tabs.wait_text("austrian", "live")

        phone = tabs.to("austrian")
        phone.wait_for("return document.querySelector('[data-unit=hiller_line] button.check')")
        phone.script("document.querySelector('[data-unit=hiller_line] button.check').click()")
        phone.wait_for("return document.querySelector('#check')", 15)
        choose(phone, "#check", "assault")
        phone.wait_for("return document.querySelector('#role-defender')", 15)
        choose(phone, "#role-defender", "ligne_67")
        phone.wait_for("return document.querySelector('#add-defender')", 15)
        offered = phone.script(
            "return [...document.querySelectorAll('#add-defender option')].map(o => o.value)"
        )
        assert set(offered) == {"", "ligne_37", "ligne_16", "molitor_battery", "marulaz_chasseurs"}
        choose(phone, "#add-defender", "ligne_37")
        phone.script("document.querySelector('#add-button-defender').click()")
        phone.wait_for(
            "return document.querySelector('[data-role=defender] [data-member=ligne_37]')", 15
        )
        legend = phone.script(
            "return document.querySelector('[data-role=defender] legend').innerText"
        )
        assert "2 of at most 12" in legend
        assert fits(phone)
        # the side's values are its first card's: open by themselves, the group's bases given
        assert phone.script("return document.querySelector('#card-values').open")
        choose(phone, "#input-defender_bases_primary", "8")
        phone.wait_for(
            "return document.querySelector('#input-defender_bases_primary').value === '8' && "
            "document.querySelector('#propose') !== null",
            15,
        )
        phone.script(
            "document.querySelector('#hand-rolled').click();"
            "document.querySelector('#faces').value = '9 1';"
            "document.querySelector('#propose').click()"
        )
        proposal = hosted.read_until("proposal")["proposal"]
        assert proposal["against"] == ["67e Ligne", "37e Ligne"]
        hosted.tell(f"accept {proposal['id']}")
        tabs.wait_text("austrian", "Waiting for French")
        assert phone.script("return document.querySelector('#next-step').disabled")

        french = tabs.to("french")
        french.wait_for("return document.querySelector('#pick-title')", 20)
        assert "Which unit takes it?" in tabs.text("french") and fits(french)
        french.script("document.querySelector('[data-pick=ligne_37]').click()")
        tabs.wait_text("french", "pick 2")
        french.script("document.querySelector('#pick-random').click()")
        french.wait_for("return document.querySelector('#pick').hidden", 20)
        tabs.wait_text("austrian", "(effects applied: picked 37e Ligne, ")

    assert stop_host(hosted) == 0  # the host saves as it stops
    game = load_save(tmp_path / "saves" / "table.toml").game
    applied = [e for e in game.log if e.kind == "apply_effects"]
    roll = next(e for e in game.log if e.kind == "resolution")
    assert len(applied) == 1 and applied[0].data["resolution"] == roll.seq
    hits = [e for e in applied[0].data["effects"] if e["who"] == "pick:defender"]
    assert len(hits) == 2 and hits[0]["unit"] == "ligne_37" and "rolled" not in hits[0]
    assert hits[1]["among"] == ["ligne_67", "ligne_37"] and hits[1]["rolled"] in (1, 2)
