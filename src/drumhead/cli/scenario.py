"""``drumhead scenario import|export|template``: orders of battle in from a spreadsheet or an
army builder's roster, out from a game as it stands, and a ruleset's empty sheet.

Like ``drumhead print``, each writes a file named after what it was given, in the current
folder, and says where (``-o FILE`` to choose it, ``-o -`` for standard output). A file
drumhead names itself never replaces one that is there already; one named with ``-o`` does
(a symbolic link never: refused). Files are written whole or not at all.
"""

from __future__ import annotations

import argparse
import sys
from glob import escape as glob_escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drumhead.cli.output import emit_json, table
from drumhead.errors import DrumheadError

if TYPE_CHECKING:
    from drumhead.roster import ImportedBattle


def register(sub: Any) -> None:
    p = sub.add_parser(
        "scenario",
        help="orders of battle: import a spreadsheet (CSV) or roster (.ros, .rosz), export a "
        "game's roster as it stands, or print a ruleset's empty sheet",
    )
    p.set_defaults(handler="scenario:cmd_import")
    verbs = p.add_subparsers(dest="verb", metavar="import|export|template")
    verbs.required = True
    q = verbs.add_parser(
        "import",
        help="a spreadsheet saved as CSV, or a BattleScribe / New Recruit roster, as a "
        "scenario file (every problem listed; nothing written while one remains)",
    )
    q.add_argument("file", metavar="FILE", help="a .csv, .ros or .rosz file")
    q.add_argument("--ruleset", required=True, metavar="RULESET", help="the ruleset's id")
    q.add_argument(
        "--option", action="append", default=[], metavar="ID", help="an optional rule on"
    )
    q.add_argument(
        "--mapping",
        metavar="MAP.toml",
        help="which column or roster field feeds which unit field (default: the ruleset's "
        "shipped mapping, data/mappings/RULESET.toml)",
    )
    _output(q, "the scenario", "'FILE.toml'")
    q.set_defaults(handler="scenario:cmd_import")
    q = verbs.add_parser(
        "export",
        help="a saved game's roster as it stands (units, leaders, sides, optional rules) as "
        "a scenario file, or as a sheet when -o ends in .csv",
    )
    q.add_argument("save", metavar="SAVE", help="a save's name, or the path of its .toml file")
    _output(q, "the scenario", "'SAVE scenario.toml'")
    q.set_defaults(handler="scenario:cmd_export")
    q = verbs.add_parser(
        "template",
        help="a ruleset's empty sheet (CSV: its columns), and what each column takes",
    )
    q.add_argument("ruleset", metavar="RULESET")
    q.add_argument(
        "--option", action="append", default=[], metavar="ID", help="an optional rule on"
    )
    q.add_argument(
        "--sample", action="store_true", help="the ruleset's sample sheet, filled in, instead"
    )
    _output(q, "the sheet", "'RULESET sheet.csv' (or 'RULESET sample.csv')")
    q.set_defaults(handler="scenario:cmd_template")


def _output(p: argparse.ArgumentParser, what: str, default: str) -> None:
    p.add_argument(
        "--output",
        "-o",
        metavar="FILE",
        help=f"write {what} here ('-' for standard output; default: {default} in the "
        "current folder, never replacing a file there)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")


def write_new(path: Path, text: str, *, replace: bool, read: Path | None = None) -> None:
    """Write ``text`` to ``path`` whole or not at all (a temporary file renamed over it);
    refused when ``path`` is a symbolic link, exists and ``replace`` is False, is the file
    ``read`` (the one being imported or exported), or is a saved game."""
    from drumhead.saves.files import SaveWriteError, link_refusal, write_atomic

    if path.is_symlink():
        raise link_refusal(path)
    if not replace and path.exists():
        raise DrumheadError(f"{path} exists already: give -o {path} to replace it, or another file")
    if path.is_dir():
        raise DrumheadError(f"{path} is a folder: give a file's name")
    if read is not None and path.exists() and path.resolve() == read.resolve():
        raise DrumheadError(f"{path} is the file being read: give another file to write")
    if path.exists() and is_saved_game(path):
        raise DrumheadError(f"{path} is a saved game: give another file (nothing was written)")
    folder = path.parent
    if not folder.is_dir():
        raise DrumheadError(
            f"cannot write {path}: there is no folder {folder} (nothing was written)"
        )
    try:
        write_atomic(path, text.encode("utf-8"), make_folder=False)
    except SaveWriteError as exc:  # its words are a save's: these are a file's
        raise DrumheadError(f"cannot write {path}: {exc.reason} (nothing was written)") from None


def is_saved_game(path: Path) -> bool:
    """Whether ``path`` is a saved game's snapshot, a broken one too: its ``schema`` comes
    before any table (as :func:`drumhead.cli.validate_files` tells one), or a journal lies
    beside it."""
    if path.suffix != ".toml":
        return False
    if any(path.parent.glob(f"{glob_escape(path.stem)}.*.journal")):
        return True
    try:
        with path.open("rb") as file:
            head = file.read(4096)
    except OSError:
        return False
    return b"schema" in head.split(b"\n[", 1)[0]


def _deliver(
    args: argparse.Namespace,
    default: str,
    text: str,
    info: dict[str, Any],
    read: Path | None = None,
) -> str | None:
    """Write ``text`` where ``-o`` says (``default`` without it); None: standard output."""
    if args.output == "-":
        if args.json:
            emit_json({**info, "output": None, "text": text})
        else:
            sys.stdout.write(text)
        return None
    path = Path(args.output or default)
    write_new(path, text, replace=args.output is not None, read=read)
    where = str(path.resolve()) if args.output is None else args.output
    if args.json:
        emit_json({**info, "output": where})
    return where


# -- import ---------------------------------------------------------------------------------
def cmd_import(args: argparse.Namespace) -> int:
    from drumhead.game.rulesets import game_ruleset
    from drumhead.roster import import_battle

    ruleset = game_ruleset(args.ruleset, args.option)
    path = Path(args.file)
    battle = import_battle(path, ruleset, Path(args.mapping) if args.mapping else None)
    info: dict[str, Any] = {
        "file": str(path),
        "ruleset": ruleset.id,
        "units_by_side": {side: list(names) for side, names in battle.units_by_side.items()},
        "problems": [p.to_dict() for p in battle.problems],
    }
    if battle.problems:
        return _refused(args, battle, info)
    where = _deliver(args, f"{path.stem}.toml", battle.scenario_text, info, read=path)
    if where is not None and not args.json:
        print(f"wrote {where}")
        for side, names in battle.units_by_side.items():
            print(f"  {side}: {_count(len(names), 'unit')}")
        print(f"  drumhead new {ruleset.id} --scenario '{where}' starts a game of it")
    return 0


def _refused(args: argparse.Namespace, battle: ImportedBattle, info: dict[str, Any]) -> int:
    """Every problem of an import, and nothing written (exit 1: invalid data)."""
    from drumhead.cli.output import error_json
    from drumhead.roster import ImportFailed

    error = ImportFailed(args.file, battle.problems)
    count = len(battle.problems)
    if args.json:
        emit_json({**error_json(error), **info})
        return 1
    for line in error.format().splitlines():
        sys.stderr.write(f"{line}\n")
    sys.stderr.write(f"{_count(count, 'problem')}: nothing was written\n")
    return 1


# -- export ---------------------------------------------------------------------------------
def cmd_export(args: argparse.Namespace) -> int:
    from drumhead.cli.games import _save_file
    from drumhead.roster import export_scenario
    from drumhead.saves import load_save

    path = _save_file(args)
    game = load_save(path).game
    text = export_scenario(game)
    name = Path(args.save).name.removesuffix(".toml")
    as_sheet = bool(args.output) and str(args.output).lower().endswith(".csv")
    if as_sheet:
        from drumhead.game.scenario import read_scenario
        from drumhead.roster.sheet_out import scenario_csv
        from drumhead.rules.toml_file import read_toml

        data, _ = read_toml("exported.toml", text, kind="scenario")
        text = scenario_csv(read_scenario(data, ruleset=game.ruleset), game.ruleset)
    state = game.state
    info: dict[str, Any] = {
        "save": str(path),
        "ruleset": state.ruleset,
        "turn": state.turn,
        "sides": [s.name for s in state.sides],
        "units": len(state.units),
        "leaders": len(state.leaders),
        "options": sorted(state.options),
    }
    where = _deliver(args, f"{name} scenario.toml", text, info, read=path)
    if where is not None and not args.json:
        print(f"wrote {where}: the roster at turn {state.turn}")
        print(
            f"  {' vs '.join(info['sides']) or 'no sides'}: {_count(len(state.units), 'unit')}, "
            f"{_count(len(state.leaders), 'leader')}"
        )
        if state.house_rules:
            print(
                f"  house rules are not part of a scenario: give --house-rules "
                f"'{state.house_rules}' to drumhead new"
            )
    return 0


# -- template -------------------------------------------------------------------------------
def cmd_template(args: argparse.Namespace) -> int:
    from drumhead.game.rulesets import game_ruleset
    from drumhead.roster import columns, sample_csv, template_csv

    ruleset = game_ruleset(args.ruleset, args.option)
    text = sample_csv(ruleset) if args.sample else template_csv(ruleset)
    shown = columns(ruleset)
    info: dict[str, Any] = {"ruleset": ruleset.id, "columns": [c.to_dict() for c in shown]}
    default = f"{ruleset.id} {'sample' if args.sample else 'sheet'}.csv"
    where = _deliver(args, default, text, info)
    if where is not None and not args.json:
        print(f"wrote {where}: one row per side, leader and unit (the header is row 1)")
        print(
            table(
                ["column", "for", "takes"],
                [
                    [
                        c.header + (" *" if c.required else ""),
                        ", ".join(c.kinds) if len(c.kinds) < 3 else "every row",
                        c.allowed + (f" ({c.help})" if c.help else ""),
                    ]
                    for c in shown
                ],
            )
        )
        print("* needed (for the rows it is for). Lists: names parted by commas.")
    return 0


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
