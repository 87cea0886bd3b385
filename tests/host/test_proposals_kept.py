"""A proposal waiting for the referee is a player's word: it survives the host's restart as
the commands done do (``NAME.proposals.json`` beside the save, written before its side is told
it waits). After a restart it still waits, keeps its id, and is accepted or refused as before;
its side's resent command is answered from it. A proposal the host was rolling when it stopped
is refused back to its side with why (it may or may not be in the log: look before proposing
again), never rolled twice and never lost in silence. A proposals file that cannot be read is
said so, by name, not a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drumhead.host.hub import Hub
from drumhead.host.ledger import Ledger, ledger_path
from drumhead.host.limits import PROPOSALS_FILE_BYTES
from drumhead.host.proposals import ProposalBook, proposals_path
from drumhead.session import TableSession
from tests.host.conftest import answers, command, joined, open_table

MORALE = {"check": "morale", "unit": "nc_riflemen"}


def hosted(saves: Path, **options: object) -> tuple[TableSession, Hub]:
    """The Cowpens save opened and hosted as ``drumhead host`` does (its files beside it)."""
    session = open_table(saves)
    assert session.save is not None
    path = session.save.path
    hub = Hub(
        session,
        ledger=Ledger(ledger_path(path)),
        proposals=ProposalBook(proposals_path(path)),
        **options,  # type: ignore[arg-type]
    )
    return session, hub


def resolutions(session: TableSession) -> int:
    assert session.game is not None
    return sum(e.kind == "resolution" for e in session.game.log)


def test_a_waiting_proposal_survives_the_host_restarting(saves: Path) -> None:
    session, hub = hosted(saves)
    side = joined(hub, "american")
    assert answers(command(hub, side, "m1", "propose", **MORALE))[0]["status"] == "waiting"
    (before,) = hub.proposals.waiting()
    session.close()  # the host stops (Ctrl+C, a crash after the answer)

    session, hub = hosted(saves)
    (after,) = hub.proposals.waiting()
    assert (after.id, after.side, after.command, after.ask) == ("p1", "american", "m1", before.ask)
    assert after.summary == before.summary and after.odds == before.odds
    phone = joined(hub, "american")
    assert json.loads(hub.view("american"))["proposals"][0]["status"] == "waiting"
    # the phone sends its command again, the same id: it waits, it is not proposed twice
    again = answers(command(hub, phone, "m1", "propose", **MORALE))[0]
    assert again["repeat"] and again["status"] == "waiting" and again["proposal"] == "p1"
    hub.accept("p1")
    assert resolutions(session) == 1
    # the next proposal counts on from the ones kept
    command(hub, phone, "m2", "propose", **MORALE)
    assert [p.id for p in hub.proposals.waiting()] == ["p2"]
    session.close()

    session, hub = hosted(saves)  # what became of p1 is kept too
    assert hub.proposals.get("p1").status == "accepted"  # type: ignore[union-attr]
    assert [p.id for p in hub.proposals.waiting()] == ["p2"]
    session.close()


def test_a_side_accepted_by_the_host_has_its_kept_proposals_rolled_at_the_restart(
    saves: Path,
) -> None:
    session, hub = hosted(saves)
    command(hub, joined(hub, "american"), "m1", "propose", **MORALE)
    session.close()
    session, hub = hosted(saves, auto=frozenset({"american"}))
    assert not hub.proposals.waiting() and resolutions(session) == 1
    session.close()


def test_a_proposal_being_rolled_when_the_host_stopped_is_refused_back_with_why(
    saves: Path,
) -> None:
    session, hub = hosted(saves)
    command(hub, joined(hub, "american"), "m1", "propose", **MORALE)
    hub.proposals.rolling("p1")  # what accept writes first; then the host is killed
    session.close()

    session, hub = hosted(saves)
    assert not hub.proposals.waiting() and resolutions(session) == 0
    refused = hub.proposals.get("p1")
    assert refused is not None and refused.status == "refused"
    assert "stopped while rolling it" in refused.reason and "log" in refused.reason
    phone = joined(hub, "american")
    got = answers(command(hub, phone, "m1", "propose", **MORALE))[0]
    assert got["status"] == "refused" and "stopped while rolling it" in got["reason"]
    session.close()


def test_a_proposal_whose_answer_the_ledger_holds_is_not_waiting_again(saves: Path) -> None:
    session, hub = hosted(saves)
    command(hub, joined(hub, "american"), "m1", "propose", **MORALE)
    path = proposals_path(session.save.path)  # type: ignore[union-attr]
    kept = path.read_text()
    hub.accept("p1")
    session.close()
    path.write_text(kept)  # killed after the roll and the ledger, before this file said so
    session, hub = hosted(saves)
    assert not hub.proposals.waiting() and hub.proposals.get("p1").status == "accepted"  # type: ignore[union-attr]
    assert resolutions(session) == 1
    session.close()


def test_a_proposals_file_that_cannot_be_read_is_said_so(saves: Path) -> None:
    session, hub = hosted(saves)
    path = proposals_path(session.save.path)  # type: ignore[union-attr]
    session.close()
    path.write_text('{"made": 2, "proposals": [{"id": "p1", "side": "ameri')
    session, hub = hosted(saves)
    assert not hub.proposals.waiting()
    problem = hub.proposals.problem
    assert problem is not None and path.name in problem and "cannot be read" in problem
    session.close()


def test_another_game_opened_at_the_host_has_its_own_proposals(saves: Path) -> None:
    """The host's app opens another save: the proposals waiting are that game's (none), never
    the first game's rolled against it; back on the first game, its proposal waits again."""
    session, hub = hosted(saves)
    side = joined(hub, "american")
    command(hub, side, "m1", "propose", **MORALE)
    first = session.save.path  # type: ignore[union-attr]
    session.close()
    session.new_game("one-if-by-land", "another", scenario="cowpens-1781")
    assert not hub.proposals.waiting() and hub.proposals.get("p1") is None
    assert hub.proposals.path == proposals_path(session.save.path)  # type: ignore[union-attr]
    walked = answers(command(hub, side, "walk-1", "next_step"))[0]
    assert walked["ok"] and "repeat" not in walked
    session.close()
    session.resume(first)
    assert [p.id for p in hub.proposals.waiting()] == ["p1"]
    session.close()


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"\xff\xfe not text", "utf-8"),
        (b"[1, 2]", "not a table of proposals"),
        (b'{"made": 1, "proposals": {}}', "not a table of proposals"),
        (b'{"made": 1, "proposals": [7]}', "proposals[0]: not a table"),
        (
            b'{"proposals": [{"id": "p1", "side": "american", "command": "m", "status": "lost",'
            b' "reason": "", "odds": [], "summary": {}, "ask": {}}]}',
            "proposals[0]: id, side, command, status and reason are texts",
        ),
        (
            b'{"proposals": [{"id": "p1", "side": "american", "command": "m", "status": "waiting",'
            b' "reason": "", "odds": [], "summary": {}, "ask": {"dice": "six"}}]}',
            "dice: a list",
        ),
        (b"{" + b" " * (PROPOSALS_FILE_BYTES + 1) + b"}", "larger than 4 MiB"),
    ],
    # named: pytest names a bytes value by its text, and the last one's name was 4 MiB long
    # (every worker collected it and sent it to the run, which compared and printed it)
    ids=[
        "not-utf-8",
        "a-list",
        "its-proposals-a-table",
        "a-proposal-not-a-table",
        "a-status-not-known",
        "dice-not-a-list",
        "over-4-MiB",
    ],
)
def test_a_damaged_proposals_file_is_set_aside_and_named(
    saves: Path, content: bytes, why: str
) -> None:
    session, hub = hosted(saves)
    path = proposals_path(session.save.path)  # type: ignore[union-attr]
    session.close()
    path.write_bytes(content)
    session, hub = hosted(saves)
    problem = hub.proposals.problem
    assert problem is not None and why in problem and path.name in problem
    aside = path.with_name(path.name + ".unreadable")
    assert aside.read_bytes() == content and not path.exists()  # kept as it was
    command(hub, joined(hub, "american"), "m1", "propose", **MORALE)  # a new file, whole
    assert json.loads(path.read_text())["proposals"][0]["id"] == "p1"
    session.close()
