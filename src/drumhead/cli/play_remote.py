"""``drumhead play URL --token T``: the ``play`` command against a hosted game (issue 39).

The same options as on a save, sent to the host as a side's commands: a check is proposed
(the referee accepts it, or the host does by itself for that side) and this waits for the
verdict; ``--next-step``, ``--again``, ``--previous-step``, ``--next-phase`` and ``--draw``
walk the turn, refused when another device moved the game on first. The report is what the
side may see (units' morale in words, as the display shows them).
"""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from drumhead.cli.output import emit_json
from drumhead.errors import DrumheadError, InputError

WAIT = 300.0
"""Seconds ``play`` waits for the referee to decide a proposal (``--wait``)."""


def cmd_play_remote(args: argparse.Namespace) -> int:
    from drumhead.cli.commands import _mods, _pairs
    from drumhead.cli.play import _roles

    if args.no_apply:
        raise InputError(
            "--no-apply: a hosted game applies a check's effects as the referee accepts it"
        )
    walks = [
        do
        for do, asked in (
            ("next_step", args.next_step),
            ("again", args.again),
            ("previous_step", args.previous_step),
            ("next_phase", args.next_phase),
        )
        if asked
    ]
    if len(walks) > 1:
        raise InputError("give one of --next-step, --again, --previous-step, --next-phase")
    if args.check is None and not (args.draw or walks):
        raise InputError(
            "give a check to resolve, or --next-step, --again, --previous-step, --next-phase "
            "or --draw"
        )
    ask: dict[str, Any] | None = None
    if args.check is not None:
        roles = _roles(args.role)
        ask = {
            "check": args.check,
            "roles": {r: u[0] for r, u in roles.items()},
            "leaders": {r: u[0] for r, u in _roles(args.leader, "--leader", "LEADER").items()},
            "values": _pairs(args.set, "--set"),
            "modifiers": _mods(args.mod),
            "dice": args.dice,
            "use_reroll": not args.no_reroll,
        }
    wait = float(getattr(args, "wait", None) or WAIT)
    report = asyncio.run(_play(args.save, args.token, ask, args.draw, walks, wait))
    if args.json:
        emit_json(report)
        return 0
    for line in report.pop("lines"):
        print(line)
    print(report["turn"])
    if report["step"]:
        print(f"Step: {report['step']['text']}")
    return 0


async def _play(
    url: str,
    token: str | None,
    ask: dict[str, Any] | None,
    draw: bool,
    walks: list[str],
    wait: float,
) -> dict[str, Any]:
    from drumhead.host.client import TableClient

    async with TableClient(url, token, name="drumhead play") as client:
        if client.role == "display":
            raise DrumheadError("this is the display's token: a display sends no commands")
        report: dict[str, Any] = {"url": client.base, "side": client.role, "lines": []}
        if ask is not None:
            answer = await client.command("propose", timeout=wait, **ask)
            _refused(answer)
            report.update(proposal=answer.get("proposal"), status=answer.get("status"))
            rolled = [x for x in client.lines if x["kind"] == "resolution"]
            text = answer.get("reason") or (rolled[-1]["text"] if rolled else "")
            report["text"] = text
            report["lines"].append(f"{answer.get('proposal')} {answer.get('status')}: {text}")
        if draw:
            _refused(await client.command("draw"))
            report["drawn"] = client.view.get("activation", {}).get("current")
        for do in walks:
            _refused(await client.command(do))
        view = client.view
        report["n"] = client.n
        report["turn"] = view.get("where", "")
        report["step"] = {"text": view["step"]} if view.get("step") else None
        report["acting"] = view.get("acting")
        report["card"] = view.get("activation", {}).get("current")
        report["units"] = {
            u["id"]: {"strength_now": u["strength"], "state": u["state"], "markers": u["markers"]}
            for side in view.get("sides", ())
            for u in side["units"]
        }
        return report


def _refused(answer: dict[str, Any]) -> None:
    if not answer.get("ok") or answer.get("status") == "refused":
        raise DrumheadError(f"the host refused: {answer.get('reason', 'no reason given')}")
