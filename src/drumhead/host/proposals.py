"""The sides' proposals waiting for the referee: a check as a side filled it in, with the
odds it saw, accepted (rolled and applied through the table session) or refused by the host,
or taken back by its side. A side may have :data:`~drumhead.host.limits.PROPOSALS_WAITING`
waiting at once; the latest finished ones are kept to show what became of them.

A proposal is a player's word: it is kept beside the save, as the commands done are
(``NAME.proposals.json`` beside ``NAME.toml``, written whole, atomically, and flushed to disk
before its side is told it waits), so that a restarted host still has it waiting, under the
same id. Before a proposal is rolled the file says so (``rolling``): a host stopped in the
middle of a roll cannot tell whether the roll reached the save, so that proposal is refused
back to its side, with why, rather than rolled twice or lost in silence (:meth:`ProposalBook.
settle`). A file that cannot be read is set aside (``.unreadable``) and said so."""

from __future__ import annotations

import contextlib
import json
import os
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from drumhead.errors import DrumheadError
from drumhead.host.limits import PROPOSALS_FILE_BYTES, PROPOSALS_WAITING
from drumhead.host.picking import Picking, read_picking
from drumhead.host.protocol import CheckAsk, ask_data, read_ask

if TYPE_CHECKING:
    from drumhead.host.ledger import Ledger

Status = Literal["waiting", "accepted", "refused", "withdrawn"]
STATUSES: tuple[Status, ...] = ("waiting", "accepted", "refused", "withdrawn")

FINISHED_KEPT = 30
"""Finished proposals kept (and shown to their side), the latest."""

STOPPED_ROLLING = (
    "the host stopped while rolling it: look at the log to see whether it was rolled before "
    "proposing it again"
)
"""Why a proposal the host was rolling when it stopped is refused at the restart."""


def proposals_path(save: Path) -> Path:
    """The proposals of the save whose snapshot is ``save`` (``NAME.toml``)."""
    return save.with_name(save.stem + ".proposals.json")


@dataclass(frozen=True, slots=True)
class Proposal:
    """One check proposed by a side."""

    id: str
    """``p1``, ``p2``... in the order made (counted on across the host's restarts)."""
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
    """The event number it was made against (in the host run it was made in)."""
    status: Status = "waiting"
    reason: str = ""
    """Why it was refused (or what happened when accepted: the result)."""
    result_n: int | None = None
    """The event number of its roll, once accepted."""
    picking: Picking | None = None
    """Accepted and rolled, its effects wait for a pick (which unit of a group takes one)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "side": self.side,
            "command": self.command,
            "status": self.status,
            "reason": self.reason,
            "made_at": self.made_at,
            "n": self.result_n,
            "picking": self.picking is not None,
            **self.summary,
        }

    def kept(self) -> dict[str, Any]:
        """As the proposals file keeps it (:func:`_read_proposal` reads it back)."""
        return {
            "id": self.id,
            "side": self.side,
            "command": self.command,
            "ask": ask_data(self.ask),
            "odds": self.odds,
            "summary": self.summary,
            "made_at": self.made_at,
            "status": self.status,
            "reason": self.reason,
            "n": self.result_n,
            **({"picking": self.picking.to_dict()} if self.picking is not None else {}),
        }


class ProposalBook:
    """The proposals waiting and lately finished; on disk when given a path."""

    def __init__(self, path: Path | None = None) -> None:
        self.items: OrderedDict[str, Proposal] = OrderedDict()
        self.made = 0
        """Proposals made so far (their ids count on from it)."""
        self.path = path
        self.rolled: str | None = None
        """The proposal being rolled now (written down first: see the module)."""
        self.problem: str | None = None
        """What went wrong reading or writing the file (None: nothing)."""
        if path is not None and path.exists():
            self._read(path)

    # -- what is kept ---------------------------------------------------------------------
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

    def get(self, pid: str) -> Proposal | None:
        return self.items.get(pid)

    # -- changes (each written down) ------------------------------------------------------
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
        self.write()
        return proposal

    def rolling(self, pid: str) -> None:
        """Proposal ``pid`` is about to be rolled (written down before the dice are)."""
        self.rolled = pid
        self.write()

    def finish(
        self,
        pid: str,
        status: Status,
        reason: str = "",
        result_n: int | None = None,
        picking: Picking | None = None,
    ) -> Proposal:
        """Mark a waiting proposal decided (the oldest finished ones beyond
        :data:`FINISHED_KEPT` are forgotten, never one whose effects wait for a pick)."""
        done = replace(
            self.items[pid], status=status, reason=reason, result_n=result_n, picking=picking
        )
        self.items[pid] = done
        if self.rolled == pid:
            self.rolled = None
        finished = [k for k, p in self.items.items() if p.status != "waiting" and p.picking is None]
        for old in finished[: max(0, len(finished) - FINISHED_KEPT)]:
            del self.items[old]
        self.write()
        return done

    def picking(self) -> Proposal | None:
        """The accepted proposal whose effects wait for a pick (one at a time)."""
        return next((p for p in self.items.values() if p.picking is not None), None)

    def set_picking(self, pid: str, picking: Picking | None, reason: str) -> Proposal:
        """An accepted proposal's pick asked again (another point to pick), or answered
        (None: its effects applied, or left to the players), with what became of it."""
        done = replace(self.items[pid], picking=picking, reason=reason)
        self.items[pid] = done
        self.write()
        return done

    def settle(self, ledger: Ledger) -> list[Proposal]:
        """After a restart: a waiting proposal whose answer the commands done hold is finished
        as they say (the host stopped before this file did); one the host was rolling when it
        stopped is refused with why. The proposals so finished."""
        settled = []
        for proposal in self.waiting():
            answer = ledger.get(f"{proposal.side}:{proposal.command}")
            status = answer.get("status") if answer is not None else None
            if answer is not None and status in STATUSES and status != "waiting":
                reason = str(answer.get("reason", ""))
                n = answer.get("n") if isinstance(answer.get("n"), int) else None
                settled.append(self.finish(proposal.id, status, reason, n))
            elif proposal.id == self.rolled:
                settled.append(self.finish(proposal.id, "refused", STOPPED_ROLLING))
        if self.rolled is not None:
            self.rolled = None
            self.write()
        return settled

    def follow(self, path: Path) -> None:
        """The game is saved under another name: its proposals go with it (written there, and
        no longer beside the save it was)."""
        old, self.path = self.path, path
        self.write()
        if old is not None and old != path and self.problem is None:
            with contextlib.suppress(OSError):
                old.unlink()

    # -- the file -------------------------------------------------------------------------
    def write(self) -> None:
        """The whole book, in place of the file, flushed to disk (a failure keeps it in
        memory and says so: a restart would not have it)."""
        if self.path is None:
            return
        data: dict[str, Any] = {
            "made": self.made,
            "proposals": [p.kept() for p in self.items.values()],
        }
        if self.rolled is not None:
            data["rolling"] = self.rolled
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            with temporary.open("w", encoding="utf-8") as file:
                file.write(json.dumps(data, separators=(",", ":"), ensure_ascii=False))
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.path)
        except OSError as exc:
            self.problem = (
                f"the proposals waiting cannot be written down in {self.path.name} "
                f"({exc.strerror}): a restarted host would not have them"
            )
        else:
            self.problem = None
        finally:
            with contextlib.suppress(FileNotFoundError):
                temporary.unlink()

    def _read(self, path: Path) -> None:
        try:
            with path.open("rb") as file:
                raw = file.read(PROPOSALS_FILE_BYTES + 1)
            if len(raw) > PROPOSALS_FILE_BYTES:
                raise ValueError(f"larger than {PROPOSALS_FILE_BYTES // (1024 * 1024)} MiB")
            data = json.loads(raw.decode("utf-8"))
            if not isinstance(data, dict) or not isinstance(data.get("proposals"), list):
                raise ValueError("not a table of proposals")
            made, rolled = data.get("made", 0), data.get("rolling")
            items = [_read_proposal(item, index) for index, item in enumerate(data["proposals"])]
        except (OSError, ValueError, DrumheadError) as exc:  # UnicodeError is a ValueError
            self._set_aside(path, exc)
            return
        for proposal in items:
            self.items[proposal.id] = proposal
        numbers = [int(p.id[1:]) for p in items if p.id[1:].isdigit()]
        self.made = max([made if isinstance(made, int) else 0, *numbers])
        self.rolled = rolled if isinstance(rolled, str) else None

    def _set_aside(self, path: Path, exc: Exception) -> None:
        """A file that cannot be read is kept as it is, under another name, and said so."""
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        aside = path.with_name(path.name + ".unreadable")
        try:
            os.replace(path, aside)
            kept = f"kept as {aside.name}"
        except OSError:
            kept = "left as it is"
        self.problem = (
            f"the proposals waiting in {path.name} cannot be read ({why[:120]}): {kept}; "
            "their sides propose them again"
        )


def _read_proposal(item: object, index: int) -> Proposal:
    """One proposal as the file keeps it (:meth:`Proposal.kept`); ValueError says what is
    wrong with it."""
    where = f"proposals[{index}]"
    if not isinstance(item, dict):
        raise ValueError(f"{where}: not a table")
    texts = {k: item.get(k) for k in ("id", "side", "command", "status", "reason")}
    if not all(isinstance(v, str) for v in texts.values()) or texts["status"] not in STATUSES:
        raise ValueError(f"{where}: id, side, command, status and reason are texts")
    odds, summary, n = item.get("odds"), item.get("summary"), item.get("n")
    if not isinstance(odds, list) or not all(isinstance(o, list) for o in odds):
        raise ValueError(f"{where}.odds: a list of outcomes")
    if not isinstance(summary, dict) or not isinstance(item.get("ask"), dict):
        raise ValueError(f"{where}: its ask and summary are tables")
    made_at = item.get("made_at", 0)
    if not isinstance(made_at, int) or not (n is None or isinstance(n, int)):
        raise ValueError(f"{where}: made_at and n are whole numbers")
    picking = item.get("picking")
    if picking is not None and texts["status"] != "accepted":
        raise ValueError(f"{where}.picking: only an accepted proposal waits for a pick")
    return Proposal(
        str(texts["id"]),
        str(texts["side"]),
        str(texts["command"]),
        read_ask(item["ask"]),
        odds,
        summary,
        made_at,
        texts["status"],
        str(texts["reason"]),
        n,
        read_picking(picking, f"{where}.picking") if picking is not None else None,
    )
