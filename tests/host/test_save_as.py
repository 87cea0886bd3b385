"""Saved as another name while hosted, the game goes on under that name, and what the host
keeps beside its save goes with it: the commands done (a phone's command sent again after a
restart on the new name is done once), the proposals waiting (moved: they are the game's
that goes on, not the old save's), and the devices' tokens (the phones and the display join
the restarted host by themselves). The old save keeps its own ledger and tokens: its log
holds every command they name. Nothing is asked of the devices: the same server, the same
tokens."""

from __future__ import annotations

import json
from pathlib import Path

from drumhead.host.hub import Hub
from drumhead.host.ledger import Ledger, ledger_path
from drumhead.host.proposals import ProposalBook, proposals_path
from drumhead.host.tokens import game_tokens, tokens_path
from drumhead.session import TableSession
from tests.host.conftest import SEED, answers, command, joined, open_table

MORALE = {"check": "morale", "unit": "nc_riflemen"}


def host(session: TableSession) -> Hub:
    assert session.save is not None
    path = session.save.path
    return Hub(
        session, ledger=Ledger(ledger_path(path)), proposals=ProposalBook(proposals_path(path))
    )


def test_the_ledger_proposals_and_tokens_follow_the_game_to_its_new_name(saves: Path) -> None:
    session = open_table(saves)
    hub = host(session)
    old = session.save.path  # type: ignore[union-attr]
    tokens = game_tokens(old, hub.roles())
    side = joined(hub, "american")
    command(hub, side, "walk-1", "next_step")
    command(hub, side, "m1", "propose", **MORALE)

    new = session.save_as("cowpens-evening-two")
    assert new != old
    # the game goes on under the new name: what the host keeps is beside it
    kept = [json.loads(x) for x in ledger_path(new).read_text().splitlines()]
    assert [x["key"] for x in kept] == ["american:walk-1"]
    assert json.loads(tokens_path(new).read_text()) == tokens
    assert [p["id"] for p in json.loads(proposals_path(new).read_text())["proposals"]] == ["p1"]
    # the old save keeps what describes it; its proposals are the game's that goes on
    assert ledger_path(old).exists() and tokens_path(old).exists()
    assert not proposals_path(old).exists()
    # later changes are written beside the new save
    command(hub, side, "walk-2", "next_step")
    assert "american:walk-2" in ledger_path(new).read_text()
    assert "american:walk-2" not in ledger_path(old).read_text()
    session.close()

    # the host restarted on the new name: the phones' tokens, the proposal, the ledger
    session = TableSession(str(saves), seed=SEED)
    session.resume(new)
    hub = host(session)
    assert game_tokens(new, hub.roles()) == tokens
    assert [p.id for p in hub.proposals.waiting()] == ["p1"]
    phone = joined(hub, "american")
    events = session.game.event_count  # type: ignore[union-attr]
    again = answers(command(hub, phone, "walk-2", "next_step", against=0))[0]
    assert again["repeat"] and session.game.event_count == events  # type: ignore[union-attr]
    session.close()


def test_saved_as_in_another_folder_the_files_go_there_too(saves: Path, tmp_path: Path) -> None:
    session = open_table(saves)
    hub = host(session)
    tokens = game_tokens(session.save.path, hub.roles())  # type: ignore[union-attr]
    command(hub, joined(hub, "british"), "walk-1", "next_step")
    elsewhere = tmp_path / "club"
    elsewhere.mkdir()
    new = session.save_as(str(elsewhere / "cowpens"))
    assert new.parent == elsewhere
    assert json.loads(tokens_path(new).read_text()) == tokens
    assert "british:walk-1" in ledger_path(new).read_text()
    session.close()
