"""Save a game's answers as a house-rules file ("save these answers as a house-rules file").

The file goes to the players' own house-rules folder (``house-rules`` beside the saves folder,
or the folder given with ``--house-rules DIR``), where the new-game screen offers it for the
ruleset. The text is :func:`drumhead.house.template.answers_text`: every answer under a comment
with its question, every value marked as the players' own. It is read back and validated
before it is written, so a file that a new game could not load is never left behind.
"""

from __future__ import annotations

from pathlib import Path

from drumhead.errors import DrumheadError
from drumhead.house.library import players_folder
from drumhead.house.template import answers_text
from drumhead.loading.loader import read_house_rules
from drumhead.questions.answers import check_answers
from drumhead.rules.model import InputValue, Ruleset
from drumhead.saves.files import save_path, write_atomic


def answers_path(folder: str | Path, name: str) -> Path:
    """The file named ``name`` in the house-rules folder (names as for saves: letters, digits,
    spaces and ``_ - . , ' ( )``; never leaving the folder)."""
    try:
        return save_path(folder, name)
    except DrumheadError as exc:
        raise DrumheadError(str(exc).replace("save name", "file name")) from None


def save_answers(
    ruleset: Ruleset,
    players: dict[str, InputValue],
    folder: str | Path,
    name: str,
    *,
    title: str,
    author: str = "",
    replace: bool = False,
) -> Path:
    """Write the answers (the game's ``players`` answers and the values of the house rules it
    plays with) as ``name.toml`` in ``folder``; the file's path.

    Refused (:class:`DrumheadError`, nothing written) when there is nothing to save, the name
    is not usable, a file of that name exists (unless ``replace``), or the text would not load
    as house rules for ``ruleset`` (a bug: the players are told, no broken file is left).
    """
    if not title.strip():
        raise DrumheadError("give the house rules a title (shown when a new game offers them)")
    text = answers_text(ruleset, players, title=title.strip(), author=author.strip())
    if not _has_answers(text):
        raise DrumheadError("this game has no answers to save yet")
    path = answers_path(folder, name)
    if path.exists() and not replace:
        raise DrumheadError(f"a house-rules file named '{path.name}' exists already in {folder}")
    # read the text back as house rules before it is written: every answer must check
    house = read_house_rules(path, text)
    _, refused = check_answers(ruleset, dict(house.gaps))
    if refused:
        raise DrumheadError(
            "these answers would not load as house rules: "
            + "; ".join(refused[a] for a in sorted(refused))
        )
    write_atomic(path, text.encode("utf-8"))
    return path


def _has_answers(text: str) -> bool:
    """Whether the ``[gaps]`` table of a saved text holds at least one answer."""
    body = text.split("\n[gaps]\n", 1)[-1]
    return any(line and not line.startswith("#") for line in body.splitlines())


def default_folder(saves: str | Path, given: str | Path | None = None) -> Path:
    """Where saved answers go: ``given`` (``--house-rules DIR``), else ``house-rules`` beside
    the saves folder (the folder the new-game screen looks in)."""
    return players_folder(saves, given)
