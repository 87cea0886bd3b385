"""The tables of a snapshot kept already parsed: a long game opens without parsing its TOML.

A save's snapshot is its header (``schema``, ``[game]``: a few lines) followed by its body, the
``[start]`` and ``[state]`` tables: every unit, twice. Parsing the body of a 500-unit game with
:mod:`tomllib` takes a quarter of a second, at every opening. Whoever writes a snapshot has
those tables in hand: :func:`remember` keeps them, as :mod:`marshal` writes them, in the cache
folder under the SHA-256 of the body's text. :func:`parse` is :func:`drumhead.rules.toml_file.read_toml`
for a snapshot: when the body's text is one remembered, the tables are read back (a few
milliseconds) and only the header is parsed. What it returns is what parsing the whole text
returns (tests/saves/test_parsed.py checks it on every scenario): the key is the very text
parsed, so a body changed by a byte, by hand or by damage, is parsed as usual and every
problem in it reported as usual.

Kept: the :data:`KEEP` newest bodies (each autosave of a snapshot writes one). The folder must
be the user's own (:mod:`drumhead.cache.files`); a cache that cannot be written or read costs
the parse only. ``DRUMHEAD_PARSED_CACHE=0`` turns it off.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

FORMAT = b"drumhead parsed snapshot tables 1\n"
FOLDER = "snapshots"
KEEP = 16
"""Bodies kept; writing one more removes the oldest."""
LIMIT = 256 * 2**20
"""The largest entry read back (bytes): a 500-unit game's is about 0.5 MiB."""


def enabled() -> bool:
    return os.environ.get("DRUMHEAD_PARSED_CACHE", "1") != "0"


def remember(body: str, tables: dict[str, Any]) -> bool:
    """Keep ``tables``, the tables ``body`` (a snapshot's body, as written) parses to; False
    when they were not kept (switched off, a value TOML parsing would not give back as it is,
    or a cache that cannot be written)."""
    return keep_for(body, ".tables", FORMAT, tables)


def recall(body: str) -> dict[str, Any] | None:
    """The tables remembered for exactly this text; None when there are none (or they cannot
    be trusted)."""
    return kept_for(body, ".tables", FORMAT)


def keep_for(body: str, suffix: str, fmt: bytes, tables: dict[str, Any]) -> bool:
    """Keep ``tables`` (plain tables, as TOML parsing gives them) for the snapshot whose body
    is ``body``, in an entry of format ``fmt`` named with ``suffix`` (the :data:`KEEP` newest
    of that suffix are kept); False when they were not kept."""
    if not enabled():
        return False
    import marshal

    from drumhead.cache import files as cachefiles

    plain = as_parsed(tables)
    if plain is None:
        return False
    where = cachefiles.folder(FOLDER, make=True)
    if where is None:
        return False
    data = marshal.dumps(plain)
    if len(data) > LIMIT - 64:
        return False
    if not cachefiles.write(where / entry_name(body, suffix), fmt, data):
        return False
    cachefiles.prune(where, suffix, KEEP)
    return True


def kept_for(body: str, suffix: str, fmt: bytes) -> dict[str, Any] | None:
    """The tables :func:`keep_for` kept for exactly this body; None when there are none (or
    they cannot be trusted)."""
    if not enabled():
        return None
    import marshal

    from drumhead.cache import files as cachefiles

    where = cachefiles.folder(FOLDER, make=False)
    if where is None:
        return None
    data = cachefiles.read(where / entry_name(body, suffix), fmt, LIMIT)
    if data is None:
        return None
    try:
        found = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None
    return found if isinstance(found, dict) else None


def parse(path: str | Path, text: str) -> tuple[dict[str, Any], str]:
    """:func:`drumhead.rules.toml_file.read_toml` of a snapshot's ``text``: its body's tables read back
    when remembered, else the whole text parsed."""
    from drumhead.saves.digest import snapshot_body

    body = snapshot_body(text) if enabled() else None
    if body is not None:
        tables = recall(body)
        if tables is not None:
            from drumhead.errors import RulesetError
            from drumhead.rules.toml_file import parse_toml

            try:
                head: dict[str, Any] | None = parse_toml(text[: len(text) - len(body)], path)
            except RulesetError:
                head = None  # parsed whole below, to say where
            if head is not None and not head.keys() & tables.keys():
                return {**head, **tables}, text
    from drumhead.rules.toml_file import read_toml

    return read_toml(path, text)  # its size was checked as it was read


def entry_name(body: str, suffix: str) -> str:
    """The name of a cache file kept for the snapshot whose body is ``body``: the SHA-256 of
    its text, then ``suffix`` (what is kept: the parsed tables, a state kept beside it)."""
    import hashlib

    digest = hashlib.sha256()
    digest.update(body.encode("utf-8"))
    return digest.hexdigest() + suffix


def as_parsed(value: Any) -> Any:
    """``value`` as :mod:`tomllib` gives it back once written by ``tomli_w`` (tuples are
    arrays, so lists); None when it holds anything but tables, arrays, text, numbers and
    booleans (dates would not come back as they went)."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            plain = as_parsed(item)
            if plain is None or not isinstance(key, str):
                return None
            out[key] = plain
        return out
    if isinstance(value, (list, tuple)):
        items = [as_parsed(item) for item in value]
        return None if any(item is None for item in items) else items
    if type(value) in (str, int, float, bool):
        return value
    return None
