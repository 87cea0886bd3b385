"""No answer without its sources: every check of every shipped ruleset, through the CLI.

Issue 19 items 10-11: ``odds`` and ``resolve`` (text and ``--json``) carry the check's citation,
every modifier's and every outcome's, the rulings the answer rests on, and where every value
the sources lack came from: a ruling read from an example, the house rules (``house rule,
FILE``) or the players (``your club's answer``), never beside a rules citation as if the rules
gave it. Each check runs with the inputs it needs, every modifier it offers ticked, and every
gap it stops for answered; once as shipped, once with every optional rule on, and once under a
house-rules file that changes one modifier of each check and answers every gap.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from drumhead.checks.resolve import available_modifiers, odds, prepare, resolve
from drumhead.checks.results import GAP_KINDS
from drumhead.checks.sources import changes_only
from drumhead.cli.main import main
from drumhead.dice.roller import RandomDice
from drumhead.errors import MissingGapError
from drumhead.loading.loader import load_ruleset, ruleset_ids
from drumhead.questions.answers import PLAYERS_ANSWER
from drumhead.rules.model import CheckSpec, GapSpec, InputSpec, ModifierSpec, Ruleset

OVERRIDES: dict[tuple[str, str], dict[str, object]] = {
    ("mwan116-acw", "close_combat"): {"attacker_state": "charge_to_combat"},  # infantry's front
    ("one-if-by-land", "fire"): {"figures": 12},
    ("one-if-by-land", "melee"): {"stands_in_contact": 3, "overlap_flanks": 1},
    ("one-if-by-land", "melee_winner"): {"attacker_lost": 3, "defender_lost": 3},
    ("one-if-by-land", "morale"): {"figures_lost": 6},
    ("rank-and-file", "morale"): {"quality": "regular", "stands_start": 6, "stands_lost": 1},
    ("rank-and-file", "rally"): {
        "quality": "regular",
        "stands_start": 6,
        "stands_lost": 1,
        "state": "routing",
    },
    ("rank-and-file", "fire"): {"stands": 3},
    ("rank-and-file", "melee"): {"stands": 3},
    ("rank-and-file", "melee_result"): {"attacker_hits": 2, "defender_hits": 1},
    ("rank-and-file", "wave_split"): {"hits": 5},
    ("republique", "assault"): {"attacker_bases_primary": 4, "defender_bases_primary": 3},
    ("republique", "panic"): {"panic_hits": 2},
    ("republique", "emergency_rally"): {"leader_value": 2},
}
"""Inputs a check needs to be possible at all (refusals aside); the rest take their defaults."""

SEED = 7
"""The seed every resolve here rolls with (the CLI's --seed and the direct resolve agree)."""

RULING = re.compile(r"\bruling ([a-z][a-z0-9-]*[a-z0-9])")


def _answer(gap: GapSpec) -> str:
    """An answer the players might give (in the form the gap's check reads)."""
    if gap.id == "fire_hit_numbers":
        return "10+"
    if gap.id.startswith("panic_"):
        return "F"
    if gap.id.startswith("chart_"):
        return "Both 1M"  # a Combat Chart result (its outcome set)
    return {
        "int": "1",
        "text": "as agreed at the table",
        "choice": gap.choices[0] if gap.choices else "",
    }[gap.type]


def _required(spec: InputSpec) -> str:
    if spec.type == "int":
        return str(max(spec.minimum or 0, 1))
    if spec.type == "bool":
        return "false"
    return spec.choices[0]


def working(ruleset: Ruleset, check: CheckSpec) -> tuple[dict[str, str], list[str]]:
    """Inputs (and the gap answers it stops for) that make the check possible, and every
    modifier it then offers."""
    values = {
        k: str(v).lower() if isinstance(v, bool) else str(v)
        for k, v in OVERRIDES.get((ruleset.id, check.id), {}).items()
    }
    for spec in check.inputs:
        if spec.default is None and spec.name not in values:
            values[spec.name] = _required(spec)
    for _ in range(300):
        try:
            ctx = prepare(ruleset, check.id, values)
            mods = one_of_each_group(available_modifiers(ctx))
            ctx = prepare(ruleset, check.id, values, mods)
            odds(ctx)
            resolve(ctx, RandomDice(random.Random(SEED)))  # a chart cell read only when rolled
            return values, mods
        except MissingGapError as exc:
            gap = ruleset.gap(exc.gap)
            assert gap is not None
            values[exc.gap] = _answer(gap)
    raise AssertionError(f"{check.id}: too many gaps")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code = main(list(args))
    captured = capsys.readouterr()
    assert code == 0, f"{' '.join(args)}: {captured.err}"
    return captured.out


def cases() -> list[tuple[str, str, bool]]:
    out = []
    for rid in ruleset_ids():
        rs = load_ruleset(rid)
        for check in rs.checks:
            if check.option is None:
                out.append((rid, check.id, False))
            out.append((rid, check.id, True))
    return out


def mentioned(*texts: str) -> set[str]:
    return {m for t in texts for m in RULING.findall(t or "")}


def check_json(data: dict[str, Any], ruleset: Ruleset, resolved: bool) -> None:
    """Every value of one JSON answer has its source."""
    assert data["source"], "the check's citation"
    rulings = {r["id"]: r for r in data["rulings"]}
    for r in rulings.values():
        assert r["reading"] and r["source"] and r["used"] in ("ruling", "alternative")
        assert ruleset.ruling(r["id"]) is not None
    gaps = {g["id"]: g for g in data["gaps"]}
    for g in gaps.values():
        assert g["kind"] in GAP_KINDS and g["source"], g
        if g["kind"] == "players":
            assert g["source"].startswith(PLAYERS_ANSWER)
        if g["kind"] == "ruling":
            assert RULING.search(g["source"]), g
    for m in data["modifiers"]:
        assert m["source"], m
        from_gaps = [g for g in gaps if re.search(rf"\b{g}\b", m["source"])]
        spec_value = _modifier_spec(ruleset, data["check"], m["id"]).value
        read = spec_value.names & set(gaps)
        if read:
            assert m["source"].startswith("value "), f"{m} was worked out from {read}"
            assert set(from_gaps) >= read & set(from_gaps) and from_gaps
    for row in data["odds"]:
        assert row["source"], row
    texts = [data["source"], *(m["source"] for m in data["modifiers"])]
    if resolved:
        assert data["outcome_source"]
        assert set(data["gaps_used"]) == set(gaps)
        for e in data["effects"]:
            assert e["source"], e
        texts += [data["outcome_source"], *(e["text"] for e in data["effects"]), *data["steps"]]
        texts += [e.get("ruling", "") and f"ruling {e['ruling']}" for e in data["effects"]]
    missing = mentioned(*texts) - set(rulings)
    assert not missing, f"rulings named but not carried: {missing}"


def _modifier_spec(ruleset: Ruleset, check: str, modifier: str) -> Any:
    spec = ruleset.check(check).modifier(modifier)
    assert spec is not None
    return spec


def check_text(out: str, data: dict[str, Any]) -> None:
    """The text answer shows the same sources as the JSON one."""
    assert data["source"] in out
    for m in data["modifiers"]:
        assert m["source"] in out, m
    for g in data["gaps"]:
        assert f"value {g['label']} = {g['value']}  ({g['source']})" in out
    for r in data["rulings"]:
        assert f"ruling {r['id']} ({r['source']})" in out
    for change in changes_only(data["house_rules"]):
        assert change in out  # the values given are the gap lines above, said once


def one_of_each_group(offered: list[ModifierSpec]) -> list[str]:
    """Every modifier offered, but one of each exclusive group (the rules count only one, and
    ticking two is refused)."""
    taken: set[tuple[str, str | None]] = set()
    out = []
    for m in offered:
        if m.group is not None:
            if (m.group, m.side) in taken:
                continue
            taken.add((m.group, m.side))
        out.append(m.id)
    return out


def _args(check: CheckSpec, values: dict[str, str], mods: list[str]) -> list[str]:
    out: list[str] = []
    for k, v in values.items():
        out += ["--set", f"{k}={v}"]
    for m in mods:
        out += ["--mod", m]
    return out


@pytest.mark.parametrize(("rid", "check_id", "all_options"), cases())
def test_every_answer_carries_its_sources(
    rid: str, check_id: str, all_options: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    options = [o.id for o in load_ruleset(rid).options] if all_options else []
    ruleset = load_ruleset(rid, options)
    check = ruleset.check(check_id)
    values, mods = working(ruleset, check)
    args = [*_args(check, values, mods), *(x for o in options for x in ("--option", o))]
    odds_data = json.loads(run(capsys, "odds", rid, check_id, *args, "--json"))
    check_json(odds_data, ruleset, resolved=False)
    check_text(run(capsys, "odds", rid, check_id, *args), odds_data)
    res_data = json.loads(
        run(capsys, "resolve", rid, check_id, *args, "--seed", str(SEED), "--json")
    )
    check_json(res_data, ruleset, resolved=True)
    check_text(run(capsys, "resolve", rid, check_id, *args, "--seed", str(SEED)), res_data)
    given = {g for g in values if ruleset.gap(g) is not None}
    assert {g["id"] for g in res_data["gaps"] if g["kind"] == "players"} == given & set(
        res_data["gaps_used"]
    )


def _house_file(tmp: Path, ruleset: Ruleset) -> tuple[Path, dict[str, str]]:
    """A house-rules file answering every gap and changing one constant modifier per check."""
    lines = [f'ruleset = "{ruleset.id}"', 'title = "club"', "[gaps]"]
    for gap in ruleset.gaps:
        value = _answer(gap)
        lines.append(f"{gap.id} = {value if gap.type == 'int' else json.dumps(value)}")
    changed: dict[str, str] = {}
    for check in ruleset.checks:
        spec = next((m for m in check.modifiers if m.value.text.lstrip("-").isdigit()), None)
        if spec is None:
            continue
        changed[check.id] = spec.id
        lines += [
            f"[patch.checks.{check.id}.modifiers.{spec.id}]",
            f"value = {int(spec.value.text) * 2}",
        ]
    path = tmp / f"{ruleset.id}-club.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, changed


@pytest.mark.parametrize("rid", ruleset_ids())
def test_house_rules_are_cited_as_the_houses_in_every_answer(
    rid: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shipped = load_ruleset(rid)
    house, changed = _house_file(tmp_path, shipped)
    label = f"house rule, {house.name}"
    club = load_ruleset(rid, (), house)
    assert changed
    for check in club.checks:
        if check.option is not None:
            continue
        values, mods = working(club, check)
        values = {k: v for k, v in values.items() if club.gap(k) is None}  # the house's answers
        args = [*_args(check, values, mods), "--house-rules", str(house)]
        data = json.loads(
            run(capsys, "resolve", rid, check.id, *args, "--seed", str(SEED), "--json")
        )
        check_json(data, club, resolved=True)
        assert all(g["kind"] != "players" for g in data["gaps"])
        for g in data["gaps"]:
            if shipped.gap(g["id"]).value is None or shipped.gap(g["id"]).ruling:  # type: ignore[union-attr]
                assert (g["kind"], g["source"]) == ("house_rule", label), g
        patched = changed.get(check.id)
        if patched in {m["id"] for m in data["modifiers"]}:
            mod = next(m for m in data["modifiers"] if m["id"] == patched)
            rules = _modifier_spec(shipped, check.id, patched).source
            assert mod["source"] == label and rules not in mod["source"]
            assert (
                f"{label}: changes checks.{check.id}.modifiers.{patched}.value"
                in data["house_rules"]
            )
        text = run(capsys, "resolve", rid, check.id, *args, "--seed", str(SEED))
        check_text(text, data)
