"""Issue 39, items 2 and 3: the host's core without a network. Every change numbered, every
command done once by its id, turn-flow commands against an old state refused with the state
now, proposals accepted or refused by the referee (or by the host for a side), and each role
sent only what it may see."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drumhead.host.asks import Refused
from drumhead.host.hub import Hub
from drumhead.host.ledger import Ledger, ledger_path
from drumhead.host.limits import RATE_BURST
from drumhead.session import TableSession
from tests.host.conftest import answers, command, joined, open_table, send, take

MORALE = {"check": "morale", "unit": "nc_riflemen"}


def rolled(session: TableSession) -> list[str]:
    """The log's kinds, less the effects applied after a roll (they depend on the dice)."""
    assert session.game is not None
    return [e.kind for e in session.game.log if e.kind != "apply_effects"]


def test_every_change_of_the_game_is_numbered_and_sent_to_every_device(
    hub: Hub, session: TableSession
) -> None:
    display, side = joined(hub, "display"), joined(hub, "american")
    session.next_step()
    session.next_step()
    session.undo()
    session.redo()
    assert [line.n for line in hub.lines] == [1, 2, 3, 4]
    assert [line.kind for line in hub.lines][2:] == ["undo", "redo"]
    assert hub.lines[2].text.startswith("Undone: ") and hub.lines[3].text.startswith("Redone: ")
    for device in (display, side):
        got = take(device)
        assert [m["n"] for m in got] == [1, 2, 3, 4]
        assert {m["type"] for m in got} == {"update"}
        assert got[-1]["view"]["step"] == session.game.current_step().text  # type: ignore[union-attr]


def test_a_device_coming_back_gets_every_line_after_its_number(
    hub: Hub, session: TableSession
) -> None:
    session.next_step()
    session.next_step()
    again = hub.connect("display")
    got = send(hub, again, type="hello", host=hub.host, since=1)
    assert [m["type"] for m in got] == ["welcome", "catchup"]
    assert [x["n"] for x in got[1]["lines"]] == [2] and got[1]["n"] == 2
    # another host run (restarted), or a number this run never gave: the whole state
    for hello in ({"host": "another", "since": 1}, {"host": hub.host, "since": 99}, {}):
        got = send(hub, hub.connect("display"), type="hello", **hello)
        assert got[1]["type"] == "reset" and [x["n"] for x in got[1]["lines"]] == [1, 2]


def test_a_command_sent_twice_is_done_once(hub: Hub, session: TableSession) -> None:
    side = joined(hub, "american")
    first = answers(command(hub, side, "walk-1", "next_step", against=0))
    events = session.game.event_count  # type: ignore[union-attr]
    again = answers(command(hub, side, "walk-1", "next_step", against=0))
    assert first[0]["ok"] and again[0]["repeat"] and again[0]["n"] == first[0]["n"] == 1
    assert session.game.event_count == events == 1  # type: ignore[union-attr]
    # another side's id is its own: the same text is another command
    other = answers(command(hub, joined(hub, "british"), "walk-1", "next_step"))
    assert other[0]["ok"] and "repeat" not in other[0]


def test_a_repeated_id_is_done_once_after_the_host_restarts(saves: Path) -> None:
    session = open_table(saves, "restart")
    assert session.save is not None
    hub = Hub(session, ledger=Ledger(ledger_path(session.save.path)))
    command(hub, joined(hub, "american"), "walk-1", "next_step", against=0)
    session.close()
    session = open_table(saves, "restart")
    assert session.save is not None and session.game is not None
    hub = Hub(session, ledger=Ledger(ledger_path(session.save.path)))
    assert session.game.event_count == 1
    got = answers(command(hub, joined(hub, "american"), "walk-1", "next_step", against=0))
    assert got[0]["ok"] and got[0]["repeat"] and session.game.event_count == 1
    session.close()


def test_a_turn_flow_command_against_an_old_state_is_refused_with_the_state_now(
    hub: Hub, session: TableSession
) -> None:
    one, two = joined(hub, "american"), joined(hub, "british")
    assert answers(command(hub, one, "a", "next_step", against=0))[0]["ok"]
    refused = answers(command(hub, two, "b", "next_step", against=0))[0]
    assert not refused["ok"] and "moved on since event 0 (now 1)" in refused["reason"]
    assert refused["view"]["step"] == session.game.current_step().text  # type: ignore[union-attr]
    assert session.game.event_count == 1  # type: ignore[union-attr]
    # refused is not done: the same id, made against the state now, goes through
    assert answers(command(hub, two, "b", "next_step", against=1))[0]["ok"]


def test_a_display_sends_no_commands(hub: Hub, session: TableSession) -> None:
    display = joined(hub, "display")
    refused = answers(command(hub, display, "x", "next_step"))[0]
    assert not refused["ok"] and "a display shows the game" in refused["reason"]
    form = send(hub, display, type="form", id="f", **MORALE)[0]
    assert not form["ok"] and session.game.event_count == 0  # type: ignore[union-attr]


def test_a_proposal_waits_for_the_referee_then_is_rolled_through_the_session(
    hub: Hub, session: TableSession
) -> None:
    side, display = joined(hub, "american"), joined(hub, "display")
    got = answers(command(hub, side, "m1", "propose", modifiers={"light_cover": 1}, **MORALE))
    assert got[0]["status"] == "waiting" and session.game.event_count == 0  # type: ignore[union-attr]
    (waiting,) = hub.proposals.waiting()
    assert waiting.summary["modifiers"] == ["In light cover"]
    assert json.loads(hub.view("american"))["proposals"][0]["status"] == "waiting"
    assert json.loads(hub.view("display"))["waiting"] == 1
    take(display)
    hub.accept(waiting.id)
    assert rolled(session) == ["resolution"]
    done = answers(take(side))
    assert done[-1]["status"] == "accepted" and done[-1]["id"] == "m1"
    last = json.loads(hub.view("display"))["last"]
    assert last["check"] == "Morale test" and last["unit"].startswith("North Carolina")
    assert sum(o["percent"] for o in last["odds"]) == pytest.approx(100)
    assert [m["type"] for m in take(display)] == ["update", "view"]
    # proposed again with the same id: done once
    again = answers(command(hub, side, "m1", "propose", **MORALE))[0]
    assert again["repeat"] and again["status"] == "accepted"
    assert rolled(session) == ["resolution"]


def test_hand_rolled_dice_are_checked_when_proposed(hub: Hub, session: TableSession) -> None:
    side = joined(hub, "american")
    refused = answers(command(hub, side, "m", "propose", dice=[3, 4], **MORALE))[0]
    assert not refused["ok"] and refused["reason"].startswith("the dice typed:")
    command(hub, side, "m2", "propose", dice=[9], **MORALE)
    hub.accept(hub.proposals.waiting()[0].id)
    assert rolled(session) == ["resolution"]
    event = session.game.log[0]  # type: ignore[union-attr]
    assert event.data["hand"] == [9]


def test_a_side_proposes_only_for_its_own_units_and_what_is_offered(hub: Hub) -> None:
    side = joined(hub, "american")
    for fields, why in (
        ({"unit": "7th_fusiliers", "check": "morale"}, "is not a unit of your side"),
        ({"unit": "nobody", "check": "morale"}, "there is no unit 'nobody'"),
        ({"unit": "nc_riflemen", "check": "parley"}, "no check 'parley'"),
        ({**MORALE, "modifiers": {"bribe": 1}}, "'bribe' is not on offer"),
        ({**MORALE, "roles": {"target": "7th_fusiliers"}}, "has no other side 'target'"),
        ({**MORALE, "modifiers": {"light_cover": 2}}, "counts once"),
        ({**MORALE, "values": {"figures_lost": "many"}}, "Figures lost"),
        ({**MORALE, "values": {"panache": 3}}, "has no input 'panache'"),
    ):
        refused = answers(command(hub, side, f"x{why}", "propose", **fields))[0]
        assert not refused["ok"] and why in refused["reason"], refused
    assert not hub.proposals.waiting()


def test_the_referee_refuses_and_a_side_withdraws(hub: Hub, session: TableSession) -> None:
    side = joined(hub, "american")
    command(hub, side, "a", "propose", **MORALE)
    command(hub, side, "b", "propose", **MORALE)
    first, second = hub.proposals.waiting()
    hub.refuse(first.id, "not in cover there")
    told = answers(take(side))[-1]
    assert (told["id"], told["ok"], told["reason"]) == ("a", False, "not in cover there")
    got = answers(command(hub, side, "c", "withdraw", proposal=second.id))
    assert got[0]["ok"] and {a["id"] for a in got} == {"b", "c"}
    with pytest.raises(Refused, match="withdrawn already"):
        hub.accept(second.id)
    other = joined(hub, "british")
    refused = answers(command(hub, other, "d", "withdraw", proposal=second.id))[0]
    assert "no proposal" in refused["reason"] and session.game.event_count == 0  # type: ignore[union-attr]


def test_a_proposal_whose_odds_changed_is_refused_not_rolled(
    hub: Hub, session: TableSession
) -> None:
    side = joined(hub, "american")
    command(hub, side, "m", "propose", **MORALE)
    session.edit_unit("nc_riflemen", "strength_now", 3)  # losses change the odds
    done = hub.accept(hub.proposals.waiting()[0].id)
    assert done.status == "refused" and "the odds changed" in done.reason
    assert [e.kind for e in session.game.log] == ["edit"]  # type: ignore[union-attr]


def test_two_sides_proposing_at_once_are_queued_and_accepted_in_turn(
    hub: Hub, session: TableSession
) -> None:
    us, them = joined(hub, "american"), joined(hub, "british")
    command(hub, us, "u", "propose", **MORALE)
    command(hub, them, "t", "propose", check="morale", unit="7th_fusiliers")
    assert [p.side for p in hub.proposals.waiting()] == ["american", "british"]
    for proposal in hub.proposals.waiting():
        hub.accept(proposal.id)
    rolled = [e.data["unit"] for e in session.game.log if e.kind == "resolution"]  # type: ignore[union-attr]
    assert rolled == ["nc_riflemen", "7th_fusiliers"]


def test_a_side_accepted_by_the_host_rolls_at_once(hub: Hub, session: TableSession) -> None:
    side = joined(hub, "american")
    hub.set_auto("american", True)
    got = answers(command(hub, side, "m", "propose", **MORALE))
    assert [a["status"] for a in got] == ["waiting", "accepted"]
    assert rolled(session) == ["resolution"]
    assert json.loads(hub.view("american"))["auto"] is True


def test_hidden_information_never_leaves_the_host(hub: Hub, session: TableSession) -> None:
    game = session.game
    assert game is not None
    devices = [joined(hub, role) for role in hub.roles()]
    session.next_step()
    sent = "".join(o.text for d in devices for o in d.outbox)
    sent += "".join(hub.view(role) for role in hub.roles())
    assert str(game.state.seed) not in sent and str(game.roll_seed()) not in sent
    deck = game.state.activation.deck
    assert len(deck) > 3 and json.dumps(list(deck)) not in sent and '"deck"' not in sent
    display = json.loads(hub.view("display"))
    british = json.loads(hub.view("british"))
    assert "cards" not in display and "quality" not in json.dumps(display)
    assert {c["id"] for c in british["cards"]} == {
        u.id for u in game.state.units if u.side == "british"
    }


def test_a_device_that_stops_reading_costs_a_bounded_queue(
    hub: Hub, session: TableSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("drumhead.host.core.OUTBOX_LIMIT", 16)
    stuck, reading = joined(hub, "british"), joined(hub, "american")
    hub.receive(stuck, json.dumps({"type": "command", "id": "w", "against": 0, "do": "next_step"}))
    for i in range(16 + 40):
        session.edit_unit("nc_riflemen", "notes", f"note {i}")
        take(reading)
    assert len(stuck.outbox) <= 16 and stuck.overflowed >= 1
    caught = json.loads(stuck.outbox[0].text)  # every line it missed, and the state then
    assert caught["type"] == "catchup" and next(x["n"] for x in caught["lines"]) == 1
    got = [json.loads(o.text) for o in stuck.outbox]
    states = [m for m in got if m["type"] != "answer"]
    assert [x["n"] for m in states for x in m.get("lines", [m.get("line")])] == list(
        range(1, hub.n + 1)
    )
    assert [m["id"] for m in got if m["type"] == "answer"] == ["w"]  # its answer is kept


def test_bad_messages_are_answered_with_what_is_wrong(hub: Hub) -> None:
    side = joined(hub, "american")
    for text, why in (
        ("not json", "one JSON object"),
        ("[1]", "one JSON object"),
        ('{"type":"shout"}', "type: one of hello, command, form"),
        ('{"type":"command","id":"x","against":0,"do":"win"}', "do: one of propose"),
        ('{"type":"command","id":"x","do":"next_step"}', "against: a whole number"),
        ('{"type":"command","id":"' + "x" * 65 + '","against":0,"do":"draw"}', "64 characters"),
        ('{"type":"command","id":"x","against":0,"do":"propose","dice":["six"]}', "whole number"),
        ('{"type":"form","id":"x","modifiers":{"a":1000}}', "from 1 to 99"),
        ("x" * 20000, "bytes at most"),
    ):
        hub.receive(side, text)
        (got,) = take(side)
        assert got["type"] == "error" and why in got["reason"], (text[:40], got)


def test_a_device_sending_too_fast_is_refused_not_queued(session: TableSession) -> None:
    now = [0.0]
    hub = Hub(session, clock=lambda: now[0])
    side = joined(hub, "american")
    for i in range(RATE_BURST + 5):
        hub.receive(side, json.dumps({"type": "form", "id": str(i), **MORALE}))
    errors = [m for m in take(side) if m["type"] == "error"]
    assert len(errors) >= 5 and "too many messages" in errors[0]["reason"]
    now[0] += 1.0
    hub.receive(side, json.dumps({"type": "form", "id": "later", **MORALE}))
    assert take(side)[0]["ok"]


def test_the_form_shows_the_exact_odds_as_the_side_fills_it(hub: Hub) -> None:
    side = joined(hub, "american")
    plain = send(hub, side, type="form", id="1", **MORALE)[0]["form"]
    covered = send(hub, side, type="form", id="2", modifiers={"light_cover": 1}, **MORALE)[0]
    odds = {o["outcome"]: o["percent"] for o in plain["odds"]}
    assert sum(odds.values()) == pytest.approx(100)
    assert covered["form"]["odds"] != plain["odds"]
    assert {m["id"] for m in plain["modifiers"]} >= {"light_cover", "heavy_cover"}
    assert plain["dice"] == "1d10z" and plain["needed"].startswith("Needs")


def test_the_luck_so_far_is_drumhead_stats_own(hub: Hub, session: TableSession) -> None:
    """Kept roll by roll on the host, it says what ``drumhead stats`` says of each side."""
    from drumhead.game.stats import luck_report

    hub.set_auto("american", True)
    hub.set_auto("british", True)
    us, them = joined(hub, "american"), joined(hub, "british")
    for i, unit in enumerate(["nc_riflemen", "ga_riflemen", "md_de_continentals"]):
        command(hub, us, f"u{i}", "propose", check="morale", unit=unit)
        command(hub, them, f"t{i}", "propose", check="morale", unit="7th_fusiliers")
    session.undo()  # read again from the log after an undo
    command(hub, them, "last", "propose", check="morale", unit="71st_highlanders")
    assert session.game is not None
    expected = {
        s.id: (s.total.checks, round(float(s.total.mean) * 100) if s.total.mean else None)
        for s in luck_report(session.game).sides
    }
    shown = json.loads(hub.view("display"))["luck"]
    assert {x["side"]: (x["checks"], x["percentile"]) for x in shown} == expected
    assert sum(x["checks"] for x in shown) >= 6
