"""``drumhead house-rules template RULESET``: a commented house-rules file with every question
the rules leave open, grouped by the check that needs it, each with its rule's citation and the
kind of value it expects, ready to fill in with an editor and check with ``drumhead check``.

Every answer line is written commented out (``# troop_grade_elite =``): uncomment the ones you
answer and give the value; the others stay questions asked at the table.
"""

from __future__ import annotations

import itertools
import re
import textwrap
from collections.abc import Mapping

from drumhead.questions.answers import question_text
from drumhead.questions.asked import Question, open_questions
from drumhead.rules.model import GapSpec, InputSpec, InputValue, Ruleset

WIDTH = 96

HEADER = """\
# House rules for {title} (drumhead ruleset {id}, version {version}).
#
# EVERY VALUE YOU WRITE HERE IS YOUR OWN (your club's, or from your own copy of the rules),
# NOT THE RULES' AS drumhead KNOWS THEM: every answer that uses one cites this file
# ("house rule, FILE"), never the rules.
#
# {summary}.
# Answer the ones you want: remove the "# " before an answer line and give the value. Leave
# the others as they are: drumhead asks them at the table when a check needs them.
# Check the file with:  drumhead check THIS-FILE.toml
# Use it with:          drumhead new {id} --house-rules THIS-FILE.toml   (or pick it in the app)
"""


def _comment(text: str, indent: str = "") -> list[str]:
    return [f"# {indent}{line}" for line in textwrap.wrap(text, WIDTH - 2 - len(indent)) or [""]]


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _key_values(item: InputSpec) -> list[str]:
    """The values a key's input can take, when few enough to list; else its lowest."""
    if item.type == "choice":
        return list(item.choices)
    if item.type == "bool":
        return ["true", "false"]
    low = item.minimum if item.minimum is not None else 0
    if item.maximum is not None and item.maximum - low < 12:
        return [str(n) for n in range(low, item.maximum + 1)]
    return [str(low)]


def _key_words(item: InputSpec) -> str:
    if item.type == "choice":
        return f"{item.name}: one of {', '.join(item.choices)}"
    if item.type == "bool":
        return f"{item.name}: true or false"
    limits = []
    if item.minimum is not None:
        limits.append(f"{item.minimum} or more")
    if item.maximum is not None:
        limits.append(f"at most {item.maximum}")
    return f"{item.name}: a whole number" + (f" ({', '.join(limits)})" if limits else "")


def _question(spec: GapSpec, question: Question) -> list[str]:
    lines = _comment(f"{spec.id}: {spec.question}")
    lines += _comment(f"rule: {spec.source}", "  ")
    quoted = ' (in quotes: "...")' if spec.type != "int" else ""
    lines += _comment(f"expects: {question.expects}{quoted}", "  ")
    if not spec.keys:
        return [*lines, f"# {spec.id} ="]
    lines += _comment(
        f"kept per {' and '.join(spec.keys)}: one line per situation "
        f"({spec.id}.{'.'.join(k.upper() for k in spec.keys)} = ...); "
        + "; ".join(_key_words(i) for i in spec.key_inputs)
        + f". A line without the keys ({spec.id} = ...) holds for every situation.",
        "  ",
    )
    combos = itertools.product(*(_key_values(i) for i in spec.key_inputs))
    return lines + [f"# {spec.id}.{'.'.join(combo)} =" for combo in combos]


def template_text(ruleset: Ruleset) -> str:
    """The commented template of a ruleset's house rules (its open questions)."""
    questions = open_questions(ruleset)
    shown = {q.gap: q for q in questions.open}
    out = [
        HEADER.format(
            title=ruleset.title,
            id=ruleset.id,
            version=ruleset.version,
            summary=questions.summary,
        ),
        f"ruleset = {_toml_string(ruleset.id)}",
        "title = " + _toml_string(f"Our house rules for {ruleset.title} (our own values)"),
        'author = ""',
        "",
        "[gaps]",
    ]
    done: set[str] = set()
    for group in questions.groups:
        own = [q for q in group.questions if q.gap in shown and q.gap not in done]
        tables = [
            t for t in (ruleset.gap_table(tid) for tid in group.tables) if t and t.id not in done
        ]
        if not own and not tables:
            continue
        where = f" (check {group.check})" if group.check else ""
        out += ["", f"# ==== {group.title}{where} ".ljust(WIDTH, "=")]
        for table in tables:
            done.add(table.id)
            out += ["", *_comment(f"---- {table.title} (a chart, table {table.id})")]
            out += _comment(f"rule: {table.source}", "  ")
            if table.pattern_help:
                out += _comment(f"each cell: {table.pattern_help}", "  ")
            out += _comment(
                'write each value in quotes, before the "#": cell = "..."    # ...', "  "
            )
            for (_, row_label), gaps in zip(table.rows, table.cells, strict=True):
                for (_, column_label), gap_id in zip(table.columns, gaps, strict=True):
                    spec = ruleset.gap(gap_id)
                    assert spec is not None
                    done.add(gap_id)
                    place = f"{table.row_title or 'row'} {row_label}, {column_label}"
                    if gap_id not in shown:
                        value = spec.value
                        out.append(f"#   ({place}: the rules give {value!r}; set it to differ)")
                        continue
                    out.append(f"# {gap_id} =    # {place}")
        for question in own:
            spec = ruleset.gap(question.gap)
            assert spec is not None
            done.add(question.gap)
            out += ["", *_question(spec, question)]
    return "\n".join(out) + "\n"


def answers_text(
    ruleset: Ruleset,
    players: Mapping[str, InputValue],
    *,
    title: str,
    author: str = "",
    include_house: bool = True,
) -> str:
    """A house-rules file holding a game's answers ("save these answers as a house-rules
    file"): the players' answers, and (``include_house``) the values of the house rules the
    game plays with, each under a comment with its question, so a new game with the file asks
    none of them. The patch and options of those house rules are not copied: only answers."""
    values: dict[str, InputValue] = {}
    if include_house:
        for spec in ruleset.gaps:
            if spec.value_source and spec.value is not None:
                values[spec.id] = spec.value
            for key, value in spec.values:
                values[f"{spec.id}.{key}"] = value
    values.update(players)
    out = [
        "# House rules saved from a game's answers (drumhead ruleset "
        f"{ruleset.id}, version {ruleset.version}).",
        "# EVERY VALUE BELOW IS THE PLAYERS' OWN (given at the table or by house rules), NOT THE",
        "# RULES'. Check the file with: drumhead check THIS-FILE.toml",
        "",
        f"ruleset = {_toml_string(ruleset.id)}",
        f"title = {_toml_string(title)}",
    ]
    if author:
        out.append(f"author = {_toml_string(author)}")
    out += ["", "[gaps]"]
    order = {g.id: n for n, g in enumerate(ruleset.gaps)}
    for answer in sorted(values, key=lambda a: (order.get(a.split(".")[0], len(order)), a)):
        if ruleset.gap(answer) is None:
            continue  # an answer to a gap this version of the ruleset no longer has
        value = values[answer]
        shown = (
            str(value).lower()
            if isinstance(value, bool)
            else (_toml_string(value) if isinstance(value, str) else str(value))
        )
        out += _comment(question_text(ruleset, answer))
        out.append(f"{_quoted_key(answer)} = {shown}")
    return "\n".join(out) + "\n"


def _quoted_key(answer: str) -> str:
    """An answer id as a TOML dotted key (each part bare when it can be)."""
    return ".".join(
        p if re.fullmatch(r"[A-Za-z0-9_-]+", p) else _toml_string(p) for p in answer.split(".")
    )
