"""File-system plumbing for saves: the saves folder, safe names, atomic writes, backups, locks."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import time
from dataclasses import dataclass
from pathlib import Path

from drumhead.errors import DrumheadError, RulesetError

BACKUPS = 3
"""How many earlier versions of a save's snapshot are kept (``NAME.toml.1`` is the newest)."""

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.,'()-]{0,79}$")


class SaveError(RulesetError):
    """A save file cannot be read or written (names file, line where known, and key path)."""


class SaveLockedError(SaveError):
    """Another drumhead holds the save open."""


def saves_dir(cli_value: str | None = None) -> Path:
    """``--saves DIR``, else ``$DRUMHEAD_SAVES``, else ``./saves`` (created when first written)."""
    if cli_value:
        return Path(cli_value)
    env = os.environ.get("DRUMHEAD_SAVES")
    if env:
        return Path(env)
    return Path("saves")


def save_path(folder: str | Path, name: str) -> Path:
    """The snapshot file of save ``name`` in ``folder``; names cannot leave the folder."""
    if name.endswith(".toml"):
        name = name[: -len(".toml")]
    if not _NAME.match(name) or ".." in name or name.strip() != name:
        raise DrumheadError(
            f"'{name}' is not a usable save name: use letters, digits, spaces and _ - . , ' ( ) "
            "(no slashes, no leading dot or space, at most 80 characters)"
        )
    base = Path(folder)
    path = base / f"{name}.toml"
    if path.resolve().parent != base.resolve():
        raise DrumheadError(f"the save name '{name}' would leave the saves folder")
    return path


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the platform allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes, *, backups: int = 0) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves the old or the new file, never half.

    The data goes to a temporary file in the same folder, is flushed and fsynced, then renamed
    over the old file (``os.replace``) and the folder is fsynced. With ``backups``, the old file
    is first kept as ``path.1`` (older ones shift to ``.2``, ``.3``).
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".{path.name}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if backups and path.exists():
            rotate_backups(path, backups)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise SaveError(
            f"could not write the save: {exc.strerror or exc}", path=str(path)
        ) from None
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    fsync_dir(folder)


def rotate_backups(path: Path, keep: int) -> None:
    """``path.(n-1)`` -> ``path.n`` down to ``path`` -> ``path.1`` (``path`` itself stays)."""
    for n in range(keep, 1, -1):
        older = path.with_name(f"{path.name}.{n - 1}")
        if older.exists():
            os.replace(older, path.with_name(f"{path.name}.{n}"))
    first = path.with_name(f"{path.name}.1")
    with contextlib.suppress(FileNotFoundError):
        first.unlink()
    try:
        os.link(path, first)
    except OSError:
        first.write_bytes(path.read_bytes())


# -- locks ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LockInfo:
    pid: int
    host: str
    since: str

    def describe(self) -> str:
        return f"process {self.pid} on {self.host} since {self.since}"


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def read_lock(lock: Path) -> LockInfo | None:
    import json  # here, not at the top: listing saves (the first frame) rarely meets a lock

    try:
        data = json.loads(lock.read_text(encoding="utf-8"))
        return LockInfo(int(data["pid"]), str(data["host"]), str(data["since"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def lock_path(save: Path) -> Path:
    return save.with_name(f"{save.stem}.lock")


def _stale(holder: LockInfo | None) -> bool:
    """Whether a lock may be taken over: unreadable, or left by a process of this machine
    that is no longer running (e.g. after a crash)."""
    return holder is None or (holder.host == socket.gethostname() and not _pid_alive(holder.pid))


def lock_holder(save: Path) -> LockInfo | None:
    """Who holds the save's lock; None when nobody does: no lock file, or a stale one that
    :func:`acquire_lock` would take over."""
    holder = read_lock(lock_path(save))
    return None if _stale(holder) else holder


def acquire_lock(save: Path) -> Path:
    """Take the save's lock file, or raise :class:`SaveLockedError` naming who holds it.

    A lock left by a process of this machine that is no longer running is stale: it is
    taken over.
    """
    try:
        return _acquire(save)
    except OSError as exc:
        raise SaveError(f"cannot lock the save: {exc.strerror or exc}", path=str(save)) from None


def _acquire(save: Path) -> Path:
    import json

    lock = lock_path(save)
    save.parent.mkdir(parents=True, exist_ok=True)
    me = LockInfo(os.getpid(), socket.gethostname(), time.strftime("%Y-%m-%dT%H:%M:%S%z"))
    payload = json.dumps({"pid": me.pid, "host": me.host, "since": me.since}).encode()
    tmp = save.parent / f".{lock.name}.{me.pid}.tmp"
    tmp.write_bytes(payload)
    try:
        for _ in range(3):
            try:
                os.link(tmp, lock)
                return lock
            except FileExistsError:
                holder = read_lock(lock)
                stale = _stale(holder)
                if holder is not None and holder.pid == me.pid and holder.host == me.host:
                    stale = False
                if not stale:
                    assert holder is not None
                    raise SaveLockedError(
                        f"this save is open in another drumhead ({holder.describe()}); close it "
                        f"there first, or if that process is gone, delete {lock.name}",
                        path=str(save),
                    ) from None
                with contextlib.suppress(FileNotFoundError):
                    lock.unlink()
        raise SaveLockedError("could not take the save's lock", path=str(save))
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()


def release_lock(lock: Path) -> None:
    holder = read_lock(lock)
    if holder is not None and holder.pid == os.getpid():
        with contextlib.suppress(FileNotFoundError):
            lock.unlink()
