"""The readings the sequence of play and the two-sided checks rest on are recorded as rulings
in the ruleset files (shown to the players with the rest), and every '(ruling ID)' a ruleset
file mentions names a ruling it has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from drumhead.loading.loader import load_ruleset

ROOT = Path(__file__).resolve().parents[2]

RECORDED = {
    "one-if-by-land": ["oibl-turn-ends-with-the-deck"],
    "mwan116-acw": ["mwan-movement-side-by-side"],
    "rank-and-file": ["rnf-hits-per-stand-phases"],
    "republique": ["rep-in-command-asked", "rep-assault-results-marked"],
}


@pytest.mark.parametrize("ruleset_id", sorted(RECORDED))
def test_the_walks_rulings_are_recorded_with_a_source(ruleset_id: str) -> None:
    rulings = {r.id: r for r in load_ruleset(ruleset_id).rulings}
    for ruling_id in RECORDED[ruleset_id]:
        assert ruling_id in rulings, ruling_id
        ruling = rulings[ruling_id]
        assert ruling.reading and ruling.reason and ruling.source


@pytest.mark.parametrize("ruleset_id", sorted(RECORDED))
def test_every_ruling_a_file_mentions_exists(ruleset_id: str) -> None:
    text = (ROOT / "data" / "rulesets" / f"{ruleset_id}.toml").read_text(encoding="utf-8")
    mentioned = set(re.findall(r"\(ruling ([a-z0-9-]+)", text))
    mentioned |= set(re.findall(r"rulings? ([a-z]+-[a-z0-9-]+)", text))
    known = {r.id for r in load_ruleset(ruleset_id).rulings}
    assert mentioned, "the file mentions no ruling"
    assert mentioned <= known, sorted(mentioned - known)
