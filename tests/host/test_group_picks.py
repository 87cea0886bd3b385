"""Issue 35 at a hosted table: a side of several units proposed from a phone (Republique's
assault), each unit checked as everything read from the network is (the key and the unit's
place named), and a roll whose base hits fall on one unit of a group: the side whose units
they are is asked which, by hand or "Roll for it" (the game's seeded dice, on the host), and
the effects are applied through the session as the app and ``drumhead play --pick`` apply
them, so the save is the one the session itself makes from the same inputs.

The assault is tests/session/test_group_sides.py's, worked by hand there: Hiller's line
assaults the 67e and 37e Ligne (8 bases), dice 9 and 1: +6, 3 morale hits on both, 2 base
hits picked among the two French units, 2 panic hits.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from phases import to_phase

from drumhead.host.hub import Hub
from drumhead.host.proposals import ProposalBook
from drumhead.host.protocol import ProtocolError, read
from drumhead.session import TableSession
from tests.host.conftest import answers, command, hub_of, joined, send, take
from tests.support.table_turn import open_table

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"

ASSAULT: dict[str, Any] = {
    "check": "assault",
    "unit": "hiller_line",
    "roles": {"defender": ["ligne_67", "ligne_37"]},
    "values": {"defender_bases_primary": 8},
    "dice": [9, 1],
}
"""The assault of the module's description, as a phone sends it."""


def club(tmp: Path) -> str:
    """The sample club's values, its +6 infantry cell giving base hits (as a printed chart's
    would)."""
    text = re.sub(
        r'(?m)^chart_infantry_p6 = ".*"$',
        'chart_infantry_p6 = "Defender 3M 2B 2P; attacker carries the position"',
        SAMPLE.read_text(encoding="utf-8"),
    )
    house = tmp / "club.toml"
    house.write_text(text, encoding="utf-8")
    return str(house)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[TableSession]:
    session = open_table(tmp_path / "saves", "republique", "aspern-1809", club(tmp_path))
    to_phase(session)
    yield session
    session.close(force=True)


@pytest.fixture
def hub(table: TableSession) -> Hub:
    return hub_of(table)


def form(hub: Hub, device: Any, **ask: Any) -> dict[str, Any]:
    return send(hub, device, type="form", id="f", **ask)[0]


def proposed_and_accepted(hub: Hub) -> tuple[Any, Any, str]:
    """The Austrian phone proposes the assault and the referee accepts it: the French phone
    is asked which of its units takes the first base hit."""
    austrian, french = joined(hub, "austrian"), joined(hub, "french")
    got = answers(command(hub, austrian, "a1", "propose", **ASSAULT))
    assert got[0]["status"] == "waiting", got
    pid = got[0]["proposal"]
    hub.accept(pid)
    return austrian, french, pid


def test_a_side_of_two_units_is_filled_in_and_offered_more(hub: Hub) -> None:
    austrian = joined(hub, "austrian")
    shown = form(hub, austrian, **ASSAULT)
    assert shown["ok"], shown
    defender = next(r for r in shown["form"]["roles"] if r["id"] == "defender")
    assert [u for u, _ in defender["units"]] == ["ligne_67", "ligne_37"]
    assert defender["max"] == 12
    offered = {u for u, _ in defender["add"]}
    assert offered == {"ligne_16", "molitor_battery", "marulaz_chasseurs"}  # French, not taken
    own = shown["form"]["own"]
    assert own["id"] == "attacker" and [u for u, _ in own["units"]] == ["hiller_line"]
    assert "hiller_grenz" in {u for u, _ in own["add"]}
    assert not {"ligne_67", "ligne_16"} & {u for u, _ in own["add"]}
    # the group's units answer the side's inputs together, as the session's form does
    session_form = hub.session.form("assault", "hiller_line")
    assert session_form is not None
    session_form.set_role("defender", "ligne_67")
    session_form.add_to_role("defender", "ligne_37")
    session_form.set_input("defender_bases_primary", "8")
    odds = [o["percent"] for o in shown["form"]["odds"]]
    from drumhead.dice.odds import percent

    assert odds == [percent(o.p) for o in session_form.odds(offer=False).odds]


@pytest.mark.parametrize(
    ("roles", "words"),
    [
        ({"defender": ["ligne_67", "nobody"]}, "roles.defender[1]: there is no unit 'nobody'"),
        ({"defender": ["ligne_67", "hiller_grenz"]}, "roles.defender[1]: Grenz"),
        ({"defender": ["ligne_67", "hiller_line"]}, "already in this check"),
        ({"attacker": ["hiller_line", "ligne_37"]}, "roles.attacker[1]: 37e Ligne is not on"),
        ({"attacker": ["hiller_grenz"]}, "roles.attacker[0]: the first unit of this side"),
        ({"defender": ["ligne_67"], "attacker_incidental": ["ligne_67"]}, "already in this"),
        ({"defender": ["ligne_67", "ligne_67"]}, "roles.defender: 'ligne_67' is given twice"),
        ({"defender": []}, "roles.defender: a list of 1 to 50 unit ids"),
        ({"defender": ["ligne_67", 7]}, "roles.defender[1]: a unit id"),
        ({"nobody": ["ligne_67"]}, "roles.nobody: Assault has no other side 'nobody'"),
    ],
)
def test_a_side_given_wrong_is_refused_naming_the_key(
    hub: Hub, roles: dict[str, Any], words: str
) -> None:
    austrian = joined(hub, "austrian")
    refused = form(hub, austrian, **{**ASSAULT, "roles": roles})  # an error, or a form's
    assert refused.get("ok") is not True and words in refused["reason"], refused
    proposal = command(hub, austrian, "x", "propose", **{**ASSAULT, "roles": roles})[0]
    assert proposal.get("ok") is not True and words in proposal["reason"]
    assert (
        hub.session.open_game_or_fail().log[-1].kind == "next_phase" and not hub.proposals.waiting()
    )


def test_a_side_fuller_than_its_most_is_refused_naming_the_unit(tmp_path: Path) -> None:
    """Cowpens' fire has one target: a second is over the side's most."""
    from tests.host.conftest import open_table as cowpens

    session = cowpens(tmp_path)
    try:
        hub = Hub(session)
        american = joined(hub, "american")
        ask = {"check": "fire", "unit": "nc_riflemen"}
        refused = form(
            hub, american, **ask, roles={"target": ["7th_fusiliers", "71st_highlanders"]}
        )
        assert refused["reason"].startswith("roles.target[1]: "), refused
        assert "at most 1 unit" in refused["reason"]
        one = form(hub, american, **ask, roles={"target": "7th_fusiliers"})  # one id, a text
        assert one["ok"] and one["form"]["roles"][0]["units"][0][0] == "7th_fusiliers"
        assert one["form"]["roles"][0]["add"] == [] and one["form"]["own"] is None
    finally:
        session.close(force=True)


def test_the_side_whose_units_take_the_base_hits_picks_them(hub: Hub) -> None:
    austrian, french, pid = proposed_and_accepted(hub)
    accepted = answers(take(austrian))[-1]
    assert accepted["status"] == "accepted" and "wait for a pick" in accepted["reason"]
    game = hub.session.open_game_or_fail()
    assert [e.kind for e in game.log][3:] == ["resolution"]  # nothing applied yet
    question = json.loads(hub.view("french"))["pick"]
    assert question["units"] == [["ligne_67", "67e Ligne: 4/4"], ["ligne_37", "37e Ligne: 4/4"]]
    assert question["index"] == 0 and question["at_random"].startswith("Republique 4.4")
    assert json.loads(hub.view("austrian"))["pick"] is None  # not its units
    assert json.loads(hub.view("display"))["picking"]["side"] == "french"
    # the other side cannot answer it, nor walk the turn on, nor is another roll made
    wrong = answers(command(hub, austrian, "k", "pick", proposal=pid, unit="ligne_37", index=0))
    assert not wrong[0]["ok"] and "no pick waits for your side" in wrong[0]["reason"]
    walked = answers(command(hub, austrian, "w", "next_step"))
    assert not walked[0]["ok"] and "waits for a pick first" in walked[0]["reason"]
    # a unit not among those that can take it
    bad = answers(command(hub, french, "k0", "pick", proposal=pid, unit="ligne_16", index=0))
    assert not bad[0]["ok"] and "cannot take 'Base hit" in bad[0]["reason"]
    # the first base hit by hand, then the same question answered again by a second phone
    assert answers(command(hub, french, "k1", "pick", proposal=pid, unit="ligne_37", index=0))[0][
        "ok"
    ]
    again = answers(command(hub, french, "k1b", "pick", proposal=pid, unit="ligne_67", index=0))
    assert not again[0]["ok"] and "answered already" in again[0]["reason"]
    second = json.loads(hub.view("french"))["pick"]
    assert second["index"] == 1 and second["so_far"] == ["37e Ligne"]
    # the second rolled for: the game's seeded dice, on the host
    done = answers(command(hub, french, "k2", "pick", proposal=pid, unit="random", index=1))
    assert done[0]["ok"] and done[0]["status"] == "done"
    assert json.loads(hub.view("french"))["pick"] is None
    applied = game.log[-1]
    assert applied.kind == "apply_effects" and applied.data["resolution"] == 4  # after the walk
    hits = [e for e in applied.data["effects"] if e["who"] == "pick:defender"]
    assert hits[0]["unit"] == "ligne_37" and "rolled" not in hits[0] and "rolled" in hits[1]
    reason = hub.proposals.get(pid).reason  # type: ignore[union-attr]
    assert re.search(r"\(effects applied: picked 37e Ligne, \d+e Ligne \(rolled [12]\)\)$", reason)
    # the same command sent twice is done once
    repeat = answers(command(hub, french, "k2", "pick", proposal=pid, unit="random", index=1))
    assert repeat[0]["repeat"] and game.log[-1] is applied


@pytest.mark.parametrize("dice", [[9, 1], None], ids=["by-hand", "seeded"])
def test_the_host_s_save_is_the_session_s_on_the_same_inputs(
    tmp_path: Path, dice: list[int] | None
) -> None:
    """The oracle: the same assault and picks played on the session's own form (the app's
    calls) and through the host give the same odds and the same log, entry for entry: the
    roll (by hand, or the game's seeded dice) and each base hit where it fell (one picked by
    hand, one rolled for with the game's dice)."""
    house = club(tmp_path)
    hosted = open_table(tmp_path / "hosted", "republique", "aspern-1809", house)
    direct = open_table(tmp_path / "direct", "republique", "aspern-1809", house)
    to_phase(hosted)
    to_phase(direct)
    try:
        hub = hub_of(hosted)
        austrian, french = joined(hub, "austrian"), joined(hub, "french")
        shown = form(hub, austrian, **{k: v for k, v in ASSAULT.items() if k != "dice"})
        pid = answers(command(hub, austrian, "a", "propose", **{**ASSAULT, "dice": dice}))[0][
            "proposal"
        ]
        hub.accept(pid)
        picks: list[str] = []
        while (question := json.loads(hub.view("french"))["pick"]) is not None:
            unit = "random" if question["index"] % 2 else question["units"][-1][0]
            picks.append(unit)
            command(
                hub,
                french,
                f"k{question['index']}",
                "pick",
                proposal=pid,
                unit=unit,
                **{"index": question["index"]},
            )

        checked = direct.form("assault", "hiller_line")
        assert checked is not None
        checked.set_role("defender", "ligne_67")
        checked.add_to_role("defender", "ligne_37")
        checked.set_input("defender_bases_primary", "8")
        from drumhead.dice.odds import percent

        assert [o["percent"] for o in shown["form"]["odds"]] == [
            percent(o.p) for o in checked.odds(offer=False).odds
        ]
        checked.roll(dice)
        checked.roll_distances()
        roles = {"attacker": ["hiller_line"], **checked.picked_roles()}
        assert direct.apply_effects(
            "hiller_line", checked.effects, roles, {"defender": picks} if picks else None
        )
        assert len(picks) == (2 if dice else 0)  # the seeded dice give no base hit here
        ours, theirs = hosted.open_game_or_fail(), direct.open_game_or_fail()
        assert [(e.kind, e.data) for e in ours.log] == [(e.kind, e.data) for e in theirs.log]
        assert ours.state == theirs.state
    finally:
        hosted.close(force=True)
        direct.close(force=True)


def test_a_pick_waiting_survives_the_host_restarting(tmp_path: Path) -> None:
    house = club(tmp_path)
    saves = tmp_path / "saves"
    session = open_table(saves, "republique", "aspern-1809", house)
    to_phase(session)
    hub = hub_of(session)
    _austrian, _french, pid = proposed_and_accepted(hub)
    save = session.save
    assert save is not None
    path = save.path
    session.close(force=True)

    again = TableSession(str(saves), seed=35)
    again.resume(path)
    try:
        restarted = hub_of(again)
        question = json.loads(restarted.view("french"))["pick"]
        assert question is not None and question["proposal"] == pid
        french = joined(restarted, "french")
        for index, unit in enumerate(["ligne_67", "ligne_37"]):
            done = answers(
                command(
                    restarted, french, f"r{index}", "pick", proposal=pid, unit=unit, index=index
                )
            )
            assert done[0]["ok"], done
        applied = again.open_game_or_fail().log[-1]
        assert applied.kind == "apply_effects" and applied.data["resolution"] == 4  # after the walk
        state = again.open_game_or_fail().state
        assert (state.unit("ligne_67").strength_now, state.unit("ligne_37").strength_now) == (3, 3)
    finally:
        again.close(force=True)


def test_a_pick_the_game_moved_on_from_is_left_to_the_players(hub: Hub) -> None:
    austrian, french, pid = proposed_and_accepted(hub)
    hub.session.undo()  # the referee takes the roll back at the host
    assert json.loads(hub.view("french"))["pick"] is None
    reason = hub.proposals.get(pid).reason  # type: ignore[union-attr]
    assert "the game moved on before the pick" in reason
    late = answers(command(hub, french, "k", "pick", proposal=pid, unit="ligne_37", index=0))
    assert not late[0]["ok"] and "no pick waits" in late[0]["reason"]
    # and the referee may leave one to the players
    hub.session.redo()
    second = answers(command(hub, austrian, "a2", "propose", **ASSAULT))[-1]["proposal"]
    hub.accept(second)
    left = hub.leave_pick(second)
    assert left.picking is None and left.reason.endswith("(effects left to the players)")
    assert hub.picking() is None


def test_an_auto_side_s_next_proposal_waits_for_the_pick(hub: Hub) -> None:
    hub.set_auto("austrian", True)
    austrian, french = joined(hub, "austrian"), joined(hub, "french")
    first = answers(command(hub, austrian, "a1", "propose", **ASSAULT))
    pid = first[0]["proposal"]
    assert hub.picking() is not None
    second = answers(command(hub, austrian, "a2", "propose", **{**ASSAULT, "dice": [1, 1]}))
    assert second[-1]["status"] == "waiting"  # not rolled while the pick waits
    assert len(hub.proposals.waiting("austrian")) == 1
    for index in range(2):
        command(hub, french, f"k{index}", "pick", proposal=pid, unit="ligne_67", index=index)
    assert not hub.proposals.waiting("austrian")  # rolled once the pick was answered


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ({"roles": {"defender": "x" * 65}}, "roles.defender[0]: a unit id"),
        ({"roles": {"defender": ["a"] * 51}}, "roles.defender: a list of 1 to 50"),
        ({"roles": {"defender": {"a": 1}}}, "roles.defender: not a value this field takes"),
    ],
)
def test_the_protocol_reads_a_side_s_units_and_says_what_is_wrong(
    message: dict[str, Any], words: str
) -> None:
    with pytest.raises(ProtocolError, match=re.escape(words)):
        read(json.dumps({"type": "form", "id": "1", "check": "assault", **message}))
    ask = read(json.dumps({"type": "form", "id": "1", "roles": {"a": ["u1", "u2"], "b": "u3"}}))
    assert ask.ask.roles == {"a": ("u1", "u2"), "b": ("u3",)}  # type: ignore[union-attr]
    picked = read(
        '{"type":"command","id":"k","against":0,"do":"pick","proposal":"p1","unit":"u1","index":2}'
    )
    assert (picked.proposal, picked.unit, picked.index) == ("p1", "u1", 2)  # type: ignore[union-attr]
    with pytest.raises(ProtocolError, match="unit: a text is needed"):
        read('{"type":"command","id":"k","against":0,"do":"pick","proposal":"p1"}')


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda p: p["effects"][0].update(bogus=1), "effects[0].bogus: not a key of an effect"),
        (lambda p: p.update(picks={"defender": [3]}), "picking.picks.defender: a list of unit"),
        (lambda p: p.pop("seq"), "picking: seq and count are whole numbers"),
    ],
    ids=["effect-key", "pick-id", "no-seq"],
)
def test_a_pick_kept_damaged_sets_the_proposals_file_aside_naming_the_key(
    hub: Hub, damage: Any, words: str
) -> None:
    proposed_and_accepted(hub)
    path = hub.proposals.path
    assert path is not None
    data = json.loads(path.read_text(encoding="utf-8"))
    damage(data["proposals"][0]["picking"])
    path.write_text(json.dumps(data), encoding="utf-8")
    again = ProposalBook(path)
    assert again.problem is not None and words in again.problem, again.problem
    assert again.picking() is None and path.with_name(path.name + ".unreadable").exists()
