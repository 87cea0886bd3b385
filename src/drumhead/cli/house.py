"""``drumhead house-rules list|template`` and ``drumhead questions``: the house-rules files
offered for a ruleset, the template to fill in, and the questions the rules leave open."""

from __future__ import annotations

import argparse
from dataclasses import asdict
from pathlib import Path

from drumhead.cli.output import emit_json


def cmd_list(args: argparse.Namespace) -> int:
    from drumhead.house.library import house_choices
    from drumhead.saves.files import saves_dir

    choices = house_choices(args.ruleset, saves_dir(args.saves), args.house_rules)
    if args.json:
        emit_json([{**asdict(c), "preview": c.preview, "usable": c.usable} for c in choices])
        return 0
    for choice in choices:
        where = f"  [{choice.origin}] {choice.path}" if choice.path else ""
        print(f"{choice.title}{where}")
        if choice.author:
            print(f"    by {choice.author}")
        print(f"    {choice.preview}")
    return 0


def cmd_template(args: argparse.Namespace) -> int:
    from drumhead.house.template import template_text
    from drumhead.loading.loader import load_ruleset
    from drumhead.saves.files import write_file

    text = template_text(load_ruleset(args.ruleset))
    if args.output is None:
        print(text, end="")
        return 0
    out = Path(args.output)
    write_file(out, text.encode("utf-8"), replace=False)
    if args.json:
        emit_json({"written": str(out)})
    else:
        print(f"wrote {out}: fill it in, then check it with: drumhead check {out}")
    return 0


def cmd_questions(args: argparse.Namespace) -> int:
    from drumhead.loading.loader import load_ruleset
    from drumhead.questions.answers import answer_label, keys_shown
    from drumhead.questions.asked import open_questions

    ruleset = load_ruleset(args.ruleset, args.option, args.house_rules)
    questions = open_questions(ruleset)
    if args.json:
        emit_json(
            {
                "summary": questions.summary,
                "open": len(questions.open),
                "unanswered": len(questions.unanswered),
                "groups": [
                    {
                        "check": g.check,
                        "title": g.title,
                        "tables": list(g.tables),
                        "questions": [
                            {**asdict(q), "answered": q.answered, "open": q.open}
                            for q in g.questions
                        ],
                    }
                    for g in questions.groups
                ],
            }
        )
        return 0
    print(questions.summary)
    for group in questions.groups:
        where = f" ({group.check})" if group.check else ""
        print(f"\n{group.title}{where}")
        for table_id in group.tables:
            table = ruleset.gap_table(table_id)
            assert table is not None
            cells = table.gap_ids()
            answered = sum(1 for q in questions.questions if q.gap in cells and q.answered)
            print(f"  chart {table.title}: {answered} of {len(cells)} cells known")
        for q in group.questions:
            state = (
                "; ".join(
                    (f"{a.situation}: " if a.situation else "") + f"{a.value} ({a.source})"
                    for a in q.answers
                )
                or "open"
            )
            keyed = f" [asked per {keys_shown(ruleset, q.gap)}]" if q.keys else ""
            print(f"  {answer_label(ruleset, q.gap)}{keyed}: {q.question}")
            print(f"      expects {q.expects}; {state}; in a house-rules file: {q.gap}")
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from drumhead.errors import DrumheadError
    from drumhead.loading.json_schemas import all_schemas
    from drumhead.saves.files import write_file

    schemas = all_schemas()
    if args.output is None:
        if args.name is None:
            print("\n".join(schemas))
            return 0
        if args.name not in schemas:
            raise DrumheadError(f"no schema '{args.name}' (schemas: {', '.join(schemas)})")
        emit_json(schemas[args.name])
        return 0
    folder = Path(args.output)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, schema in schemas.items():
            write_file(folder / name, schema_text(schema).encode("utf-8"))
    except OSError as exc:
        raise DrumheadError(f"cannot write into {folder}: {exc.strerror or exc}") from None
    print(f"wrote {len(schemas)} schemas into {folder}")
    return 0


def schema_text(schema: object) -> str:
    """A schema as its file holds it."""
    import json

    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
