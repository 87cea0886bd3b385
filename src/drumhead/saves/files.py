"""File-system plumbing for saves: the saves folder, safe names, atomic writes, backups, locks,
and what a failed write means to a player."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import socket
import time
from dataclasses import dataclass
from pathlib import Path

from drumhead.errors import DrumheadError, RulesetError

try:  # the operating system's file locks (Linux, macOS, the BSDs)
    import fcntl as _fcntl
except ImportError:  # pragma: no cover - Windows: the lock file alone (see acquire_lock)
    _fcntl = None  # type: ignore[assignment]

BACKUPS = 3
"""How many earlier versions of a save's snapshot are kept (``NAME.toml.1`` is the newest)."""

NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
"""Opening with this flag refuses a symbolic link as the file's own name (a link to another
file is never written through); 0 where the system has none (Windows)."""

LOCK_BYTES = 4096
"""The most of a lock file read: a lock holds a line of JSON (a lock file made huge, or a
link to an endless file, costs nothing)."""

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.,'()-]{0,79}$")


class SaveError(RulesetError):
    """A save file cannot be read or written (names file, line where known, and key path)."""


class SaveLockedError(SaveError):
    """Another drumhead holds the save open."""


class SaveWriteError(SaveError):
    """Saving failed for a reason outside drumhead (a full disk, a folder gone or read-only).

    ``reason`` is that reason in a few words a player understands (``"the disk is full"``);
    the game is still whole in memory, and saving can be retried or done elsewhere.
    """

    def __init__(self, reason: str, *, path: str, detail: str = "") -> None:
        self.reason = reason
        """What went wrong, in a player's words (the status bar shows it)."""
        extra = f" ({detail})" if detail and detail != reason else ""
        super().__init__(
            f"could not save: {reason}{extra}; the game is kept in memory "
            "(saving is tried again, or save it elsewhere with save as)",
            path=path,
        )


FOLDER_GONE = "the saves folder is missing (deleted or renamed?)"
FILES_REPLACED = "the save's files were replaced or moved by another program"
_REASONS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk is full",
    errno.EFBIG: "the disk is full",
    errno.ENOENT: FOLDER_GONE,
    errno.ENOTDIR: FOLDER_GONE,
    errno.EROFS: "the saves folder is read-only",
    errno.EACCES: "the saves folder is read-only",
    errno.EPERM: "the saves folder is read-only",
}


class LinkRefused(SaveError):
    """A file drumhead would write is a symbolic link: it is never written through."""


def link_refusal(path: Path, *, save: Path | None = None) -> LinkRefused:
    """The error for ``path`` found to be a symbolic link where drumhead writes a file."""
    try:
        target = f" (to {os.readlink(path)})"
    except OSError:
        target = ""
    if target and len(target) > 90:
        target = f" (to ...{target[-80:]}"
    if path.name.endswith(".lock"):
        advice = f"delete {path.name} (a link, maybe from an unpacked archive) and try again"
    else:
        advice = "put the file itself there in its place (a copy of what the link points to)"
    return LinkRefused(
        f"{path.name} is a symbolic link{target}: drumhead never writes through a link, "
        f"which could overwrite any file; {advice}",
        path=str(save if save is not None else path),
    )


def refuse_links(*paths: Path, save: Path) -> None:
    """Raise :class:`LinkRefused` for the first of ``paths`` that is a symbolic link."""
    for path in paths:
        if path.is_symlink():
            raise link_refusal(path, save=save)


def open_new(path: Path, flags: int = os.O_WRONLY) -> int:
    """Make ``path`` as a new file and open it, never through a symbolic link: a file (or link)
    already there under that name is an error (``FileExistsError``)."""
    return os.open(path, flags | os.O_CREAT | os.O_EXCL | NO_FOLLOW, 0o644)


def write_file(path: Path, data: bytes, *, replace: bool = True) -> None:
    """Write a file the player named (``-o FILE``): refused, with the reason, when ``path`` is
    a symbolic link (never written through), or exists and ``replace`` is False. Raises
    :class:`DrumheadError` with the operating system's reason when it cannot be written."""
    if path.is_symlink():
        raise link_refusal(path)
    flags = os.O_WRONLY | os.O_CREAT | NO_FOLLOW | (os.O_TRUNC if replace else os.O_EXCL)
    try:
        fd = os.open(path, flags, 0o644)
        try:
            write_all(fd, data, 0)
        finally:
            os.close(fd)
    except FileExistsError:
        raise DrumheadError(
            f"{path} exists already: give another file (nothing was written)"
        ) from None
    except OSError as exc:
        if path.is_symlink():  # made between the look and the open
            raise link_refusal(path) from None
        raise DrumheadError(f"cannot write {path}: {exc.strerror or exc}") from None


def moved_reason(path: Path) -> str:
    """Why ``path`` no longer names the file drumhead wrote: its folder is gone, or the file
    was replaced or moved."""
    return FILES_REPLACED if path.parent.is_dir() else FOLDER_GONE


def write_failure(exc: OSError, path: Path | str) -> SaveWriteError:
    """The :class:`SaveWriteError` for an operating-system error met while saving ``path``."""
    detail = exc.strerror or str(exc)
    reason = _REASONS.get(exc.errno or 0, detail.lower() if detail else "the disk failed")
    return SaveWriteError(reason, path=str(path), detail=detail)


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


def write_atomic(path: Path, data: bytes, *, backups: int = 0, make_folder: bool = True) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves the old or the new file, never half.

    The data goes to a temporary file in the same folder, is fsynced, then renamed over the old
    file (``os.replace``) and the folder is fsynced. With ``backups``, the old file is first
    kept as ``path.1`` (older ones shift to ``.2``, ``.3``). ``make_folder=False``: a missing
    folder is an error (an open save never makes up a folder deleted under it). Any failure
    leaves ``path`` as it was and raises :class:`SaveWriteError`.
    """
    folder = path.parent
    tmp = folder / f".{path.name}.{os.getpid()}.tmp"
    try:
        if make_folder:
            folder.mkdir(parents=True, exist_ok=True)
        try:
            fd = open_new(tmp)
        except FileExistsError:  # left by a crash, or put there: removed (never followed)
            os.unlink(tmp)
            fd = open_new(tmp)
        try:
            write_all(fd, data, 0)
            os.fsync(fd)
        finally:
            os.close(fd)
        if backups and path.exists():
            rotate_backups(path, backups)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise write_failure(exc, path) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(folder)


def write_all(fd: int, data: bytes, offset: int) -> None:
    """Write all of ``data`` at ``offset`` of ``fd`` (a short write is continued; an error
    raises ``OSError`` with part of it possibly written)."""
    view = memoryview(data)
    while view:
        if hasattr(os, "pwrite"):
            done = os.pwrite(fd, view, offset)
        else:  # pragma: no cover - Windows
            os.lseek(fd, offset, os.SEEK_SET)
            done = os.write(fd, view)
        if done <= 0:  # pragma: no cover - a disk that takes nothing and says nothing
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[done:]
        offset += done


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
        os.link(path, first, follow_symlinks=False)
    except (OSError, NotImplementedError):  # no hard links here (or not without following)
        fd = open_new(first)
        try:
            write_all(fd, path.read_bytes(), 0)
        finally:
            os.close(fd)


# -- locks ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LockInfo:
    """Who holds a save, as its lock file says."""

    pid: int
    host: str
    since: str

    def describe(self) -> str:
        return f"process {self.pid} on {self.host} since {self.since}"


@dataclass(eq=False, slots=True)
class SaveLock:
    """A save's lock, held: the lock file, and (where the system has them) the open file the
    operating system's lock is on. The kernel lets go of that when the process ends, however
    it ends, so a crash never leaves the save locked."""

    path: Path
    fd: int | None
    """The lock file, open and locked with ``flock``; None where there is no ``flock``."""

    def release(self) -> None:
        """Let go of the save: remove the lock file (where the folder allows), then unlock."""
        if self.fd is None:
            holder = read_lock(self.path)
            if holder is not None and holder.pid == os.getpid():
                with contextlib.suppress(OSError):
                    os.unlink(self.path)
            return
        # removed while still locked: whoever opens it next makes a new one (see _flock)
        with contextlib.suppress(OSError):
            if _same_file(self.fd, self.path):
                os.unlink(self.path)
        with contextlib.suppress(OSError):
            os.close(self.fd)
        self.fd = None


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
    return not _ended(pid)


def _ended(pid: int) -> bool:
    """Whether process ``pid`` has ended but not been reaped yet (a zombie, on Linux): it holds
    no lock (its files closed as it ended), though the system still answers for its number
    until its parent collects it (seen after a ``kill -9``: the save listed as open elsewhere,
    and not reopened at start, for as long as nobody collected the killed drumhead)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return False  # no /proc (not Linux), or gone meanwhile: as os.kill said
    end = stat.rfind(b")")  # the state follows the command's name, which may hold anything
    return end >= 0 and stat[end + 2 : end + 3] == b"Z"


def _parse_lock(raw: bytes) -> LockInfo | None:
    import json  # here, not at the top: listing saves (the first frame) rarely meets a lock

    try:
        data = json.loads(raw.decode("utf-8"))
        return LockInfo(int(data["pid"]), str(data["host"]), str(data["since"]))
    except (ValueError, KeyError, TypeError, RecursionError):
        return None


def read_lock(lock: Path) -> LockInfo | None:
    """Who the lock file says holds the save (None: no lock file, a link, or not a lock's)."""
    try:
        fd = os.open(lock, os.O_RDONLY | NO_FOLLOW | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        return _parse_lock(_read_fd(fd))
    except OSError:
        return None
    finally:
        os.close(fd)


def lock_path(save: Path) -> Path:
    return save.with_name(f"{save.stem}.lock")


def _stale(holder: LockInfo | None) -> bool:
    """Whether a lock file's holder is gone: unreadable, or a process of this machine that is
    no longer running (e.g. after a crash)."""
    return holder is None or (holder.host == socket.gethostname() and not _pid_alive(holder.pid))


def lock_holder(save: Path) -> LockInfo | None:
    """Who holds the save's lock, as far as a listing can tell without touching the lock; None
    when nobody does (no lock file, or one left by a process that is gone)."""
    holder = read_lock(lock_path(save))
    return None if _stale(holder) else holder


def _locked_error(save: Path, lock: Path, holder: LockInfo | None) -> SaveLockedError:
    if holder is None:
        return SaveLockedError(
            "this save is being opened by another drumhead right now; try again",
            path=str(save),
        )
    if holder.host != socket.gethostname():
        return SaveLockedError(
            f"this save is open in another drumhead ({holder.describe()}); close it there "
            f"first, or if that machine no longer has it open, delete {lock.name}",
            path=str(save),
        )
    return SaveLockedError(
        f"this save is open in another drumhead window ({holder.describe()}); close it there first",
        path=str(save),
    )


def acquire_lock(save: Path, wait: float = 0.0) -> SaveLock:
    """Take the save's lock, or raise :class:`SaveLockedError` naming who holds it.

    ``wait``: seconds to wait for a drumhead of this machine to let go of it first (a command
    such as ``drumhead play`` is over in a moment; the app never waits).

    The lock is the operating system's (``flock`` on ``NAME.lock``, held for as long as the
    save is open): two processes can never both hold it, and the kernel lets go of it when its
    process ends, so a save left by a crash opens at once. The file also says who holds the
    lock (process, machine, since when) for the message; a lock file written on another
    machine (a shared folder, where ``flock`` may not reach) is respected. Where the system
    has no ``flock`` (Windows), the lock file alone is the lock, made atomically with
    ``os.link``; a lock left by a process of this machine that is gone is taken over there.
    """
    lock = lock_path(save)
    try:
        save.parent.mkdir(parents=True, exist_ok=True)
        refuse_links(lock, save=save)
        if _fcntl is None:  # pragma: no cover - exercised by patching _fcntl in the tests
            return _acquire_link(save)
        return _flock(save, wait)
    except OSError as exc:
        if lock.is_symlink():  # made between the look and the open
            raise link_refusal(lock, save=save) from None
        reason = write_failure(exc, lock).reason  # "the disk is full", in a player's words
        raise SaveError(
            f"cannot lock the save: {reason} ({lock.name} cannot be written)", path=str(save)
        ) from None


def _same_file(fd: int, path: Path) -> bool:
    try:
        here, there = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def _read_fd(fd: int) -> bytes:
    """The start of a lock file: at most :data:`LOCK_BYTES` (a lock is one short line)."""
    chunks: list[bytes] = []
    offset = 0
    while offset < LOCK_BYTES:
        chunk = os.pread(fd, LOCK_BYTES - offset, offset)
        if not chunk:
            break
        chunks.append(chunk)
        offset += len(chunk)
    return b"".join(chunks)


def _flock(save: Path, wait: float = 0.0) -> SaveLock:
    import json

    assert _fcntl is not None
    lock = lock_path(save)
    me = LockInfo(os.getpid(), socket.gethostname(), time.strftime("%Y-%m-%dT%H:%M:%S%z"))
    holder: LockInfo | None = None
    until = time.monotonic() + wait
    attempt = 0
    while attempt < 40 or time.monotonic() < until:
        attempt += 1
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | NO_FOLLOW, 0o644)
        try:
            _fcntl.flock(fd, _fcntl.LOCK_EX | _fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _parse_lock(_read_fd(fd))
            os.close(fd)
            if holder is not None and not _stale(holder):
                if holder.host != me.host or time.monotonic() >= until:
                    error = _locked_error(save, lock, holder)
                    if wait and holder.host == me.host:
                        error = SaveLockedError(
                            f"{error.message} (waited {wait:g} s)", path=error.path
                        )
                    raise error from None
                time.sleep(0.05)  # a drumhead of this machine: waited for, as asked
                continue
            # held, but the file does not say by whom yet: its holder is just starting
            time.sleep(0.005 * (1 + attempt % 4))
            continue
        except BaseException:
            os.close(fd)
            raise
        try:
            if not _same_file(fd, lock):
                # the file was removed (its holder let go) between our open and our lock
                os.close(fd)
                continue
            holder = _parse_lock(_read_fd(fd))
            if holder is not None and holder.host != me.host:
                raise _locked_error(save, lock, holder)
            payload = json.dumps({"pid": me.pid, "host": me.host, "since": me.since}).encode()
            os.ftruncate(fd, 0)
            write_all(fd, payload, 0)
        except OSError:
            # a lock file that cannot say who holds it is not left behind (a full disk left an
            # empty one): held, so nobody else is writing it
            with contextlib.suppress(OSError):
                if _same_file(fd, lock):
                    os.unlink(lock)
            os.close(fd)
            raise
        except BaseException:
            os.close(fd)
            raise
        return SaveLock(lock, fd)
    raise _locked_error(save, lock, holder if holder is not None and not _stale(holder) else None)


def _acquire_link(save: Path) -> SaveLock:
    """The lock without ``flock``: a lock file made atomically with ``os.link``."""
    import json

    lock = lock_path(save)
    me = LockInfo(os.getpid(), socket.gethostname(), time.strftime("%Y-%m-%dT%H:%M:%S%z"))
    payload = json.dumps({"pid": me.pid, "host": me.host, "since": me.since}).encode()
    tmp = save.parent / f".{lock.name}.{me.pid}.tmp"
    with contextlib.suppress(FileNotFoundError):
        os.unlink(tmp)  # a leftover, or a link put there: removed, never followed
    try:
        fd = open_new(tmp)
        try:
            write_all(fd, payload, 0)
        finally:
            os.close(fd)
        for _ in range(3):
            try:
                os.link(tmp, lock)
                return SaveLock(lock, None)
            except FileExistsError:
                holder = read_lock(lock)
                stale = _stale(holder)
                if holder is not None and holder.pid == me.pid and holder.host == me.host:
                    stale = False
                if not stale:
                    raise _locked_error(save, lock, holder) from None
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(lock)
        raise _locked_error(save, lock, None)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def release_lock(lock: SaveLock) -> None:
    """Let go of a lock taken with :func:`acquire_lock` (never raises)."""
    lock.release()
