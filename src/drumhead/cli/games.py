"""``drumhead new``, ``drumhead saves`` and ``drumhead export``: games and saves from the CLI."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from drumhead.cli.output import emit_json, emit_json_by_line, table
from drumhead.errors import DrumheadError


def _folder(args: argparse.Namespace) -> Path:
    from drumhead.saves import saves_dir

    return saves_dir(getattr(args, "saves", None))


def _stamp() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def cmd_new(args: argparse.Namespace) -> int:
    from drumhead.game import load_scenario, new_game
    from drumhead.game.rulesets import game_ruleset
    from drumhead.saves import SaveSession, save_path
    from drumhead.session.advice import game_advice

    scenario = None
    game_ruleset(args.ruleset, args.option, args.house_rules)  # a clear error for a bad ruleset
    if args.scenario:
        from drumhead.session.scenarios import players_folder, resolve_scenario

        own = players_folder(_folder(args), getattr(args, "scenario_folder", None))
        scenario = load_scenario(resolve_scenario(args.scenario, own))
        if scenario.ruleset != args.ruleset:
            raise DrumheadError(
                f"scenario '{scenario.id}' is for {scenario.ruleset}, not {args.ruleset}"
            )
    folder = _folder(args)
    name = args.name or (scenario.id if scenario else args.ruleset)
    path = save_path(folder, name)
    if args.name is None:
        n = 2
        while path.exists():
            path = save_path(folder, f"{name} {n}")
            n += 1
    elif path.exists():
        raise DrumheadError(f"there is already a save named '{name}' in {folder}")
    game = new_game(
        args.ruleset,
        options=args.option,
        house_rules=args.house_rules,
        scenario=scenario,
        seed=args.seed,
        name=path.stem,
        without=args.without,
    )
    SaveSession.create(path, game).close()
    state = game.state
    warnings = [notice.text for notice in game_advice(game)]
    sides = [s.name for s in state.sides]
    info = {
        "save": path.stem,
        "path": str(path),
        "ruleset": state.ruleset,
        "scenario": state.scenario,
        "options": sorted(state.options),
        "seed": state.seed,
        "sides": sides,
        "units": len(state.units),
        "leaders": len(state.leaders),
        "warnings": warnings,
    }
    if args.json:
        emit_json(info)
        return 0
    print(
        f"created {path} ({state.ruleset}" + (f", {state.scenario}" if state.scenario else "") + ")"
    )
    if state.sides:
        print(
            f"  {' vs '.join(sides)}: {_count(len(state.units), 'unit')}, {_count(len(state.leaders), 'leader')}"
        )
    print(f"  seed {state.seed}")
    for warning in warnings:
        print(f"  warning: {warning}")
    return 0


def cmd_saves(args: argparse.Namespace) -> int:
    from drumhead.saves import list_saves

    folder = _folder(args)
    saves = list_saves(folder)
    rows = [
        {
            "name": s.name,
            "ruleset": s.ruleset,
            "scenario": s.scenario,
            "turn": s.turn,
            "events": s.events,
            "last_played": s.last_played,
            "open": s.locked,
            "path": str(s.path),
            "problem": s.problem,
        }
        for s in saves
    ]
    if args.json:
        emit_json(rows)
        return 0
    if not rows:
        print(f"no saved games in {folder}")
        return 0
    print(
        table(
            ["save", "ruleset", "scenario", "turn", "last played", "status"],
            [
                [
                    r["name"],
                    r["ruleset"],
                    r["scenario"] or "-",
                    r["turn"],
                    r["last_played"],
                    f"BROKEN: {r['problem']}" if r["problem"] else "open" if r["open"] else "",
                ]
                for r in rows
            ],
        )
    )
    if any(r["problem"] for r in rows):
        print("a broken save will not open: drumhead check PATH says all that is wrong with it")
    return 0


def _save_file(args: argparse.Namespace) -> Path:
    """The save named on the command line: a save's name, or the path of its .toml file."""
    from drumhead.saves import save_path

    given = Path(args.save)
    if given.suffix == ".toml" and given.exists():
        return given
    return save_path(_folder(args), args.save)


def write_output(path: str, text: str) -> None:
    """Write a command's output file (never through a symbolic link, never over a saved
    game's snapshot, journal or lock), or say plainly why it cannot be written."""
    from drumhead.cli.scenario import is_saved_game
    from drumhead.saves.files import write_file

    target = Path(path)
    if target.exists() and (is_saved_game(target) or target.name.endswith((".journal", ".lock"))):
        raise DrumheadError(
            f"{path} is a saved game's file: give another file (nothing was written)"
        )
    write_file(target, text.encode("utf-8"))


def cmd_export(args: argparse.Namespace) -> int:
    from drumhead.game.report import ReportWalk
    from drumhead.saves import export_markdown, load_save
    from drumhead.saves.loading import paused_gc
    from drumhead.saves.walked import walked

    path = _save_file(args)
    with paused_gc():  # the walk makes objects that all live on, as a load does
        game = load_save(path).game
        report = export_markdown(game, walked(game, ReportWalk))
    output = None if args.output == "-" else args.output  # '-': standard output, as print's
    if output:
        write_output(output, report)
    if args.json:
        emit_json({"save": str(path), "output": output, "report": report})
    elif output:
        print(f"wrote {output}")
    else:
        print(report, end="")
    return 0


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def cmd_stats(args: argparse.Namespace) -> int:
    from drumhead.game.luck_text import luck_text
    from drumhead.game.stats import LuckWalk, luck_of
    from drumhead.saves import load_save
    from drumhead.saves.loading import paused_gc
    from drumhead.saves.walked import walked

    path = _save_file(args)
    with paused_gc():  # the walk, the tallies and their JSON tables all live on to the end
        game = load_save(path).game
        report = luck_of(game, walked(game, LuckWalk).rolls)
        if args.json:  # a long game's: 20,000 rolls, one to a line
            emit_json_by_line({"save": str(path), **report.to_dict()})
        else:
            print(luck_text(report), end="")
    return 0


def cmd_print(args: argparse.Namespace) -> int:
    from drumhead.cli.main import UsageError

    if (args.save is None) == (args.reference is None):
        raise UsageError("drumhead print: give a SAVE, or --reference RULESET (not both)")
    if args.save is not None and (args.option or args.house_rules):
        raise UsageError(
            "drumhead print: --option and --house-rules go with --reference (a save has its own)"
        )
    if args.reference is not None:
        from drumhead.game.rulesets import game_ruleset
        from drumhead.paper import reference_html

        ruleset = game_ruleset(args.reference, args.option, args.house_rules)
        text = reference_html(ruleset, args.paper)
        info: dict[str, object] = {"ruleset": ruleset.id, "checks": len(ruleset.checks)}
    else:
        from drumhead.paper import cards_html
        from drumhead.saves import load_save

        path = _save_file(args)
        game = load_save(path).game
        text = cards_html(game, args.paper)
        info = {"save": str(path), "cards": sum(1 for u in game.state.units if not u.removed)}
    output = args.output or _paper_file(args)
    if output == "-":
        if args.json:
            emit_json({**info, "output": None, "html": text})
        else:
            print(text, end="")
        return 0
    write_output(output, text)
    where = str(Path(output).resolve()) if not args.output else output
    if args.json:
        emit_json({**info, "output": where})
    else:
        print(f"wrote {where}")
    return 0


def _paper_file(args: argparse.Namespace) -> str:
    """Where ``drumhead print`` writes without ``-o``: a file in the current folder named
    after the save (``Cowpens cards.html``) or the ruleset (``republique reference.html``),
    never the terminal (``-o -`` asks for that)."""
    if args.reference is not None:
        return f"{args.reference} reference.html"
    return f"{Path(args.save).name.removesuffix('.toml')} cards.html"
