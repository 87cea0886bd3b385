"""Domain errors: each carries a message a player (or a ruleset author) can act on.

All subclass :class:`DrumheadError`, itself a :class:`ValueError`, so callers can catch one type
and show ``str(error)`` without a traceback.
"""

from __future__ import annotations

MESSAGE_LIMIT = 20_000
"""The most characters of an error's message (bad input is quoted in excerpts where it is
met; this is the net under them: a list of the names known there stays whole)."""


def excerpt(text: str, length: int = 60) -> str:
    """``text`` as an error quotes bad input: whole when short, else its start and its end."""
    if len(text) <= length:
        return text
    tail = max(5, length // 4)
    return f"{text[: length - tail - 5]} ... {text[-tail:]}"


class DrumheadError(ValueError):
    """Base of every error drumhead reports to a person."""


class NotationError(DrumheadError):
    """A dice expression such as ``2d6+1`` could not be read."""


class DiceError(DrumheadError):
    """Hand-entered dice do not fit the roll (wrong count, or a face the die does not have)."""


class InputError(DrumheadError):
    """A check was given an input it does not take, or a value of the wrong kind."""


class OptionError(InputError):
    """A command-line option given a value the rules refuse (``--role target=ALLY``): ``key``
    is the option as given (``--role target``), named by the error's JSON as a file's problem
    names its key; ``message`` what is wrong."""

    def __init__(self, message: str, *, key: str) -> None:
        self.message = message
        self.key = key
        super().__init__(f"{key}: {message}")


class WrongSideError(InputError):
    """A unit picked for a role of a check on the wrong side of it (an ally as the target):
    ``role`` the role, the message why (:func:`drumhead.game.sides.wrong_side`)."""

    def __init__(self, message: str, *, role: str) -> None:
        self.role = role
        super().__init__(message)


class UnitTwiceError(WrongSideError):
    """A unit picked for two sides of one check, twice for one side, or the unit the check is
    made for picked for another side: ``role`` the role it was picked for again."""


class MissingCardValueError(InputError):
    """An effect was to change or read a whole number the unit's card does not give (``unit``
    is its id, ``attribute`` the unit attribute): the players give it, kept on the card, and
    the effect is applied again."""

    def __init__(
        self,
        unit: str,
        attribute: str,
        label: str,
        *,
        question: str,
        message: str,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> None:
        self.unit = unit
        self.attribute = attribute
        """The unit attribute that gives the number."""
        self.label = label
        self.question = question
        """How the players are asked for it ("How many gunner figures has the battery?")."""
        self.minimum = minimum
        """The least value the attribute takes (its declared ``min``), if any."""
        self.maximum = maximum
        """The most it takes (its declared ``max``), if any."""
        super().__init__(message)


class MissingHitsPerStandError(MissingCardValueError):
    """Hits were to be marked on a unit whose card does not say how many hits remove one of its
    stands (``unit`` is its id): the players give the number, kept on the card."""

    def __init__(self, unit: str, name: str, attribute: str, label: str) -> None:
        super().__init__(
            unit,
            attribute,
            label,
            question=f"How many hits remove one stand of {name}?",
            message=f"{name} has no value for '{label}' on its card: set {attribute} (how many "
            "hits remove one of its stands) to mark hits on it",
            minimum=1,
        )


class PickNeededError(InputError):
    """An effect falls on one unit of a role's group and the players have not said which:
    ``role`` is the role, ``units`` the ids of its units that can take it, ``text`` the
    effect's, ``at_random`` the citation when the rules say the unit is chosen at random
    (the game's dice may then pick it)."""

    def __init__(
        self,
        where: str,
        role: str,
        units: tuple[str, ...],
        text: str,
        at_random: str | None,
        hint: str = "",
    ) -> None:
        self.where = where
        self.role = role
        self.units = units
        self.text = text
        self.at_random = at_random
        how = (
            f"the rules say at random ({at_random}): pick one, or roll for it"
            if at_random
            else "pick one"
        )
        super().__init__(
            f"{where}: '{text}' falls on one unit of the {role.replace('_', ' ')} "
            f"({', '.join(units)}): {how}" + (f"; {hint}" if hint else "")
        )


class LeaderNeededError(InputError):
    """Several leaders are with the units of one side of a check whose inputs read its
    leader, none picked for it, and the rules do not say whose value counts: ``role`` the
    side, ``leaders`` the ids of those leaders. The players pick the side's leader (or give
    its values themselves)."""

    def __init__(self, role: str, title: str, leaders: tuple[str, ...], names: str) -> None:
        self.role = role
        self.leaders = leaders
        super().__init__(
            f"{len(leaders)} leaders are with {title} ({names}): the rules do not say whose "
            "value counts for one side, so it is yours to say: pick the side's leader, or "
            "give his values yourself"
        )


class CommandNeededError(InputError):
    """An effect falls on every unit under a leader's command and his card names none (the
    scenario gave him no ``commands``), or names only brigades and units his side does not have
    (``given``: a typing slip): ``leader`` is his id, ``name`` his name, ``choices`` the brigades
    of his side (and its units in none) he may command, ``known`` every name his command may
    hold (those brigades, and each unit of his side by its id). The players give his command, kept on his card (an
    edit of ``commands``), and the effect is applied again."""

    def __init__(
        self,
        where: str,
        leader: str,
        name: str,
        text: str,
        choices: tuple[str, ...],
        given: tuple[str, ...] = (),
        known: frozenset[str] = frozenset(),
    ) -> None:
        self.leader = leader
        self.name = name
        self.text = text
        self.choices = choices
        self.given = given
        self.known = known or frozenset(choices)
        """Every name his command may hold: his side's brigades and its units' ids."""
        why = (
            f"his card's command ({', '.join(given)}) names no brigade or unit of his side"
            if given
            else "his card names none"
        )
        self.question = f"Which brigades or units does {name} command? ({why})"
        super().__init__(
            f"{where}: '{text}' falls on every unit under {name}'s command, and {why}: give "
            f"his command (commands: brigades or units of his side, "
            f"{', '.join(choices) or 'none'}) and apply it again"
        )


class AnswersError(InputError):
    """Some of many answers given at once (a grid of chart cells) were refused, so none was
    kept; ``problems`` maps each refused answer id to why, so a grid can mark each cell."""

    def __init__(self, problems: dict[str, str]) -> None:
        self.problems = dict(problems)
        shown = "; ".join(self.problems.values())
        n = len(self.problems)
        values = "1 value" if n == 1 else f"{n} values"
        super().__init__(f"{values} refused, nothing was kept: {shown}")


class ExpressionError(DrumheadError):
    """A rule expression in a ruleset file is malformed or names something unknown."""


class MissingGapError(DrumheadError):
    """A check needs a value our sources do not give, and nobody has supplied it yet.

    ``gap`` is the answer id (the gap's id, and for a gap kept per situation its key values:
    ``fire_dice.infantry.2``); ``question`` the question to put to the players (with the
    situation it is asked for).
    """

    def __init__(self, gap: str, question: str, source: str, table: str | None = None) -> None:
        self.gap = gap
        self.question = question
        self.source = source
        self.gap_id = gap.split(".", 1)[0]
        """The gap itself (without the key)."""
        self.table = table
        """The gap table (missing chart) the gap is a cell of: the app can offer to enter the
        whole chart now."""
        super().__init__(
            f"missing value: {question} ({source}). Supply it with --set {gap}=VALUE "
            f"or in a house-rules file under [gaps]."
        )


class RulesetError(DrumheadError):
    """A ruleset, house-rules, scenario or save file is invalid.

    ``path`` is the file, ``key`` the dotted key path inside it, ``line`` the line when known.
    """

    def __init__(self, message: str, *, path: str = "", key: str = "", line: int | None = None):
        # never more than an excerpt of bad input (a key of 10 MB was repeated whole)
        self.message = excerpt(message, MESSAGE_LIMIT)
        self.path = path
        self.key = excerpt(key, 200)
        self.line = line
        super().__init__(self.format())

    def format(self) -> str:
        """``path:line: key: message``, leaving out the parts that are not known."""
        where = self.path
        if where and self.line is not None:
            where = f"{where}:{self.line}"
        parts = [p for p in (where, self.key) if p]
        return ": ".join([*parts, self.message])


class RulesetErrors(RulesetError):
    """Every problem found in one file (or a ruleset with its house rules), in file order.

    Its ``path``, ``key``, ``line`` and ``message`` are the first one's; ``errors`` holds them
    all, and its text (:meth:`format`) gives each on a line.
    """

    def __init__(self, errors: list[RulesetError]) -> None:
        if not errors:
            raise ValueError("RulesetErrors needs at least one error")
        self.errors = tuple(errors)
        first = errors[0]
        super().__init__(first.message, path=first.path, key=first.key, line=first.line)

    def format(self) -> str:
        """Each problem as ``path:line: key: message``, one a line."""
        if not hasattr(self, "errors"):  # while RulesetError.__init__ runs
            return super().format()
        return "\n".join(RulesetError.format(e) for e in self.errors)


class CountStopped(Exception):
    """A long count (a game's luck) stopped before its end because its reader asked it to:
    not an error, and never shown."""
