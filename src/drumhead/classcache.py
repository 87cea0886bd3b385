"""Compiled dataclass methods kept on disk, as Python keeps compiled modules.

Python 3.11's :mod:`dataclasses` writes the source of each class's ``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__`` and ``__delattr__`` and compiles it every time the
class is made, at every start: about 2 ms a class on a 2-core machine, and drumhead's core
makes some 45 classes before ``drumhead odds`` can answer (half its own time), the app some 110.
Compiling is the whole cost; the source is the same at every start. :func:`install` keeps each
compiled function in a file (its text is the key, the code object its value, as ``marshal``
writes ``.pyc`` files) and hands :mod:`dataclasses` the compiled code instead of compiling
again. What each class gets is exactly what :mod:`dataclasses` would have made: the same text,
compiled by the same interpreter, run in the same namespace.

This reaches into :mod:`dataclasses`' private ``_create_fn``: it is replaced only when it is
the function this module was written against (its variables and constants, checked at
install; :func:`installed` says whether it was), and otherwise left alone, costing the time
only. ``tests/core/test_classcache.py`` fails loudly when a Python version changes it.

The files: ``<cache>/classes/<interpreter>-<version>/<module>.code``, one a module (a command
reads only its modules' classes), in the cache folder of :mod:`drumhead.rulecache`, which must
be the user's own, as ``.pyc`` files must. Each is a header line, a CRC-32 of the body and the
body: a ``marshal``-ed dict of function text to code. A file that is damaged, cut short or
too large is ignored and written again. A module's file is written again, whole, when one of
its classes was compiled, as the process ends (written whole to a temporary file, then
renamed into place; the last of two writers wins, both right). ``DRUMHEAD_CLASS_CACHE=0``
turns it off.
"""

from __future__ import annotations

import dataclasses
import os
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import CodeType
    from typing import Any

FORMAT = b"drumhead compiled dataclass methods 1\n"
LIMIT = 2**20
"""The largest file read (bytes): the largest of drumhead's modules needs ~40 KiB."""

_EXPECTED_NAMES = (
    "name",
    "args",
    "body",
    "globals",
    "locals",
    "return_type",
    "return_annotation",
    "txt",
    "local_vars",
    "ns",
)
"""``dataclasses._create_fn``'s arguments and variables in the Pythons this was written for."""
_EXPECTED_TEXT = ("def __create_fn__(", "\n return ", " def ", "->_return_type", "_return_type")

_STATE: dict[str, Any] = {"installed": False, "modules": {}, "new": set()}
"""``modules``: each module's functions read or compiled, by text; ``new``: the modules whose
file is to be written again at exit."""


def fits(create_fn: Callable[..., Any]) -> bool:
    """Whether ``create_fn`` is the ``dataclasses._create_fn`` this module replaces: the same
    arguments, variables and text fragments (an interpreter that changed it is left alone)."""
    code = getattr(create_fn, "__code__", None)
    if code is None or code.co_varnames[: len(_EXPECTED_NAMES)] != _EXPECTED_NAMES:
        return False
    if code.co_argcount != 3 or code.co_kwonlyargcount != 3:
        return False
    texts = {c for c in code.co_consts if isinstance(c, str)}
    return all(any(part in t for t in texts) for part in _EXPECTED_TEXT)


def install() -> bool:
    """Serve :mod:`dataclasses` from the cache from now on, in this process (once; again is a
    no-op). False when switched off or when ``dataclasses._create_fn`` is not the one expected."""
    if _STATE["installed"]:
        return True
    if os.environ.get("DRUMHEAD_CLASS_CACHE", "1") == "0":
        return False
    original = getattr(dataclasses, "_create_fn", None)
    if original is None or not fits(original):
        return False
    dataclasses._create_fn = _create_fn  # type: ignore[attr-defined]
    _STATE["installed"] = True
    import atexit

    atexit.register(save)
    return True


def _create_fn(
    name: str,
    args: list[str],
    body: list[str],
    *,
    globals: dict[str, Any] | None = None,
    locals: dict[str, Any] | None = None,
    return_type: Any = dataclasses.MISSING,
) -> Any:
    """``dataclasses._create_fn`` of Python 3.11, line for line, but for where the code comes
    from: compiled once, then read back."""
    if locals is None:
        locals = {}
    return_annotation = ""
    if return_type is not dataclasses.MISSING:
        locals["_return_type"] = return_type
        return_annotation = "->_return_type"
    joined_args = ",".join(args)
    joined_body = "\n".join(f"  {b}" for b in body)
    txt = f" def {name}({joined_args}){return_annotation}:\n{joined_body}"
    local_vars = ", ".join(locals.keys())
    txt = f"def __create_fn__({local_vars}):\n{txt}\n return {name}"
    module = str((globals or {}).get("__name__", ""))
    known = _STATE["modules"].get(module)
    if known is None:
        known = _STATE["modules"][module] = _read(module)
    code = known.get(txt)
    if code is None:
        code = known[txt] = compile(txt, "<string>", "exec")
        _STATE["new"].add(module)
    ns: dict[str, Any] = {}
    exec(code, globals, ns)
    return ns["__create_fn__"](**locals)


# -- the files ----------------------------------------------------------------------------------
def _folder_name() -> str:
    return f"classes/{sys.implementation.cache_tag}-{sys.hexversion:08x}"


def _file_name(module: str) -> str | None:
    """The file of ``module``'s classes; None for a name that is not a module's."""
    if not module or not all(part.isidentifier() for part in module.split(".")):
        return None
    return f"{module}.code"


def _read(module: str) -> dict[str, CodeType]:
    """A module's cached functions; none when the file is missing, not whole, or not to be
    trusted."""
    from drumhead import cachefiles

    name = _file_name(module)
    if "folder" not in _STATE:  # looked up once a process (the folder is made at exit)
        _STATE["folder"] = cachefiles.folder(_folder_name(), make=False)
    if name is None or _STATE["folder"] is None:
        return {}
    body = cachefiles.read(_STATE["folder"] / name, FORMAT, LIMIT)
    return {} if body is None else _parse(body)


def _parse(body: bytes) -> dict[str, CodeType]:
    """A file's functions, or none: not ``marshal``'s, or holding other than function texts
    and code."""
    import marshal

    try:
        found = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(found, dict):
        return {}
    code_type = type(_parse.__code__)
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, code_type)}


def save() -> None:
    """Write the files of the modules whose classes were compiled in this process (at exit; a
    cache that cannot be written is left as it is: the next start compiles again)."""
    import marshal

    from drumhead import cachefiles

    folder = cachefiles.folder(_folder_name(), make=True) if _STATE["new"] else None
    if folder is None:
        return
    for module in sorted(_STATE["new"]):
        name = _file_name(module)
        body = marshal.dumps(_STATE["modules"][module])
        if name is None or len(body) > LIMIT - 64:
            continue
        if not cachefiles.write(folder / name, FORMAT, body):
            return
    _STATE["new"] = set()
