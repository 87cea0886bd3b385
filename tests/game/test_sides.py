"""Picking the other side of a check: enemies first, the unit last fought first of all, and
the lines of both cards the check reads."""

from __future__ import annotations

import pytest

from drumhead.errors import InputError
from drumhead.game import load_scenario, new_game
from drumhead.game.sides import card_lines, effect_choices, last_fought, last_opponent, role_choices

AT = "2026-11-23T20:00:00Z"


def mwan():  # type: ignore[no-untyped-def]
    return new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=9)


def test_enemies_come_first_and_never_the_unit_itself() -> None:
    game = mwan()
    units = role_choices(game, "close_combat", "va4", "defender")
    sides = [u.side for u in units]
    assert "va4" not in {u.id for u in units}
    assert sides == sorted(sides, key=lambda s: 0 if s == "union" else 1)  # enemies, then own
    assert sides[0] == "union" and sides[-1] == "confederate"


def test_the_unit_last_fought_is_offered_first() -> None:
    game = mwan()
    assert last_opponent(game, "va4", "defender") is None
    game.resolve(
        "close_combat",
        "va4",
        {"attacker_state": "charge_to_combat"},
        hand_dice=[6, 6],
        at=AT,
        roles={"defender": "minn1"},
    )
    game.resolve("morale", "va5", {}, hand_dice=[6], at=AT)  # another unit's check between
    assert last_opponent(game, "va4", "defender") == "minn1"
    assert role_choices(game, "close_combat", "va4", "defender")[0].id == "minn1"
    game.undo()
    game.undo()
    assert last_opponent(game, "va4", "defender") is None  # undone: forgotten


def test_the_defenders_card_lines_are_those_the_check_reads() -> None:
    game = mwan()
    lines = {line.input: line.value for line in card_lines(game, "close_combat", "ny11_zouaves",
                                                           "defender")}  # fmt: skip
    # Willcox is with the Zouaves, infantry in line (they may not attack mounted cavalry)
    assert lines == {
        "opponent_general": True,
        "defender_type": "infantry",
        "defender_formation": "line",
    }
    mine = {line.input for line in card_lines(game, "close_combat", "va4", "attacker")}
    assert {"general", "attacker_strength_now"} <= mine


def test_a_role_the_check_lacks_is_refused() -> None:
    with pytest.raises(InputError, match="no other side called 'target'"):
        role_choices(mwan(), "close_combat", "va4", "target")


def test_an_effect_picked_after_the_roll_offers_the_unit_last_fought_first() -> None:
    """The picker for effects no role names (after the roll) orders as the side picker does:
    the unit last fought, whatever the check, then the enemy's units, then friends."""
    game = mwan()
    plain = effect_choices(game, "va4")
    assert "va4" not in {u.id for u in plain}
    assert [u.side for u in plain] == sorted((u.side for u in plain), key=lambda s: s != "union")
    game.resolve(
        "close_combat",
        "va4",
        {"attacker_state": "charge_to_combat"},
        hand_dice=[6, 6],
        at=AT,
        roles={"defender": "minn1"},
    )
    assert last_fought(game, "va4") == "minn1"
    assert effect_choices(game, "va4")[0].id == "minn1"
    game.undo()
    assert last_fought(game, "va4") is None
    assert [u.id for u in effect_choices(game, "va4")] == [u.id for u in plain]


def test_an_effect_with_no_unit_tested_lists_every_unit_in_play() -> None:
    game = mwan()
    assert [u.id for u in effect_choices(game, None)] == [u.id for u in game.state.units]


def test_a_long_past_is_read_only_for_the_recent_fights() -> None:
    """The unit last fought is looked for in the log's last LAST_FOUGHT_REACH entries, and a
    game opened from a save reads from its past only the entries that name fights: opening
    a check on a 50,000-entry game read the whole journal (seconds) to order a picker."""
    from drumhead.game import Game
    from drumhead.game.history import Past
    from drumhead.game.sides import LAST_FOUGHT_REACH

    game = mwan()
    game.resolve(
        "close_combat",
        "va4",
        {"attacker_state": "charge_to_combat"},
        hand_dice=[6, 6],
        at=AT,
        roles={"defender": "minn1"},
    )
    for i in range(LAST_FOUGHT_REACH + 50):  # an evening of card edits, no fights
        game.edit_unit("va5", "notes", f"note {i}", at=AT)
    events = list(game.log)
    reads: list[int] = []

    def read(index: int):  # type: ignore[no-untyped-def]
        reads.append(index)
        return events[index]

    past = Past(game.start, len(events), read, game.state, kinds=lambda: [e.kind for e in events])
    opened = Game(game.start, game.ruleset, (), (), past=past)
    assert last_fought(opened, "va4") is None  # the fight is further back than the reach
    assert last_opponent(opened, "va4", "defender") is None
    assert reads == []  # no entry within reach names a fight: none was read
    assert last_fought(game, "va4") is None  # the same in a game played in one sitting

    opened.resolve("morale", "va4", {}, hand_dice=[6], at=AT)
    opened.resolve(
        "close_combat",
        "va4",
        {"attacker_state": "charge_to_combat"},
        hand_dice=[6, 6],
        at=AT,
        roles={"defender": "ny11_zouaves"},
    )
    assert last_fought(opened, "va4") == "ny11_zouaves"
    # the morale check reads this turn's rolls (whether va4 already checked): the one fight,
    # never the evening of edits
    assert {events[i].kind for i in reads} <= {"resolution"} and len(reads) <= 1


def test_a_long_past_tells_the_recent_kinds_without_working_out_every_kind() -> None:
    """With a way to tell one event's kind (the journal's line), looking for the unit last
    fought asks only for the kinds within reach, never for all 50,000 (74 ms on opening)."""
    from drumhead.game import Game
    from drumhead.game.history import Past
    from drumhead.game.sides import LAST_FOUGHT_REACH

    game = mwan()
    for i in range(LAST_FOUGHT_REACH + 200):
        game.edit_unit("va5", "notes", f"note {i}", at=AT)
    events = list(game.log)
    asked: list[int] = []

    def every_kind() -> list[str]:
        raise AssertionError("every event's kind was worked out")

    def kind_at(index: int) -> str:
        asked.append(index)
        return events[index].kind

    past = Past(
        game.start,
        len(events),
        events.__getitem__,
        game.state,
        kinds=every_kind,
        kind_at=kind_at,
        mentions=lambda word: any(e.kind == word for e in events),
    )
    opened = Game(game.start, game.ruleset, (), (), past=past)
    assert last_fought(opened, "va4") is None
    assert sorted(asked) == list(range(len(events) - LAST_FOUGHT_REACH, len(events)))
    assert not past.may_hold("revert")  # told by the text alone: every_kind not called


@pytest.mark.parametrize(("check", "role"), [("wave_split", "second"), ("melee_result", "second")])
def test_a_second_wave_is_offered_from_its_own_side_first(check: str, role: str) -> None:
    """Rank and File's second wave is a friend of the first (``side = "own"``): the wave
    attack's own second wave first, the Union's units after (they came first, and Enter
    alone picked the enemy as the second wave)."""
    game = new_game(
        "rank-and-file",
        scenario=load_scenario("rnf-wave-attack"),
        seed=2,
        options=["wave_attacks"],
    )
    offered = [u.id for u in role_choices(game, check, "csa_first_wave", role)]
    assert offered[0] == "csa_second_wave"
    assert set(offered[1:]) == {"union_regiment", "union_battery"}
    attacked = [u.id for u in role_choices(game, "melee_result", "csa_first_wave", "defender")]
    assert attacked[0].startswith("union_")  # the other roles still offer the enemy first
