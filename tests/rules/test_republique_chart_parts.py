"""Republique 4.4: the assault's chart cell lands on the cards by its own parts, and its base
hits on the unit of the group the players (or the game's dice) pick (issue 35).

Rule text: the rules' part 4 (shared/seeds/003_068d9e9635d6c05e.txt), 4.4 Assault Results:
every primary and incidental unit takes the morale hits; "Base hits ... are first distributed
randomly among units which were within closest primary contact". The chart is the players'
(the sample club's values; one cell given base hits, as a club's printed chart would), so every
number below is theirs: 'Defender 3M 2B 2P; attacker carries the position' at +6.

Worked by hand: Hiller's line (6 bases, regular, in line) assaults the 67e Ligne (4 bases,
veteran, in line, Molitor attached) and the 37e Ligne (4 bases) in primary contact. Attacker:
in line +1. Defender (a group: the players give 8 bases, mostly veteran and in line, Molitor
of value 1 leading; ruling rep-greatest-share-tie): in line +1,
veteran +1 (club), Molitor +1 = +3. Bases 6 against 8: 8 is not 3:2 of 6 (8 x 2 = 16 < 18),
no outnumbering. Dice 9 and 1: 10 against 4, +6. The cell: the defender takes 3 morale hits
(fresh -> disordered -> rattled -> shaken) on both units, 2 base hits each picked among its
units, 2 panic hits counted on both cards.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from phases import to_phase

from drumhead.errors import DrumheadError, InputError, PickNeededError, RulesetError
from drumhead.game import Game, load_scenario, new_game, replay
from drumhead.game.attributes import value_of
from drumhead.loading.loader import load_ruleset
from drumhead.saves import SaveSession, load_save

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"
AT = "2026-11-26T20:00:00Z"
CELL = "Defender 3M 2B 2P; attacker carries the position"
GROUP = {"attacker": ["hiller_line"], "defender": ["ligne_67", "ligne_37"]}


def club_with_base_hits(tmp_path: Path, cell: str = CELL) -> str:
    text = SAMPLE.read_text(encoding="utf-8")
    text, n = re.subn(r'(?m)^chart_infantry_p6 = ".*"$', f'chart_infantry_p6 = "{cell}"', text)
    assert n == 1
    path = tmp_path / "club.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def game(tmp_path: Path) -> Game:
    game = new_game(
        "republique",
        scenario=load_scenario("aspern-1809"),
        seed=5,
        house_rules=club_with_base_hits(tmp_path),
    )
    return to_phase(game)


def assault(game: Game):  # type: ignore[no-untyped-def]
    roles = {k: v for k, v in GROUP.items() if k != "attacker"}
    group = {  # a group's cards fill no input: the players give what most bases have
        "defender_bases_primary": 8,
        "defender_grade": "veteran",
        "defender_formation": "line",
        "defender_leader": 1,
    }
    event, result = game.resolve(
        "assault", "hiller_line", group, hand_dice=[9, 1], at=AT, roles=roles
    )
    assert result.value == 6
    assert (
        "the cell reads: result for defender, morale hits 3, base hits 2, panic hits 2, "
        "artillery none"
    ) in (result.steps)
    return event, result


def cards(game: Game) -> dict[str, tuple[int, str]]:
    return {
        u: (game.state.unit(u).strength_now, game.state.unit(u).state)
        for u in ("hiller_line", "ligne_67", "ligne_37")
    }


def test_the_cell_parts_land_without_anyone_copying_them(game: Game) -> None:
    event, result = assault(game)
    applied = game.apply_effects(
        "hiller_line",
        list(result.effects),
        at=AT,
        resolution=event.seq,
        roles=GROUP,
        picks={"defender": ["ligne_37", "ligne_67"]},
    )
    assert cards(game) == {
        "hiller_line": (6, "fresh"),
        "ligne_67": (3, "shaken"),
        "ligne_37": (3, "shaken"),
    }
    hits = [e for e in applied.data["effects"] if e["kind"] == "lose"]
    assert [(e["unit"], e["amount"], e["among"]) for e in hits] == [
        ("ligne_37", 1, ["ligne_67", "ligne_37"]),
        ("ligne_67", 1, ["ligne_67", "ligne_37"]),
    ]
    for unit in ("ligne_67", "ligne_37"):  # counted on the card (rep-panic-hits-on-the-card)
        assert value_of(game.ruleset, game.state.unit(unit), "panic_hits") == 2
    assert replay(game.start, game.log) == game.state


def test_a_unit_may_take_every_base_hit(game: Game) -> None:
    event, result = assault(game)
    game.apply_effects(
        "hiller_line",
        list(result.effects),
        at=AT,
        resolution=event.seq,
        roles=GROUP,
        picks={"defender": ["ligne_67", "ligne_67"]},
    )
    assert cards(game)["ligne_67"] == (2, "shaken") and cards(game)["ligne_37"] == (4, "shaken")


def test_no_pick_asks_which_unit_and_says_the_rules_pick_at_random(game: Game) -> None:
    event, result = assault(game)
    with pytest.raises(PickNeededError) as asked:
        game.apply_effects(
            "hiller_line", list(result.effects), at=AT, resolution=event.seq, roles=GROUP
        )
    assert asked.value.role == "defender"
    assert asked.value.units == ("ligne_67", "ligne_37")
    assert asked.value.at_random == "Republique 4.4 Base hits (distributed randomly)"
    assert game.log[-1].seq == event.seq  # nothing applied: the roll alone


def test_a_pick_outside_the_group_is_refused(game: Game) -> None:
    event, result = assault(game)
    with pytest.raises(InputError, match="'ligne_16' is not one of the defender"):
        game.apply_effects(
            "hiller_line",
            list(result.effects),
            at=AT,
            resolution=event.seq,
            roles=GROUP,
            picks={"defender": ["ligne_16", "ligne_67"]},
        )
    with pytest.raises(InputError, match="left over"):
        game.apply_effects(
            "hiller_line",
            list(result.effects),
            at=AT,
            resolution=event.seq,
            roles=GROUP,
            picks={"defender": ["ligne_67", "ligne_67", "ligne_37"]},
        )


def test_a_roll_picks_from_the_games_seeded_dice_and_is_kept(game: Game, tmp_path: Path) -> None:
    """The rules say at random: 'random' rolls one die with a face per unit that can take the
    hit, from the game's seed at this point of the log; the faces are kept in the effect and a
    replay, or the same game played again, gives the same cards."""
    event, result = assault(game)
    applied = game.apply_effects(
        "hiller_line",
        list(result.effects),
        at=AT,
        resolution=event.seq,
        roles=GROUP,
        picks={"defender": ["random", "random"]},
    )
    hits = [e for e in applied.data["effects"] if e["kind"] == "lose"]
    assert all(e["rolled"] in (1, 2) for e in hits)
    assert [e["unit"] for e in hits] == [e["among"][e["rolled"] - 1] for e in hits]
    lost = {u: 4 - game.state.unit(u).strength_now for u in ("ligne_67", "ligne_37")}
    assert sum(lost.values()) == 2
    assert replay(game.start, game.log) == game.state
    path = tmp_path / "picked.toml"  # a save keeps the picks and reads back to the same cards
    SaveSession.create(path, game).close()
    assert load_save(path).game.state == game.state
    (tmp_path / "b").mkdir()
    again = new_game(
        "republique",
        scenario=load_scenario("aspern-1809"),
        seed=5,
        house_rules=club_with_base_hits(tmp_path / "b"),
    )
    to_phase(again)
    event_b, result_b = assault(again)
    again.apply_effects(
        "hiller_line",
        list(result_b.effects),
        at=AT,
        resolution=event_b.seq,
        roles=GROUP,
        picks={"defender": ["random", "random"]},
    )
    assert cards(again) == cards(game)  # the same seed at the same point of the log
    plan = game.revert(event.seq)
    game.apply_revert(plan, drop=plan.drop, at=AT)
    assert cards(game) == {u: (4 if u != "hiller_line" else 6, "fresh") for u in cards(game)}


def test_a_pick_only_where_the_rules_say_random_may_be_rolled(game: Game) -> None:
    """A pick the rules leave to the players cannot be rolled: only an effect citing the
    rule that says at random offers the dice."""
    event, result = assault(game)
    plain = [
        e if e.kind != "lose" else type(e)(**{**_fields(e), "at_random": None})
        for e in result.effects
    ]
    with pytest.raises(InputError, match="do not say"):
        game.apply_effects(
            "hiller_line",
            plain,
            at=AT,
            resolution=event.seq,
            roles=GROUP,
            picks={"defender": ["random", "random"]},
        )


def _fields(effect):  # type: ignore[no-untyped-def]
    return {name: getattr(effect, name) for name in effect.__dataclass_fields__}


def test_a_hit_with_no_base_left_in_primary_contact_is_left_to_the_table(tmp_path: Path) -> None:
    """4.4: base hits go to incidental units only when every primary base is gone: a cell of
    6 base hits on the 67e alone (4 bases) takes its 4 bases; with no incidental unit, the 2
    left have no base to fall on: the table is told, once (ruling rep-base-hits-picked).
    Worked: attacker in line +1; the 67e in line +1, veteran +1, Molitor +1, outnumbered 3:2
    (6 bases against 4: 12 >= 12) -1 (club) = +2. Dice 8 and 1: 9 against 3, +6."""
    game = new_game(
        "republique",
        scenario=load_scenario("aspern-1809"),
        seed=5,
        house_rules=club_with_base_hits(tmp_path, "Defender 1M 6B"),
    )
    to_phase(game)
    event, result = game.resolve(
        "assault", "hiller_line", {}, hand_dice=[8, 1], at=AT, roles={"defender": "ligne_67"}
    )
    assert result.value == 6
    applied = game.apply_effects(
        "hiller_line",
        list(result.effects),
        at=AT,
        resolution=event.seq,
        roles={"attacker": "hiller_line", "defender": "ligne_67"},
    )
    assert game.state.unit("ligne_67").strength_now == 0
    notes = [e["text"] for e in applied.data["effects"] if e.get("table")]
    assert sum("no base is left to take them" in n for n in notes) == 1
    assert not [e for e in applied.data["effects"] if e.get("unit") and e["kind"] == "lose"][4:]


def test_a_chart_that_loses_a_part_is_refused_at_its_line(tmp_path: Path) -> None:
    """A house rule may change the cells' format only keeping the parts the assault reads."""
    house = tmp_path / "free.toml"
    house.write_text(
        'ruleset = "republique"\ntitle = "free text"\n'
        "[patch.gap_tables.combat_chart]\nformat = '.+'\n",
        encoding="utf-8",
    )
    with pytest.raises(RulesetError) as refused:
        load_ruleset("republique", house_rules=str(house))
    assert "missing: artillery, base_hits, morale_hits, panic_hits, result_for" in str(
        refused.value
    )
    assert refused.value.line == 4


def test_a_cell_that_cannot_be_read_is_a_clear_error() -> None:
    from drumhead.checks.cells import part_values

    rules = load_ruleset("republique")
    check = rules.check("assault")
    table = rules.gap_table("combat_chart")
    assert table is not None
    assert part_values(check, table, "Both 1M; fight another round") == {
        "result_for": "both",
        "morale_hits": 1,
        "base_hits": 0,
        "panic_hits": 0,
        "artillery": "none",
    }
    # the text's +7 cell (4.4): the defending artillery captured, read as its own part
    captured = "Defender 3M 2P; defending artillery is captured instead"
    assert part_values(check, table, captured) == {
        "result_for": "defender",
        "morale_hits": 3,
        "base_hits": 0,
        "panic_hits": 2,
        "artillery": "captured",
    }
    with pytest.raises(DrumheadError, match="does not read as its parts"):
        part_values(check, table, "Nobody 9M")


def test_a_pick_broken_in_a_save_is_refused_at_its_key(game: Game) -> None:
    """A journal edited by hand: the face rolled for a pick must be a face, the units it was
    picked among unit ids; the error names the effect's key."""
    from drumhead.game import apply_event
    from drumhead.game.events import Event

    event, result = assault(game)
    applied = game.apply_effects(
        "hiller_line",
        list(result.effects),
        at=AT,
        resolution=event.seq,
        roles=GROUP,
        picks={"defender": ["random", "ligne_67"]},
    )
    before = game.state_at(event.seq)
    index = next(i for i, e in enumerate(applied.data["effects"]) if "rolled" in e)
    for bad, words in ((("rolled", 0), "face rolled"), (("among", "ligne_67"), "ids of the units")):
        effects = [dict(e) for e in applied.data["effects"]]
        effects[index][bad[0]] = bad[1]
        broken = Event(applied.seq, applied.kind, {**applied.data, "effects": effects}, 1, "", AT)
        with pytest.raises(DrumheadError, match=f"effects.{index}.{bad[0]}.*{words}"):
            apply_event(before, broken)


def _seed(document: str) -> Path | None:
    """A rule source beside the checkout (../shared/seeds; a worktree's two folders up)."""
    for up in (ROOT.parent, ROOT.parent.parent):
        path = up / "shared" / "seeds" / document
        if path.exists():
            return path
    return None


def test_the_dice_pick_only_where_the_source_says_at_random() -> None:
    """Every shipped effect whose unit the dice may pick (``at_random``) quotes, in brackets,
    the words of its source that say so, and the source has them (checked where the sources
    stand beside the checkout; the quotes themselves are checked everywhere)."""
    from drumhead.loading.loader import ruleset_ids

    quotes: list[tuple[str, str, str]] = []  # (check, quoted words, source document)
    for ruleset_id in ruleset_ids():
        rules = load_ruleset(ruleset_id)
        for check in rules.checks:
            for effect in (e for o in check.outcomes for e in o.effects if e.at_random):
                words = re.search(r"\(([^)]*random[^)]*)\)", effect.at_random or "")
                assert words is not None, (check.id, effect.at_random)
                quotes += [(check.id, words.group(1), s.document) for s in rules.sources]
    # Republique's assault: base hits on each side, primary then incidental, in 3 outcomes
    assert len(quotes) == 12
    missing = sorted({document for _, _, document in quotes if _seed(document) is None})
    if missing:
        pytest.skip(f"{', '.join(missing)} not beside this checkout: the quotes not read there")
    for check_id, quoted, document in quotes:
        seed = _seed(document)
        assert seed is not None
        text = " ".join(seed.read_text(encoding="utf-8").split())
        assert quoted in text, (check_id, quoted)


def test_without_roles_the_unit_named_is_the_group(game: Game) -> None:
    """Effects applied to one unit by hand (no roles): a picked effect falls on that unit."""
    effect = {"kind": "lose", "amount": 1, "who": "pick:defender", "text": "Base hit"}
    applied = game.apply_effects("ligne_67", [effect], at=AT)
    assert game.state.unit("ligne_67").strength_now == 3
    assert "among" not in applied.data["effects"][0]  # one unit: nothing to pick among
