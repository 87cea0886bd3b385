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

CATCH_UP = 5.0
"""Seconds ``play`` waits, after its answer, for the view of the game after it."""


def cmd_play_remote(args: argparse.Namespace) -> int:
    from drumhead.cli.commands import _mods, _pairs
    from drumhead.cli.play import _roles

    if args.no_apply:
        raise InputError(
            "--no-apply: a hosted game applies a check's effects as the referee accepts it"
        )
    if getattr(args, "pick", None):
        raise InputError(
            "--pick: a hosted game asks the side whose units take the effect, on its page "
            "(or the referee's console: pick P UNIT|random), once the roll is accepted"
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
            "roles": roles,  # a side of several units as a list, as the host takes it
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
            await _caught_up(client, int(answer.get("n", 0)), bool(answer.get("picking")))
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
        report["picking"] = view.get("picking")  # a roll's effects waiting for a side's pick
        if report["picking"]:
            asked = report["picking"]
            report["lines"].append(
                f"{asked['proposal']} waits for {asked['side_name']} to pick: {asked['text']}"
            )
        report["units"] = {
            u["id"]: {"strength_now": u["strength"], "state": u["state"], "markers": u["markers"]}
            for side in view.get("sides", ())
            for u in side["units"]
        }
        return report


async def _caught_up(client: Any, n: int, picking: bool, wait: float = CATCH_UP) -> None:
    """Wait until the view heard is the one the answer was given at (the host sends the
    answer, then every side's new view), with the pick it waits for when it does: what the
    report says is then the game after it."""
    loop = asyncio.get_running_loop()
    until = loop.time() + wait
    while loop.time() < until and (
        client.n < n or (picking and not (client.view or {}).get("picking"))
    ):
        await asyncio.sleep(0.02)


def _refused(answer: dict[str, Any]) -> None:
    if not answer.get("ok") or answer.get("status") == "refused":
        raise DrumheadError(f"the host refused: {answer.get('reason', 'no reason given')}")
