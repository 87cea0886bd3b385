"""The CLI's sub-commands over the rules core: rulesets, checks, odds, resolve, check
(``roll`` is :mod:`drumhead.cli.roll`: it needs the dice alone)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from drumhead.cli.output import bar, emit_json, table
from drumhead.dice.odds import mean, percent
from drumhead.errors import InputError, RulesetError

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from fractions import Fraction
    from typing import Any

    from drumhead.checks.results import OutcomeOdds, Resolution


def _load(args: argparse.Namespace) -> Any:
    from drumhead.cache.rulesets import load_ruleset

    return load_ruleset(args.ruleset, args.option, args.house_rules)


def _pairs(items: Sequence[str], flag: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            raise InputError(f"{flag} takes NAME=VALUE, not '{item}'")
        key, value = item.split("=", 1)
        out[key.strip()] = value.strip()
    return out


def _mods(items: Sequence[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        key, _, count = item.partition("=")
        try:
            out[key.strip()] = int(count) if count else 1
        except ValueError:
            raise InputError(f"--mod {item}: the count must be a whole number") from None
    return out


# -- rulesets / checks --------------------------------------------------------------------------
def cmd_rulesets(args: argparse.Namespace) -> int:
    from drumhead.cache.rulesets import shipped_ids, summaries

    rows = summaries(shipped_ids())
    if args.json:
        emit_json(rows)
        return 0
    for r in rows:
        print(f"{r['id']}  {r['title']} (v{r['version']})")
        print(f"    {r['description']}")
        print(f"    checks: {', '.join(r['checks'])}")
        if r["options"]:
            print(f"    optional rules: {', '.join(r['options'])}")
        if r["gaps"]:
            print(f"    values the sources lack: {len(r['gaps'])}")
    return 0


def describe_check(rs: Any, check: Any) -> dict[str, Any]:
    return {
        "id": check.id,
        "title": check.title,
        "kind": check.kind,
        "source": check.source,
        "summary": check.summary,
        "option": check.option,
        "sides": list(check.sides) if check.sides else None,
        "scope": check.scope,
        "roles": [
            {
                "id": r.id,
                "title": r.title,
                "min": r.minimum,
                "max": r.maximum,
                "side": "self" if n == 0 else ("own" if r.own_side else "other"),
                **({"when": r.when.text} if r.when is not None else {}),
                **({"from_log": r.from_log} if r.from_log is not None else {}),
            }
            for n, r in enumerate(check.roles)
        ],
        "inputs": [
            {
                "name": i.name,
                "type": i.type,
                "label": i.label,
                "choices": list(i.choices) or None,
                "default": i.default,
                "min": i.minimum,
                "max": i.maximum,
                "from_unit": i.from_unit,
                "from_units": i.from_units.text if i.from_units is not None else None,
                "role": i.role,
            }
            for i in check.inputs
        ],
        "modifiers": [
            {
                "id": m.id,
                "label": m.label,
                "value": _modifier_value(m),
                "auto": m.auto,
                "when": m.when.text if m.when else None,
                "group": m.group,
                "side": m.side,
                "applies": m.applies,
                "countable": m.countable,
                "option": m.option,
                "source": m.source,
            }
            for m in check.modifiers
        ],
        "outcomes": [{"id": o.id, "text": o.text, "numeric": o.numeric} for o in check.outcomes],
        "refusals": [
            {"when": r.when.text, "text": r.text, "source": r.source} for r in check.refusals
        ],
        "luck": {
            "way": check.luck.way if check.luck else "unknown",
            "declared": bool(check.luck and check.luck.declared),
            "text": check.luck.describe() if check.luck else "",
        },
    }


def _modifier_value(m: Any) -> str:
    """A modifier's value as players read it: -1, x1/2 (scale), +3 dice."""
    text = str(m.value.text)
    if m.applies == "scale":
        return f"x{text}" + (f"/{m.scale_by}" if m.scale_by != 1 else "")
    if m.applies == "dice":
        return (f"{text}/{m.scale_by}" if m.scale_by != 1 else text) + " dice"
    return text


def cmd_checks(args: argparse.Namespace) -> int:
    rs = _load(args)
    checks = [rs.check(args.check)] if args.check else list(rs.checks)
    described = [describe_check(rs, c) for c in checks]
    if args.json:
        emit_json({"ruleset": rs.id, "version": rs.version, "checks": described})
        return 0
    if not args.check:
        print(f"{rs.title} (v{rs.version})")
        print(
            table(
                ["check", "title", "kind", "source"],
                [[c.id, c.title, c.kind, c.source] for c in checks],
            )
        )
        print("\n`drumhead checks RULESET CHECK` shows a check's inputs, modifiers and outcomes.")
        return 0
    d = described[0]
    print(f"{d['title']} ({d['id']}, {d['kind']})  [{d['source']}]")
    print(f"  {d['summary']}")
    if d["option"]:
        print(f"  optional rule: {d['option']}")
    if d["roles"]:
        print("\nroles (drumhead play SAVE CHECK --role ROLE=UNIT):")
        for r in d["roles"]:
            count = "" if (r["min"], r["max"]) == (1, 1) else f", {r['min']} to {r['max']} units"
            side = {"self": "the unit the check is for", "own": "its own side"}.get(
                r["side"], "the other side"
            )
            print(f"  {r['id']:<24} {r['title']} ({side}{count})")
            if r.get("when"):
                print(f"  {'':<24} asked only when {r['when']}")
            if r.get("from_log"):
                print(f"  {'':<24} filled from this turn's log: {r['from_log']}")
    print("\ninputs:")
    for i in d["inputs"]:
        allowed = "|".join(i["choices"]) if i["choices"] else i["type"]
        rng = ""
        if i["min"] is not None or i["max"] is not None:
            rng = f" {i['min'] if i['min'] is not None else ''}..{i['max'] if i['max'] is not None else ''}"
        default = "required" if i["default"] is None else f"default {i['default']}"
        print(f"  {i['name']:<24} {allowed}{rng}  ({default})  {i['label']}")
    print("\nmodifiers:")
    for m in d["modifiers"]:
        how = "auto" if m["auto"] else ("tick, countable" if m["countable"] else "tick")
        extra = [
            f"{m['applies']}" if m["applies"] != "roll" else "",
            f"side {m['side']}" if m["side"] else "",
            f"group {m['group']}" if m["group"] else "",
            f"option {m['option']}" if m["option"] else "",
            f"when {m['when']}" if m["when"] else "",
        ]
        extras = ", ".join(e for e in extra if e)
        print(
            f"  {m['id']:<30} {m['value']:>8}  {m['label']} [{how}{', ' + extras if extras else ''}]  ({m['source']})"
        )
    print("\noutcomes:")
    for o in d["outcomes"]:
        print(f"  {o['id']:<24} {o['text']}")
    if d["refusals"]:
        print("\nrefused when:")
        for r in d["refusals"]:
            print(f"  {r['when']}: {r['text']}" + (f"  ({r['source']})" if r["source"] else ""))
    print(f"\nluck (for drumhead stats): {d['luck']['text']}")
    _print_questions(rs, d["id"])
    return 0


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _print_questions(rs: Any, check_id: str) -> None:
    """The values the sources lack that the check reads, each with whose value it is (the
    rules', a ruling's, the house rules', or open: asked when needed)."""
    from drumhead.questions.answers import answer_label, keys_shown
    from drumhead.questions.asked import open_questions

    group = next((g for g in open_questions(rs).groups if g.check == check_id), None)
    if group is None:
        return
    print("\nvalues the sources lack:")
    for table_id in group.tables:
        shown = rs.gap_table(table_id)
        cells = shown.gap_ids()
        given = [g for g in rs.gaps if g.id in cells and (g.value is not None)]
        houses = sorted({g.value_source for g in given if g.value_source})
        whose = f"; {', '.join(houses)}" if houses else ""
        print(f"  chart {shown.title}: {len(given)} of {len(cells)} cells known{whose}")
    for q in group.questions:
        answers = "; ".join(f"{answer_label(rs, a.id)} = {a.value} ({a.source})" for a in q.answers)
        keyed = f" [per {keys_shown(rs, q.gap)}]" if q.keys else ""
        print(
            f"  {answer_label(rs, q.gap)}{keyed}: {answers or 'open: asked when a check needs it'}"
            f" (--set {'.'.join([q.gap, *(k.upper() for k in q.keys)])}=VALUE)"
        )


# -- odds / resolve --------------------------------------------------------------------------
def _prepare(args: argparse.Namespace) -> Any:
    from drumhead.checks.resolve import prepare
    from drumhead.questions.answers import PLAYERS_ANSWER

    rs = _load(args)
    values = _pairs(args.set, "--set")
    given = {k: f"{PLAYERS_ANSWER} (--set)" for k in values if rs.gap(k) is not None}
    return prepare(
        rs,
        args.check,
        values,
        _mods(args.mod),
        use_reroll=not args.no_reroll,
        gap_sources=given,
    )


def odds_dict(ctx: Any, result: Sequence[OutcomeOdds]) -> dict[str, Any]:
    from drumhead.checks.sources import gap_uses, house_changes, odds_rulings, outcome_sources

    numeric = [o for o in result if o.value is not None]
    sources = dict(outcome_sources(ctx.check, result))
    data: dict[str, Any] = {
        "ruleset": ctx.ruleset.id,
        "check": ctx.check.id,
        "source": ctx.check.source,
        "inputs": dict(ctx.inputs),
        "modifiers": [m.to_dict() for m in ctx.modifiers],
        "total_modifier": ctx.total(),
        "odds": [{**o.to_dict(), "source": sources[o.outcome]} for o in result],
        "rulings": [r.to_dict() for r in odds_rulings(ctx, result)],
        "gaps": [g.to_dict() for g in gap_uses(ctx)],
        "house_rules": list(house_changes(ctx)),
    }
    outcome_of: dict[int | None, set[str]] = {}
    for o in result:
        outcome_of.setdefault(o.value, set()).add(o.outcome)
    # The mean is of the value, so only where the value alone says what happened: a difference
    # read on a chart, hits, casualties; not whole inches split by fractions into outcomes.
    if numeric and len(numeric) == len(result) and all(len(s) == 1 for s in outcome_of.values()):
        dist = {o.value: o.p for o in numeric if o.value is not None}
        data["mean"] = str(mean(dist))
        data["mean_float"] = round(float(mean(dist)), 3)
    return data


def cmd_odds(args: argparse.Namespace) -> int:
    from drumhead.checks.resolve import odds

    ctx = _prepare(args)
    result = odds(ctx)
    data = odds_dict(ctx, result)
    if args.json:
        emit_json(data)
        return 0
    print(f"{ctx.ruleset.title}: {ctx.check.title}  [{ctx.check.source}]")
    for m in ctx.modifiers:
        print(f"  {m.describe()}  ({m.source})")
    shown_source = ctx.check.source
    for o, row in zip(result, data["odds"], strict=True):
        label = o.outcome if o.value is None else f"{o.outcome} {o.value}"
        cited = f"  ({row['source']})" if row["source"] != shown_source else ""
        print(f"  {label:<28} {percent(o.p):>6.1f}%  {bar(float(o.p))}  {_frac(o.p)}{cited}")
    if "mean" in data:
        print(f"  mean {data['mean_float']}")
    print_sources(data)
    return 0


def print_sources(data: dict[str, Any]) -> None:
    """The values an answer took from outside the rules' own numbers, and its rulings."""
    for gap in data.get("gaps", []):
        print(f"  value {gap.get('label') or gap['id']} = {gap['value']}  ({gap['source']})")
    from drumhead.checks.sources import changes_only

    for change in changes_only(data.get("house_rules", [])):
        print(f"  {change}")
    for ruling in data.get("rulings", []):
        if ruling["used"] == "alternative":
            print(
                f"  ruling {ruling['id']} ({ruling['source']}): other reading chosen: "
                f"{ruling['alternative'] or ruling['reading']}"
            )
        else:
            print(f"  ruling {ruling['id']} ({ruling['source']}): {ruling['reading']}")


def cmd_resolve(args: argparse.Namespace) -> int:
    from drumhead.checks.resolve import resolve
    from drumhead.dice.roller import HandDice, RandomDice

    ctx = _prepare(args)
    seed = None
    if args.dice is not None:
        dice: Any = HandDice(args.dice)
    else:
        import random

        seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
        dice = RandomDice(random.Random(seed))
    res = resolve(ctx, dice)
    data = res.to_dict()
    if seed is not None and res.rolls:
        data["seed"] = seed
    elif not res.rolls:
        seed = None  # nothing was rolled: a seed would suggest otherwise
    if args.json:
        emit_json(data)
    else:
        print_resolution(ctx, res, seed)
    return 0


def print_resolution(ctx: Any, res: Resolution, seed: int | None) -> None:
    print(f"{ctx.ruleset.title}: {ctx.check.title}  [{ctx.check.source}]")
    for m in res.modifiers:
        print(f"  modifier {m.describe()}  ({m.source})")
    for step in res.steps:
        print(f"  {step}")
    if res.outcome_source != res.source:
        print(f"  outcome source: {res.outcome_source}")
    for effect in res.effects:
        print(f"  -> {effect.text}" + (f"  ({effect.source})" if effect.source else ""))
    print_sources(res.to_dict())
    print(
        "  odds before the roll: "
        + ", ".join(
            f"{o.outcome}{'' if o.value is None else ' ' + str(o.value)} {percent(o.p)}%"
            for o in res.odds
        )
    )
    if seed is not None:
        print(f"  seed {seed}")


# -- check files ------------------------------------------------------------------------------
def cmd_check(args: argparse.Namespace) -> int:
    """Every problem of every file, one a line (``--json``: ``{"valid", "checked", "errors"}``,
    each error ``{"message", "file", "line", "key"}``, and ``"error"``, the first)."""
    from drumhead.cli.output import error_dict
    from drumhead.cli.validate_files import check_paths

    errors = check_paths([Path(p) for p in args.paths])
    if args.json:
        data: dict[str, Any] = {
            "valid": not errors,
            "checked": list(args.paths) or ["shipped rulesets and scenarios"],
            "errors": [error_dict(e) for e in errors],
        }
        if errors:
            data = {"error": data["errors"][0], **data}
        emit_json(data)
        return 1 if errors else 0
    for error in errors:
        print(error.format() if isinstance(error, RulesetError) else str(error))
    if errors:
        print(f"{len(errors)} problem{'s' if len(errors) != 1 else ''} found")
        return 1
    print("all files valid")
    return 0
