"""``drumhead play``: a saved game played from the command line, both sides of a check at once.

``drumhead play SAVE CHECK --role firer=UNIT --role target=UNIT`` resolves the check with the
game's seeded dice (or ``--dice`` rolled by hand), fills each role's inputs from the card of the
unit picked for it, applies every effect to the unit of the role it names (one event, undoable),
and saves. An effect on one unit of a group (``who = "pick:ROLE"``: Republique's base hits)
takes ``--pick ROLE=UNIT[,UNIT]``, one unit a pick, or ``random`` where the rules say at random;
a pick missing or outside the group is an error, and nothing is saved. A result needing a
number the card lacks (a battery's gunners, the hits a stand takes, the figures of a stand
captured; a general's command, his card naming none) takes the roll back and says which;
``--card UNIT.FIELD=VALUE`` (``LEADER.commands=...``) gives it (an undoable edit) before the
check is played again. ``--next-step`` (``--again`` to repeat a step's loop), ``--previous-step``,
``--next-phase`` and ``--draw`` walk the sequence of play as the ruleset lays it out. Scripts and tests play a
turn with it exactly as the app does. ``drumhead play URL --token T ...`` sends the same to a
hosted game as a side's commands (:mod:`drumhead.cli.play_remote`).
"""

from __future__ import annotations

import argparse
import contextlib
from typing import Any

from drumhead.cli.output import emit_json
from drumhead.errors import (
    CommandNeededError,
    DrumheadError,
    InputError,
    LeaderNeededError,
    MissingCardValueError,
    OptionError,
    PickNeededError,
    WrongSideError,
)


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
    p.add_argument(
        "--pick",
        action="append",
        default=[],
        metavar="ROLE=UNIT[,UNIT]",
        help="which unit of a role's group takes an effect the rules leave to the players "
        "(base hits), one unit a pick in order; 'random' where the rules say at random rolls "
        "the game's dice for it",
    )
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="an input")
    p.add_argument(
        "--card",
        action="append",
        default=[],
        metavar="UNIT.FIELD=VALUE",
        help="correct a unit's card (or a leader's: LEADER.FIELD=VALUE) before the check (an "
        "undoable edit): the players' answer when a result needs a number the card lacks, "
        "e.g. --card griffin.gunners=6, or a general's command, --card morgan.commands=main_line",
    )
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
        for item in getattr(args, "card", None) or []:
            _correct_card(game, item, now())
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
        acting = report["acting"]
        who = f" ({game.side_short_name(acting)} acting)" if acting else ""
        check = f" [check: {game.ruleset.check(step.check).title}]" if step.check else ""
        print(f"Step: {step.text}{who}{check}")
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


def _correct_card(game: Any, item: str, at: str) -> None:
    """``--card UNIT.FIELD=VALUE``: one field of a unit's card corrected, as the units screen
    does (an ``edit`` event), the value read as the field takes it; ``LEADER.FIELD=VALUE`` a
    leader's (``morgan.commands=main_line,cavalry_reserve``: a list, comma-separated)."""
    from drumhead.game.attributes import editable_fields
    from drumhead.session.cards import parse_field

    where, sep, text = item.partition("=")
    ident, dot, field = where.strip().partition(".")
    if not sep or not dot or not ident or not field:
        raise InputError(f"--card {item}: expected UNIT.FIELD=VALUE (e.g. griffin.gunners=6)")
    leader = not game.state.has_unit(ident) and game.state.has_leader(ident)
    kinds = editable_fields(game.ruleset, leader=leader)
    if field not in kinds:
        card = "a leader's card" if leader else "a unit card"
        raise InputError(f"--card {item}: {card} has no field '{field}' ({', '.join(kinds)})")
    value = parse_field(kinds[field], text.strip())
    if leader:
        game.edit_leader(ident, field, value, at=at)
        return
    game.state.unit(ident)
    game.edit_unit(ident, field, value, at=at)


def _roles_from_log(
    game: Any, check: Any, unit: str | None, values: dict[str, str], given: dict[str, list[str]]
) -> dict[str, str]:
    """The roles the log fills (as the app's form fills them: :meth:`roles_from_log`) that
    ``--role`` did not give, over the inputs as the unit's card and ``--set`` give them."""
    from drumhead.checks.resolve import coerce

    if unit is None:
        return {}
    inputs = dict(game.table_inputs(check, unit))
    for name, raw in values.items():
        spec = check.input(name)
        if spec is not None:
            with contextlib.suppress(DrumheadError):  # refused with its reason by the roll
                inputs[name] = coerce(spec, raw)
    from drumhead.game.sides import wrong_side

    found = game.roles_from_log(check, unit, inputs, given)
    # as the app's form: a unit the log names on the wrong side of its role is not picked
    return {r: u for r, u in found.items() if wrong_side(game.state, check, r, u, unit) is None}


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
    # the other sides, and the first's when it is a group (the unit it is made for first)
    others = {r: u for r, u in roles.items() if not ids or r != ids[0] or len(u) > 1}
    picks = _roles(args.pick, "--pick", "UNIT")
    unknown = sorted(set(picks) - set(ids))
    if unknown:
        raise InputError(
            f"--pick {unknown[0]}: {check.id} has no role '{unknown[0]}' "
            f"(roles: {', '.join(ids) or 'none'})"
        )
    filled = _roles_from_log(game, check, first, values, roles)
    others.update({r: [u] for r, u in filled.items()})
    try:
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
    except WrongSideError as exc:  # refused before the roll: the option named as its key
        raise OptionError(str(exc), key=f"--role {exc.role}") from None
    except LeaderNeededError as exc:  # the players say whose value counts: --leader ROLE=ID
        raise OptionError(str(exc), key=f"--leader {exc.role}") from None
    out: dict[str, Any] = {
        "from_log": filled,
        "outcome": result.outcome,
        "text": result.text,
        "resolution": event.seq,
        "lines": [f"{check.title}: {result.text}"],
    }
    applied: list[dict[str, Any]] = []
    if result.effects and not args.no_apply:
        picked = {ids[0]: [first]} if ids and first is not None else {}
        picked.update(others)  # the first side's whole group, when it is one
        try:
            done = game.apply_effects(
                first,
                list(result.effects),
                at=at,
                resolution=event.seq,
                roles=picked or None,
                picks=picks or None,
            )
        except MissingCardValueError as missing:
            game.undo()  # the roll is taken back: nothing half-recorded (undo keeps it to redo)
            raise InputError(
                f"{missing}; the roll was taken back: give it with --card "
                f"{missing.unit}.{missing.attribute}=N and play the check again"
            ) from None
        except CommandNeededError as needed:
            game.undo()  # the roll is taken back: played again, it rolls the same dice
            raise InputError(
                f"{needed}; the roll was taken back: give it with --card "
                f"{needed.leader}.commands=BRIGADE[,UNIT...] and play the check again"
            ) from None
        except PickNeededError as needed:
            game.undo()  # the roll is taken back: played again, it rolls the same dice
            how = "UNIT,... one a pick" + (", or random" if needed.at_random else "")
            raise PickNeededError(
                needed.where,
                needed.role,
                needed.units,
                needed.text,
                needed.at_random,
                f"give --pick {needed.role}={how}; the roll is taken back (played again with "
                "the picks, it rolls the same dice)",
            ) from None
        except InputError:
            game.undo()  # a wrong pick: nothing of this roll is kept
            raise
        applied = list(done.data["effects"])
        names = {u.id: u.name for u in (*game.start.units, *game.state.units)}
        for effect in applied:
            unit = effect.get("unit")
            where = names.get(unit, unit) if unit else "the table"
            out["lines"].append(f"  -> {effect.get('text')} ({where})")
    out["effects"] = applied
    return out
