"""The host's tests: a Cowpens game (One If By Land) at a table session, shared by a hub."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from drumhead.host.hub import Device, Hub
from drumhead.host.ledger import Ledger, ledger_path
from drumhead.host.proposals import ProposalBook, proposals_path
from drumhead.session import TableSession

SEED = 1781


def open_table(saves: Path, name: str = "cowpens") -> TableSession:
    """A session with Cowpens open (made on first use, resumed after)."""
    session = TableSession(str(saves), seed=SEED)
    session.clock = lambda: "2026-01-01T10:00:00+00:00"
    path = saves / f"{name}.toml"
    if path.exists():
        session.resume(path)
    else:
        session.new_game("one-if-by-land", name, scenario="cowpens-1781")
    return session


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


@pytest.fixture
def session(saves: Path) -> Iterator[TableSession]:
    table = open_table(saves)
    yield table
    table.close(force=True)


def hub_of(session: TableSession) -> Hub:
    """A hub over ``session``'s game, its ledger and proposals beside the save."""
    save = session.save
    assert save is not None
    return Hub(
        session,
        ledger=Ledger(ledger_path(save.path)),
        proposals=ProposalBook(proposals_path(save.path)),
    )


@pytest.fixture
def hub(session: TableSession) -> Hub:
    return hub_of(session)


def take(device: Device) -> list[dict[str, Any]]:
    """The messages waiting for ``device``, read (its outbox emptied)."""
    out = [json.loads(o.text) for o in device.outbox]
    device.outbox.clear()
    return out


def joined(hub: Hub, role: str) -> Device:
    """A device of ``role`` that said hello (its welcome read)."""
    device = hub.connect(role, "test")
    hub.receive(device, '{"type":"hello"}')
    take(device)
    return device


def send(hub: Hub, device: Device, **message: Any) -> list[dict[str, Any]]:
    """Send ``message`` from ``device``; what it was sent back (and since)."""
    hub.receive(device, json.dumps(message))
    return take(device)


def command(hub: Hub, device: Device, ident: str, do: str, **fields: Any) -> list[dict[str, Any]]:
    fields.setdefault("against", hub.n)
    return send(hub, device, type="command", id=ident, do=do, **fields)


def answers(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in messages if m["type"] == "answer"]
