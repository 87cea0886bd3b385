"""The scenarios a new game offers: the shipped ones and the players' own folder's, each
usable or listed with what is wrong with it; and the order-of-battle files (CSV, army-builder
rosters) in that folder, which a new game can import.

The players' own folder is ``scenarios`` beside the saves folder (``./scenarios`` beside
``./saves``), or the folder given with ``drumhead --scenarios DIR``, as the house-rules folder
is found. A scenario file for another ruleset is not offered; one that does not load (bad
TOML, a bad value) is listed with its problem (file, line, key, what is wrong), so the players
learn why it cannot be played, and the good ones beside it are offered all the same.

:class:`ScenarioDesk` sits on a :class:`~drumhead.session.TableSession`; no UI here: the
new-game screen and ``drumhead new --scenario`` use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from drumhead.errors import DrumheadError, RulesetError

if TYPE_CHECKING:
    from collections.abc import Iterable

    from drumhead.game import Game
    from drumhead.roster import ImportedBattle
    from drumhead.session.core import SessionCore

SCENARIOS_FOLDER = "scenarios"
"""The players' own folder's name, beside the saves folder."""

IMPORT_SUFFIXES = (".csv", ".ros", ".rosz")
"""Files a new game can import an order of battle from: a spreadsheet saved as CSV, a
BattleScribe or New Recruit roster (``.rosz`` zipped)."""

MAX_FILES = 200
"""The most files of the players' folder that are read to list them: each is read and
validated when the new-game screen shows a ruleset, and a folder of thousands (a download
folder given by mistake) would hold the screen up. The rest are named as left out."""

Origin = Literal["shipped", "file", "yours"]
"""Where a scenario comes from: shipped with drumhead, a file named when drumhead started,
the players' own folder."""


@dataclass(frozen=True, slots=True)
class ScenarioChoice:
    """A scenario offered for a ruleset (or a file in the players' folder that cannot be)."""

    id: str
    """What starts it: a shipped scenario's id, else its file's path."""
    title: str
    """Its title (a broken file's name when it has none that can be read)."""
    origin: Origin
    problem: str | None = None
    """Why it cannot be played (each problem ``file:line: key: what is wrong``, one a line);
    None when it can."""
    description: str = ""

    @property
    def usable(self) -> bool:
        return self.problem is None

    @property
    def file_name(self) -> str:
        """The file's name (no folder), or empty for a shipped scenario."""
        return "" if self.origin == "shipped" else Path(self.id).name


@dataclass(frozen=True, slots=True)
class ScenarioShelf:
    """What the scenario step of a new game lists for one ruleset."""

    choices: tuple[ScenarioChoice, ...]
    """Shipped first, then files named at start, then the players' own (by file name)."""
    folder: Path
    """The players' own folder (it may not exist yet)."""
    left_out: int = 0
    """Files of the players' folder not read (past :data:`MAX_FILES`)."""


def players_folder(saves: str | Path, given: str | Path | None = None) -> Path:
    """The players' own scenarios folder: ``given`` (``--scenarios DIR``), else ``scenarios``
    beside the saves folder."""
    if given is not None:
        return Path(given)
    return Path(saves).resolve().parent / SCENARIOS_FOLDER


def folder_files(folder: Path, suffixes: Iterable[str]) -> tuple[list[Path], int]:
    """The files of ``folder`` with one of ``suffixes``, sorted by name, at most
    :data:`MAX_FILES` of them (a link to nothing among them); and how many more there were.
    An unreadable or missing folder has none."""
    wanted = tuple(suffixes)
    try:
        found = sorted(
            p for p in folder.iterdir() if p.suffix.lower() in wanted and not p.name.startswith(".")
        )
    except OSError:
        return [], 0
    # a link to nothing is listed (reading it says so); a folder, a pipe or a device is not
    files = [p for p in found[:MAX_FILES] if p.is_file() or not p.exists()]
    return files, max(0, len(found) - MAX_FILES)


def _problem(exc: DrumheadError) -> str:
    return exc.format() if isinstance(exc, RulesetError) else str(exc)


def read_file(
    path: Path, known: Iterable[str], origin: Origin = "yours"
) -> tuple[str | None, ScenarioChoice]:
    """One scenario file read and validated against the ruleset it names: that ruleset (None
    when it names none drumhead has, or cannot be read: then it is offered for every ruleset,
    the players could not tell where it went) and the file as offered."""
    from drumhead.game import load_scenario
    from drumhead.rules.toml_file import read_toml

    try:
        data, _ = read_toml(path, kind="scenario")
    except DrumheadError as exc:
        return None, ScenarioChoice(str(path), path.name, origin, problem=_problem(exc))
    named = data.get("ruleset")
    ruleset_id = named if isinstance(named, str) and named in set(known) else None
    title = data.get("scenario")
    shown = title if isinstance(title, str) and title.strip() else path.name
    try:
        scenario = load_scenario(path)
    except DrumheadError as exc:
        return ruleset_id, ScenarioChoice(str(path), shown, origin, problem=_problem(exc))
    return ruleset_id, ScenarioChoice(
        str(path), scenario.title, origin, description=scenario.description
    )


def resolve_scenario(name: str, folder: Path) -> str:
    """What ``drumhead new --scenario NAME`` starts: a file's path as given, a shipped
    scenario's id, else ``NAME.toml`` in the players' folder ``folder``. Raises DrumheadError
    naming both places when it is in neither."""
    from drumhead.game import scenario_ids

    path = Path(name)
    if path.suffix == ".toml" or path.exists() or name in scenario_ids():
        return name
    own = folder / f"{name}.toml"
    if own.is_file():
        return str(own)
    shipped = ", ".join(scenario_ids()) or "none"
    files, _ = folder_files(folder, (".toml",))
    yours = ", ".join(p.stem for p in files) or "none"
    raise DrumheadError(
        f"no scenario '{name}' (shipped: {shipped}; in your folder {folder}: {yours})"
    )


class ScenarioDesk:
    """The scenarios and order-of-battle files a new game offers, for one table session."""

    def __init__(self, session: SessionCore) -> None:
        self.session = session
        self.files_read: dict[tuple[str, int, int], tuple[str | None, ScenarioChoice]] = {}
        """Each scenario file read, by path, time modified and size: a new game reads the
        folder again for each ruleset highlighted, and 200 files took 0.4 s to validate."""

    def folder(self) -> Path:
        """Where the players' own scenarios (and files to import) are."""
        return players_folder(self.session.keeper.folder(), self.session.scenario_folder)

    def shelf(self, ruleset_id: str) -> ScenarioShelf:
        """What the new-game screen lists for ``ruleset_id``: the shipped scenarios, the files
        named at start, then the players' own, each usable or with its problem."""
        from drumhead.game import load_scenario, scenario_ids

        known = self.session.ruleset_ids()
        out: list[ScenarioChoice] = []
        for sid in scenario_ids(ruleset_id):
            try:
                scenario = load_scenario(sid)
            except DrumheadError as exc:  # a shipped file broken: say so, never hide it
                out.append(ScenarioChoice(sid, sid, "shipped", problem=_problem(exc)))
                continue
            out.append(ScenarioChoice(sid, scenario.title, "shipped", None, scenario.description))
        folder = self.folder()
        files, left_out = folder_files(folder, (".toml",))
        given: list[tuple[Path, Origin]] = [(Path(n), "file") for n in self.session.scenario_files]
        for path, origin in given + [(p, "yours") for p in files]:
            named, choice = self.read(path, known, origin)
            if named in (None, ruleset_id):
                out.append(choice)
        return ScenarioShelf(tuple(out), folder, left_out)

    def read(
        self, path: Path, known: Iterable[str], origin: Origin
    ) -> tuple[str | None, ScenarioChoice]:
        """:func:`read_file`, read again only once the file has changed."""
        try:
            stat = path.stat()
        except OSError:
            return read_file(path, known, origin)  # says why it cannot be read
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        if key not in self.files_read:
            self.files_read[key] = read_file(path, known, origin)
        return self.files_read[key]

    def importable(self) -> tuple[list[Path], int]:
        """The CSV and roster files in the players' folder (at most :data:`MAX_FILES`), and
        how many more were left out."""
        return folder_files(self.folder(), IMPORT_SUFFIXES)

    def start(
        self,
        ruleset_id: str,
        name: str,
        choice: ScenarioChoice | None,
        *,
        options: Iterable[str] = (),
        house_rules: str | None = None,
        without: Iterable[str] = (),
    ) -> Game:
        """Start a new game from ``choice`` (None: an empty battlefield); a choice that cannot
        be played is refused with its problem, before anything is written."""
        if choice is not None and choice.problem is not None:
            raise DrumheadError(f"{choice.file_name or choice.id} cannot be used: {choice.problem}")
        return self.session.new_game(
            ruleset_id,
            name,
            options=options,
            scenario=choice.id if choice is not None else "",
            house_rules=house_rules,
            without=without,
        )

    # -- an order of battle imported --------------------------------------------------------
    def preview(self, path: str | Path, ruleset_id: str) -> ImportedBattle:
        """What importing ``path`` (a CSV or roster file) for ``ruleset_id`` gives: its units
        by side, or every problem (row or roster path, the value found, the values allowed).
        Nothing is written."""
        from drumhead.roster import import_battle

        return import_battle(Path(path), self.session.load(ruleset_id))

    def start_imported(
        self,
        battle: ImportedBattle,
        source: str | Path,
        ruleset_id: str,
        name: str,
        *,
        options: Iterable[str] = (),
        house_rules: str | None = None,
        without: Iterable[str] = (),
    ) -> Game:
        """Start a new game from an imported order of battle (``source``: its file), as a
        scenario starts one; refused, naming the first problems, when it has any."""
        _refuse_problems(battle, source)
        return self.session.new_game(
            ruleset_id,
            name,
            options=options,
            scenario=str(source),
            house_rules=house_rules,
            without=without,
            scenario_text=battle.scenario_text,
        )

    def keep_imported(self, battle: ImportedBattle, source: str | Path) -> Path:
        """Keep an imported order of battle as a scenario file in the players' folder, named
        after its source (``oob.csv`` -> ``oob.toml``), where a new game lists it; its path.
        Refused, nothing written, when it has problems, does not load as a scenario, or a
        file of that name exists."""
        from drumhead.game.scenario import read_scenario
        from drumhead.rules.toml_file import read_toml
        from drumhead.saves.files import save_path, write_atomic

        _refuse_problems(battle, source)
        folder = self.folder()
        try:
            path = save_path(folder, Path(source).stem)
        except DrumheadError as exc:
            raise DrumheadError(str(exc).replace("save name", "file name")) from None
        if path.exists():
            raise DrumheadError(
                f"a scenario named '{path.name}' exists already in {folder}: rename one of them"
            )
        data, text = read_toml(path, battle.scenario_text, kind="scenario")
        read_scenario(data, text=text, file=str(path), scenario_id=path.stem)  # loads, or says why
        write_atomic(path, text.encode("utf-8"))
        return path


def _refuse_problems(battle: ImportedBattle, source: str | Path) -> None:
    """Raise DrumheadError naming the first problems of an import (nothing of it is used)."""
    if not battle.problems and battle.scenario_text:
        return
    shown = "; ".join(f"{p.where}: {p.message}" for p in battle.problems[:3])
    more = len(battle.problems) - 3
    if more > 0:
        shown += f" (and {more} more)"
    raise DrumheadError(f"{Path(source).name} cannot start a game: {shown or 'it holds no units'}")
