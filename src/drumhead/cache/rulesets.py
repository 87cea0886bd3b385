"""The compiled ruleset cache: rulesets validated once, kept on disk, read back in milliseconds.

Reading and validating a ruleset (its TOML, every check, each optional rule switched on alone)
takes a tenth of a second or more; reading back the validated :class:`~drumhead.rules.model.Ruleset`
takes a few milliseconds. :func:`load_ruleset` wraps :func:`drumhead.loading.loader.load_ruleset`: it
answers from the cache when it holds the ruleset compiled from exactly the files there are now,
and otherwise loads it the usual way (every problem reported as usual) and stores the result.

Where: ``$DRUMHEAD_CACHE``, else ``$XDG_CACHE_HOME/drumhead``, else ``~/.cache/drumhead``
(``%LOCALAPPDATA%\\drumhead\\cache`` on Windows); the entries are in its ``rulesets`` folder,
which drumhead makes readable by its owner alone.

What makes an entry the right one is its name: a SHA-256 of everything the compiled ruleset
is made from. That is the ruleset file's bytes, the optional rules asked for, the house-rules
file's path and bytes, and drumhead's own code (the version, the Python version, and the size
and time of every module of the package). A file that changes, by a byte, names another entry:
a cache whose source changed is never read. Each entry also carries a CRC-32 of its own
contents, checked before anything in it is used (:mod:`drumhead.cache.files`, as the other
caches' entries): an entry cut short or damaged is ignored and written again. Entries are
written to a temporary file and renamed into place, so a reader sees a whole entry or none,
however many drumheads write at once (the last rename wins; both wrote the same thing). A
folder that belongs to another user, or that others can write to, is not used (entries are
Python pickles: only the user's own files are read). When the folder cannot be made or
written, drumhead loads rulesets without it.

An entry holds a short summary (title, version, checks...; marshalled, its length on the
first line) ahead of the pickle, so that ``drumhead rulesets`` lists rulesets without
importing the rules core (:func:`summaries`).
Errors are never cached: a ruleset that does not validate is read, and refused, every time.

What it saves, measured when the start-up tricks were retired (issue 34): ``drumhead odds
one-if-by-land morale`` takes 74 ms of CPU with the cache and 108 ms without it on CPython 3.11
(81 and 122 ms on 3.13), about a third of every rules command and the difference between
meeting the CLI's target (4.5x ``python -c pass``) and not. It uses only public Python
(``pickle``, ``marshal``, files renamed into place), so it stays.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from drumhead import __version__

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from drumhead.rules.house_rules import HouseRules
    from drumhead.rules.model import Ruleset

FORMAT = b"drumhead compiled ruleset 4\n"
"""The first line of every entry (a later layout changes the number)."""
KEEP = 64
"""Entries kept: writing one more removes the oldest."""
LIMIT = 64 * 2**20
"""The largest entry read (bytes): a compiled ruleset is about 0.1 MiB."""

_MEMORY: dict[str, Ruleset] = {}
"""Rulesets already read in this process, by entry name."""
_CODE: list[str] = []
"""The fingerprint of drumhead's code, worked out once per process."""


def cache_dir() -> Path:
    """The cache folder (it may not exist yet)."""
    chosen = os.environ.get("DRUMHEAD_CACHE")
    if chosen:
        return Path(chosen)
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "drumhead" / "cache"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "drumhead"


def shipped_ids() -> list[str]:
    """The ids of the shipped rulesets, sorted (:func:`drumhead.loading.loader.ruleset_ids`, without
    importing the loader and the validator)."""
    return sorted(p.name[:-5] for p in _shipped_folder().iterdir() if p.name.endswith(".toml"))


def _shipped_folder() -> Any:
    """The folder of the shipped rulesets: a plain folder where drumhead is installed as files
    (read directly: :mod:`importlib.resources` costs 0.4 times a bare Python's start to
    import), else as :mod:`importlib.resources` finds it."""
    from importlib import import_module

    for place in import_module("drumhead.data").__path__:
        folder = Path(place) / "rulesets"
        if folder.is_dir():
            return folder
    from importlib import resources

    return resources.files("drumhead.data") / "rulesets"


def load_ruleset(
    ruleset_id: str,
    options: Iterable[str] = (),
    house_rules: str | Path | HouseRules | None = None,
) -> Ruleset:
    """:func:`drumhead.loading.loader.load_ruleset`, answered from the cache when it can be (house
    rules given as the copy a game keeps go to the loader, which keeps its own cache)."""
    active = sorted(set(options))
    if house_rules is not None and not isinstance(house_rules, (str, Path)):
        return _load(ruleset_id, active, house_rules)
    name = _entry_name(ruleset_id, active, house_rules)
    if name is None:  # no such shipped ruleset, or a file that cannot be read: say so
        return _load(ruleset_id, active, house_rules)
    found = _MEMORY.get(name)
    if found is not None:
        return found
    entry = _read(name)
    ruleset = _unpickle(entry[1]) if entry is not None else None
    if ruleset is None:
        ruleset = _load(ruleset_id, active, house_rules)
        _write(name, ruleset)
    _MEMORY[name] = ruleset
    return ruleset


def summaries(ruleset_ids: Iterable[str]) -> list[dict[str, Any]]:
    """What ``drumhead rulesets`` shows of each shipped ruleset (no optional rules): ``id``,
    ``title``, ``version``, ``description``, ``checks``, ``options`` and ``gaps`` (the ids of
    the gaps the sources leave open). Read from the cache without loading any ruleset when it
    holds them all."""
    out = []
    for ruleset_id in ruleset_ids:
        name = _entry_name(ruleset_id, [], None)
        entry = _read(name) if name is not None else None
        if entry is None:
            out.append(summary(load_ruleset(ruleset_id)))
        else:
            out.append(entry[0])
    return out


def summary(ruleset: Ruleset) -> dict[str, Any]:
    """See :func:`summaries`."""
    return {
        "id": ruleset.id,
        "title": ruleset.title,
        "version": ruleset.version,
        "description": ruleset.description,
        "checks": [c.id for c in ruleset.checks],
        "options": [o.id for o in ruleset.options],
        "gaps": [g.id for g in ruleset.gaps if g.value is None],
    }


# -- what an entry is made from -----------------------------------------------------------------
def _load(
    ruleset_id: str, options: list[str], house_rules: str | Path | HouseRules | None
) -> Ruleset:
    from drumhead.loading import loader

    return loader.load_ruleset(ruleset_id, options, house_rules)


def _entry_name(ruleset_id: str, options: list[str], house_rules: str | Path | None) -> str | None:
    """The SHA-256 (hex) naming the entry of this ruleset compiled from the files as they are
    now; None when a file cannot be read (the loader then says why)."""
    import hashlib

    digest = hashlib.sha256()
    digest.update(FORMAT)
    digest.update(code_stamp().encode())
    try:
        shipped = _shipped_folder() / f"{ruleset_id}.toml"
        if "/" in ruleset_id or "\\" in ruleset_id or not shipped.is_file():
            return None
        _add(digest, "ruleset", ruleset_id.encode(), shipped.read_bytes())
        _add(digest, "options", *(o.encode() for o in options))
        if house_rules is not None:
            from drumhead.rules.limits import LIMITS
            from drumhead.rules.toml_file import read_bytes

            _add(
                digest,
                "house rules",
                str(house_rules).encode(),
                read_bytes(house_rules, LIMITS["house rules"].size),
            )
    except (OSError, ValueError):
        return None
    return digest.hexdigest()


def _add(digest: Any, label: str, *parts: bytes) -> None:
    """Each part with its length: no two different inputs can run together into the same bytes."""
    digest.update(b"%s %d\n" % (label.encode(), len(parts)))
    for part in parts:
        digest.update(b"%d:" % len(part) + part)


def code_stamp() -> str:
    """drumhead's version, Python's, and the size and modification time of every module of
    the package: a new or edited module (a development checkout) makes every entry new."""
    if not _CODE:
        package = Path(__file__).resolve().parent.parent  # drumhead/, not drumhead/cache/
        found: list[str] = []
        folders = [package]
        while folders:
            folder = folders.pop()
            with contextlib.suppress(OSError), os.scandir(folder) as entries:
                for item in entries:
                    if item.is_dir() and item.name != "__pycache__":
                        folders.append(Path(item.path))
                    elif item.name.endswith(".py"):
                        st = item.stat()
                        rel = os.path.relpath(item.path, package)
                        found.append(f"{rel}:{st.st_size}:{st.st_mtime_ns}")
        python = f"{sys.implementation.name} {sys.version_info[:3]}"
        _CODE.append("\n".join([__version__, python, *sorted(found)]))
    return _CODE[0]


# -- reading and writing entries ----------------------------------------------------------------
def _folder(make: bool) -> Path | None:
    """The entries' folder, made if asked; None when it is missing (and not to be made) or is
    not this user's own (:func:`drumhead.cache.files.folder`)."""
    from drumhead.cache import files as cachefiles

    return cachefiles.folder("rulesets", make=make)


def _read(name: str) -> tuple[dict[str, Any], bytes] | None:
    """An entry's summary and pickle, or None: no entry, or one that is not whole."""
    from drumhead.cache import files as cachefiles

    folder = _folder(make=False)
    if folder is None:
        return None
    body = cachefiles.read(folder / f"{name}.ruleset", FORMAT, LIMIT)
    if body is None:
        return None  # none, cut short, or damaged
    size, _, rest = body.partition(b"\n")
    if not size.isdigit():
        return None
    try:
        found = marshal.loads(rest[: int(size)])
    except (ValueError, EOFError, TypeError):
        return None
    return (found, rest[int(size) :]) if isinstance(found, dict) else None


def _unpickle(pickled: bytes) -> Ruleset | None:
    try:  # pickle's C half alone: pickle.py, which only writing needs, costs 3 ms to import
        from _pickle import loads
    except ImportError:  # pragma: no cover - a Python without the accelerator
        from pickle import loads

    from drumhead.rules.model import Ruleset

    try:
        ruleset = loads(pickled)
    except Exception:  # an entry whose checksum holds was written by this very code: cannot be
        return None  # unreadable but for a bug; then it is rebuilt, never trusted
    return ruleset if isinstance(ruleset, Ruleset) else None


_FIELDS: dict[type, tuple[str, ...]] = {}
"""Each dataclass's fields' names, by class, as :func:`_restore` sets them."""


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        import dataclasses

        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _restore(cls: type, values: tuple[Any, ...]) -> Any:
    """A dataclass instance from its fields' values, as :class:`_Pickler` wrote it: what
    :mod:`dataclasses`' own ``__setstate__`` does, without looking the fields up for each
    instance (reading a ruleset back took 10 ms, 4 ms so)."""
    made: Any = object.__new__(cls)
    for name, value in zip(_field_names(cls), values, strict=True):
        object.__setattr__(made, name, value)
    return made


def _pickler() -> type:
    import pickle

    class Pickler(pickle.Pickler):
        """Writes each dataclass instance (without a reduction of its own) as its class and
        its fields' values, read back by :func:`_restore`."""

        def reducer_override(self, obj: Any) -> Any:
            cls = type(obj)
            if "__dataclass_fields__" not in cls.__dict__ or "__reduce__" in cls.__dict__:
                return NotImplemented
            return _restore, (cls, tuple(getattr(obj, n) for n in _field_names(cls)))

    return Pickler


def _write(name: str, ruleset: Ruleset) -> None:
    """Store an entry (atomically); a cache that cannot be written is left alone."""
    import io
    import pickle

    from drumhead.cache import files as cachefiles

    folder = _folder(make=True)
    if folder is None:
        return
    pickled = io.BytesIO()
    try:
        _pickler()(pickled, protocol=pickle.HIGHEST_PROTOCOL).dump(ruleset)
    except (pickle.PicklingError, RecursionError, TypeError):  # not ours to keep: load anew
        return
    head = marshal.dumps(summary(ruleset))
    body = b"%d\n" % len(head) + head + pickled.getvalue()
    if cachefiles.write(folder / f"{name}.ruleset", FORMAT, body):
        cachefiles.prune(folder, ".ruleset", KEEP)
