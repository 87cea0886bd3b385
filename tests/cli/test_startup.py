"""What a command line loads before it answers: each command imports what it uses, no more
(the timings themselves are in tests/bench/)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from drumhead.cli.arguments import COMMANDS
from drumhead.cli.parser import build_parser, named_command

LOADED = (
    "import sys\n"
    "from drumhead.cli.main import main\n"
    "code = main(sys.argv[1:])\n"
    "print('\\n' + ','.join(sorted(sys.modules)))\n"
    "sys.exit(code)\n"
)


def loaded_modules(*argv: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", LOADED, *argv], capture_output=True, text=True, check=True
    )
    return set(out.stdout.strip().rsplit("\n", 1)[-1].split(","))


def test_roll_loads_the_dice_and_nothing_else_of_the_core() -> None:
    modules = loaded_modules("roll", "2d6", "1d10z", "--seed", "7")
    core = {m for m in modules if m.startswith("drumhead.") and not m.startswith("drumhead.cli")}
    assert core == {
        "drumhead.dice",
        "drumhead.dice.notation",
        "drumhead.dice.odds",
        "drumhead.errors",
    }
    # each of these costs a tenth or more of a bare interpreter's start (``typing`` is imported
    # as Python intends, for ``TYPE_CHECKING``: a few milliseconds, not worth a trick)
    assert not modules & {"dataclasses", "secrets", "json", "tomllib", "inspect"}


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        (["roll", "2d6"], "roll"),
        (["--saves", "roll", "odds", "x", "y"], "odds"),
        (["--saves=elsewhere", "saves"], "saves"),
        (["--help"], None),
        (["--version"], None),
        (["rol", "2d6"], None),
        (["--saves", "x"], None),
        ([], None),
    ],
)
def test_the_command_is_told_without_parsing_or_left_to_the_full_parser(
    argv: list[str], command: str | None
) -> None:
    assert named_command(argv) == command


def test_a_named_command_builds_its_own_parser_alone() -> None:
    parser = build_parser("odds")
    choices = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert list(choices) == ["odds"]
    args = parser.parse_args(["odds", "one-if-by-land", "morale", "--set", "quality=poor"])
    assert args.handler == "commands:cmd_odds" and args.set == ["quality=poor"]
    assert list(build_parser()._subparsers._group_actions[0].choices) == list(COMMANDS)  # type: ignore[union-attr]


HEAVY = {"json", "pickle", "shutil", "tomllib"}
"""Modules the rules commands answer without, once the ruleset cache holds their ruleset:
each costs 0.05-0.1x of a bare interpreter's start. ``typing`` and ``hashlib`` are imported as
Python intends (issue 34: no tricks that bypass them for a few milliseconds)."""


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "one-if-by-land", "morale", "--set", "quality=poor", "--set", "figures_lost=6"],
        ["resolve", "one-if-by-land", "morale", "--set", "quality=veteran", "--dice", "9"],
        ["odds", "mwan116-acw", "morale"],
        ["odds", "republique", "leader_injury"],
        ["odds", "rank-and-file", "morale", "--set", "quality=regular", "--set", "stands_start=4"],
    ],
    ids=lambda a: f"{a[0]}-{a[1]}",
)
def test_the_rules_commands_answer_from_the_cache_without_heavy_imports(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DRUMHEAD_CACHE", str(tmp_path))
    first = loaded_modules(*argv)  # compiles the ruleset and fills the cache
    assert "tomllib" in first  # it did read the ruleset file
    assert not loaded_modules(*argv) & HEAVY
