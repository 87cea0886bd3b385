"""The questions the rules leave open (gaps), as the players see them: one summary line, and
the questions grouped by the check that needs them, each with what it expects, whether it is
answered and by whom (the rules' text, a ruling, the house rules, the players).

Pure data for the new-game screen, the gap editor, the template and the CLI: the rules never
stop the game to ask until a check needs an answer, and a house-rules file can answer them all
at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from drumhead.questions.answers import PLAYERS_ANSWER, expects_int, key_label, split_answer_id
from drumhead.questions.use import gaps_read
from drumhead.rules.model import GapSpec, InputValue, Ruleset

SUMMARY = (
    "{n} questions the rules leave open; they are asked only when a check needs them, "
    "or load a house-rules file"
)
"""The one line that says what the open questions are and when they are asked."""


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer: a gap's, or one key's of a gap kept per situation."""

    id: str
    """The answer id (``fire_dice.infantry.2``)."""
    value: InputValue
    kind: str
    """``rules``, ``ruling``, ``house_rule`` or ``players``."""
    source: str
    """Where it came from, as shown: ``house rule, FILE``, ``your club's answer, asked on ...``."""
    situation: str = ""
    """For a keyed answer: the situation it holds for (``Who fires: infantry; ...``)."""


@dataclass(frozen=True, slots=True)
class Question:
    """A value the sources do not give, as the players are asked for it."""

    gap: str
    question: str
    source: str
    """The rule the question comes from."""
    expects: str
    """What kind of value it takes, in words (``a whole number``, ``W, F, Re or Rt ...``)."""
    keys: tuple[str, ...] = ()
    """The inputs its answer is kept by (asked once per situation); empty: once for the game."""
    answers: tuple[Answer, ...] = ()
    """Its answers so far (one at most without keys)."""
    table: str | None = None
    """The gap table it is a cell of, if any."""

    @property
    def open(self) -> bool:
        """The sources do not give it (whether or not it has been answered since)."""
        return not any(a.kind in ("rules", "ruling") for a in self.answers)

    @property
    def answered(self) -> bool:
        """It has an answer for the whole game (a keyed question: for some situations)."""
        return bool(self.answers)


@dataclass(frozen=True, slots=True)
class QuestionGroup:
    """The questions one check needs (``check`` None: those no check reads)."""

    check: str | None
    title: str
    questions: tuple[Question, ...]
    """Its questions that are no table's cells."""
    tables: tuple[str, ...] = ()
    """The gap tables it reads (enter them as grids: :mod:`drumhead.questions.tables`)."""


@dataclass(frozen=True, slots=True)
class OpenQuestions:
    """Every question of a ruleset for a game, grouped by check."""

    questions: tuple[Question, ...]
    """Every gap, in the ruleset's order."""
    groups: tuple[QuestionGroup, ...]

    @property
    def open(self) -> tuple[Question, ...]:
        """The questions the rules leave open (answered since or not)."""
        return tuple(q for q in self.questions if q.open)

    @property
    def unanswered(self) -> tuple[Question, ...]:
        return tuple(q for q in self.open if not q.answered)

    @property
    def summary(self) -> str:
        """One line: how many questions the rules leave open, when they are asked, and how
        many are answered already (by the house rules, by the players); with every one
        answered, that the answers cover them all (none is asked)."""
        line = SUMMARY.format(n=len(self.open))
        if len(self.open) == 1:
            line = line.replace("1 questions", "1 question", 1)
        house = [q for q in self.open if any(a.kind == "house_rule" for a in q.answers)]
        players = [
            q for q in self.open if q.answered and q not in house
        ]  # answered at the table only
        done = [f"{len(house)} answered by house rules"] if house else []
        done += [f"{len(players)} answered by your club"] if players else []
        if done and not self.unanswered:  # nothing will be asked: say so, not "0 still open"
            n = len(self.open)
            every = "the one question" if n == 1 else f"all {n} questions"
            return f"The answers cover {every} the rules leave open ({', '.join(done)})"
        if done:
            line += f" ({', '.join(done)}; {len(self.unanswered)} still open)"
        return line


def expects(spec: GapSpec) -> str:
    """What a gap takes, in the players' words."""
    if spec.type == "int":
        return expects_int(spec)
    if spec.type == "choice":
        return "one of: " + ", ".join(spec.choices)
    if spec.pattern_help:
        return spec.pattern_help
    return "text, as your rules print it"


def answers_of(
    ruleset: Ruleset,
    spec: GapSpec,
    players: Mapping[str, InputValue],
    sources: Mapping[str, str],
) -> tuple[Answer, ...]:
    """Every answer a gap has: the players' (per key too), the house rules', the rules' own."""
    out: list[Answer] = []
    for answer, value in sorted(players.items()):
        gap_id, key = split_answer_id(answer)
        if gap_id == spec.id:
            shown = sources.get(answer, PLAYERS_ANSWER)
            out.append(Answer(answer, value, "players", shown, key_label(spec, key) if key else ""))
    for suffix, value in spec.values:
        answer = f"{spec.id}.{suffix}"
        if answer not in players:
            label = key_label(spec, tuple(suffix.split(".")))
            out.append(Answer(answer, value, "house_rule", spec.value_source, label))
    if spec.value is not None and spec.id not in players:
        if spec.value_source:
            out.append(Answer(spec.id, spec.value, "house_rule", spec.value_source))
        elif spec.ruling:
            ruling = ruleset.ruling(spec.ruling)
            cited = f" ({ruling.source})" if ruling is not None else ""
            out.append(Answer(spec.id, spec.value, "ruling", f"ruling {spec.ruling}{cited}"))
        else:
            out.append(Answer(spec.id, spec.value, "rules", spec.source))
    return tuple(out)


def open_questions(
    ruleset: Ruleset,
    players: Mapping[str, InputValue] | None = None,
    sources: Mapping[str, str] | None = None,
) -> OpenQuestions:
    """The ruleset's questions with the answers known (``players``: the game's answers, by
    answer id; ``sources``: where each came from, e.g. ``Game.gap_sources()``), grouped by the
    checks that need them."""
    players = players or {}
    sources = sources or {}
    table_of = {gap: t.id for t in ruleset.gap_tables for gap in t.gap_ids()}
    questions = {
        spec.id: Question(
            gap=spec.id,
            question=spec.question,
            source=spec.source,
            expects=expects(spec),
            keys=spec.keys,
            answers=answers_of(ruleset, spec, players, sources),
            table=table_of.get(spec.id),
        )
        for spec in ruleset.gaps
    }
    ids = list(questions)
    groups: list[QuestionGroup] = []
    read: set[str] = set()
    for check in ruleset.checks:
        if check.option is not None and check.option not in ruleset.active_options:
            continue
        gaps = gaps_read(check, ids)
        if not gaps:
            continue
        read.update(gaps)
        tables = tuple(
            dict.fromkeys(
                [t.id for t in ruleset.gap_tables if t.check == check.id]
                + [table_of[g] for g in gaps if g in table_of]
            )
        )
        own = tuple(questions[g] for g in gaps if g not in table_of)
        groups.append(QuestionGroup(check.id, check.title, own, tables))
    rest = [g for g in ids if g not in read]
    if rest:
        tables = tuple(dict.fromkeys(table_of[g] for g in rest if g in table_of))
        own = tuple(questions[g] for g in rest if g not in table_of)
        groups.append(QuestionGroup(None, "Read by no check as things stand", own, tables))
    return OpenQuestions(tuple(questions.values()), tuple(groups))
