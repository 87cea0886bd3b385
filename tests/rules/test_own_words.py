"""Player-facing text in the rulesets is our own summary, never the sources' sentences.

Fails when any text a player reads (summaries, outcome and effect texts, reference entries,
labels, rulings' readings) shares a run of twelve or more words with the seed documents.
Citations (``source``), document titles and a ruling's ``rule`` (which names the rule being
ruled on) are exempt. Skipped when ``shared/seeds`` is not beside the checkout.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
RUN = 12
EXEMPT = {"source", "rule", "document"}


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _texts(obj: Any, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key in EXEMPT or (key == "title" and path.startswith(".sources")):
                continue
            yield from _texts(value, f"{path}.{key}")
    elif isinstance(obj, list):
        for index, value in enumerate(obj):
            yield from _texts(value, f"{path}.{index}")
    elif isinstance(obj, str):
        yield path, obj


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not beside this checkout")
@pytest.mark.parametrize(
    "ruleset", sorted(p.name for p in (ROOT / "data" / "rulesets").glob("*.toml"))
)
def test_no_sentence_of_the_sources_is_copied(ruleset: str) -> None:
    words = _words(" ".join(p.read_text() for p in SEEDS.glob("*.txt")))
    runs = {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}
    data = tomllib.loads((ROOT / "data" / "rulesets" / ruleset).read_text())
    copied = []
    for path, text in _texts(data):
        w = _words(text)
        if any(tuple(w[i : i + RUN]) in runs for i in range(len(w) - RUN + 1)):
            copied.append(f"{path}: {text[:80]}")
    assert copied == [], "rewrite these in our own words:\n" + "\n".join(copied)
