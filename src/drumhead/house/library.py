"""The house-rules files offered for a ruleset, each with a preview, and the choice of none.

Two folders are looked in: the samples shipped with drumhead (``drumhead.data/house-rules``,
every value in them the players' own, never the rules') and the players' own folder, a
``house-rules`` folder beside the saves folder (``./house-rules`` beside ``./saves``), or the
folder given with ``--house-rules DIR``. A file for another ruleset is not offered; a file that
does not validate is listed with its problem, so the players learn why it is not offered.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from drumhead.checks.base import counted_text
from drumhead.errors import DrumheadError, RulesetError
from drumhead.loading.loader import load_ruleset, read_house_rules
from drumhead.rules.toml_file import read_toml

NONE_LABEL = "none: ask me when needed"
"""The choice of no house rules: each open question is asked when a check needs it."""

HOUSE_FOLDER = "house-rules"
"""The players' own folder's name, beside the saves folder."""


@dataclass(frozen=True, slots=True)
class HouseChoice:
    """A house-rules file offered for a ruleset (or the choice of none), with its preview."""

    path: str | None
    """The file; None for "none: ask me when needed"."""
    title: str
    author: str = ""
    description: str = ""
    origin: str = ""
    """``shipped`` (a sample that comes with drumhead), ``yours`` (the players' folder), or
    empty for none."""
    answers: tuple[str, ...] = ()
    """The answer ids it gives for questions the rules leave open (``fire_dice.infantry.1``)."""
    questions: tuple[str, ...] = ()
    """The open questions (gap ids) it answers, wholly or for some situations."""
    open_total: int = 0
    """How many questions the ruleset leaves open."""
    options: tuple[str, ...] = ()
    """Optional rules it switches on."""
    changes: tuple[str, ...] = ()
    """The parts of the rules it changes (``checks.assault.modifiers.in_line``)."""
    problem: str | None = None
    """Why it cannot be used (it does not validate): listed, not offered."""

    @property
    def usable(self) -> bool:
        return self.problem is None

    @property
    def preview(self) -> str:
        """One line: what it answers and changes (or why it cannot be used)."""
        if self.path is None:
            if self.open_total == 0:
                return "the rules leave no question open: nothing is asked"
            if self.open_total == 1:
                return "the one open question is asked when a check needs it"
            return f"each of the {self.open_total} open questions is asked when a check needs it"
        if self.problem is not None:
            return f"cannot be used: {self.problem}"
        parts = [f"answers {len(self.questions)} of {self.open_total} open questions"]
        if self.changes:
            parts.append(f"changes {counted_text(len(self.changes), 'rule value|rule values')}")
        if self.options:
            parts.append(f"switches on {', '.join(self.options)}")
        return "; ".join(parts)


def shipped_folder() -> Path:
    """The samples shipped with drumhead."""
    return Path(str(resources.files("drumhead.data") / HOUSE_FOLDER))


def players_folder(saves: str | Path, given: str | Path | None = None) -> Path:
    """The players' own folder: ``given`` (``--house-rules DIR``), else ``house-rules`` beside
    the saves folder."""
    if given is not None:
        return Path(given)
    return Path(saves).resolve().parent / HOUSE_FOLDER


def _files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix == ".toml" and p.is_file())


def describe(path: Path, ruleset_id: str, origin: str = "yours") -> HouseChoice | None:
    """The preview of one file for a ruleset; None when it is for another ruleset (or not a
    house-rules file at all)."""
    try:
        data, _ = read_toml(path, kind="house rules")
    except RulesetError as exc:
        return HouseChoice(str(path), path.stem, origin=origin, problem=exc.format())
    if data.get("ruleset") != ruleset_id or "id" in data:
        return None
    base = load_ruleset(ruleset_id)
    open_ids = [g.id for g in base.gaps if g.value is None]
    try:
        house = read_house_rules(path)
        ruleset = load_ruleset(ruleset_id, house_rules=path)
    except DrumheadError as exc:
        shown = exc.format() if isinstance(exc, RulesetError) else str(exc)
        title = data.get("title") if isinstance(data.get("title"), str) else path.stem
        author = data.get("author") if isinstance(data.get("author"), str) else ""
        return HouseChoice(str(path), str(title), str(author), origin=origin, problem=shown)
    answers = tuple(a for a, _ in house.gaps if a.split(".", 1)[0] in open_ids)
    questions = tuple(dict.fromkeys(a.split(".", 1)[0] for a in answers))
    changes = tuple(c for c in ruleset.house_changes if not c.startswith("gaps."))
    return HouseChoice(
        str(path),
        house.title,
        house.author,
        house.description,
        origin,
        answers,
        questions,
        len(open_ids),
        house.options,
        changes,
    )


def house_choices(
    ruleset_id: str, saves: str | Path = "saves", folder: str | Path | None = None
) -> list[HouseChoice]:
    """What the new-game screen offers for a ruleset: "none: ask me when needed" first, then
    the shipped samples, then the players' own files (``folder``, else ``house-rules`` beside
    ``saves``), each with its preview; unusable files listed with their problem."""
    base = load_ruleset(ruleset_id)
    open_total = sum(1 for g in base.gaps if g.value is None)
    out = [HouseChoice(None, NONE_LABEL, open_total=open_total)]
    for origin, where in (("shipped", shipped_folder()), ("yours", players_folder(saves, folder))):
        for path in _files(where):
            choice = describe(path, ruleset_id, origin)
            if choice is not None:
                out.append(choice)
    return out
