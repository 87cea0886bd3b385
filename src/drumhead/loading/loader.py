"""Reading ruleset and house-rules files: the only place the core touches the file system.

Shipped rulesets are read through :mod:`importlib.resources` from ``drumhead.data/rulesets``.
Optional rules and house rules are laid over the raw document (``patch`` tables merge key by
key) and the result is validated as a whole, so an override is checked exactly like the original.
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

from drumhead.errors import DrumheadError, RulesetError
from drumhead.loading.ruleset import build_ruleset
from drumhead.loading.ruleset.gaps import flatten_keyed
from drumhead.rules.house_rules import HouseRules, house_fingerprint
from drumhead.rules.model import InputValue, Ruleset
from drumhead.rules.reader import Locator, Problems, Reader, deep_merge
from drumhead.rules.toml_file import read_toml
from drumhead.rules.toml_lines import locate

_CACHE: dict[tuple[str, frozenset[str], str | None, float | str], Ruleset] = {}


def ruleset_ids() -> list[str]:
    """The ids of the shipped rulesets, sorted."""
    folder = resources.files("drumhead.data") / "rulesets"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def _shipped(ruleset_id: str) -> tuple[dict[str, Any], str, str]:
    if ruleset_id not in ruleset_ids():
        raise DrumheadError(
            f"no ruleset '{ruleset_id}' (shipped: {', '.join(ruleset_ids()) or 'none'})"
        )
    res = resources.files("drumhead.data") / "rulesets" / f"{ruleset_id}.toml"
    name = f"data/rulesets/{ruleset_id}.toml"
    text = res.read_text(encoding="utf-8")
    kept = _PARSED.get(ruleset_id)
    if kept is None or kept[0] != text:
        data, text = read_toml(name, text, kind="ruleset")
        kept = _PARSED[ruleset_id] = (text, data)
    return copy.deepcopy(kept[1]), text, name


_PARSED: dict[str, tuple[str, dict[str, Any]]] = {}
"""Each shipped ruleset's text and its tables as parsed, by id: a load with other optional
rules or house rules parsed the whole file again (12-15 ms of a 40 ms load; the tables are
copied, 1 ms, so no load can change another's). A file whose text changed is parsed again;
one that does not parse is never kept."""


def read_house_rules(path: str | Path, text: str | None = None) -> HouseRules:
    """Read and check the shape of a house-rules file (its patch is checked when applied)."""
    data, text = read_toml(path, text, kind="house rules")
    problems = Problems()
    r = Reader(data, file=str(path), text=text, problems=problems)
    ruleset = title = author = description = ""
    with r.guard():
        ruleset = r.text("ruleset")
    with r.guard():
        title = r.text("title", "house rules")
    with r.guard():
        author = r.text("author", "")
    with r.guard():
        description = r.text("description", "")
    gaps: list[tuple[str, InputValue]] = []
    with r.guard():
        gaps_table = r.table("gaps", None)
        if gaps_table is not None:
            # a gap kept per situation takes a table of values by key: fire_dice.infantry.1 = 4
            for key, value in flatten_keyed(gaps_table.data):
                if not isinstance(value, int | str | bool):
                    gaps_table.report(key, "a gap value must be a number, text or boolean")
                    continue
                gaps.append((key, value))
            gaps_table.seen.update(gaps_table.data)
    patch = None
    with r.guard():
        patch = r.table("patch", None)
    options: tuple[str, ...] = ()
    with r.guard():
        options = r.strs("options", ())
    r.done()
    problems.raise_any()
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    return HouseRules(
        str(path),
        ruleset,
        title,
        tuple(gaps),
        patch.data if patch else {},
        options,
        digest,
        text,
        author,
        description,
    )


def apply_options(data: Mapping[str, Any], options: Iterable[str]) -> dict[str, Any]:
    """Lay the ``patch`` of each active optional rule over the document."""
    out = dict(data)
    table = data.get("options", {})
    for option in options:
        spec = table.get(option) if isinstance(table, dict) else None
        if isinstance(spec, dict) and isinstance(spec.get("patch"), dict):
            out = deep_merge(out, spec["patch"])
    return out


def load_ruleset(
    ruleset_id: str,
    options: Iterable[str] = (),
    house_rules: str | Path | HouseRules | None = None,
) -> Ruleset:
    """A shipped ruleset with optional rules switched on and house rules laid over it.

    Every problem is reported at once, each at the file and line it was written on (the
    ruleset, one of its optional rules' ``patch``, or the house-rules file). The first load
    of a ruleset also validates each of its optional rules switched on alone, so a mistake in
    a rule nobody has switched on yet is found too.
    """
    active = frozenset(options)
    key: tuple[str, frozenset[str], str | None, float | str]
    if isinstance(house_rules, HouseRules):  # already read: the copy a game keeps
        house: HouseRules | None = house_rules
        key = (ruleset_id, active, house_rules.path, house_fingerprint(house_rules))
    else:
        house = read_house_rules(house_rules) if house_rules is not None else None
        mtime = Path(house_rules).stat().st_mtime if house_rules is not None else 0.0
        key = (ruleset_id, active, str(house_rules) if house_rules else None, mtime)
    if key in _CACHE:
        return _CACHE[key]
    data, text, name = _shipped(ruleset_id)
    if ruleset_id not in _OPTIONS_CHECKED:
        check_options(data, text, name)
        _OPTIONS_CHECKED.add(ruleset_id)
    if house is not None:
        if house.ruleset != ruleset_id:
            raise RulesetError(
                f"these house rules are for '{house.ruleset}', not '{ruleset_id}'",
                path=house.path,
                key="ruleset",
                line=locate(house.text, "ruleset"),
            )
        active = active | frozenset(house.options)
    merged = apply_options(data, sorted(active))
    layers = [_option_layer(data, o, text, name) for o in sorted(active)]
    problems = Problems()
    changes: tuple[str, ...] = ()
    if house is not None:
        merged = deep_merge(merged, house.patch)
        merged = _with_house_gaps(merged, house, problems)
        merged, changes = mark_house_sources(merged, house.patch, house_label(house.path))
        layers.append((house.patch, house.path, house.text, "patch."))
        gaps = {"gaps": {g: {"value": v} for g, v in house.gaps if "." not in g}}
        layers.append((gaps, house.path, house.text, ""))
    ruleset: Ruleset | None = None
    locator = layered_locator(name, text, layers, house)
    try:
        ruleset = build_ruleset(
            merged,
            file=name,
            text=text,
            active_options=active,
            house_rules=house.path if house else None,
            house_rules_digest=house.digest if house else None,
            locator=locator,
        )
    except RulesetError as exc:
        problems.add(exc)
    if ruleset is not None:
        check_numbers(ruleset, locator, problems)
    if house is not None and ruleset is not None:
        _check_keyed_house_values(ruleset, house, problems)
    problems.raise_any()
    assert ruleset is not None
    if changes:
        ruleset = replace(ruleset, house_changes=changes)
    _CACHE[key] = ruleset
    return ruleset


def check_numbers(ruleset: Ruleset, locator: Locator, problems: Problems) -> None:
    """What the format promises of a ruleset's numbers, checked now rather than met at the
    table (:mod:`drumhead.checks.reach`): none reaches past the limit, and every miss of a
    target test has an outcome. Each problem at the file and line of its key."""
    from drumhead.checks.reach import check_reach

    for key, message in check_reach(ruleset):
        file, line = locator(key)
        problems.add(RulesetError(message, path=file, key=key, line=line))


def _check_keyed_house_values(ruleset: Ruleset, house: HouseRules, problems: Problems) -> None:
    """Values per key (``fire_dice.infantry.1 = 4``): each key value one its input can take,
    each value of the gap's kind, each reported at its line in the house-rules file."""
    from drumhead.questions.answers import check_key, split_answer_id, value_problem

    for answer, value in house.gaps:
        gap_id, key = split_answer_id(answer)
        spec = ruleset.gap(gap_id)
        if not key or spec is None:
            continue
        problem = check_key(spec, key)
        if problem is None:
            shown = value_problem(spec, value)
            problem = f"gap '{gap_id}' {shown}" if shown else None
        if problem is not None:
            problems.add(
                RulesetError(
                    problem,
                    path=house.path,
                    key=f"gaps.{answer}",
                    line=locate(house.text, f"gaps.{answer}") if house.text else None,
                )
            )


_OPTIONS_CHECKED: set[str] = set()
"""Shipped rulesets whose optional rules have each been validated in this process."""

Layer = tuple[Mapping[str, Any], str, str, str]
"""A patch laid over a ruleset: its keys, the file and text it was written in, and the key
path prefix it has there (``options.ID.patch.``, ``patch.``)."""


def check_options(data: Mapping[str, Any], text: str, name: str) -> None:
    """Validate the ruleset ``data`` with each of its optional rules on alone: every problem
    of every rule, each at its line in the rule's ``patch``."""
    table = data.get("options")
    if not isinstance(table, dict):
        return
    problems = Problems()
    for option in table:
        if not isinstance(table[option], dict) or "patch" not in table[option]:
            continue  # an option with no patch changes nothing the base validation missed
        locator = layered_locator(name, text, [_option_layer(data, option, text, name)])
        try:
            ruleset = build_ruleset(
                apply_options(data, [option]),
                file=name,
                text=text,
                active_options=frozenset([option]),
                locator=locator,
            )
        except RulesetError as exc:
            problems.add(exc)
        else:
            check_numbers(ruleset, locator, problems)
    problems.raise_any()


def _option_layer(data: Mapping[str, Any], option: str, text: str, name: str) -> Layer:
    table = data.get("options")
    spec = table.get(option) if isinstance(table, dict) else None
    patch = spec.get("patch") if isinstance(spec, dict) else None
    return (patch if isinstance(patch, dict) else {}, name, text, f"options.{option}.patch.")


def layered_locator(
    name: str, text: str, layers: list[Layer], house: HouseRules | None = None
) -> Locator:
    """Where a key path of a ruleset with patches laid over it was written: in the last patch
    that holds it, else in the ruleset itself."""

    def where(key: str) -> tuple[str, int | None]:
        for patch, file, source, prefix in reversed(layers):
            if _holds(patch, key):
                return file, locate(source, prefix + key) if source else None
        if house is not None and key == "options" and house.options:
            return house.path, locate(house.text, "options")
        return name, locate(text, key) if text else None

    return where


def _holds(patch: Any, key: str) -> bool:
    """Whether the dotted ``key`` (list items as numbers) is a path through ``patch``."""
    node = patch
    for part in key.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False
    return True


def house_label(path: str | Path) -> str:
    """How a value from a house-rules file is cited: ``house rule, FILE``."""
    return f"house rule, {Path(path).name}"


def _leaves(patch: Mapping[str, Any], prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for key, value in patch.items():
        if isinstance(value, dict) and value:
            out += _leaves(value, (*prefix, str(key)))
        else:
            out.append((*prefix, str(key)))
    return out


def mark_house_sources(
    data: dict[str, Any], patch: Mapping[str, Any], label: str
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """Cite the house rules wherever their patch changed a rule, never the rules' citation.

    A patched modifier or outcome is cited ``house rule, FILE`` (``FILE: their own citation``
    when the patch gives one); a check whose own keys changed is cited ``house rule, FILE
    changes KEYS; the rest: <the rules' citation>``; a patched gap's value is marked as the
    house's. Returns the document and every dotted key path the patch changed.
    """
    paths = _leaves(patch)
    out = dict(data)
    checks = dict(out.get("checks", {})) if isinstance(out.get("checks"), dict) else {}
    gaps = dict(out["gaps"]) if isinstance(out.get("gaps"), dict) else None
    check_keys: dict[str, list[str]] = {}
    # each table is copied once, however many of its keys the patch changes (copying it per
    # key made a file of 16,000 modifiers take 20 s)
    copied: set[tuple[str, ...]] = set()
    for path in paths:
        if path[0] == "gaps" and len(path) >= 2 and gaps is not None:
            if isinstance(gaps.get(path[1]), dict) and ("gap", path[1]) not in copied:
                gaps[path[1]] = {**gaps[path[1]], "value_source": label}
                copied.add(("gap", path[1]))
            continue
        if path[0] != "checks" or len(path) < 3 or not isinstance(checks.get(path[1]), dict):
            continue
        if ("check", path[1]) not in copied:
            checks[path[1]] = dict(checks[path[1]])
            copied.add(("check", path[1]))
        check = checks[path[1]]
        part = path[2]
        if part in ("modifiers", "outcomes") and len(path) >= 4:
            if not isinstance(check.get(part), dict):
                continue
            if ("table", *path[1:3]) not in copied:
                check[part] = dict(check[part])
                copied.add(("table", *path[1:3]))
            table = check[part]
            item = table.get(path[3])
            if isinstance(item, dict) and ("item", *path[1:4]) not in copied:
                theirs = _patched_source(patch, path[:4])
                table[path[3]] = {**item, "source": f"{label}: {theirs}" if theirs else label}
                copied.add(("item", *path[1:4]))
        elif part != "source":
            check_keys.setdefault(path[1], []).append(".".join(path[2:]))
    if gaps is not None and any(p[0] == "gap" for p in copied):
        out["gaps"] = gaps
    for check_id, keys in check_keys.items():
        check = dict(checks[check_id])
        rules = check.get("source", "")
        theirs = _patched_source(patch, ("checks", check_id))
        rest = f"; the rest: {rules}" if rules and not theirs else ""
        check["source"] = f"{label} changes {', '.join(sorted(set(keys)))}{rest}" + (
            f": {theirs}" if theirs else ""
        )
        checks[check_id] = check
    if checks:
        out["checks"] = checks
    return out, tuple(".".join(p) for p in paths)


def _patched_source(patch: Mapping[str, Any], path: tuple[str, ...]) -> str:
    """The ``source`` the house patch itself gives the table at ``path``, if any."""
    node: Any = patch
    for key in path:
        if not isinstance(node, Mapping) or key not in node:
            return ""
        node = node[key]
    if isinstance(node, Mapping) and isinstance(node.get("source"), str):
        return str(node["source"])
    return ""


def _with_house_gaps(data: dict[str, Any], house: HouseRules, problems: Problems) -> dict[str, Any]:
    """The house rules' gap values laid over the ruleset's gaps (unknown gaps reported)."""
    gaps = data.get("gaps", {})
    if not isinstance(gaps, dict):
        return data
    patched = dict(gaps)
    for answer, value in house.gaps:
        gap_id, _, key = answer.partition(".")
        if gap_id not in patched:
            problems.add(
                RulesetError(
                    f"no gap '{gap_id}' in ruleset '{house.ruleset}' "
                    f"(gaps: {', '.join(sorted(gaps)) or 'none'})",
                    path=house.path,
                    key=f"gaps.{answer}",
                    line=locate(house.text, f"gaps.{answer}") if house.text else None,
                )
            )
            continue
        if key:  # a value for one key of a gap kept per situation (checked once loaded)
            values = (
                dict(patched[gap_id].get("values", {})) if isinstance(patched[gap_id], dict) else {}
            )
            values[key] = value
            patched[gap_id] = {**patched[gap_id], "values": values}
            patched[gap_id]["value_source"] = house_label(house.path)
            continue
        patched[gap_id] = {
            **patched[gap_id],
            "value": value,
            "value_source": house_label(house.path),
        }
        patched[gap_id].pop("ruling", None)  # the house's value, not the example's
    return {**data, "gaps": patched}


def load_ruleset_file(path: str | Path) -> Ruleset:
    """Validate a ruleset file that is not (yet) shipped, e.g. one being written."""
    data, text = read_toml(path, kind="ruleset")
    return validate_ruleset_text(data, text, str(path))


def validate_ruleset_text(data: Mapping[str, Any], text: str, name: str) -> Ruleset:
    """A parsed ruleset file validated as a load validates it: the file itself and each of its
    optional rules switched on alone, every problem of all of them raised together."""
    problems = Problems()
    ruleset = None
    try:
        ruleset = build_ruleset(data, file=name, text=text)
    except RulesetError as exc:
        problems.add(exc)
    else:
        check_numbers(ruleset, layered_locator(name, text, []), problems)
    try:
        check_options(data, text, name)
    except RulesetError as exc:
        problems.add(exc)
    problems.raise_any()
    assert ruleset is not None
    return ruleset
