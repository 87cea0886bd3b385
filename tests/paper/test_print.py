"""The table's paper: unit cards and the quick-reference sheet as one self-contained HTML file
each, every tag closed and every text escaped; printed to PDF by a real browser (headless
Chromium from the system's packages, text read back with poppler's pdftotext), which skips
saying why where either is missing (.ci/run installs both)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import gamegen
import pytest

from drumhead.cli.main import main
from drumhead.game import Game, Side, Unit, load_scenario, new_game
from drumhead.game.rulesets import game_ruleset
from drumhead.paper import cards_html, reference_html
from drumhead.paper.cards import TICKED, card
from drumhead.saves import SaveSession, save_path

AT = "2026-11-22T14:00:00Z"
VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    ]
)
HOSTILE = '<script>alert("x")</script> & "Co" \'1st\''


class Checked(HTMLParser):
    """A document read tag by tag: what is wrong with its structure, its tags and its text."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tags: Counter[str] = Counter()
        self.attributes: list[tuple[str, str | None]] = []
        self.texts: list[str] = []
        self.doctype = False
        self.feed(text)
        self.close()
        if self.stack:
            self.errors.append(f"never closed: {self.stack}")

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl.lower() == "doctype html"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] += 1
        self.attributes += attrs
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            self.errors.append(f"</{tag}> closes a void element")
        elif not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
        else:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.stack and self.stack[-1] not in ("style", "title"):
            self.texts.append(data)

    @property
    def text(self) -> str:
        return re.sub(r"\s+", " ", " ".join(self.texts))


def _valid(html: str) -> Checked:
    doc = Checked(html)
    assert doc.errors == [] and doc.doctype
    assert doc.tags["html"] == doc.tags["head"] == doc.tags["body"] == 1
    # self-contained: nothing fetched, nothing run
    assert doc.tags["script"] == 0 and doc.tags["link"] == 0 and doc.tags["img"] == 0
    assert not [a for a in doc.attributes if a[0] in ("src", "href")]
    assert "url(" not in html and "@import" not in html
    return doc


@pytest.fixture
def game() -> Game:
    g = gamegen.start_game(seed=1781)
    g.edit_unit("sc_militia", "strength_now", 22, at=AT)  # 8 figures lost
    g.apply_effects("sc_militia", [{"kind": "step", "amount": 1, "text": "x"}], at=AT)
    g.add_unit(Unit("hostile", HOSTILE, "british", "legion", "infantry", 12, 12, ""), at=AT)
    g.apply_effects("legion_foot", [{"kind": "remove", "text": "gone"}], at=AT)
    return g


def test_cards_are_valid_html_with_every_text_escaped(game: Game) -> None:
    html = cards_html(game)
    doc = _valid(html)
    assert "<script>" not in html and "alert(&quot;x&quot;)" in html
    assert HOSTILE in doc.text  # read back as the players typed it
    assert doc.text.count("Cut along the dashed lines") == 1
    cards = re.findall(r'<div class="card">', html)
    assert len(cards) == 5  # six units, one out of play
    assert "1 out of play, not printed" in doc.text and "British Legion infantry" not in doc.text


def test_a_card_has_the_units_boxes_ladder_and_leader(game: Game) -> None:
    state = game.state
    militia = card(game.ruleset, state, state.unit("sc_militia"))
    text = Checked(militia).text
    # 30 strength boxes, 8 crossed; a box for each of the three ladder states, the current
    # state's crossed
    assert militia.count('class="box"') == 30 + 3
    assert militia.count(TICKED) == 8 + 1
    assert "Strength 30 figures (lost 8):" in text
    assert re.search(rf"Good order › ?{TICKED}\s*shaken \(now\) › ?Routing", text)
    assert "South Carolina militia" in text and "Americans · pickens militia" in text
    assert "infantry, poor, open order" in text.lower()
    continentals = Checked(card(game.ruleset, state, state.unit("md_continentals"))).text
    assert "Leader: Daniel Morgan (value 2)" in continentals
    dragoons = Checked(card(game.ruleset, state, state.unit("legion_horse"))).text
    assert "Markers: " in dragoons and "Leader" not in dragoons


def test_a_card_names_markers_and_states_as_players_say_them() -> None:
    """Issue 37: One If By Land's panic marker printed as "Panic marker (one at most)"."""
    game = new_game("one-if-by-land", name="labels")
    game.add_side(Side("a", "Army A"), at=AT)
    game.add_unit(Unit("foot", "Foot", "a", "first", "infantry", 12, 12, "shaken"), at=AT)
    game.edit_unit("foot", "markers", ["panic", "charge_limit"], at=AT)
    text = Checked(card(game.ruleset, game.state, game.state.unit("foot"))).text
    assert "Markers: Charge limit, Panic marker" in text and "one at most" not in text
    assert "Shaken (now)" in text and "failed by 1" not in text
    assert "Infantry" in text and "3 figures a stand" not in text


def _house_file(tmp_path: Path) -> Path:
    path = tmp_path / "club.toml"
    path.write_text(
        'ruleset = "one-if-by-land"\ntitle = "Our club"\n'
        "[patch.checks.morale.modifiers.light_cover]\nvalue = -2\n"
    )
    return path


def test_the_reference_sheet_cites_every_value_and_marks_the_houses(tmp_path: Path) -> None:
    ruleset = game_ruleset("one-if-by-land", (), str(_house_file(tmp_path)))
    html = reference_html(ruleset, "a4")
    doc = _valid(html)
    assert "@page { size: A4; margin: 10mm; }" in html
    row = re.search(r'<tr class="house">(.*?)</tr>', html)
    assert row is not None and "In light cover" in row.group(1) and "-2" in row.group(1)
    assert "house rule, club.toml" in row.group(1) and ">HOUSE<" in row.group(1)
    assert html.count('<tr class="house">') == 1  # only the value the house changed
    assert "House rules: club.toml." in doc.text
    for check in ruleset.checks:
        assert check.title in doc.text
    assert "Combat chart" in doc.text and "OIBL p.11 Morale" in doc.text


def test_a_sheet_without_house_rules_marks_nothing_and_asks_for_gaps() -> None:
    html = reference_html(game_ruleset("rank-and-file"))
    doc = _valid(html)
    assert "HOUSE" not in doc.text and 'class="house"' not in html
    assert "Values the sources do not give" in doc.text
    assert "not given: the players decide" in doc.text


def test_drumhead_print_writes_cards_and_sheets(
    game: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    SaveSession.create(save_path(tmp_path, "paper"), game).close()
    out = tmp_path / "cards.html"
    assert main(["--saves", str(tmp_path), "print", "paper", "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out}\n"
    _valid(out.read_text(encoding="utf-8"))
    sheet = tmp_path / "sheet.html"
    assert main(["print", "--reference", "mwan116-acw", "-o", str(sheet), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info == {"ruleset": "mwan116-acw", "checks": 11, "output": str(sheet)}
    assert "Morale Results Table" in sheet.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["print"], 2),
        (["print", "paper", "--reference", "mwan116-acw"], 2),
        (["print", "paper", "--option", "x"], 2),
        (["print", "--reference", "no-such-rules"], 1),
        (["print", "--reference", "mwan116-acw", "--paper", "a3"], 2),
    ],
)
def test_drumhead_print_refuses_a_wrong_request_in_json(
    argv: list[str], code: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--json"]) == code
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["message"]


# -- a real browser -------------------------------------------------------------------------------
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
POPPLER = shutil.which("pdftotext") and shutil.which("pdfinfo")
REQUIRED = bool(os.environ.get("DRUMHEAD_REQUIRE_BROWSER"))
browser = pytest.mark.skipif(
    not (CHROMIUM and POPPLER) and not REQUIRED,
    reason="needs chromium and poppler-utils (Debian: apt-get install chromium poppler-utils)",
)
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-pdf-header-footer",
)


def _print_pdf(html: str, folder: Path, name: str) -> tuple[int, str]:
    """Print ``html`` to PDF with headless Chromium (a fresh profile); its page count and text."""
    assert CHROMIUM and POPPLER, "DRUMHEAD_REQUIRE_BROWSER is set: chromium and poppler-utils"
    page = folder / f"{name}.html"
    page.write_text(html, encoding="utf-8")
    pdf = folder / f"{name}.pdf"
    with tempfile.TemporaryDirectory(prefix="drumhead-print-") as profile:
        subprocess.run(
            [
                CHROMIUM,
                *FLAGS,
                f"--user-data-dir={profile}",
                f"--print-to-pdf={pdf}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True)
    pages = int(re.search(r"^Pages:\s+(\d+)", info.stdout, re.M).group(1))  # type: ignore[union-attr]
    text = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True)
    return pages, re.sub(r"\s+", " ", text.stdout)


@browser
@pytest.mark.parametrize(("paper", "size"), [("a4", "A4"), ("letter", "letter")])
def test_cowpens_cards_print_on_two_pages_of_either_paper(
    tmp_path: Path, paper: str, size: str
) -> None:
    scenario = load_scenario("cowpens-1781")
    game = new_game("one-if-by-land", scenario=scenario, seed=1781, name="Cowpens")
    pages, text = _print_pdf(cards_html(game, paper), tmp_path, paper)  # type: ignore[arg-type]
    assert pages == 2  # 16 cards, eight a page
    for unit in game.state.units:
        assert unit.name in text
    assert "Good order (now)" in text and "Unit cards: Cowpens" in text


@browser
def test_a_reference_sheet_prints_with_its_house_marks(tmp_path: Path) -> None:
    ruleset = game_ruleset("one-if-by-land", (), str(_house_file(tmp_path)))
    pages, text = _print_pdf(reference_html(ruleset, "letter"), tmp_path, "sheet")
    assert pages > 1
    assert "In light cover" in text and "HOUSE" in text and "house rule, club.toml" in text
    assert "Quick reference: One If By Land" in text


def test_drumhead_print_without_o_writes_a_file_named_after_the_save_and_says_where(
    game: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37: without ``-o`` the HTML went to the terminal; it goes to a file named after
    the save (or the ruleset) in the current folder, and ``-o -`` is the terminal."""
    saves, here = tmp_path / "saves", tmp_path / "here"
    here.mkdir()
    SaveSession.create(save_path(saves, "Cowpens"), game).close()
    monkeypatch.chdir(here)
    assert main(["--saves", str(saves), "print", "Cowpens"]) == 0
    written = here / "Cowpens cards.html"
    assert capsys.readouterr().out == f"wrote {written}\n"
    _valid(written.read_text(encoding="utf-8"))
    assert main(["print", "--reference", "republique", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["output"] == str(here / "republique reference.html")
    assert "html" not in info and (here / "republique reference.html").is_file()
    assert main(["--saves", str(saves), "print", "Cowpens", "-o", "-"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("<!DOCTYPE html>") or out.lower().startswith("<!doctype html>")
    assert main(["--saves", str(saves), "print", "Cowpens", "-o", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["html"].lower().startswith("<!doctype html>")
