"""The log's lines, like the views, are made for each role on the host: a change to what only
a side's view shows (a card's quality, notes or own values, its leaders) is told in words to
that side alone; the display and the other side hear that its cards changed, under the same
number, and nothing of what. Undone and redone the same; the lines of a catch-up and of a
reset are filtered the same way. What every view shows (strength, morale, markers, a roll)
is every role's line."""

from __future__ import annotations

from typing import Any

from drumhead.host.hub import Hub
from drumhead.session import TableSession
from tests.host.conftest import joined, send, take

SECRET = "Veteran sharpshooters, hidden in the trees"


def lines_of(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for message in messages:
        if message["type"] == "update":
            out.append(message["line"])
        out.extend(message.get("lines", ()))
    return out


def test_a_change_to_a_side_s_own_card_is_told_to_that_side_alone(
    hub: Hub, session: TableSession
) -> None:
    display, american, british = (joined(hub, r) for r in ("display", "american", "british"))
    session.edit_unit("nc_riflemen", "notes", SECRET)
    session.edit_unit("nc_riflemen", "quality", "elite")
    now = session.state.unit("nc_riflemen").strength_now - 1
    session.edit_unit("nc_riflemen", "strength_now", now)  # every view shows the strength
    session.undo()
    own = lines_of(take(american))
    assert [x["n"] for x in own] == [1, 2, 3, 4]
    assert SECRET in own[0]["text"] and "elite" in own[1]["text"]
    assert own[3]["text"].startswith("Undone: ") and str(now) in own[3]["text"]
    for device in (display, british):
        heard = lines_of(take(device))
        assert [x["n"] for x in heard] == [1, 2, 3, 4]  # every number, in order
        assert all(SECRET not in x["text"] and "elite" not in x["text"] for x in heard)
        assert heard[0]["kind"] == heard[1]["kind"] == "private"
        assert "American" in heard[0]["text"] and "own cards" in heard[0]["text"]
        assert heard[2] == own[2] and heard[3] == own[3]  # the strength: everyone's


def test_undoing_a_private_change_keeps_it_private(hub: Hub, session: TableSession) -> None:
    display, american = joined(hub, "display"), joined(hub, "american")
    session.edit_unit("nc_riflemen", "notes", SECRET)
    session.undo()
    session.redo()
    own, seen = lines_of(take(american)), lines_of(take(display))
    assert [x["kind"] for x in own] == ["edit", "undo", "redo"]
    assert all(SECRET in x["text"] for x in own)
    assert [x["kind"] for x in seen] == ["private"] * 3
    assert not any(SECRET in x["text"] for x in seen)


def test_the_leaders_of_a_side_are_its_own(hub: Hub, session: TableSession) -> None:
    display, american, british = (joined(hub, r) for r in ("display", "american", "british"))
    session.attach_leader("morgan", "nc_riflemen")
    session.add_leader("Capt. Zebulon Quill", "nc_riflemen")
    for device in (display, british):
        heard = lines_of(take(device))
        assert [x["kind"] for x in heard] == ["private", "private"]
        assert not any("morgan" in x["text"].lower() or "Quill" in x["text"] for x in heard)
    own = lines_of(take(american))
    assert [("morgan" in x["text"].lower(), "Quill" in x["text"]) for x in own] == [
        (True, False),
        (False, True),
    ]


def test_a_device_catching_up_gets_its_own_role_s_lines(hub: Hub, session: TableSession) -> None:
    session.edit_unit("nc_riflemen", "notes", SECRET)
    session.next_step()
    for hello in ({}, {"host": hub.host, "since": 0}):  # a reset, a catch-up
        seen = lines_of(send(hub, hub.connect("british"), type="hello", **hello))
        own = lines_of(send(hub, hub.connect("american"), type="hello", **hello))
        assert [x["n"] for x in seen] == [x["n"] for x in own] == [1, 2]
        assert SECRET in own[0]["text"] and SECRET not in seen[0]["text"]
        assert seen[1] == own[1]
    # the host's own list keeps every line whole (the referee's console prints them)
    assert SECRET in hub.lines[0].text
