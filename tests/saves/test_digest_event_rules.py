"""The state digest vouches for a snapshot's [state] as the replay of its journal by this very
code: the code that turns events into a state, and the code that holds each event to the
game's ruleset before it joins the log (drumhead.game.event_rules, with the card and dice
checks it leans on). A save written under other event rules is replayed in full, its events
held to these."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import gamegen
import pytest

from drumhead.dice import notation
from drumhead.game import event_rules, scenario
from drumhead.saves import digest as digest_module
from drumhead.saves import load_save
from tests.saves.test_open_from_snapshot import saved


@pytest.fixture(autouse=True)
def _ruleset() -> None:
    gamegen.setup()


def _edited(module: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``module`` as another drumhead would have it: its source one line longer."""
    copy = tmp_path / Path(str(module.__file__)).name
    copy.write_text(Path(str(module.__file__)).read_text() + "\n# another reading\n")
    monkeypatch.setattr(module, "__file__", str(copy))
    monkeypatch.setattr(digest_module, "_CODE", [])


@pytest.mark.parametrize("module", [event_rules, scenario, notation], ids=lambda m: m.__name__)
def test_the_event_rules_are_part_of_the_replay_code(
    module: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(digest_module, "_CODE", [])
    ours = digest_module.replay_code()
    _edited(module, tmp_path, monkeypatch)
    assert digest_module.replay_code() != ours


def test_a_save_written_under_other_event_rules_is_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "rules.toml"
    saved(path, moves=40, seed=5)
    monkeypatch.setattr(digest_module, "_CODE", [])
    assert not load_save(path).replayed
    _edited(event_rules, tmp_path, monkeypatch)
    opened = load_save(path)
    assert opened.replayed and opened.stale_digest
