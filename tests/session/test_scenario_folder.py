"""The players' own scenarios folder, as a new game lists it: beside the saves (or given), its
scenarios offered with the shipped ones and marked as theirs, a broken file listed with what
is wrong (file, line, key) and never hiding the good ones, and nothing started from it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from drumhead.errors import DrumheadError
from drumhead.session import TableSession
from drumhead.session.scenarios import (
    ScenarioDesk,
    folder_files,
    players_folder,
    resolve_scenario,
)

SHIPPED = Path(__file__).resolve().parents[2] / "data" / "scenarios"
ASPERN = (SHIPPED / "aspern-1809.toml").read_text(encoding="utf-8")
"""A Republique scenario whose leaders have values (``value = 2``) to spoil."""


@pytest.fixture
def table(tmp_path: Path) -> Iterator[TableSession]:
    """A session on saves in ``tmp/saves``: its scenarios folder is ``tmp/scenarios``."""
    (tmp_path / "saves").mkdir()
    session = TableSession(str(tmp_path / "saves"), seed=1)
    yield session
    session.close(force=True)


def own(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "scenarios"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_folder_is_beside_the_saves_unless_given(tmp_path: Path) -> None:
    assert players_folder(tmp_path / "saves") == tmp_path / "scenarios"
    assert players_folder(tmp_path / "saves", tmp_path / "club") == tmp_path / "club"
    session = TableSession(str(tmp_path / "saves"), scenario_folder=str(tmp_path / "club"))
    assert ScenarioDesk(session).folder() == tmp_path / "club"


def test_yours_are_listed_after_the_shipped_and_marked(table: TableSession, tmp_path: Path) -> None:
    mine = own(tmp_path, "village.toml", ASPERN.replace("Aspern, 21 May 1809", "Our village"))
    own(tmp_path, "cowpens-again.toml", (SHIPPED / "cowpens-1781.toml").read_text("utf-8"))
    shelf = ScenarioDesk(table).shelf("republique")
    assert [(c.id, c.title, c.origin, c.usable) for c in shelf.choices] == [
        ("aspern-1809", "Aspern, 21 May 1809", "shipped", True),
        (str(mine), "Our village", "yours", True),
    ]  # the One If By Land scenario is not offered for Republique
    assert shelf.folder == tmp_path / "scenarios"
    cowpens = ScenarioDesk(table).shelf("one-if-by-land").choices
    assert [c.origin for c in cowpens] == ["shipped", "yours"]


def test_a_bad_value_is_listed_with_file_line_and_key_and_the_good_ones_stay(
    table: TableSession, tmp_path: Path
) -> None:
    good = own(tmp_path, "a-good.toml", ASPERN)
    bad = own(tmp_path, "b-bad.toml", ASPERN.replace("value = 2\n", 'value = "two"\n', 1))
    choices = ScenarioDesk(table).shelf("republique").choices
    assert [c.id for c in choices] == ["aspern-1809", str(good), str(bad)]
    broken = choices[2]
    assert not broken.usable
    assert broken.title == "Aspern, 21 May 1809"  # its own title, read from the file
    line = ASPERN.splitlines().index("value = 2") + 1
    assert broken.problem == (
        f"{bad}:{line}: leaders.0.value: expected a whole number, got text ('two')"
    )


def test_a_file_that_is_not_toml_is_listed_for_every_ruleset(
    table: TableSession, tmp_path: Path
) -> None:
    path = own(tmp_path, "half.toml", 'scenario = "Half"\nruleset = "republique"\n[[sides]\n')
    for ruleset_id in table.ruleset_ids():
        listed = [c for c in ScenarioDesk(table).shelf(ruleset_id).choices if c.origin == "yours"]
        assert [c.id for c in listed] == [str(path)], ruleset_id
        assert listed[0].title == "half.toml"
        assert listed[0].problem is not None
        assert listed[0].problem.startswith(f"{path}:3: not valid TOML")


def test_a_ruleset_drumhead_lacks_is_said_not_hidden(table: TableSession, tmp_path: Path) -> None:
    path = own(tmp_path, "typo.toml", ASPERN.replace('ruleset = "republique"', 'ruleset = "repub"'))
    listed = [c for c in ScenarioDesk(table).shelf("rank-and-file").choices if c.origin == "yours"]
    assert [c.id for c in listed] == [str(path)]
    assert listed[0].problem is not None and "repub" in listed[0].problem


def test_a_file_that_cannot_be_read_is_listed_with_why(table: TableSession, tmp_path: Path) -> None:
    path = own(tmp_path, "latin1.toml", "")
    path.write_bytes(b'scenario = "Caf\xe9"\n')
    listed = [c for c in ScenarioDesk(table).shelf("republique").choices if c.origin == "yours"]
    assert [c.id for c in listed] == [str(path)]
    assert listed[0].problem is not None and str(path) in listed[0].problem


def test_a_link_to_nothing_is_listed_with_why(table: TableSession, tmp_path: Path) -> None:
    (tmp_path / "scenarios").mkdir()
    gone = tmp_path / "scenarios" / "moved.toml"
    gone.symlink_to(tmp_path / "elsewhere.toml")
    listed = [c for c in ScenarioDesk(table).shelf("rank-and-file").choices if c.origin == "yours"]
    assert [(c.id, c.problem) for c in listed] == [(str(gone), f"{gone}: file not found")]


def test_no_folder_lists_the_shipped_alone(table: TableSession) -> None:
    assert [c.id for c in ScenarioDesk(table).shelf("republique").choices] == ["aspern-1809"]


def test_a_scenario_of_yours_starts_a_game(table: TableSession, tmp_path: Path) -> None:
    own(tmp_path, "village.toml", ASPERN)
    desk = ScenarioDesk(table)
    choice = next(c for c in desk.shelf("republique").choices if c.origin == "yours")
    game = desk.start("republique", "sunday", choice)
    assert game.state.scenario == "village"
    assert len(game.state.units) == 9
    assert (tmp_path / "saves" / "sunday.toml").is_file()
    assert table.game is game


def test_a_broken_scenario_starts_nothing(table: TableSession, tmp_path: Path) -> None:
    own(tmp_path, "bad.toml", ASPERN.replace("value = 2\n", 'value = "two"\n', 1))
    desk = ScenarioDesk(table)
    broken = next(c for c in desk.shelf("republique").choices if c.origin == "yours")
    with pytest.raises(DrumheadError, match=r"bad\.toml cannot be used: .*leaders\.0\.value"):
        desk.start("republique", "sunday", broken)
    assert table.game is None
    assert not (tmp_path / "saves" / "sunday.toml").exists()


def test_the_files_read_are_limited_and_the_rest_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("drumhead.session.scenarios.MAX_FILES", 3)
    for n in range(5):
        own(tmp_path, f"s{n}.toml", "")
    own(tmp_path, "army.CSV", "")
    own(tmp_path, ".hidden.toml", "")
    (tmp_path / "scenarios" / "folder.toml").mkdir()
    files, left_out = folder_files(tmp_path / "scenarios", (".toml",))
    assert [p.name for p in files] == ["s0.toml", "s1.toml"]  # folder.toml is no file
    assert left_out == 3  # six .toml entries (a folder among them), three looked at
    imports, none = folder_files(tmp_path / "scenarios", (".csv", ".ros", ".rosz"))
    assert [p.name for p in imports] == ["army.CSV"] and none == 0


def test_new_scenario_finds_a_name_in_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    path = own(tmp_path, "village.toml", ASPERN)
    assert resolve_scenario("village", folder) == str(path)
    assert resolve_scenario("aspern-1809", folder) == "aspern-1809"  # shipped first
    assert resolve_scenario(str(path), tmp_path / "elsewhere") == str(path)
    with pytest.raises(DrumheadError) as caught:
        resolve_scenario("hamlet", folder)
    assert str(caught.value) == (
        "no scenario 'hamlet' (shipped: aspern-1809, cowpens-1781, first-bull-run-henry-hill, "
        f"rnf-wave-attack; in your folder {folder}: village)"
    )


def test_the_command_line_passes_the_folder_to_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    from drumhead.cli import app_entry, main

    seen: list[tuple[str | None, str | None, str | None]] = []
    monkeypatch.setattr(
        app_entry,
        "run_app",
        lambda saves=None, house=None, scenarios=None: seen.append((saves, house, scenarios)) or 0,
    )
    assert main.main(["--saves", "s", "--scenarios", "club"]) == 0
    assert seen == [("s", None, "club")]


def test_drumhead_new_starts_a_scenario_of_the_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``drumhead new R --scenario NAME`` finds NAME.toml in the folder beside the saves, or
    in the one given (before the command or after it)."""
    from drumhead.cli.main import main

    own(tmp_path, "village.toml", ASPERN)
    saves = str(tmp_path / "saves")
    assert main(["--saves", saves, "new", "republique", "--scenario", "village"]) == 0
    assert "(republique, village)" in capsys.readouterr().out
    club = tmp_path / "club"
    club.mkdir()
    (club / "hamlet.toml").write_text(ASPERN, encoding="utf-8")
    args = ["new", "republique", "--scenario", "hamlet", "--name", "a"]
    assert main(["--saves", saves, "--scenarios", str(club), *args]) == 0
    assert main(["--saves", saves, *args[:-1], "b", "--scenarios", str(club)]) == 0
    assert main(["--saves", saves, *args[:-1], "c"]) == 1  # not beside the saves
    assert "no scenario 'hamlet'" in capsys.readouterr().err
    assert sorted(p.name for p in (tmp_path / "saves").iterdir() if p.suffix == ".toml") == [
        "a.toml",
        "b.toml",
        "village.toml",
    ]


def test_each_file_is_read_once_until_it_changes(
    table: TableSession, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new game lists the folder for each ruleset highlighted: a file is validated once
    (200 files took 0.4 s), and again once the players have changed it."""
    import drumhead.session.scenarios as scenarios

    path = own(tmp_path, "village.toml", ASPERN)
    reads: list[Path] = []
    real = scenarios.read_file

    def counted(*args: object, **kwargs: object) -> object:
        reads.append(args[0])  # type: ignore[arg-type]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(scenarios, "read_file", counted)
    desk = ScenarioDesk(table)
    for ruleset_id in [*table.ruleset_ids(), "republique"]:
        desk.shelf(ruleset_id)
    assert reads == [path]
    path.write_text(ASPERN.replace("value = 2\n", 'value = "two"\n', 1), encoding="utf-8")
    (mine,) = [c for c in desk.shelf("republique").choices if c.origin == "yours"]
    assert reads == [path, path]
    assert mine.problem is not None and "leaders.0.value" in mine.problem
