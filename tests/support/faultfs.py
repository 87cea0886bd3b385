"""A folder whose disk fails on demand, in-process: the operating system calls the saves layer
makes on files inside it (``os.open``, ``os.write``, ``os.pwrite``, ``os.ftruncate``,
``os.fsync``, ``os.replace``, ``os.link``, ``os.unlink``, ``os.mkdir``) are wrapped, and fail
as a full disk or a read-only folder would.

Used by tests/saves/test_faults.py next to the real failures (a file-size limit in a
subprocess, a folder removed) of test_crashes.py.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest


class FaultyDisk:
    """Faults for one folder. ``space``: bytes the disk still takes (None: no limit);
    ``readonly``: every change refused (``EROFS`` or ``EACCES``)."""

    def __init__(self, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder = str(folder.resolve())
        self.space: int | None = None
        self.readonly: int | None = None
        self.fds: set[int] = set()
        self.failures = 0
        """How many calls were made to fail."""
        real = {name: getattr(os, name) for name in _WRAPPED}
        self.real = real

        def inside(path: Any) -> bool:
            if isinstance(path, int):
                return False
            return str(Path(os.fspath(path)).resolve()).startswith(self.folder)

        def refuse(code: int) -> OSError:
            self.failures += 1
            return OSError(code, os.strerror(code))

        def fake_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
            if inside(path):
                writing = flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC)
                if self.readonly is not None and writing:
                    raise refuse(self.readonly)
                fd: int = real["open"](path, flags, *args, **kwargs)
                self.fds.add(fd)
                return fd
            return real["open"](path, flags, *args, **kwargs)  # type: ignore[no-any-return]

        def take(fd: int, data: Any) -> Any:
            """How much of ``data`` the disk takes (raising when it takes nothing)."""
            if fd not in self.fds:
                return data
            if self.readonly is not None:
                raise refuse(self.readonly)
            if self.space is None:
                return data
            if self.space <= 0:
                raise refuse(errno.ENOSPC)
            part = bytes(data)[: self.space]
            self.space -= len(part)
            return part

        def fake_write(fd: int, data: Any) -> int:
            return real["write"](fd, take(fd, data))  # type: ignore[no-any-return]

        def fake_pwrite(fd: int, data: Any, offset: int) -> int:
            return real["pwrite"](fd, take(fd, data), offset)  # type: ignore[no-any-return]

        def fake_close(fd: int) -> None:
            self.fds.discard(fd)
            real["close"](fd)

        def changing(name: str) -> Any:
            def call(*args: Any, **kwargs: Any) -> Any:
                paths = [a for a in args if not isinstance(a, int)]
                fds = [a for a in args[:1] if isinstance(a, int)]
                if self.readonly is not None and (
                    any(inside(p) for p in paths) or any(fd in self.fds for fd in fds)
                ):
                    raise refuse(self.readonly)
                return real[name](*args, **kwargs)

            return call

        monkeypatch.setattr(os, "open", fake_open)
        monkeypatch.setattr(os, "write", fake_write)
        monkeypatch.setattr(os, "pwrite", fake_pwrite)
        monkeypatch.setattr(os, "close", fake_close)
        for name in ("ftruncate", "replace", "link", "unlink", "mkdir", "rename"):
            monkeypatch.setattr(os, name, changing(name))

    @contextmanager
    def full(self, space: int = 0) -> Iterator[None]:
        """The disk takes ``space`` more bytes, then reports ENOSPC."""
        self.space = space
        try:
            yield
        finally:
            self.space = None

    @contextmanager
    def read_only(self, code: int = errno.EROFS) -> Iterator[None]:
        self.readonly = code
        try:
            yield
        finally:
            self.readonly = None


_WRAPPED = (
    "open",
    "write",
    "pwrite",
    "close",
    "ftruncate",
    "replace",
    "link",
    "unlink",
    "mkdir",
    "rename",
)
