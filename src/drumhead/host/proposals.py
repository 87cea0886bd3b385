"""The sides' proposals waiting for the referee: a check as a side filled it in, with the
odds it saw, accepted (rolled and applied through the table session) or refused by the host,
or taken back by its side. A side may have :data:`~drumhead.host.limits.PROPOSALS_WAITING`
waiting at once; the latest finished ones are kept to show what became of them."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from drumhead.host.limits import PROPOSALS_WAITING

if TYPE_CHECKING:
    from drumhead.host.protocol import CheckAsk

Status = Literal["waiting", "accepted", "refused", "withdrawn"]

FINISHED_KEPT = 30
"""Finished proposals kept (and shown to their side), the latest."""


@dataclass(frozen=True, slots=True)
class Proposal:
    """One check proposed by a side."""

    id: str
    """``p1``, ``p2``... in the order made (this host run)."""
    side: str
    command: str
    """The id of the command that proposed it (its answer comes when it is decided)."""
    ask: CheckAsk
    """The check as filled in (the roles as they stood when proposed)."""
    odds: list[list[Any]]
    """The odds its side saw: accepted only if the check still has them."""
    summary: dict[str, Any] = field(default_factory=dict)
    """What the referee and the side read: check, unit, opponents, modifiers, dice, odds."""
    made_at: int = 0
    """The event number it was made against."""
    status: Status = "waiting"
    reason: str = ""
    """Why it was refused (or what happened when accepted: the result)."""
    result_n: int | None = None
    """The event number of its roll, once accepted."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "side": self.side,
            "command": self.command,
            "status": self.status,
            "reason": self.reason,
            "made_at": self.made_at,
            "n": self.result_n,
            **self.summary,
        }


class ProposalBook:
    """The proposals of this host run, waiting and lately finished."""

    def __init__(self) -> None:
        self.items: OrderedDict[str, Proposal] = OrderedDict()
        self.made = 0
        """Proposals made so far (their ids count on from it)."""

    def waiting(self, side: str | None = None) -> list[Proposal]:
        return [p for p in self.items.values() if p.status == "waiting" and side in (None, p.side)]

    def of_side(self, side: str) -> list[Proposal]:
        return [p for p in self.items.values() if p.side == side]

    def by_command(self, side: str, command: str) -> Proposal | None:
        return next(
            (p for p in self.items.values() if p.side == side and p.command == command), None
        )

    def room(self, side: str) -> bool:
        """Whether ``side`` may make another proposal now."""
        return len(self.waiting(side)) < PROPOSALS_WAITING

    def add(
        self,
        side: str,
        command: str,
        ask: CheckAsk,
        odds: list[list[Any]],
        summary: dict[str, Any],
        made_at: int,
    ) -> Proposal:
        self.made += 1
        proposal = Proposal(f"p{self.made}", side, command, ask, odds, summary, made_at)
        self.items[proposal.id] = proposal
        return proposal

    def get(self, pid: str) -> Proposal | None:
        return self.items.get(pid)

    def finish(
        self, pid: str, status: Status, reason: str = "", result_n: int | None = None
    ) -> Proposal:
        """Mark a waiting proposal decided (the oldest finished ones beyond
        :data:`FINISHED_KEPT` are forgotten)."""
        done = replace(self.items[pid], status=status, reason=reason, result_n=result_n)
        self.items[pid] = done
        finished = [k for k, p in self.items.items() if p.status != "waiting"]
        for old in finished[: max(0, len(finished) - FINISHED_KEPT)]:
            del self.items[old]
        return done
