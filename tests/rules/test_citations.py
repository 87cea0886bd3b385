"""Every citation in every shipped ruleset points at the place in the seed text that says it.

Issue 19 item 4: "counter-battery" was cited to One If By Land page 8; it is on page 9. Each
``source`` is split into its places (``OIBL p.8 Firing modifiers; p.9 Artillery note``), each
place into the part of the seed it names and the key words of its title, and every key word
must be found there:

* One If By Land (seed 004) marks the end of each page ``ONE IF BY LAND AWI RULES PAGE N`` and
  of the two chart pages ``ONE IF BY LAND CHARTS``: a place's words must be on its pages.
* Republique (seed 003) is in sections ``« 4.1`` .. ``« 4.6``: the words must be in the section.
* The MWAN #116 article (002) and the two Rank and File excerpts (001 core, 000 Supplement 2)
  have no page marks: the words of a place must all occur within one stretch of the text
  (``WINDOW`` characters either side of one of them), and a quoted phrase must be in the text.
* Rank and File values from the published rulebook cite it exactly as RULES-MAP names it.

Parenthesised remarks (``(ruling ...)``, ``(not in our source)``) are ours, not places, and are
left out, except a quoted phrase, which must be the seed's words. Words are compared by stem
(``skirmishers`` finds ``skirmish``), on the OCR'd text with punctuation folded to spaces.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
SEEDS = SHARED / "seeds"
RULES_MAP = SHARED / "RULES-MAP.md"
RULESETS = ROOT / "data" / "rulesets"

WINDOW = 2500
"""For seeds without page marks: how far apart (characters) the words of one place may be."""

STOP = frozenset({"and", "the", "for", "with", "step", "steps", "its", "not", "our"})
"""Words of a title that name no place (``step 4``: the number is checked as ``4.``/``4:``)."""

PUBLISHED = ("Rank and File, Appendix 1 Fast Play Sheet, p.52", "Rank and File, ch. 12")
"""The two citations of the published Rank and File rulebook that RULES-MAP gives."""


def _norm(text: str) -> str:
    return " " + re.sub(r"[^a-z0-9]+", " ", text.lower()).strip() + " "


def _stem(word: str) -> str:
    word = word.lower()
    for suffix, keep in (("ing", 5), ("ers", 5), ("ies", 4), ("es", 5), ("s", 4), ("ed", 5)):
        if word.endswith(suffix) and len(word) - len(suffix) >= keep - 1:
            return word[: -len(suffix)]
    return word


def keywords(title: str) -> list[str]:
    """The words of a place's title that must be found in the seed, as stems."""
    words = re.findall(r"[a-z]+", title.lower())
    return [_stem(w) for w in words if len(w) > 2 and w not in STOP]


def _seed(name: str) -> str:
    return next(SEEDS.glob(f"{name}_*.txt")).read_text(encoding="utf-8")


# -- One If By Land: pages ----------------------------------------------------------------------
@cache
def oibl_raw_pages() -> dict[str, str]:
    """Page number (and ``charts``) -> that page's text as the seed has it."""
    text = _seed("004").split("Transcription:", 1)[1]
    pages: dict[str, str] = {}
    marker = re.compile(r"ONE IF BY LAND (?:AWI RULES PAGE (\d+)|CHARTS)")
    start = 0
    for found in marker.finditer(text):
        key = found.group(1) or "charts"
        pages[key] = pages.get(key, "") + " " + text[start : found.start()]
        start = found.end()
    return pages


@cache
def oibl_pages() -> dict[str, str]:
    """Page number (and ``charts``) -> that page's text, normalised."""
    return {key: _norm(text) for key, text in oibl_raw_pages().items()}


def oibl_step_on(pages: list[str], number: str) -> bool:
    """Whether step ``number`` of a numbered list (``8. 2ND MELEE ROUND``) is on the pages."""
    raw = oibl_raw_pages()
    step = re.compile(rf'(?<![\d."]){number}\. +[A-Z0-9]')
    return any(step.search(raw.get(p, "")) for p in pages)


# -- Republique: sections -----------------------------------------------------------------------
@cache
def republique_sections() -> dict[str, str]:
    text = _seed("003")
    marks = list(re.finditer(r"« (4\.\d)", text))
    out = {"header": _norm(text[: marks[0].start()])}
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else len(text)
        out[mark.group(1)] = _norm(text[mark.start() : end])
    return out


# -- seeds without page marks ------------------------------------------------------------------
def found_together(text: str, words: list[str]) -> bool:
    """All ``words`` occur within ``WINDOW`` characters of one occurrence of the first."""
    if not words:
        return True
    spots = {w: [m.start() for m in re.finditer(re.escape(w), text)] for w in words}
    if any(not s for s in spots.values()):
        return False
    rarest = min(words, key=lambda w: len(spots[w]))
    return any(
        all(any(abs(q - p) <= WINDOW for q in spots[w]) for w in words) for p in spots[rarest]
    )


@dataclass(frozen=True)
class Place:
    """One place a citation names: where in which seed, and the title's key words."""

    citation: str
    seed: str
    where: str
    words: tuple[str, ...]
    quotes: tuple[str, ...] = ()
    steps: tuple[str, ...] = ()
    """Numbered steps the place names (One If By Land: ``step 8`` must be on its pages)."""


def _quotes(citation: str) -> tuple[str, ...]:
    return tuple(q for q in re.findall(r"'([^']{8,})'", citation))


def _strip_remarks(citation: str) -> str:
    return re.sub(r"\([^()]*\)", " ", citation)


def places(ruleset: str, citation: str) -> Iterator[Place]:
    """The places a citation of ``ruleset`` names."""
    quotes = _quotes(citation)
    plain = _strip_remarks(citation)
    if ruleset == "one-if-by-land":
        assert plain.startswith("OIBL"), citation
        pages: list[str] = []
        for segment in plain[4:].split(";"):
            found = re.findall(r"p\.(\d+)(?:-(\d+))?", segment)
            title = re.sub(r"p\.\d+(?:-\d+)?|,", " ", segment)
            if found:
                pages = [str(n) for a, b in found for n in range(int(a), int(b or a) + 1)]
            if "charts" in title.lower():
                pages = [*([p for p in pages if found]), "charts"]
                title = re.sub("(?i)charts", " ", title)
            assert pages, f"no page in {citation!r}"
            for number in re.findall(r"step (\d+)", segment):
                yield Place(citation, "004", ",".join(pages), (), steps=(number,))
            yield Place(citation, "004", ",".join(pages), tuple(keywords(title)), quotes)
    elif ruleset == "republique":
        assert plain.startswith("Republique"), citation
        section = ""
        for segment in plain[len("Republique") :].split(";"):
            found = re.match(r"\s*(4\.\d)(?:-(4\.\d))?", segment)
            title = segment
            if found:
                section = found.group(1) if not found.group(2) else "4.1-4.6"
                title = segment[found.end() :]
            if "page header" in title.lower():
                section, title = "header", title.lower().replace("page header", " ")
            assert section, f"no section in {citation!r}"
            for number in re.findall(r"step (\d+)", segment):
                yield Place(citation, "003", section, (f"step {number} ",))
            yield Place(citation, "003", section, tuple(keywords(title)), quotes)
    elif ruleset == "mwan116-acw":
        assert plain.startswith("MWAN116"), citation
        for segment in plain[len("MWAN116") :].split(";"):
            yield Place(citation, "002", "article", tuple(keywords(segment)), quotes)
    elif ruleset == "rank-and-file":
        seed = ""
        for segment in plain.split(";"):
            segment = segment.strip()
            if segment.startswith(PUBLISHED):
                yield Place(citation, "published", segment, ())
                continue
            if segment.startswith("R&F core:"):
                seed, segment = "001", segment[len("R&F core:") :]
            elif segment.startswith("R&F Supplement 2:"):
                seed, segment = "000", segment[len("R&F Supplement 2:") :]
            assert seed, f"not a place in the excerpts or the published rulebook: {citation!r}"
            for part in segment.split(","):
                where = "start" if "start of the excerpt" in part else "excerpt"
                part = part.replace("start of the excerpt", " ")
                yield Place(citation, seed, where, tuple(keywords(part)), quotes)
    else:
        raise AssertionError(f"no citation form for {ruleset}")


def problem(place: Place) -> str | None:
    """What is wrong with a place (None: its words are where it says)."""
    if place.seed == "published":
        map_text = RULES_MAP.read_text(encoding="utf-8")
        return None if place.where.split(" (")[0] in map_text else "not named in RULES-MAP"
    if place.seed == "004":
        pages = oibl_pages()
        text = "".join(pages[p] for p in place.where.split(",") if p in pages)
        missing = [w for w in place.words if w not in text]
        missing += [f"step {n}" for n in place.steps if not oibl_step_on(place.where.split(","), n)]
        where = f"page {place.where}"
    elif place.seed == "003":
        sections = republique_sections()
        if place.where == "4.1-4.6":
            text = "".join(v for k, v in sections.items() if k != "header")
        else:
            text = sections.get(place.where, "")
        missing = [w for w in place.words if w not in text]
        where = f"section {place.where}"
    else:
        raw = _seed(place.seed)
        text = _norm(raw[:600] if place.where == "start" else raw)
        missing = [] if found_together(text, list(place.words)) else list(place.words)
        where = f"seed {place.seed}"
    raw_text = _norm(_seed(place.seed)) if place.seed != "published" else ""
    bad_quotes = [q for q in place.quotes if _norm(q) not in raw_text]
    if missing or bad_quotes:
        return f"{where}: {', '.join(missing + bad_quotes)} not found"
    return None


def citations(data: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every ``source`` citation in a ruleset document (not the [[sources]] documents)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "sources" and not path:
                continue
            if key == "source" and isinstance(value, str):
                yield path, value
            else:
                yield from citations(value, f"{path}.{key}" if path else key)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from citations(value, f"{path}.{index}")


def _rulesets() -> list[str]:
    return sorted(p.stem for p in RULESETS.glob("*.toml"))


needs_seeds = pytest.mark.skipif(
    not SEEDS.is_dir(), reason="the seed documents are not beside this checkout"
)


@needs_seeds
@pytest.mark.parametrize("ruleset", _rulesets())
def test_every_citation_names_a_place_that_says_it(ruleset: str) -> None:
    data = tomllib.loads((RULESETS / f"{ruleset}.toml").read_text(encoding="utf-8"))
    wrong: dict[str, str] = {}
    count = 0
    for path, citation in citations(data):
        for place in places(ruleset, citation):
            count += 1
            found = problem(place)
            if found is not None:
                wrong.setdefault(citation, f"{path}: {found}")
    assert count > 40
    assert wrong == {}, "\n".join(f"{c!r} at {w}" for c, w in wrong.items())


# -- the checker itself catches what it is for -------------------------------------------------
@needs_seeds
def test_counter_battery_is_on_page_9_not_8() -> None:
    """OIBL p.9 (top): the note on counter-battery fire and the artillery firepower table."""
    for citation, bad in (
        ("OIBL p.8 Artillery note", True),
        ("OIBL p.9 Artillery note", False),
        ("OIBL p.8 Artillery firepower", True),
        ("OIBL p.9 Artillery firepower", False),
        ("OIBL p.8 Weapon ranges; Charts", False),
        ("OIBL p.9 Melee combat step 6", False),
        ("OIBL p.9 Melee combat step 8", True),
        ("OIBL p.10 step 8", False),
    ):
        found = [problem(p) for p in places("one-if-by-land", citation)]
        assert any(found) is bad, (citation, found)


@needs_seeds
def test_sections_and_excerpts_are_checked_too() -> None:
    assert problem(next(places("republique", "Republique 4.3 Hit in Rear"))) is None
    assert problem(next(places("republique", "Republique 4.2 Hit in Rear"))) is not None
    assert not any(problem(p) for p in places("mwan116-acw", "MWAN116 Firing: Snipers"))
    assert any(problem(p) for p in places("mwan116-acw", "MWAN116 Firing: Bayonet Drill"))
    assert not any(problem(p) for p in places("rank-and-file", "R&F core: Wagons"))
    assert any(
        problem(p) for p in places("rank-and-file", "R&F core: Wagons ('the wagons explode')")
    )
    assert not any(problem(p) for p in places("rank-and-file", PUBLISHED[0]))
    with pytest.raises(AssertionError, match="not a place"):
        list(places("rank-and-file", "R&F fast play sheet"))


@needs_seeds
def test_the_oibl_pages_are_found() -> None:
    pages = oibl_pages()
    assert set(pages) == {str(n) for n in range(1, 12)} | {"charts"}
    assert "counter battery" in pages["9"] and "counter battery" not in pages["8"]
    assert "attached in flank or rear" in pages["8"]  # the typo of item 9, on the melee table
