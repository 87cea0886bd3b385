"""Scenarios (orders of battle): TOML files validated against their ruleset.

See ``docs/scenario-format.md``. Validation is generic: every name is checked against what the
ruleset declares (unit types, qualities, formations, ladder states, markers); a ruleset that
declares none of a kind leaves that kind free.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path

from drumhead.errors import DrumheadError, RulesetError
from drumhead.game.codec import check_references, read_leader, read_side, read_unit
from drumhead.game.state import Activation, GameState, Leader, Side, Unit
from drumhead.rules.legacy_cards import LEGACY_LEADER_FIELDS, LEGACY_UNIT_FIELDS
from drumhead.rules.model import Ruleset
from drumhead.rules.reader import Problems, Reader
from drumhead.rules.toml_file import read_toml


@dataclass(frozen=True, slots=True)
class Scenario:
    """An order of battle, validated."""

    id: str
    title: str
    ruleset: str
    description: str
    source: str
    options: tuple[str, ...]
    sides: tuple[Side, ...]
    leaders: tuple[Leader, ...]
    units: tuple[Unit, ...]
    cards: tuple[str, ...] = ()
    """Extra activation cards (division/wing or army cards) besides one per brigade."""
    path: str = ""


def _folder() -> resources.abc.Traversable:
    return resources.files("drumhead.data") / "scenarios"


def scenario_ids(ruleset_id: str | None = None) -> list[str]:
    """The shipped scenarios (of one ruleset, if given), sorted."""
    folder = _folder()
    if not folder.is_dir():
        return []
    out = []
    for entry in folder.iterdir():
        if not entry.name.endswith(".toml"):
            continue
        if ruleset_id is not None:
            try:
                data, _ = read_toml(entry.name, entry.read_text(encoding="utf-8"), kind="scenario")
            except (OSError, UnicodeDecodeError, DrumheadError):
                continue
            if data.get("ruleset") != ruleset_id:
                continue
        out.append(entry.name[:-5])
    return sorted(out)


def load_scenario(path_or_id: str | Path, ruleset: Ruleset | None = None) -> Scenario:
    """A scenario file (a path) or a shipped scenario (an id), validated against its ruleset."""
    path = Path(path_or_id)
    if path.suffix == ".toml" or path.exists():
        data, text = read_toml(path, kind="scenario")
        name = str(path)
        scenario_id = path.stem
    else:
        scenario_id = str(path_or_id)
        if scenario_id not in scenario_ids():
            shipped = ", ".join(scenario_ids()) or "none"
            raise DrumheadError(f"no scenario '{scenario_id}' (shipped: {shipped})")
        name = f"data/scenarios/{scenario_id}.toml"
        shipped = (_folder() / f"{scenario_id}.toml").read_text("utf-8")
        data, text = read_toml(name, shipped, kind="scenario")
    return read_scenario(data, text=text, file=name, scenario_id=scenario_id, ruleset=ruleset)


def read_scenario(
    data: dict[str, object],
    *,
    text: str = "",
    file: str = "",
    scenario_id: str = "",
    ruleset: Ruleset | None = None,
) -> Scenario:
    """Validate a parsed scenario document."""
    from drumhead.game.rulesets import game_ruleset

    problems = Problems()  # every problem of the file is reported, not only the first
    r = Reader(data, file=file, text=text, problems=problems)
    title = r.text("scenario")
    ruleset_id = r.text("ruleset")
    options = r.strs("options", ())
    base = ruleset
    if base is None:
        try:
            base = game_ruleset(ruleset_id)
        except RulesetError:
            raise
        except DrumheadError as exc:
            raise r.error("ruleset", str(exc)) from None
    elif base.id != ruleset_id:
        raise r.error("ruleset", f"this scenario is for '{ruleset_id}', not '{base.id}'")
    for index, option in enumerate(options):
        if base.option(option) is None:
            known = ", ".join(o.id for o in base.options) or "none"
            raise r.error(f"options.{index}", f"no optional rule '{option}' (rules: {known})")
    if ruleset is None:
        ruleset = game_ruleset(ruleset_id, options) if options else base
    description = source = ""
    cards: tuple[str, ...] = ()
    with r.guard():
        description = r.text("description", "")
    with r.guard():
        source = r.text("source", "")
    with r.guard():
        cards = r.strs("cards", ())
    sides = []
    leaders = []
    units = []
    with r.guard():
        for s in r.array("sides"):
            with s.guard():
                sides.append(read_side(s))
        if not sides:
            r.report("sides", "a scenario needs its sides")
    with r.guard():
        for x in r.array("leaders"):
            with x.guard():
                leader = read_leader(x)
                check_attributes(ruleset, leader, x)
                leaders.append(leader)
    with r.guard():
        for u in r.array("units"):
            with u.guard():
                unit = read_unit(u, scenario=True)
                units.append(check_unit(ruleset, unit, u))
    r.done()
    problems.raise_any()
    scenario = Scenario(
        id=scenario_id,
        title=title,
        ruleset=ruleset_id,
        description=description,
        source=source,
        options=options,
        sides=tuple(sides),
        leaders=tuple(leaders),
        units=tuple(units),
        cards=cards,
        path=file,
    )
    with r.guard():
        check_references(_as_state(scenario), r)
    with r.guard():
        _check_commands(scenario, r)
    if len(set(cards)) != len(cards):
        r.report("cards", "a card is listed twice")
    problems.raise_any()
    return scenario


def start_state(ruleset: Ruleset, unit_type: str) -> str:
    """Where a fresh unit of the type starts on its morale ladder: the ladder's ``start``, else
    its best state ("" when the ruleset has none)."""
    ut = ruleset.unit_type(unit_type)
    ladder = ruleset.ladder(ut.ladder if ut else "default")
    if ladder is None and ruleset.ladders:
        ladder = ruleset.ladders[0]
    return ladder.fresh if ladder else ""


def ladder_states(ruleset: Ruleset, unit_type: str) -> tuple[str, ...]:
    """The states of the unit type's ladder (empty when the ruleset declares none)."""
    ut = ruleset.unit_type(unit_type)
    ladder = ruleset.ladder(ut.ladder if ut else "default")
    if ladder is None and ruleset.ladders:
        ladder = ruleset.ladders[0]
    return ladder.states if ladder else ()


def check_unit(ruleset: Ruleset, unit: Unit, r: Reader, *, saved: bool = False) -> Unit:
    """``unit`` checked against the ruleset's names; a missing state becomes the one a fresh
    unit starts in (:func:`start_state`).

    Each problem is reported (all of them when ``r`` collects problems, else the first)."""
    if ruleset.unit_types and ruleset.unit_type(unit.type) is None:
        known = ", ".join(u.id for u in ruleset.unit_types)
        r.report("type", f"no unit type '{unit.type}' in {ruleset.id} (types: {known})")
    if unit.quality and ruleset.qualities and unit.quality not in ruleset.qualities:
        r.report(
            "quality",
            f"'{unit.quality}' is not a quality of {ruleset.id} ({', '.join(ruleset.qualities)})",
        )
    if unit.formation and ruleset.formations and unit.formation not in ruleset.formations:
        r.report(
            "formation",
            f"'{unit.formation}' is not a formation of {ruleset.id} "
            f"({', '.join(ruleset.formations)})",
        )
    states = ladder_states(ruleset, unit.type)
    if not unit.state:
        unit = replace(unit, state=start_state(ruleset, unit.type))
    elif states and unit.state not in states:
        r.report("state", f"'{unit.state}' is not on the ladder ({', '.join(states)})")
    known_markers = {m.id for m in ruleset.markers}
    for marker in sorted(unit.markers):
        if known_markers and marker not in known_markers:
            r.report(
                "markers",
                f"no marker '{marker}' in {ruleset.id} ({', '.join(sorted(known_markers))})",
            )
    if unit.strength_now > unit.strength_start:
        r.report("strength_now", "is more than the strength at the start")
    check_attributes(ruleset, unit, r, saved=saved)
    return unit


def check_attributes(
    ruleset: Ruleset, card: Unit | Leader, r: Reader, *, saved: bool = False
) -> None:
    """Each attribute the card (a unit's or a leader's) gives is one its ruleset declares, with
    a value it can hold (``[unit_attributes]``, ``[leader_attributes]``). ``saved``: the card
    is a save's, which may hold a field every card had before rulesets declared them
    (:mod:`drumhead.rules.legacy_cards`), whatever its ruleset declares: it is kept as it is."""
    leader = isinstance(card, Leader)
    specs = {a.id: a for a in (ruleset.leader_attributes if leader else ruleset.unit_attributes)}
    section = "leader_attributes" if leader else "unit_attributes"
    before = LEGACY_LEADER_FIELDS if leader else LEGACY_UNIT_FIELDS
    for name, value in card.attributes:
        spec = specs.get(name)
        if spec is None and saved and name in before:
            continue
        if spec is None:
            known = ", ".join(specs) or "none"
            r.report(
                name,
                f"unknown key '{name}': {ruleset.id} declares no "
                f"{section[:-1].replace('_', ' ')} "
                f"'{name}' ([{section}]: {known})",
            )
        elif not spec.fits(value):
            r.report(name, f"{spec.label} takes {spec.wanted()}, not {value!r}")


def _check_commands(scenario: Scenario, r: Reader) -> None:
    names = {u.id for u in scenario.units} | {u.brigade for u in scenario.units}
    for index, leader in enumerate(scenario.leaders):
        for item in leader.commands:
            if item not in names:
                r.report(
                    f"leaders.{index}.commands",
                    f"'{item}' is neither a unit nor a brigade "
                    f"(units and brigades: {', '.join(sorted(names))})",
                )


def _as_state(scenario: Scenario) -> GameState:
    return GameState(
        ruleset=scenario.ruleset,
        ruleset_version="",
        options=frozenset(scenario.options),
        house_rules=None,
        gaps=(),
        seed=0,
        turn=1,
        phase="",
        step=None,
        ticked=frozenset(),
        activation=Activation(),
        sides=scenario.sides,
        leaders=scenario.leaders,
        units=scenario.units,
    )
