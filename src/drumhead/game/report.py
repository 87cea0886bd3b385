"""Plain-text descriptions of events, and the after-action report (Markdown)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from drumhead.checks.sources import changes_only
from drumhead.game.events import Event
from drumhead.game.game import Game
from drumhead.game.luck_text import luck_markdown
from drumhead.game.record_text import applied_text
from drumhead.game.state import GameState, Unit
from drumhead.game.stats import LuckWalk, Roll, luck_of
from drumhead.questions.answers import PLAYERS_ANSWER, answer_label
from drumhead.rules.model import Ruleset

if TYPE_CHECKING:
    from typing import Self

    from drumhead.game.taken_back import Reverted


def _unit_name(state: GameState, unit_id: object) -> str:
    if isinstance(unit_id, str) and state.has_unit(unit_id):
        return state.unit(unit_id).name
    return str(unit_id)


def _leader_name(state: GameState, leader_id: object) -> str:
    if isinstance(leader_id, str) and state.has_leader(leader_id):
        return state.leader(leader_id).name
    return str(leader_id)


def odds_text(record: Mapping[str, Any]) -> str:
    """``pass 80% (4/5), fail by 1 10% (1/10)`` from a resolution record (each outcome's id
    in words)."""
    parts = []
    for o in record.get("odds", []):
        label = str(o.get("outcome")).replace("_", " ")
        if o.get("value") is not None:
            label += f" {o['value']}"
        parts.append(f"{label} {o.get('percent')}% ({o.get('p')})")
    return ", ".join(parts)


def sources_text(record: Mapping[str, Any], ruleset: Ruleset | None = None) -> str:
    """Where a roll's answer came from: the outcome's citation, each value the players or the
    house rules gave (marked as theirs, never as the rules'), and the rulings it rests on."""
    cited = record.get("outcome_source") or record.get("source")
    if not cited and ruleset is not None:
        check = next((c for c in ruleset.checks if c.id == record.get("check")), None)
        cited = check.source if check is not None else ""
    parts = [str(cited or "no citation recorded")]
    for gap in record.get("gaps", []):
        if isinstance(gap, Mapping) and gap.get("kind") != "rules":
            label = gap.get("label") or _answer(ruleset, gap.get("id"))
            parts.append(f"{label} = {gap.get('value')} ({gap.get('source')})")
    parts += [str(change) for change in changes_only(record.get("house_rules", []))]
    for ruling in record.get("rulings", []):
        if isinstance(ruling, Mapping):
            other = " (the other reading)" if ruling.get("used") == "alternative" else ""
            parts.append(f"ruling {ruling.get('id')}{other}")
    return "; ".join(parts).replace("|", "/")


def dice_text(event_data: Mapping[str, Any]) -> str:
    """The rolls of a resolution event, with where the dice came from."""
    record = event_data.get("resolution", {})
    rolls = "; ".join(
        f"{r.get('label')} {r.get('notation')} [{', '.join(str(f) for f in r.get('faces', []))}]"
        for r in record.get("rolls", [])
    )
    if not rolls:
        return "no dice"  # a decision or a share: no seed to name
    origin = "by hand" if "hand" in event_data else f"seed {event_data.get('seed')}"
    return f"{rolls} ({origin})"


def _check_title(ruleset: Ruleset | None, check_id: object) -> str:
    """A check by its title (its id in words where the ruleset does not know it)."""
    for check in ruleset.checks if ruleset is not None else ():
        if check.id == check_id:
            return check.title
    return str(check_id).replace("_", " ")


def _answer(ruleset: Ruleset | None, answer: object) -> str:
    """An agreed value by its label and situation, never its answer id."""
    if ruleset is None:
        return str(answer).replace("_", " ")
    return answer_label(ruleset, str(answer))


def _side_name(state: GameState, side_id: object) -> str:
    return next((s.name for s in state.sides if s.id == side_id), str(side_id))


def _step_text(ruleset: Ruleset | None, phase_id: object, step_id: object) -> str:
    """A step of the turn by its text, a phase by its title (their ids where unknown)."""
    sequence = ruleset.sequence if ruleset is not None else None
    for phase in sequence.phases if sequence is not None else ():
        if phase.id != phase_id:
            continue
        if step_id is None:
            return phase.title
        for step in phase.steps:
            if step.id == step_id:
                return step.text
    return str(step_id if step_id is not None else phase_id).replace("_", " ")


def describe(event: Any, state: GameState, ruleset: Ruleset | None = None) -> str:
    """One line saying what an event did (``state``: the state it was applied to), naming
    checks, agreed values, steps and sides as ``ruleset`` and ``state`` name them."""
    d = event.data
    kind = event.kind
    if kind == "resolution":
        record = d.get("resolution", {})
        who = f" for {_unit_name(state, d['unit'])}" if "unit" in d else ""
        return (
            f"{_check_title(ruleset, d.get('check'))}{who}: {dice_text(d)}, "
            f"modified {record.get('modified', '-')}: "
            f"{record.get('text', record.get('outcome'))}"
        )
    if kind == "apply_effects":
        return applied_text(d, lambda unit: _unit_name(state, unit), lead="effects applied")
    if kind == "edit":
        target = d.get("target")
        name = (
            _unit_name(state, d.get("id"))
            if target == "unit"
            else _leader_name(state, d.get("id"))
            if target == "leader"
            else str(d.get("id"))
        )
        return (
            f"edited {name}: {str(d.get('field')).replace('_', ' ')} "
            f"{d.get('old', '(none)')} -> {d.get('new', '(none)')}"
        )
    if kind == "add_side":
        return f"added side {d['side'].get('name')}"
    if kind == "add_unit":
        return f"added unit {d['unit'].get('name')}"
    if kind == "remove_unit":
        return f"removed the card of {_unit_name(state, d.get('unit'))}"
    if kind == "add_leader":
        return f"added leader {d['leader'].get('name')}"
    if kind == "remove_leader":
        return f"removed leader {_leader_name(state, d.get('leader'))}"
    if kind == "attach_leader":
        where = _unit_name(state, d["unit"]) if "unit" in d else "no unit"
        return f"{_leader_name(state, d.get('leader'))} now with {where}"
    if kind == "tick_step":
        phase, _, step = str(d.get("step")).partition(".")
        return f"{'ticked' if d.get('ticked') else 'unticked'} {_step_text(ruleset, phase, step)}"
    if kind in ("next_phase", "next_turn"):
        phase = d.get("phase")
        where = f"turn {d.get('turn')}, phase {_step_text(ruleset, phase, None) if phase else '-'}"
        where += f", step {_step_text(ruleset, phase, d['step'])}" if d.get("step") else ""
        where += f" ({_side_name(state, d['acting'])} acting)" if d.get("acting") else ""
        return where + (" (again)" if d.get("again") else "")
    if kind == "draw_card":
        then = f"; phase {d['phase']}" if d.get("phase") else ""
        return f"drew card {d.get('card')}{then}"
    if kind == "shuffle_deck":
        return "shuffled the deck"
    if kind == "initiative":
        winner, first = _side_name(state, d.get("winner")), _side_name(state, d.get("first"))
        return f"initiative to {winner}; {first} moves first"
    if kind == "set_gap":
        if "value" not in d:
            return (
                f"players took back their answer {_answer(ruleset, d.get('gap'))} = {d.get('old')}"
            )
        return (
            f"players set {_answer(ruleset, d.get('gap'))} = {d.get('value')} "
            "(your club's answer, not the rules')"
        )
    if kind == "set_gaps":
        answers = d.get("answers", [])
        shown = "; ".join(
            f"{_answer(ruleset, a.get('gap'))} = {a.get('value', '(taken back)')}" for a in answers
        )
        tables = {t.id: t.title for t in ruleset.gap_tables} if ruleset is not None else {}
        where = f" in {tables.get(d['table'], d['table'])}" if "table" in d else ""
        return f"players set {len(answers)} values{where}: {shown} (your club's answers, not the rules')"
    if kind == "note":
        return f"note: {d.get('text')}"
    if kind == "revert":
        target = d.get("target")
        dropped = ", ".join(str(seq) for seq in d.get("drop", []))
        return f"reverted entry {target}" + (
            f" and dropped entries {dropped}, which no longer applied without it" if dropped else ""
        )
    if kind == "roll":
        faces = ", ".join(str(f) for f in d.get("faces", []))
        who = f" for {_unit_name(state, d['unit'])}" if "unit" in d else ""
        return (
            f"rolled {d.get('notation')}{who} ({d.get('purpose')}): [{faces}] = {d.get('total')} "
            f"(seed {d.get('seed')})"
        )
    return str(kind)


def _state_label(ruleset: Ruleset, unit_type: str, state: str) -> str:
    """A morale state as its ladder names it ("Good order"), or the id when no ladder does."""
    if not state:
        return "-"
    kind = ruleset.unit_type(unit_type)
    ladder = ruleset.ladder(kind.ladder if kind else "default")
    return ladder.label(state) if ladder is not None else state.replace("_", " ")


class ReportWalk(LuckWalk):
    """The walk of the log the after-action report reads: with each roll placed (a
    :class:`LuckWalk`), each entry's line (struck through when taken back), each roll's row
    of the table of rolls, when each leader fell, and each card as it last was before it
    was taken off the table."""

    def __init__(self, state: GameState, walked: int = 0, rolls: list[Roll] | None = None):
        super().__init__(state, walked, rolls)
        self.by_turn: dict[int, list[str]] = {}
        """Each entry's line, by turn."""
        self.roll_rows: list[str] = []
        """Each roll in effect as a row of the report's table of rolls."""
        self.leader_fate: dict[str, tuple[str, int]] = {}
        """Each leader whose status changed: the last status and the turn."""
        self.cards: dict[str, Unit] = {u.id: u for u in state.units}
        """Every card put on the table, in order: as it is now, or was when taken off."""

    def step(self, game: Game, event: Event, gone: Mapping[int, Reverted]) -> None:
        state = self.state
        phase = _step_text(game.ruleset, event.phase, None) if event.phase else "-"
        line = f"*{phase}* {describe(event, state, game.ruleset)}"
        if event.seq in gone:  # kept in the log, struck through and marked, never hidden
            took = gone[event.seq]
            line = f"~~{line}~~ **[{took.how} by entry {took.by}]**"
        self.by_turn.setdefault(event.turn, []).append(f"- {event.seq}. {line}")
        super().step(game, event, gone)
        if event.kind == "revert" or event.seq in gone:
            return  # the game as it stands never had it
        if event.kind == "resolution":
            record = event.data.get("resolution", {})
            who = _unit_name(state, event.data.get("unit", "-"))
            self.roll_rows.append(
                f"| {event.seq} | {event.turn} | {_check_title(game.ruleset, event.data.get('check'))} | {who} | "
                f"{dice_text(event.data)} | {str(record.get('outcome')).replace('_', ' ')} | "
                f"{odds_text(record)} | "
                f"{sources_text(record, game.ruleset)} |"
            )
        after = self.state
        if after.leaders is not state.leaders:
            for leader in after.leaders:
                if state.has_leader(leader.id) and state.leader(leader.id).status != leader.status:
                    self.leader_fate[leader.id] = (leader.status, event.turn)
        if len(after.units) != len(state.units):  # a card added or taken off the table
            present = {u.id for u in after.units}
            for unit in state.units:
                if unit.id not in present:
                    self.cards[unit.id] = unit  # its last card
            for unit in after.units:
                self.cards.setdefault(unit.id, unit)  # a new card, in the order they came

    def plain(self) -> dict[str, Any]:
        from drumhead.game.codec import unit_to_dict

        return {
            **super().plain(),
            "by_turn": self.by_turn,
            "roll_rows": self.roll_rows,
            "leader_fate": self.leader_fate,
            "cards": [unit_to_dict(u) for u in self.cards.values()],
        }

    @classmethod
    def from_plain(cls, table: Mapping[str, Any]) -> Self:
        from drumhead.game.codec import read_unit
        from drumhead.rules.reader import Reader

        walk = super().from_plain(table)
        walk.by_turn = {int(t): [str(x) for x in lines] for t, lines in table["by_turn"].items()}
        walk.roll_rows = [str(x) for x in table["roll_rows"]]
        walk.leader_fate = {
            str(k): (str(status), int(turn)) for k, (status, turn) in table["leader_fate"].items()
        }
        cards = (read_unit(Reader(u, key="cards")) for u in table["cards"])
        walk.cards = {u.id: u for u in cards}
        return walk


def export_markdown(game: Game, walk: ReportWalk | None = None) -> str:
    """The after-action report: the log by turn, losses, leaders lost, every roll and its odds
    (``walk``: the report's walk of the whole log, when the caller has it)."""
    ruleset = game.ruleset
    final = game.state
    out: list[str] = [f"# After-action report: {final.name or 'untitled game'}", ""]
    titles = {o.id: o.title for o in ruleset.options}
    options = ", ".join(sorted(titles.get(o, o.replace("_", " ")) for o in final.options)) or "none"
    out.append(
        f"- Ruleset: {ruleset.title} (`{ruleset.id}` v{ruleset.version}); options: {options}"
    )
    if final.scenario:
        out.append(f"- Scenario: {final.scenario}")
    if final.house_rules:
        out.append(f"- House rules: {final.house_rules}")
    out.append(f"- Seed: {final.seed}; turn reached: {final.turn}; events: {game.event_count}")
    sources = game.gap_sources()
    if final.gaps:
        out.append(
            "- Values the players supplied (not the rules'): "
            + "; ".join(
                f"{answer_label(ruleset, k)} = {v} ({sources.get(k, PLAYERS_ANSWER)})"
                for k, v in final.gaps
            )
        )
    given = dict(final.gaps)
    house = [
        (g.id, g.value, g.value_source)
        for g in ruleset.gaps
        if g.value_source and g.value is not None and g.id not in given
    ]
    house += [
        (f"{g.id}.{key}", value, g.value_source)
        for g in ruleset.gaps
        for key, value in g.values
        if f"{g.id}.{key}" not in given
    ]
    if house:
        out.append(
            "- Values from the house rules (not the rules'): "
            + "; ".join(
                f"{answer_label(ruleset, gap)} = {value} ({source})" for gap, value, source in house
            )
        )
    out.append("")

    walk = walk if walk is not None else ReportWalk.begin(game).walk_on(game)
    state = walk.state
    cards = dict(walk.cards)
    for unit in state.units:  # every card on the table, as it is at the end
        cards[unit.id] = unit
    by_turn, rolls, leader_fate = walk.by_turn, walk.roll_rows, walk.leader_fate

    out += ["## Losses", ""]
    for side in final.sides:
        units = [u for u in cards.values() if u.side == side.id]
        if not units:
            continue
        lost = sum(u.strength_lost for u in units)
        start = sum(u.strength_start for u in units)
        out += [f"### {side.name}: lost {lost} of {start}", ""]
        out += ["| unit | start | now | lost | state | note |", "|---|---|---|---|---|---|"]
        for u in units:
            status = "out of play" if u.removed else ""
            if not final.has_unit(u.id):
                status = "card removed"
            out.append(
                f"| {u.name} | {u.strength_start} | {u.strength_now} | {u.strength_lost} "
                f"| {_state_label(ruleset, u.type, u.state)} | {status} |"
            )
        out.append("")

    out += ["## Leaders lost", ""]
    lost_leaders = [x for x in final.leaders if x.status != "active"]
    if not lost_leaders:
        out.append("None.")
    for leader in lost_leaders:
        when = leader_fate.get(leader.id)
        fell = f" (turn {when[1]})" if when else ""
        out.append(f"- {leader.name} ({leader.side}): {leader.status}{fell}")
    out.append("")

    out += ["## The log", ""]
    if not by_turn:
        out.append("No events.")
    for turn in sorted(by_turn):
        out += [f"### Turn {turn}", "", *by_turn[turn], ""]

    out += luck_markdown(luck_of(game, walk.rolls))

    out += ["## Every roll", ""]
    if rolls:
        out += [
            "| # | turn | check | unit | dice | outcome | odds before the roll | sources |",
            "|---|---|---|---|---|---|---|---|",
            *rolls,
        ]
    else:
        out.append("No rolls.")
    out.append("")
    return "\n".join(out)
