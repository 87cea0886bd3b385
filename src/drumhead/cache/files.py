"""Files in drumhead's cache folder: whole or not at all, checked before use, the user's own.

What :mod:`drumhead.cache.rulesets` and :mod:`drumhead.saves.parsed` keep is derived from other
files and can always be made again, so nothing here ever fails a command: a folder that cannot
be made or is not to be trusted, a file that is missing, damaged or too large, a disk that is
full are each an answer of "not cached" (the caller does the work the long way).

An entry is a first line naming its format, a CRC-32 of its body (8 hex digits, a newline),
then the body. It is written to a temporary file in the same folder and renamed into place:
a reader sees a whole entry or none, however many processes write at once.
"""

from __future__ import annotations

import contextlib
import os
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path


OBSOLETE = ("classes",)
"""Folders earlier drumheads kept in the cache and this one does not read: ``classes`` held
compiled dataclass methods (a start-up trick for CPython 3.11 alone, retired). They are
removed when a cache folder is next made; until then they are simply never read."""


def folder(name: str, *, make: bool) -> Path | None:
    """The cache's folder ``name`` (made if asked, for this user alone); None when it is
    missing and not to be made, cannot be made, or is not this user's own (its files are
    read back as code or data drumhead trusts, as Python trusts its ``.pyc`` files)."""
    from drumhead.cache.rulesets import cache_dir

    path = cache_dir() / name
    try:
        if make:
            path.mkdir(mode=0o700, parents=True, exist_ok=True)
            forget_obsolete(cache_dir())
        st = path.stat()
    except OSError:
        return None
    if hasattr(os, "getuid") and (st.st_uid != os.getuid() or st.st_mode & 0o022):
        return None
    return path


def forget_obsolete(cache: Path) -> None:
    """Remove what earlier drumheads kept in ``cache`` that this one never reads
    (:data:`OBSOLETE`); a folder that cannot be removed is left, unread."""
    import shutil

    for name in OBSOLETE:
        old = cache / name
        if old.is_dir() and not old.is_symlink():
            shutil.rmtree(old, ignore_errors=True)


def read(path: Path, fmt: bytes, limit: int) -> bytes | None:
    """The body of the entry at ``path``; None when there is none, or it is of another
    format, larger than ``limit`` bytes, cut short or damaged."""
    import zlib

    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError:
        return None
    head = len(fmt)
    if len(data) > limit or not data.startswith(fmt) or data[head + 8 : head + 9] != b"\n":
        return None
    body = data[head + 9 :]
    if f"{zlib.crc32(body):08x}".encode() != data[head : head + 8]:
        return None
    return body


def write(path: Path, fmt: bytes, body: bytes) -> bool:
    """Store an entry at ``path`` (its folder made by :func:`folder`); False when it could
    not be written (nothing is left behind)."""
    import zlib

    data = fmt + f"{zlib.crc32(body):08x}".encode() + b"\n" + body
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    try:
        with open(temporary, "xb") as out:
            out.write(data)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()
        return False
    return True


def prune(where: Path, suffix: str, keep: int) -> None:
    """Keep the ``keep`` newest entries named ``*suffix`` in ``where`` (and no temporary file
    a crash left an hour ago)."""
    with contextlib.suppress(OSError):
        entries = []
        for item in os.scandir(where):
            st = item.stat()
            if item.name.endswith(suffix):
                entries.append((st.st_mtime, item.path))
            elif item.name.endswith(".tmp") and st.st_mtime < time.time() - 3600:
                os.unlink(item.path)
        for _, path in sorted(entries)[:-keep] if keep else sorted(entries):
            with contextlib.suppress(OSError):
                os.unlink(path)
