"""The shape of every command line: sub-commands, their arguments and help.

Each command names its handler as ``"module:function"`` (a module of :mod:`drumhead.cli`),
imported only when that command runs: building the parser imports nothing of the rules core,
so ``drumhead`` with no command opens the app without loading it (see
tests/bench/bench_app.py).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def register(sub: Any, only: str | None = None) -> None:
    """Add every command to the sub-parser action ``sub`` (``only``: that command alone, when
    the command line names it: the other commands' parsers are not built)."""
    for name, add in COMMANDS.items():
        if only is None or name == only:
            add(sub)


def _roll(sub: Any) -> None:
    p = sub.add_parser("roll", help="roll dice: drumhead roll 2d6 1d10z")
    p.add_argument(
        "exprs", nargs="+", metavar="EXPR", help="dice notation, e.g. 2d6, 1d6+2, d12, 1d10z"
    )
    p.add_argument("--seed", type=int, help="seed the dice (same seed, same roll)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler="roll:cmd_roll")


def _rulesets(sub: Any) -> None:
    p = sub.add_parser("rulesets", help="list the shipped rulesets and their checks")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler="commands:cmd_rulesets")


def _checks(sub: Any) -> None:
    p = sub.add_parser("checks", help="a ruleset's checks: inputs, modifiers, outcomes")
    p.add_argument("ruleset")
    p.add_argument("check", nargs="?")
    _ruleset_flags(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler="commands:cmd_checks")


def _odds(sub: Any) -> None:
    _odds_or_resolve(sub, "odds", "the exact odds of every outcome of a check")


def _resolve(sub: Any) -> None:
    _odds_or_resolve(sub, "resolve", "resolve a check: roll, or use the dice rolled by hand")


def _odds_or_resolve(sub: Any, name: str, text: str) -> None:
    p = sub.add_parser(name, help=text)
    p.add_argument("ruleset")
    p.add_argument("check")
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an input (or a gap value the sources lack)",
    )
    p.add_argument(
        "--mod",
        action="append",
        default=[],
        metavar="ID[=COUNT]",
        help="tick a modifier (COUNT for ones that can apply more than once)",
    )
    p.add_argument("--no-reroll", action="store_true", help="do not use an allowed re-roll")
    _ruleset_flags(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")
    if name == "resolve":
        p.add_argument(
            "--dice",
            action="append",
            type=_face,
            default=None,
            metavar="FACE",
            help="a face rolled by hand (repeat; opposed checks: attacker's, then defender's)",
        )
        p.add_argument("--seed", type=int, help="seed the dice")
    p.set_defaults(handler=f"commands:cmd_{name}")


def _check(sub: Any) -> None:
    p = sub.add_parser("check", help="validate ruleset, house-rules, scenario and save files")
    p.add_argument(
        "paths", nargs="*", metavar="PATH", help="files to check (default: the shipped data)"
    )
    p.add_argument(
        "--json", action="store_true", help="machine-readable output: every problem found"
    )
    p.set_defaults(handler="commands:cmd_check")


# -- house rules and open questions -------------------------------------------------------------
def _house_rules(sub: Any) -> None:
    """``house-rules list|template``."""
    p = sub.add_parser("house-rules", help="house-rules files: those offered, or a template")
    p.set_defaults(handler="house:cmd_list")  # each verb names its own
    verbs = p.add_subparsers(dest="verb", metavar="list|template")
    verbs.required = True
    q = verbs.add_parser("list", help="the house-rules files offered for a ruleset, previewed")
    q.add_argument("ruleset")
    q.add_argument(
        "--house-rules",
        metavar="DIR",
        help="your house-rules folder (default: house-rules beside the saves folder)",
    )
    q.add_argument("--json", action="store_true", help="machine-readable output")
    q.set_defaults(handler="house:cmd_list")
    q = verbs.add_parser(
        "template", help="a commented house-rules file with every question the rules leave open"
    )
    q.add_argument("ruleset")
    q.add_argument("--output", "-o", metavar="FILE", help="write it here, not to stdout")
    q.add_argument("--json", action="store_true", help="errors as JSON")
    q.set_defaults(handler="house:cmd_template")


def _schema(sub: Any) -> None:
    p = sub.add_parser("schema", help="JSON Schemas of ruleset and house-rules files (for editors)")
    p.add_argument("name", nargs="?", help="one schema to print (e.g. house-rules-republique.json)")
    p.add_argument("--output", "-o", metavar="DIR", help="write every schema into DIR")
    p.add_argument("--json", action="store_true", help="errors as JSON")
    p.set_defaults(handler="house:cmd_schema")


def _questions(sub: Any) -> None:
    p = sub.add_parser("questions", help="the questions a ruleset leaves open, by check")
    p.add_argument("ruleset")
    _ruleset_flags(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler="house:cmd_questions")


# -- games and saves ----------------------------------------------------------------------------
def _new(sub: Any) -> None:
    p = sub.add_parser("new", help="start a new saved game of a ruleset (from a scenario)")
    p.add_argument("ruleset")
    p.add_argument(
        "--scenario",
        metavar="NAME",
        help="a shipped scenario id, a scenario file, or NAME.toml in your scenarios folder",
    )
    p.add_argument(
        "--scenarios",
        dest="scenario_folder",
        metavar="DIR",
        default=argparse.SUPPRESS,  # drumhead --scenarios DIR new ... stands unless given here
        help="your own scenarios folder (default: scenarios beside the saves folder)",
    )
    p.add_argument("--name", metavar="SAVE", help="the save's name (default: the scenario's)")
    _ruleset_flags(p)
    p.add_argument(
        "--without",
        action="append",
        default=[],
        metavar="ID",
        help="switch off an optional rule the scenario switches on",
    )
    p.add_argument("--seed", type=int, help="seed the game's dice (same seed, same rolls)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler="games:cmd_new")


def _saves(sub: Any) -> None:
    p = sub.add_parser("saves", help="list the saved games: ruleset, turn, last played")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler="games:cmd_saves")


def _export(sub: Any) -> None:
    p = sub.add_parser("export", help="an after-action report of a saved game (Markdown)")
    p.add_argument("save", metavar="SAVE", help="a save's name, or the path of its .toml file")
    p.add_argument(
        "--output",
        "-o",
        metavar="FILE",
        help="write the report here ('-', as without it: standard output)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler="games:cmd_export")


def _stats(sub: Any) -> None:
    p = sub.add_parser("stats", help="was it the dice? a saved game's luck, by side, unit and turn")
    p.add_argument("save", metavar="SAVE", help="a save's name, or the path of its .toml file")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler="games:cmd_stats")


def _print(sub: Any) -> None:
    p = sub.add_parser(
        "print",
        help="the table's paper as one HTML file to print: a game's unit cards, or "
        "(--reference) a ruleset's quick-reference sheet",
    )
    p.add_argument("save", metavar="SAVE", nargs="?", help="a save's name, or its .toml file")
    p.add_argument(
        "--reference", metavar="RULESET", help="the quick-reference sheet of a ruleset instead"
    )
    p.add_argument(
        "--output",
        "-o",
        metavar="FILE",
        help="write the HTML here ('-' for standard output; default: 'SAVE cards.html' or "
        "'RULESET reference.html' in the current folder)",
    )
    p.add_argument(
        "--paper",
        choices=("any", "a4", "letter"),
        default="any",
        help="fix the paper size (default: the printer's; the layout fits A4 and Letter)",
    )
    _ruleset_flags(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler="games:cmd_print")


def _play(sub: Any) -> None:
    from drumhead.cli.play import register  # its own module: one command, one job

    register(sub)


# -- the commands that open the app -------------------------------------------------------------
def _reference(sub: Any) -> None:
    p = sub.add_parser(
        "reference", help="open the app on a ruleset's quick reference (no game needed)"
    )
    p.add_argument("ruleset", nargs="?", help="ruleset id (default: One If By Land)")
    p.add_argument("--json", action="store_true", help="errors as JSON (the app itself is not)")
    p.set_defaults(handler="app_commands:cmd_reference")


def _serve(sub: Any) -> None:
    p = sub.add_parser(
        "serve",
        help="run the app in a web browser on this machine (needs the [web] extra)",
    )
    p.add_argument(
        "--host", default="127.0.0.1", help="address to bind (default 127.0.0.1, this machine)"
    )
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument(
        "--force",
        action="store_true",
        help="allow an address other machines can reach (anyone on that network can then "
        "use the app and its saves)",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print the address to open (with its token) as JSON, and errors as JSON",
    )
    p.set_defaults(handler="app_commands:cmd_serve")


def _host(sub: Any) -> None:
    from drumhead.cli.host import register  # its own module: one command, one job

    register(sub)


def _scenario(sub: Any) -> None:
    from drumhead.cli.scenario import register

    register(sub)


def _join(sub: Any) -> None:
    from drumhead.cli.join import register

    register(sub)


def _face(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a die face is a whole number, not '{text}'") from None


def _ruleset_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--option", action="append", default=[], metavar="ID", help="turn an optional rule on"
    )
    p.add_argument("--house-rules", metavar="FILE", help="a house-rules TOML file")


COMMANDS: dict[str, Callable[[Any], None]] = {
    "roll": _roll,
    "rulesets": _rulesets,
    "checks": _checks,
    "odds": _odds,
    "resolve": _resolve,
    "check": _check,
    "new": _new,
    "saves": _saves,
    "export": _export,
    "stats": _stats,
    "print": _print,
    "scenario": _scenario,
    "house-rules": _house_rules,
    "questions": _questions,
    "schema": _schema,
    "play": _play,
    "reference": _reference,
    "serve": _serve,
    "host": _host,
    "join": _join,
}
"""Every command, in the order ``drumhead --help`` lists them, and what adds its parser."""
