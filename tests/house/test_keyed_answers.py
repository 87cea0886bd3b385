"""Answers kept per situation (MWAN's fire dice per firer and range band), edited answers and
many answers at once: asked per key, kept per key, undone, and replayed from a save."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.checks.resolve import coerce_gap, odds, prepare
from drumhead.errors import AnswersError, InputError, MissingGapError
from drumhead.game import new_game
from drumhead.loading.loader import load_ruleset
from drumhead.saves import SaveSession

AT = "2026-11-22T14:00:00Z"
LATER = "2026-11-29T14:00:00Z"
HORSE_GUNS = {
    "range_band": 4,
    "firer": "horse_artillery",
    "firer_type": "artillery",
    "horse_artillery": True,
}
"""A horse battery firing at band 4 (the firer's row agrees with its card)."""


@pytest.fixture
def game():  # type: ignore[no-untyped-def]
    return new_game("mwan116-acw", seed=116, name="keyed")


def _asked(game, values: dict[str, object]) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(MissingGapError) as err:
        odds(prepare(game.ruleset, "fire", values, gaps=game.state.gap_values()))
    return err.value.gap


def _dice(game, values: dict[str, object]) -> int:  # type: ignore[no-untyped-def]
    """How many dice the fire roll throws (the largest number of hits with a chance)."""
    ctx = prepare(game.ruleset, "fire", values, gaps=game.state.gap_values())
    return max(o.value for o in odds(ctx) if o.p > 0)


def test_fire_dice_are_asked_and_kept_per_firer_and_band(game) -> None:  # type: ignore[no-untyped-def]
    assert _asked(game, {"range_band": 2}) == "fire_dice.infantry.2"
    game.set_gap("fire_dice.infantry.2", 3, at=AT)
    game.set_gap("fire_hit_numbers.infantry.2", "1-12", at=AT)
    assert _dice(game, {"range_band": 2}) == 3
    # another band, another firer: asked again, never the infantry's band-2 answer
    assert _asked(game, {"range_band": 1}) == "fire_dice.infantry.1"
    assert _asked(
        game, {"range_band": 2, "firer": "field_artillery", "firer_type": "artillery"}
    ) == ("fire_dice.field_artillery.2")
    game.set_gap("fire_dice.infantry.1", 5, at=AT)
    game.set_gap("fire_hit_numbers.infantry.1", "1-12", at=AT)
    assert _dice(game, {"range_band": 1}) == 5
    assert _dice(game, {"range_band": 2}) == 3
    assert game.state.gap_values() == {
        "fire_dice.infantry.1": 5,
        "fire_dice.infantry.2": 3,
        "fire_hit_numbers.infantry.1": "1-12",
        "fire_hit_numbers.infantry.2": "1-12",
    }


def test_an_answer_without_a_key_holds_for_every_key(game) -> None:  # type: ignore[no-untyped-def]
    # what a save from before keys were declared holds: one answer for the whole game
    game.set_gap("fire_dice", 2, at=AT)
    game.set_gap("fire_hit_numbers", "1-12", at=AT)
    assert _dice(game, HORSE_GUNS) == 2
    game.set_gap("fire_dice.horse_artillery.4", 6, at=AT)  # the band's own answer wins
    assert _dice(game, HORSE_GUNS) == 6
    assert _dice(game, {**HORSE_GUNS, "range_band": 3}) == 2


@pytest.mark.parametrize(
    ("answer", "value", "message"),
    [
        ("fire_dice.cannon.1", 3, "firer is one of infantry"),
        ("fire_dice.infantry.0", 3, "range_band is at least 1"),
        ("fire_dice.infantry.far", 3, "range_band is a whole number"),
        ("fire_dice.infantry", 3, "give 2 key value"),
        ("fire_cover_dice.infantry", 1, "asked once for the game"),
        ("fire_dice.infantry.1", "three", "takes a whole number"),
        ("fire_hit_numbers.infantry.1", "  ", "not empty text"),
        ("fire_range.infantry.1", 3, "has no gap 'fire_range'"),
    ],
)
def test_bad_answers_are_refused_with_the_reason(
    game,  # type: ignore[no-untyped-def]
    answer: str,
    value: object,
    message: str,
) -> None:
    with pytest.raises(InputError, match=message):
        game.set_gap(answer, value, at=AT)
    assert game.log == ()


def test_answers_are_edited_and_taken_back_as_events(game) -> None:  # type: ignore[no-untyped-def]
    game.set_gap("fire_cover_dice", 1, at=AT)
    game.set_gap("fire_cover_dice", 2, at=LATER)  # edited: the old answer is in the event
    assert game.log[-1].data == {"gap": "fire_cover_dice", "value": 2, "old": 1}
    assert game.gap_sources()["fire_cover_dice"].endswith("asked on 2026-11-29")
    game.clear_gap("fire_cover_dice", at=LATER)
    assert "fire_cover_dice" not in game.state.gap_values()
    assert "fire_cover_dice" not in game.gap_sources()
    with pytest.raises(InputError, match="no answer to take back"):
        game.clear_gap("fire_cover_dice", at=LATER)
    game.undo()
    assert game.state.gap_values()["fire_cover_dice"] == 2
    game.undo()
    assert game.state.gap_values()["fire_cover_dice"] == 1


def test_many_answers_at_once_are_one_undoable_event(game) -> None:  # type: ignore[no-untyped-def]
    values = {f"fire_dice.infantry.{band}": 6 - band for band in (1, 2, 3)}
    event = game.set_gaps(values, at=AT)
    assert event is not None and event.kind == "set_gaps" and len(game.log) == 1
    assert {k: game.state.gap_values()[k] for k in values} == values
    # only what changes is recorded; an empty cell takes the answer back
    event = game.set_gaps({"fire_dice.infantry.1": 5, "fire_dice.infantry.2": ""}, at=AT)
    assert event is not None
    assert event.data["answers"] == [{"gap": "fire_dice.infantry.2", "old": 4}]
    assert "fire_dice.infantry.2" not in game.state.gap_values()
    assert game.set_gaps({"fire_dice.infantry.1": 5}, at=AT) is None
    game.undo()
    assert game.state.gap_values()["fire_dice.infantry.2"] == 4
    game.undo()
    assert game.state.gap_values() == {}


def test_many_answers_with_a_bad_one_keep_none_and_name_each(game) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(AnswersError) as err:
        game.set_gaps(
            {"fire_dice.infantry.1": 3, "fire_dice.infantry.2": "x", "fire_dice.gun.1": 1},
            at=AT,
        )
    assert set(err.value.problems) == {"fire_dice.infantry.2", "fire_dice.gun.1"}
    assert "takes a whole number" in err.value.problems["fire_dice.infantry.2"]
    assert game.log == () and game.state.gap_values() == {}


def test_keyed_answers_replay_from_a_save(tmp_path: Path, game) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "keyed.toml"
    session = SaveSession.create(path, game)
    game.set_gap("fire_dice.infantry.2", 3, at=AT)
    game.set_gaps({"fire_dice.mounted_cavalry.1": 2, "fire_dice.infantry.1": 4}, at=AT)
    game.set_gap("fire_dice.infantry.1", 5, at=LATER)
    game.set_gaps({"fire_dice.infantry.2": ""}, at=LATER)
    session.close()
    session, again = SaveSession.open(path)
    try:
        assert again.state.gap_values() == {
            "fire_dice.infantry.1": 5,
            "fire_dice.mounted_cavalry.1": 2,
        }
        assert again.gap_sources()["fire_dice.infantry.1"].endswith("asked on 2026-11-29")
        again.undo()
        assert again.state.gap_values()["fire_dice.infantry.2"] == 3
    finally:
        session.close()


def test_coerce_gap_reads_typed_text_per_key() -> None:
    rs = load_ruleset("mwan116-acw")
    assert coerce_gap(rs, "fire_dice.infantry.3", " 4 ") == 4
    assert coerce_gap(rs, "fire_hit_numbers.infantry.3", " 9-12 ") == "9-12"
