"""A dialog's mount handler that does nothing once the dialog is being taken down.

A dialog dismissed (or the app quit, as when a test fails mid-push) before its widgets were
mounted still got its ``Mount``: the handler's ``query_one`` found no widget and raised
``NoMatches`` over whatever the players (or the test) were doing."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, TypeVar

from ..compat import is_closing

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from textual.screen import Screen

S = TypeVar("S", bound="Screen[Any]")


def when_built(handler: Callable[[S], None]) -> Callable[[S], None]:
    """``handler`` (a dialog's ``on_mount``) run only while the dialog is still being shown:
    a dialog taken down before it was built whole is left alone (its widgets are missing,
    and nobody will see the focus it would set)."""

    @functools.wraps(handler)
    def guarded(dialog: S) -> None:
        if is_closing(dialog) or not dialog.is_attached:
            return
        handler(dialog)

    return guarded
