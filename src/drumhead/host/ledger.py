"""The commands a hosted game has done, by id, kept beside the save so that a command sent
twice (a device that lost the answer, the host restarted in between) is done once.

``NAME.commands.jsonl`` beside ``NAME.toml``: one JSON object a line, ``{"key": ..., "answer":
{...}}``, appended and flushed to disk after the save's journal holds the command's events
(so a line never names a change the save lacks). The latest
:data:`~drumhead.host.limits.COMMANDS_KEPT` are remembered; the file is rewritten with them
when it holds twice as many. A line that cannot be read (cut short by a crash) is skipped.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections import OrderedDict
from pathlib import Path
from typing import Any

from drumhead.host.limits import COMMANDS_KEPT


def ledger_path(save: Path) -> Path:
    """The ledger of the save whose snapshot is ``save`` (``NAME.toml``)."""
    return save.with_name(save.stem + ".commands.jsonl")


class Ledger:
    """Answers given, by command key (``side:id``); on disk when given a path."""

    def __init__(self, path: Path | None = None, *, keep: int = COMMANDS_KEPT) -> None:
        self.path = path
        self.keep = keep
        self.answers: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.lines = 0
        """Lines in the file (it is compacted past twice :attr:`keep`)."""
        self.problem: str | None = None
        """Why the last answer could not be written down (None: it was)."""
        if path is not None and path.exists():
            self._read(path)

    def _read(self, path: Path) -> None:
        with path.open(encoding="utf-8", errors="replace") as file:
            for line in file:
                self.lines += 1
                try:
                    entry = json.loads(line)
                    key, answer = entry["key"], entry["answer"]
                except (ValueError, KeyError, TypeError):
                    continue  # a line cut short by a crash
                if isinstance(key, str) and isinstance(answer, dict):
                    self._remember(key, answer)

    def _remember(self, key: str, answer: dict[str, Any]) -> None:
        self.answers[key] = answer
        self.answers.move_to_end(key)
        while len(self.answers) > self.keep:
            self.answers.popitem(last=False)

    def get(self, key: str) -> dict[str, Any] | None:
        return self.answers.get(key)

    def add(self, key: str, answer: dict[str, Any]) -> None:
        """Remember ``answer`` for ``key`` (and write it down, flushed to disk)."""
        self._remember(key, answer)
        if self.path is None:
            return
        if self.lines >= 2 * self.keep:
            try:
                self._compact()
            except OSError as exc:
                self.problem = f"the commands done cannot be written down ({exc.strerror})"
            return
        line = json.dumps({"key": key, "answer": answer}, separators=(",", ":")) + "\n"
        try:
            with self.path.open("a", encoding="utf-8") as file:
                file.write(line)
                file.flush()
                os.fsync(file.fileno())
        except OSError as exc:  # kept in memory: a resend is still done once in this run
            self.problem = f"the commands done cannot be written down ({exc.strerror})"
            return
        self.problem = None
        self.lines += 1

    def _compact(self) -> None:
        assert self.path is not None
        text = "".join(
            json.dumps({"key": k, "answer": a}, separators=(",", ":")) + "\n"
            for k, a in self.answers.items()
        )
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            with temporary.open("w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                temporary.unlink()
        self.lines = len(self.answers)
