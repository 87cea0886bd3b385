"""The devices' tokens of a hosted game: random, kept beside the save (owner-only) so that
devices join again after a restart, made again with --new-tokens."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from drumhead.host.tokens import TOKEN, game_tokens, tokens_path


def test_tokens_are_kept_beside_the_save_for_its_owner_alone(tmp_path: Path) -> None:
    save = tmp_path / "Cowpens.toml"
    first = game_tokens(save, ["display", "american", "british"])
    assert len(set(first.values())) == 3 and all(TOKEN.fullmatch(t) for t in first.values())
    path = tokens_path(save)
    assert path.name == "Cowpens.tokens.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert game_tokens(save, ["display", "american", "british"]) == first  # a restart
    fresh = game_tokens(save, ["display", "american", "british"], fresh=True)
    assert set(fresh.values()).isdisjoint(first.values())
    assert json.loads(path.read_text()) == fresh


def test_a_new_role_gets_a_token_and_a_damaged_file_is_made_again(tmp_path: Path) -> None:
    save = tmp_path / "Cowpens.toml"
    first = game_tokens(save, ["display", "american"])
    more = game_tokens(save, ["display", "american", "british"])
    assert {k: more[k] for k in first} == first and TOKEN.fullmatch(more["british"])
    tokens_path(save).write_text('{"display": "-short", "american": 3')
    again = game_tokens(save, ["display", "american", "british"])
    assert set(again.values()).isdisjoint(more.values())
    assert game_tokens(None, ["display"]) != game_tokens(None, ["display"])  # no save: new
