"""``drumhead play``: a saved game played from the command line, both sides of a check at once.

``drumhead play SAVE CHECK --role firer=UNIT --role target=UNIT`` resolves the check with the
game's seeded dice (or ``--dice`` rolled by hand), fills each role's inputs from the card of the
unit picked for it, applies every effect to the unit of the role it names (one event, undoable),
and saves. ``--next-step`` (``--again`` to repeat a step's loop), ``--previous-step``,
``--next-phase`` and ``--draw`` walk the sequence of play as the ruleset lays it out. Scripts and tests play a
turn with it exactly as the app does. ``drumhead play URL --token T ...`` sends the same to a
hosted game as a side's commands (:mod:`drumhead.cli.play_remote`).
"""

from __future__ import annotations

import argparse
from typing import Any

from drumhead.cli.output import emit_json
from drumhead.errors import InputError


def register(sub: Any) -> None:
    p = sub.add_parser(
        "play",
        help="play a saved game from the command line: resolve a check for both sides and "
        "apply its effects, or move to the next phase",
    )
    p.add_argument("save", metavar="SAVE", help="a save's name, or the path of its .toml file")
    p.add_argument("check", nargs="?", help="the check to resolve (see drumhead checks)")
    p.add_argument(
        "--role",
        action="append",
        default=[],
        metavar="ROLE=UNIT[,UNIT]",
        help="the unit (or units) for one of the check's roles; the first role is the unit "
        "the check is made for",
    )
    p.add_argument(
        "--leader",
        action="append",
        default=[],
        metavar="ROLE=LEADER",
        help="a leader picked from the roster for one of the check's roles (in place of the "
        "one with its unit): his value fills that side's leader inputs",
    )
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="an input")
    p.add_argument("--mod", action="append", default=[], metavar="ID[=COUNT]", help="a modifier")
    p.add_argument("--dice", action="append", type=int, default=None, metavar="FACE")
    p.add_argument("--no-reroll", action="store_true", help="do not use an allowed re-roll")
    p.add_argument(
        "--no-apply", action="store_true", help="resolve and log the roll, apply nothing"
    )
    p.add_argument(
        "--next-step",
        action="store_true",
        help="go on to the next step of the sequence of play (drawing the next card there)",
    )
    p.add_argument(
        "--again",
        action="store_true",
        help="go back to the step the current step repeats from (next brigade, assault, round)",
    )
    p.add_argument("--previous-step", action="store_true", help="go back one step")
    p.add_argument("--next-phase", action="store_true", help="move to the next phase")
    p.add_argument("--draw", action="store_true", help="draw the next activation card")
    p.add_argument(
        "--token",
        metavar="T",
        help="with a hosted game's address for SAVE (drumhead host): the side's token",
    )
    p.add_argument(
        "--wait",
        type=float,
        metavar="SECONDS",
        help="with a hosted game: how long to wait for the referee to accept (default 300)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler="play:cmd_play")


def _roles(items: list[str], flag: str = "--role", what: str = "UNIT") -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for item in items:
        role, sep, units = item.partition("=")
        if not sep or not role.strip() or not units.strip():
            raise InputError(f"{flag} {item}: expected ROLE={what}")
        out[role.strip()] = [u.strip() for u in units.split(",") if u.strip()]
    return out


PLAY_WAIT = 10.0
"""Seconds ``drumhead play`` waits for another drumhead of this machine to let go of the save
(two commands run at once: the second goes on when the first is done, a moment later)."""


def cmd_play(args: argparse.Namespace) -> int:
    if args.save.startswith(("http://", "https://")):  # a hosted game (drumhead host)
        from drumhead.cli.play_remote import cmd_play_remote

        return cmd_play_remote(args)
    from drumhead.cli.commands import _pairs
    from drumhead.cli.games import _stamp as now
    from drumhead.saves import SaveSession, saves_dir
    from drumhead.saves.files import save_path

    path = save_path(saves_dir(getattr(args, "saves", None)), args.save)
    session, game = SaveSession.open(path, wait=PLAY_WAIT)
    report: dict[str, Any] = {"save": path.stem}
    try:
        if args.check is not None:
            report.update(_resolve(game, args, _roles(args.role), _pairs(args.set, "--set"), now()))
            report["check"] = args.check
        if args.draw:
            event = game.draw_card(at=now())
            report["drawn"] = event.data["card"]
        walked = _walk(game, args, now())
        if args.check is None and not (args.draw or walked):
            raise InputError(
                "give a check to resolve, or --next-step, --again, --previous-step, "
                "--next-phase or --draw"
            )
        session.save(game)
    finally:
        session.close()
    report["turn"] = game.turn_label()
    step = game.current_step()
    report["step"] = {"id": step.id, "text": step.text, "check": step.check} if step else None
    report["acting"] = game.acting_side()
    report["card"] = game.active_card()
    report["units"] = {
        u.id: {"strength_now": u.strength_now, "state": u.state, "markers": sorted(u.markers)}
        for u in game.state.units
    }
    lines = report.pop("lines", [])
    if args.json:
        emit_json(report)
        return 0
    for line in lines:
        print(line)
    print(report["turn"])
    if step is not None:
        who = f" ({report['acting']} acting)" if report["acting"] else ""
        print(f"Step: {step.text}{who}" + (f" [check: {step.check}]" if step.check else ""))
    return 0


def _walk(game: Any, args: argparse.Namespace, at: str) -> bool:
    """Walk the sequence as the options ask (in this order); whether any did."""
    asked = [args.next_step, args.again, args.previous_step, args.next_phase]
    if sum(asked) > 1:
        raise InputError("give one of --next-step, --again, --previous-step, --next-phase")
    if args.next_step:
        game.next_step(at=at)
    elif args.again:
        game.next_step(at=at, again=True)
    elif args.previous_step:
        game.previous_step(at=at)
    elif args.next_phase:
        game.next_phase(at=at)
    return any(asked)


def _resolve(
    game: Any,
    args: argparse.Namespace,
    roles: dict[str, list[str]],
    values: dict[str, str],
    at: str,
) -> dict[str, Any]:
    from drumhead.cli.commands import _mods

    check = game.ruleset.check(args.check)
    ids = check.role_ids
    unknown = sorted(set(roles) - set(ids))
    if unknown:
        raise InputError(
            f"{check.id} has no role '{unknown[0]}' (roles: {', '.join(ids) or 'none: army-level'})"
        )
    first = roles.get(ids[0], [None])[0] if ids else None
    others = {r: u for r, u in roles.items() if not ids or r != ids[0]}
    event, result = game.resolve(
        check.id,
        first,
        values,
        _mods(args.mod),
        hand_dice=args.dice,
        use_reroll=not args.no_reroll,
        leaders={r: u[0] for r, u in _roles(args.leader, "--leader", "LEADER").items()},
        at=at,
        roles=others or None,
    )
    out: dict[str, Any] = {
        "outcome": result.outcome,
        "text": result.text,
        "resolution": event.seq,
        "lines": [f"{check.title}: {result.text}"],
    }
    applied: list[dict[str, Any]] = []
    if result.effects and not args.no_apply:
        picked = {ids[0]: [first]} if ids and first is not None else {}
        picked.update(others)
        done = game.apply_effects(
            first, list(result.effects), at=at, resolution=event.seq, roles=picked or None
        )
        applied = list(done.data["effects"])
        for effect in applied:
            where = effect.get("unit") or "the table"
            out["lines"].append(f"  -> {effect.get('text')} ({where})")
    out["effects"] = applied
    return out
