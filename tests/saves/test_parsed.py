"""A snapshot's tables read back already parsed (drumhead.saves.parsed) are exactly what parsing
its TOML gives, on every shipped scenario and on random games; any change to the text, any
damage to the cache, and the text is parsed as before, every problem reported as before."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import gamegen
import pytest

from drumhead.game import load_scenario, new_game
from drumhead.game.scenario import scenario_ids
from drumhead.rules.toml_file import read_toml
from drumhead.saves import SaveError, SaveSession, load_save, parsed
from drumhead.saves.digest import snapshot_body


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("DRUMHEAD_CACHE", str(folder))
    monkeypatch.delenv("DRUMHEAD_PARSED_CACHE", raising=False)
    return folder


def entries(cache: Path) -> list[Path]:
    return sorted((cache / parsed.FOLDER).glob("*.tables"))


def counted_parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The snapshots parsed in full from now on."""
    import drumhead.rules.toml_file as tomlfile  # parse() takes read_toml from it when it needs it

    seen: list[str] = []
    original = tomlfile.read_toml

    def counting(path: str | Path, text: str | None = None) -> tuple[dict[str, Any], str]:
        seen.append(str(path))
        return original(path, text)

    monkeypatch.setattr(tomlfile, "read_toml", counting)
    return seen


def scenario_game(scenario_id: str, seed: int = 3) -> Any:
    scenario = load_scenario(scenario_id)
    return new_game(scenario.ruleset, scenario=scenario, seed=seed)


def cowpens_saved(folder: Path) -> tuple[Path, str]:
    """A new Cowpens game saved and closed: its snapshot's path and text."""
    path = folder / "game.toml"
    SaveSession.create(path, scenario_game("cowpens-1781")).close()
    return path, path.read_text(encoding="utf-8")


@pytest.mark.parametrize("scenario_id", scenario_ids())
def test_every_scenarios_snapshot_reads_back_as_it_parses(
    scenario_id: str, tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.toml"
    SaveSession.create(path, scenario_game(scenario_id)).close()
    assert len(entries(cache)) >= 1
    text = path.read_text(encoding="utf-8")
    parses = counted_parses(monkeypatch)
    fast, _ = parsed.parse(path, text)
    assert parses == []  # the body came from the cache
    slow, _ = read_toml(path, text)
    assert fast == slow and list(fast) == list(slow)
    assert load_save(path).game.state == load_save(path, replay=True).game.state


def test_random_games_read_back_as_they_parse(tmp_path: Path, cache: Path) -> None:
    gamegen.setup()
    for seed in range(6):
        game = gamegen.random_game(seed, events=40, units=12)
        path = tmp_path / f"game{seed}.toml"
        session = SaveSession.create(path, game)
        for i in range(3):
            gamegen.random_event(game, random.Random(seed * 10 + i), 100 + i)
        session.autosave(game)
        session.close()
        text = path.read_text(encoding="utf-8")
        body = snapshot_body(text)
        assert body is not None and parsed.recall(body) is not None
        assert parsed.parse(path, text)[0] == read_toml(path, text)[0]


def test_a_changed_body_is_parsed_and_its_problem_reported_with_its_line(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, text = cowpens_saved(tmp_path)
    parses = counted_parses(monkeypatch)
    edited = text.replace("\n[start]\n", "\n[start]\nstray = 1\n", 1)
    assert parsed.parse(path, edited)[0]["start"]["stray"] == 1
    assert len(parses) == 1  # a text never remembered: parsed
    path.write_text(edited.replace("stray = 1", "stray = = 1"), encoding="utf-8")
    with pytest.raises(Exception) as caught:
        load_save(path)
    assert caught.value.line == edited.split("\n").index("stray = 1") + 1  # type: ignore[attr-defined]


def test_a_header_that_names_a_body_table_is_parsed_whole(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, text = cowpens_saved(tmp_path)
    body = snapshot_body(text)
    assert body is not None
    head = text[: len(text) - len(body)]
    forged = head.replace("[game]", "[state.extra]\nx = 1\n\n[game]", 1) + body
    parses = counted_parses(monkeypatch)
    found = parsed.parse(path, forged)[0]
    assert len(parses) == 1  # not merged with the remembered tables: parsed whole
    assert found == read_toml(path, forged)[0] and found["state"]["extra"] == {"x": 1}


@pytest.mark.parametrize("damage", ["cut short", "flipped", "not marshal", "not a table"])
def test_a_damaged_entry_is_ignored(
    damage: str, tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.toml"
    SaveSession.create(path, scenario_game("cowpens-1781")).close()
    [entry] = entries(cache)
    data = entry.read_bytes()
    if damage == "cut short":
        entry.write_bytes(data[: len(data) // 2])
    elif damage == "flipped":
        entry.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    else:
        from drumhead.cache import files as cachefiles

        body = b"\x00\x01garbage" if damage == "not marshal" else b"\xe9\x01\x00\x00\x00"
        cachefiles.write(entry, parsed.FORMAT, body)
    parses = counted_parses(monkeypatch)
    text = path.read_text(encoding="utf-8")
    assert parsed.parse(path, text)[0] == read_toml(path, text)[0]
    assert len(parses) == 1
    assert load_save(path).game.event_count == 0


def test_switched_off_or_unwritable_it_costs_only_the_parse(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache.parent.mkdir(exist_ok=True)
    cache.write_text("a file where the cache folder would be")
    path = tmp_path / "game.toml"
    SaveSession.create(path, scenario_game("cowpens-1781")).close()  # saved all the same
    assert load_save(path).game.state.units
    monkeypatch.setenv("DRUMHEAD_CACHE", str(tmp_path / "other"))
    monkeypatch.setenv("DRUMHEAD_PARSED_CACHE", "0")
    path2 = tmp_path / "game2.toml"
    SaveSession.create(path2, scenario_game("cowpens-1781")).close()
    assert not (tmp_path / "other").exists()
    assert load_save(path2).game.state.units


def test_values_toml_would_not_give_back_are_not_kept() -> None:
    from datetime import date

    assert parsed.as_parsed({"a": (1, 2.5, "x", True), "b": {"c": []}}) == {
        "a": [1, 2.5, "x", True],
        "b": {"c": []},
    }
    assert parsed.as_parsed({"when": date(2026, 1, 1)}) is None
    assert parsed.as_parsed({1: "not a text key"}) is None
    assert not parsed.remember("[start]\n", {"when": date(2026, 1, 1)})


def test_only_the_newest_bodies_are_kept(cache: Path) -> None:
    for i in range(parsed.KEEP + 5):
        body = f"[start]\nn = {i}\n"
        assert parsed.remember(body, {"start": {"n": i}})
        for made in entries(cache):  # as if written a second apart, oldest first
            os.utime(made, (made.stat().st_mtime - 1,) * 2)
    assert len(entries(cache)) == parsed.KEEP
    assert parsed.recall("[start]\nn = 0\n") is None
    assert parsed.recall(f"[start]\nn = {parsed.KEEP + 4}\n") == {"start": {"n": parsed.KEEP + 4}}


def test_a_body_made_invalid_is_refused_as_before(tmp_path: Path) -> None:
    path, text = cowpens_saved(tmp_path)
    assert snapshot_body(text) is not None
    with pytest.raises(SaveError):
        path.write_text(text.replace("\n[start]\n", "\n[start]\n[start]\n", 1), encoding="utf-8")
        load_save(path)


def test_the_body_is_the_text_tomli_w_writes_for_both_tables(tmp_path: Path) -> None:
    """The [start] table's text is kept for the game (store._start_part) and joined to the
    [state] table's: the same text as writing both at once, game after game."""
    import tomli_w

    from drumhead.game.codec import state_to_dict

    gamegen.setup()
    for seed in range(4):
        game = gamegen.random_game(seed, events=30, units=8)
        path = tmp_path / f"game{seed}.toml"
        session = SaveSession.create(path, game)
        for i in range(2):  # the kept [start] text used again, for a changed [state]
            gamegen.random_event(game, random.Random(seed + i), 200 + i)
            session.save(game)
            whole = {"start": state_to_dict(game.start), "state": state_to_dict(game.state)}
            assert snapshot_body(path.read_text(encoding="utf-8")) == tomli_w.dumps(whole)
        session.close()
