"""The table session: a game at the table, for any front end (no Textual, no Rich).

:class:`TableSession` opens, plays, saves and closes games and answers every question a
front end asks of them; it tells observers what changed (:class:`Change`) and hands back
notices for the players (:class:`Notice`). :class:`~drumhead.session.form.CheckForm` is one
check being filled in. See ``docs/game-api.md``.

May import: :mod:`drumhead.saves` and everything below it; never Textual or Rich.
"""

from drumhead.session.notices import Change, Notice, Observer
from drumhead.session.saving import RETRY_EVERY, SaveReport, SaveVerdict
from drumhead.session.session import TableSession

__all__ = [
    "RETRY_EVERY",
    "Change",
    "Notice",
    "Observer",
    "SaveReport",
    "SaveVerdict",
    "TableSession",
]
