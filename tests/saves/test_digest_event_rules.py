"""The state digest vouches for a snapshot's [state] as the replay of its journal by this very
code: the code that turns events into a state, and the rules that hold each event to the
game's ruleset before it joins the log: their code (drumhead.game.event_rules, with the card
and dice checks it leans on) and the ruleset's names they read (rules_fingerprint). A save
written under other event rules is replayed in full, its events held to these."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import ModuleType

import gamegen
import pytest

from drumhead.dice import notation
from drumhead.game import event_rules, rulesets, scenario
from drumhead.game.event_rules import rules_fingerprint
from drumhead.game.rulesets import game_ruleset
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


def test_a_save_written_under_another_ruleset_of_the_same_name_is_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ruleset file changed (a marker added) under the same id and version: the events were
    held to other names, so the journal is replayed and held to these."""
    path = tmp_path / "rules.toml"
    saved(path, moves=40, seed=5)
    monkeypatch.setattr(digest_module, "_CODE", [])
    assert not load_save(path).replayed
    changed = tmp_path / "test-land.toml"
    changed.write_text(
        gamegen.RULESET_FILE.read_text() + '\n[markers.spent]\nlabel = "Spent"\nsource = "T 9"\n'
    )
    monkeypatch.setattr(rulesets, "_REGISTERED", dict(rulesets._REGISTERED))
    rulesets.register_ruleset_file(changed)
    opened = load_save(path)
    assert opened.replayed and opened.stale_digest
    assert "spent" in {m.id for m in opened.game.ruleset.markers}


def test_the_rules_fingerprint_follows_what_events_are_held_to() -> None:
    ruleset = game_ruleset("test-land")
    same = rules_fingerprint(ruleset)
    assert rules_fingerprint(ruleset) == same
    fewer = replace(ruleset, markers=ruleset.markers[1:])
    assert rules_fingerprint(fewer) != same
    relabelled = replace(ruleset, title=ruleset.title + " (again)")  # not what events name
    assert rules_fingerprint(relabelled) == same
