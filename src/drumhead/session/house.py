"""House rules and open questions at the table: what a new game offers, the answers a game
has, a missing chart typed whole, and the answers saved as a house-rules file.

:class:`HouseDesk` sits on a :class:`~drumhead.session.TableSession`: every change it makes is
one event of the open game through the session (undoable, in the log, autosaved), or, with no
game open, an answer the session keeps for the ruleset chosen. No UI here: the new-game
screen, the answers screen and the grid editor are views over it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from drumhead.errors import DrumheadError
from drumhead.session.notices import Change

if TYPE_CHECKING:
    from drumhead.house.library import HouseChoice
    from drumhead.questions.asked import OpenQuestions
    from drumhead.questions.tables import ShownTable
    from drumhead.rules.model import GapTable, InputValue, Ruleset
    from drumhead.session.session import TableSession


class HouseDesk:
    """House rules, open questions and answers, for one table session."""

    def __init__(self, session: TableSession, folder: str | Path | None = None) -> None:
        self.session = session
        """The session whose game (or chosen ruleset) the answers belong to."""
        self.folder = folder if folder is not None else session.house_folder
        """The players' own house-rules folder if given (here or to the session:
        ``--house-rules DIR``); else the ``house-rules`` folder beside the saves folder."""

    # -- a new game -----------------------------------------------------------------------
    def house_folder(self) -> Path:
        """Where the players' own house-rules files are (and saved answers go)."""
        from drumhead.saves.house_file import default_folder

        return default_folder(self.session.keeper.folder(), self.folder)

    def choices(self, ruleset_id: str) -> list[HouseChoice]:
        """What a new game of ``ruleset_id`` offers: "none: ask me when needed" first, then
        the shipped samples and the players' own files, each with its preview. A ruleset read
        from a file (not shipped) is offered none but the first."""
        from drumhead.house.library import NONE_LABEL, HouseChoice, house_choices

        if ruleset_id in self.session.rulesets.files:
            ruleset = self.session.load(ruleset_id)
            open_total = sum(1 for g in ruleset.gaps if g.value is None)
            return [HouseChoice(None, NONE_LABEL, open_total=open_total)]
        return house_choices(ruleset_id, self.session.keeper.folder(), self.house_folder())

    def preview(
        self, ruleset_id: str, options: Iterable[str] = (), house: str | None = None
    ) -> tuple[Ruleset, OpenQuestions]:
        """The ruleset a new game would play (its options on, the house rules laid over it)
        and its open questions with what the house rules answer."""
        from drumhead.loading.loader import load_ruleset
        from drumhead.questions.asked import open_questions

        if house is None or ruleset_id in self.session.rulesets.files:
            ruleset = self.session.load(ruleset_id, options)
        else:
            ruleset = load_ruleset(ruleset_id, tuple(sorted(options)), house_rules=house)
        return ruleset, open_questions(ruleset)

    # -- the answers ----------------------------------------------------------------------
    @property
    def ruleset(self) -> Ruleset:
        return self.session.ruleset

    def answers(self) -> dict[str, InputValue]:
        """The players' answers (the open game's, else those given for the chosen ruleset)."""
        return self.session.gaps()

    def sources(self) -> dict[str, str]:
        """Where each of the players' answers came from (``your club's answer, asked on``)."""
        game = self.session.game
        return game.gap_sources() if game is not None else {}

    def questions(self) -> OpenQuestions:
        """The open questions, grouped by check, with every answer known and whose it is."""
        from drumhead.questions.asked import open_questions

        return open_questions(self.ruleset, self.answers(), self.sources())

    def answer(self, answer_id: str, text: str) -> None:
        """Keep (or change) the players' answer, checked (DrumheadError: refused, kept as
        it was); with a game open, one event."""
        value = self.session.read_gap(answer_id, text)
        self.session.set_gap(answer_id, value)

    def take_back(self, answer_id: str) -> None:
        """Take back the players' answer: the question is asked again when a check needs it."""
        game = self.session.game
        if game is not None:
            self.session.record(lambda at: game.clear_gap(answer_id, at=at))
            return
        kept = self.session.gap_answers.get(self.session.ruleset_id, {})
        if answer_id not in kept:
            raise DrumheadError(f"'{answer_id}' has no answer to take back")
        del kept[answer_id]

    # -- charts ---------------------------------------------------------------------------
    def chart(self, table_id: str) -> tuple[GapTable, ShownTable]:
        """A missing chart: its rows and columns, and each cell as it stands."""
        from drumhead.questions.tables import table_view

        table = self.ruleset.gap_table(table_id)
        if table is None:
            raise DrumheadError(f"{self.ruleset.title} has no chart '{table_id}'")
        return table, table_view(self.ruleset, table_id, self.answers(), self.sources())

    def charts(self) -> list[GapTable]:
        """The ruleset's missing charts, in its order."""
        return list(self.ruleset.gap_tables)

    def cell_problem(self, table_id: str, row: str, column: str, text: str) -> str | None:
        """Why one typed cell is refused (kind, outcome set), or None."""
        from drumhead.questions.tables import check_cell

        try:
            check_cell(self.ruleset, table_id, row, column, text)
        except DrumheadError as exc:
            return str(exc)
        return None

    def keep_chart(self, table_id: str, typed: Mapping[tuple[str, str], str]) -> int:
        """Keep the cells typed in the grid editor: with a game, one event (one undo); an
        empty cell takes its answer back. How many answers changed (0: nothing to keep).
        Raises AnswersError (every refused cell named) and keeps nothing when one is bad."""
        from drumhead.errors import AnswersError
        from drumhead.questions.answers import check_answers
        from drumhead.questions.tables import cells_to_answers

        answers = cells_to_answers(self.ruleset, table_id, typed)
        game = self.session.game
        if game is not None:
            event = game.set_gaps(answers, at=self.session.clock(), table=table_id)
            if event is None:
                return 0  # every cell as it was: no event
            self.session.changed(Change.GAME)
            return len(event.data.get("answers", []))
        given = {a: t for a, t in answers.items() if t.strip()}
        good, bad = check_answers(self.ruleset, given)
        if bad:
            raise AnswersError(bad)
        kept = self.session.gap_answers.setdefault(self.session.ruleset_id, {})
        changed = 0
        for answer, text in answers.items():
            if answer in good and kept.get(answer) != good[answer]:
                kept[answer] = good[answer]
                changed += 1
            elif not text.strip() and answer in kept:
                del kept[answer]
                changed += 1
        return changed

    # -- sharing --------------------------------------------------------------------------
    def save_answers(self, name: str, title: str) -> Path:
        """Save the answers (the players' and the house rules' values the game plays with)
        as ``name.toml`` in the house-rules folder, where a new game offers it."""
        from drumhead.saves.house_file import save_answers

        return save_answers(self.ruleset, self.answers(), self.house_folder(), name, title=title)
