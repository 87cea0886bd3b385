"""The players' answers to the questions the rules leave open (gaps): one answer given, changed
or taken back, or a whole chart typed in at once, each as one event whose old values undo
gives back. (Where each answer came from is :meth:`GameCore.gap_sources
<drumhead.game.core.GameCore.gap_sources>`.)"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drumhead.checks.resolve import coerce_gap
from drumhead.errors import AnswersError, InputError
from drumhead.game.core import GameCore
from drumhead.game.events import Event
from drumhead.questions.answers import check_answers


class GapAnswering(GameCore):
    """The players' answers to gaps in the rules."""

    def set_gap(self, gap_id: str, value: object, *, at: str) -> Event:
        """Record the players' answer to a gap in the rules (used by every later check), or
        change it: ``gap_id`` is an answer id (``fire_dice.infantry.2`` for one key of a gap
        kept per situation). The old answer is kept in the event, so undo gives it back."""
        coerced = coerce_gap(self.ruleset, gap_id, value)
        old = self.state.gap_values().get(gap_id)
        return self._push("set_gap", {"gap": gap_id, "value": coerced, "old": old}, at)

    def clear_gap(self, gap_id: str, *, at: str) -> Event:
        """Take back the players' answer (the question is asked again when a check needs it)."""
        old = self.state.gap_values().get(gap_id)
        if old is None:
            raise InputError(f"'{gap_id}' has no answer to take back")
        return self._push("set_gap", {"gap": gap_id, "old": old}, at)

    def set_gaps(
        self, values: Mapping[str, object], *, at: str, table: str | None = None
    ) -> Event | None:
        """Many answers at once, as one change (one undo): a whole chart typed in a grid.

        Every value is checked first (kind, outcome set, key); if any is refused, nothing is
        kept and :class:`~drumhead.errors.AnswersError` says why for each. An empty value takes
        the answer back. Answers equal to those kept are left out; None when nothing changes.
        """
        given = {k: v for k, v in values.items() if not (isinstance(v, str) and not v.strip())}
        good, bad = check_answers(self.ruleset, given)
        if table is not None and self.ruleset.gap_table(table) is None:
            raise InputError(f"{self.ruleset.id} has no gap table '{table}'")
        if bad:
            raise AnswersError(bad)
        kept = self.state.gap_values()
        answers: list[dict[str, Any]] = []
        for answer in values:
            old = kept.get(answer)
            if answer in good and good[answer] != old:
                answers.append({"gap": answer, "value": good[answer], "old": old})
            elif answer not in given and old is not None:
                answers.append({"gap": answer, "old": old})
        if not answers:
            return None
        return self._push("set_gaps", {"answers": answers, "table": table}, at)
