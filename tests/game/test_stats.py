"""Luck statistics against values worked out by hand, on a seeded game of the test ruleset
(morale: 1d10 read 0-9, passes at or under the quality's number; gun check: 1d6, higher is
better), with dice typed in by hand, a seeded roll, a certain result, an undone roll and a
reverted one."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import gamegen
import pytest

from drumhead.cli.main import main
from drumhead.game import Game
from drumhead.game.luck_text import bar, luck_markdown, luck_text, tally_lines
from drumhead.game.report import export_markdown
from drumhead.game.stats import luck_report, percentile
from drumhead.rules.luck import LuckOrder
from drumhead.saves import SaveSession, save_path

AT = "2026-11-22T14:00:00Z"

# percentiles worked out by hand: P(worse) + P(as good) / 2
POOR_FAILS_BY_2 = F(1, 10)  # poor (6): 8 and 9 fail by 2+ (2/10): 0 + 2/10 / 2
POOR_PASSES = F(13, 20)  # poor: 0-6 pass (7/10); worse: 7 (by 1), 8-9 (by 2+): 3/10 + 7/20
REGULAR_PASSES = F(3, 5)  # regular (7): 0-7 pass (8/10); worse 2/10: 2/10 + 8/20
GUN_SIX = F(11, 12)  # 1d6 showing 6: 5/6 + 1/12
GUN_ONE = F(1, 12)  # 1d6 showing 1: 0 + 1/12


@pytest.fixture
def game() -> Game:
    g = gamegen.start_game(seed=1781)
    g.resolve("morale", "sc_militia", {}, [], hand_dice=[9], at=AT)  # 1: poor, fails by 3
    _, seeded = g.resolve("morale", "legion_foot", {}, [], at=AT)  # 2: seeded dice
    assert seeded.dice == (0,) and seeded.outcome == "pass"  # what seed 1781 gives entry 2
    g.resolve("morale", "md_continentals", {}, [], hand_dice=[0], at=AT)  # 3: -2 officer: sure
    g.resolve("gun_check", "grasshoppers", {}, [], hand_dice=[6], at=AT)  # 4
    g.resolve("morale", "legion_foot", {}, [], hand_dice=[9], at=AT)
    g.undo()  # undone: not counted
    g.next_turn(at=AT)  # 5
    g.resolve("morale", "sc_militia", {}, [], hand_dice=[3], at=AT)  # 6: passes
    g.resolve("gun_check", "grasshoppers", {}, [], hand_dice=[1], at=AT)  # 7
    g.resolve("morale", "legion_horse", {}, [], hand_dice=[9], at=AT)  # 8: reverted below
    g.apply_revert(g.revert(8), at=AT)  # 9
    return g


def test_every_roll_is_placed_by_hand_computed_percentiles(game: Game) -> None:
    report = luck_report(game)
    assert [r.seq for r in report.rolls] == [1, 2, 3, 4, 6, 7]  # neither undone nor reverted
    assert report.roll(1).percentile == POOR_FAILS_BY_2 and report.roll(1).hand
    assert report.roll(2).percentile == REGULAR_PASSES and not report.roll(2).hand
    assert report.roll(3).percentile is None
    assert report.roll(3).why_not == "a certain result: no luck in it"
    assert report.roll(4).percentile == GUN_SIX and report.roll(4).expected == F(7, 2)
    assert report.roll(6).percentile == POOR_PASSES
    assert report.roll(7).percentile == GUN_ONE
    assert report.roll(1).text == "Fails by 2 or more: routs"


def test_the_game_sides_and_units_in_all_and_by_turn(game: Game) -> None:
    report = luck_report(game)
    whole = report.game.total
    assert (whole.checks, whole.rated, whole.hand) == (6, 5, 5)
    assert whole.mean == (POOR_FAILS_BY_2 + REGULAR_PASSES + GUN_SIX + POOR_PASSES + GUN_ONE) / 5
    assert whole.luckiest is not None and whole.luckiest.seq == 4
    assert whole.unluckiest is not None and whole.unluckiest.seq == 7
    [gun] = whole.numbers
    assert (gun.check, gun.rolls, gun.actual, gun.expected, gun.better) == (
        "gun_check",
        2,
        7,
        F(7),
        "higher",
    )
    turns = dict(report.game.turns)
    assert report.turns == (1, 2)
    assert (turns[1].checks, turns[1].rated) == (4, 3)
    assert turns[1].mean == (POOR_FAILS_BY_2 + REGULAR_PASSES + GUN_SIX) / 3
    assert turns[2].mean == (POOR_PASSES + GUN_ONE) / 2
    sides = {s.id: s for s in report.sides}
    assert sides["american"].total.mean == (POOR_FAILS_BY_2 + POOR_PASSES) / 2
    assert sides["american"].total.checks == 3  # the certain roll counts as a check
    assert sides["british"].total.mean == (REGULAR_PASSES + GUN_SIX + GUN_ONE) / 3
    assert dict(sides["british"].turns)[2].mean == GUN_ONE
    units = {u.id: u for u in report.units}
    assert set(units) == {"sc_militia", "legion_foot", "md_continentals", "grasshoppers"}
    militia = units["sc_militia"]
    assert militia.side == "american" and militia.name == "South Carolina militia"
    assert [(t, tally.mean) for t, tally in militia.turns] == [
        (1, POOR_FAILS_BY_2),
        (2, POOR_PASSES),
    ]
    assert units["md_continentals"].total.mean is None


def test_the_percentile_of_a_fair_check_averages_par() -> None:
    """Summed over every result, probability times percentile is one half, ties included."""
    order = LuckOrder("outcomes", ranks=(("a", 2), ("b", 1), ("c", 1), ("d", 0)))
    odds = [
        {"outcome": "a", "value": None, "p": "1/6"},
        {"outcome": "b", "value": None, "p": "1/3"},
        {"outcome": "c", "value": None, "p": "1/4"},
        {"outcome": "d", "value": None, "p": "1/4"},
    ]
    total = F(0)
    for row in odds:
        p, why = percentile(odds, str(row["outcome"]), None, order)
        assert p is not None and not why
        total += F(str(row["p"])) * p
    assert total == F(1, 2)
    assert percentile(odds, "b", None, order)[0] == percentile(odds, "c", None, order)[0]
    assert percentile(odds, "b", None, order)[0] == F(1, 4) + F(7, 12) / 2
    none = LuckOrder("none", basis="declared in the ruleset")
    assert percentile(odds, "a", None, none)[0] is None
    assert percentile(odds, "zzz", None, order)[1] == "the check's luck order cannot place zzz"


def test_the_chart_is_drawn_in_characters(game: Game) -> None:
    assert bar(F(1, 2)) == " " * 10 + "|" + " " * 10
    assert bar(F(1, 10)) == "  ########|          "  # 40 points below par: 8 marks
    assert bar(F(1)) == "          |##########"
    assert bar(None).strip() == "|"
    text = luck_text(luck_report(game))
    assert "     1      3            |#               54%" in text
    assert "     2      2         ###|                37%" in text
    assert (
        "luckiest: entry 4 (turn 1): Gun check (test) for Two 3-pounders: 6 (92%, dice by hand)"
        in text
    )
    assert "entry 3 (Morale test): a certain result: no luck in it" in text


def test_the_after_action_report_has_the_luck_and_marks_reverted_entries(game: Game) -> None:
    report = export_markdown(game)
    assert "## Luck" in report and "### Americans" in report
    assert "| South Carolina militia | Americans | 2 | 2 | 38% |" in report
    assert "~~*Morale tests* Morale test for British Legion dragoons:" in report
    assert "**[reverted by entry 9]**" in report
    assert "- 9. *Morale tests* reverted entry 8" in report
    rolls = report.split("## Every roll")[1]
    assert "| 8 |" not in rolls and "| 7 |" in rolls  # the reverted roll is not among them


def test_the_report_counts_the_luck_on_its_own_walk_as_drumhead_stats_counts_it(
    game: Game,
) -> None:
    """The after-action report places the rolls as it walks the log (one walk, not two): its
    luck is the luck report's, the reverted and undone rolls left out alike."""
    assert "\n".join(luck_markdown(luck_report(game))) in export_markdown(game)


def test_drumhead_stats_text_and_json(
    game: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = save_path(tmp_path, "luck")
    SaveSession.create(path, game).close()
    assert main(["stats", str(path)]) == 0
    assert "Side: Americans" in capsys.readouterr().out
    assert main(["--saves", str(tmp_path), "stats", "luck", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (
        data["game"]["total"]["mean_exact"] == "47/100"
    )  # (1/10 + 3/5 + 11/12 + 13/20 + 1/12) / 5
    assert data["game"]["total"]["luckiest"] == 4
    assert [r["seq"] for r in data["rolls"]] == [1, 2, 3, 4, 6, 7]
    assert data["rolls"][0]["hand"] is True and data["rolls"][0]["percentile"] == 0.1
    assert data["rolls"][2]["not_rated"] == "a certain result: no luck in it"
    for unit in data["units"]:  # its turns with rolls only: a turn absent had no checks
        rolled = sorted({r["turn"] for r in data["rolls"] if r["unit"] == unit["id"]})
        assert [t["turn"] for t in unit["turns"]] == rolled
        assert sum(t["checks"] for t in unit["turns"]) == unit["total"]["checks"]


def test_drumhead_stats_of_no_such_save_is_a_json_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gamegen.setup()
    assert main(["--saves", str(tmp_path), "stats", "nothing here", "--json"]) == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["message"] == "no such save" and error["file"].endswith("nothing here.toml")


def test_two_rolls_alike_are_not_called_the_only_rated_roll() -> None:
    """Rated rolls that tie are each luckiest and unluckiest (the earliest of equals): the
    text names both lines, never 'the only rated roll' while two are rated."""
    g = gamegen.start_game(seed=1781)
    g.resolve("morale", "sc_militia", {}, [], hand_dice=[3], at=AT)
    g.resolve("morale", "sc_militia", {}, [], hand_dice=[3], at=AT)
    tally = luck_report(g).game.total
    assert tally.rated == 2 and tally.luckiest is tally.unluckiest
    lines = tally_lines(tally)
    assert not any("only rated roll" in line for line in lines)
    assert lines[1].startswith("luckiest: entry 1 ") and lines[2].startswith("unluckiest: entry 1 ")


def test_a_count_asked_to_stop_stops_and_one_never_asked_is_the_whole_report(game: Game) -> None:
    from drumhead.errors import CountStopped

    whole = luck_report(game)
    assert luck_report(game, stop=lambda: False) == whole
    with pytest.raises(CountStopped):
        luck_report(game, stop=lambda: True)


def test_tallies_asked_to_stop_stop_between_scopes(game: Game) -> None:
    """The tallies (every scope's) stop too: asked before each scope, the count ends at the
    first that says so, after the walk over the log is done."""
    from drumhead.errors import CountStopped
    from drumhead.game.stats import LuckWalk, luck_of

    rolls = LuckWalk.begin(game).walk_on(game).rolls
    asked = 0

    def after_two() -> bool:
        nonlocal asked
        asked += 1
        return asked > 2

    with pytest.raises(CountStopped):
        luck_of(game, rolls, stop=after_two)
    assert asked == 3
    assert luck_of(game, rolls, stop=lambda: False) == luck_of(game, rolls)


def test_tallies_in_whole_numbers_are_the_tallies_of_the_fractions() -> None:
    """A tally adds and compares the rolls' percentiles and expected numbers over a common
    denominator (worked out once for the whole report), not as fractions: on random rolls
    of many denominators, with ties and rolls not rated, the mean, the sums of the expected
    numbers, the luckiest and the unluckiest (the earliest of equals) are those the fractions
    themselves give, whether the scale is of these rolls alone or of more; a turn without
    rolls is the tally of none."""
    import random

    from drumhead.game.luck_tally import Scaled, tally
    from drumhead.game.stats import NO_ROLLS, Roll

    rng = random.Random(38)
    assert tally([]) == NO_ROLLS
    for _ in range(300):
        rolls = []
        for seq in rng.sample(range(1, 500), rng.randint(1, 30)):
            chance = F(rng.randint(0, 20), rng.choice([2, 6, 10, 12, 20, 144, 10368]))
            expected = F(rng.randint(-50, 500), rng.choice([1, 6, 36, 10368]))
            rated = rng.choice([chance, chance, F(1, 2), None])
            check = rng.choice(["fire", "melee"])
            rolls.append(
                Roll(
                    seq,
                    1,
                    check,
                    check,
                    None,
                    "-",
                    None,
                    "hit",
                    "hit",
                    rng.randint(0, 6),
                    False,
                    rated,
                    expected=expected,
                )
            )
        rated = [r for r in rolls if r.percentile is not None]
        want_high = max(rated, key=lambda r: (r.percentile, -r.seq), default=None)
        want_low = min(rated, key=lambda r: (r.percentile, r.seq), default=None)
        mean = sum((r.percentile for r in rated), F(0)) / len(rated) if rated else None
        sums = {
            check: sum((r.expected for r in rolls if r.check == check), F(0))
            for check in dict.fromkeys(r.check for r in rolls)
        }
        for found in (tally(rolls), tally(rolls, scaled=Scaled.of([*rolls, *rolls[:3]]))):
            assert (found.luckiest, found.unluckiest) == (want_high, want_low)
            assert found.mean == mean
            assert {n.check: n.expected for n in found.numbers} == sums


@pytest.mark.parametrize("seed", [3, 38])
def test_a_walk_stopped_and_gone_on_is_the_walk_made_at_once(seed: int) -> None:
    """The luck's walk and the report's, stopped after any entry, written as plain tables
    (through marshal, as the saves layer keeps them) and read back, then walked on to the
    end: the same rolls, state, lines, rows, leaders' fates and cards as the walk made at
    once, and the same report, wherever the game's reverts took entries back; a walk says
    it holds for the log only while no entry it walked is taken back."""
    import marshal

    from drumhead.game.report import ReportWalk
    from drumhead.game.stats import LuckWalk

    game = gamegen.random_game(seed, 160, units=6, reverts=True)
    gone = game.reverted()
    assert gone, "the game should take entries back"
    whole = ReportWalk.begin(game).walk_on(game)
    luck = LuckWalk.begin(game).walk_on(game)
    assert luck.rolls == whole.rolls and luck.state == whole.state == game.state
    for stop in (0, 1, 17, 64, 100, min(gone) - 1, min(gone), max(gone), 159, 160):
        for kind, made in ((LuckWalk, luck), (ReportWalk, whole)):
            part = kind.begin(game).walk_on(game, upto=stop)
            assert part.walked == stop
            assert part.holds_for(game) == all(seq > stop for seq in gone)
            again = kind.from_plain(marshal.loads(marshal.dumps(part.plain()))).walk_on(game)
            assert vars(again) == vars(made), (kind.__name__, stop)
        assert export_markdown(game, again) == export_markdown(game)


def test_a_scopes_turns_are_tallied_when_first_asked_for_as_its_rolls_of_each_turn(
    game: Game,
) -> None:
    """A count tallies each scope in all; its turns only when shown (the luck screen shows
    one scope at a time): the same tallies as those of the scope's rolls of each turn."""
    report = luck_report(game)
    scopes = (report.game, *report.sides, *report.units)
    assert all("turns" not in vars(s) for s in scopes)  # none tallied by the count
    for s in scopes:
        assert [t for t, _ in s.turns] == list(report.turns)
        for turn, tallied in s.turns:
            assert tallied == s.tallied([r for r in s.rolls if r.turn == turn])
        assert sum(t.checks for _, t in s.turns) == s.total.checks == len(s.rolls)
    assert vars(report.game)["turns"] is report.game.turns  # tallied once
