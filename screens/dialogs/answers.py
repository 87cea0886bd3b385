"""The answers screen: the questions the rules leave open, the answers the game has for them,
and what the players can do with them: change one, take one back (each an event of the game,
undoable, in the log), type a whole chart in the grid editor, and save them all as a
house-rules file for the next game.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from drumhead.errors import DrumheadError
from drumhead.questions.asked import Answer, OpenQuestions, Question
from drumhead.rules.model import Ruleset

from ..widgets.footer import KeysFooter
from .mounting import when_built

MARKS = {"players": "P", "house_rule": "H"}
"""Whose an answer is, by a letter (never by colour alone)."""


class AnswersHost(Protocol):
    """What the screen asks of the table session."""

    @property
    def ruleset(self) -> Ruleset: ...

    def questions(self) -> OpenQuestions:
        """The open questions with the answers the game (or the session) has."""
        ...

    def answer(self, answer_id: str, text: str) -> None:
        """Keep the players' answer (checked: DrumheadError says why it is refused)."""
        ...

    def take_back(self, answer_id: str) -> None:
        """Take the players' answer back (asked again when a check needs it)."""
        ...

    def house_folder(self) -> Path:
        """Where saved answers go (the folder the new-game screen offers files from)."""
        ...

    def save_answers(self, name: str, title: str) -> Path:
        """Save the answers as a house-rules file (DrumheadError: refused, nothing written)."""
        ...


def answer_line(question: Question, answer: Answer) -> Text:
    """``P Troop grade modifier ... = 2   your club's answer, asked on 1805-12-02``."""
    text = Text(f"{MARKS.get(answer.kind, ' ')} ", style="bold")
    text.append(question.question)
    if answer.situation:
        text.append(f" [{answer.situation}]")
    text.append(" = ")
    text.append(str(answer.value), style="bold")
    text.append(f"   {answer.source}", style="dim")
    return text


def open_line(question: Question) -> Text:
    text = Text("  ")
    text.append(question.question)
    if question.keys:
        text.append("   open: asked for each situation when a check needs it", style="dim italic")
    else:
        text.append("   open", style="dim italic")
    return text


def answer_options(ruleset: Ruleset, oq: OpenQuestions) -> list[Option]:
    """The list: per check, a heading, its charts (Enter opens the grid), each answer given
    and each question still open."""
    options: list[Option] = []
    for group in oq.groups:
        entries: list[Option] = []
        for table_id in group.tables:
            table = ruleset.gap_table(table_id)
            if table is None:
                continue
            cells = [q for q in oq.questions if q.table == table_id]
            known = sum(1 for q in cells if q.answered)
            line = Text("▦ ", style="bold")
            line.append(f"Chart: {table.title}")
            line.append(
                f"   {known} of {len(cells)} cells filled; Enter types it as a grid", style="dim"
            )
            entries.append(Option(line, id=f"table:{table_id}"))
        for question in group.questions:
            if not question.open:
                continue
            given = [a for a in question.answers if a.kind in MARKS]
            for answer in given:
                entries.append(Option(answer_line(question, answer), id=f"answer:{answer.id}"))
            if not given:
                entries.append(Option(open_line(question), id=f"open:{question.gap}"))
        if entries:
            options.append(Option(Text(f"── {group.title}", style="bold"), disabled=True))
            options.extend(entries)
    return unique_ids(options)


AGAIN = re.compile(r"~\d+$")
"""The mark of an entry listed again (under another check): ``open:hits~2``."""


def unique_ids(options: list[Option]) -> list[Option]:
    """``options`` with every id unique: a question, answer or chart that more than one check
    reads is listed under each of them, its second listing ``~2``, its third ``~3`` (Textual
    refuses a list with an id twice: Rank and File's morale and rally tests share their
    questions, and the list closed the app)."""
    seen: dict[str, int] = {}
    out = []
    for option in options:
        ident = option.id
        if ident is None:
            out.append(option)
            continue
        seen[ident] = seen.get(ident, 0) + 1
        if seen[ident] == 1:
            out.append(option)
        else:
            out.append(Option(option.prompt, id=f"{ident}~{seen[ident]}", disabled=option.disabled))
    return out


def listed_as(option_id: str) -> tuple[str, str]:
    """What a listing's id stands for: its kind (``table``, ``answer``, ``open``) and the id
    of its chart, answer or question, whichever listing of it it is."""
    kind, _, ident = AGAIN.sub("", option_id).partition(":")
    return kind, ident


class AnswerModal(ModalScreen[str | None]):
    """One answer typed (or changed): the question, what it takes, the value so far."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="answer-cancel")]

    def __init__(
        self, question: str, expects: str, value: str, check: Callable[[str], None]
    ) -> None:
        super().__init__()
        self.question = question
        """The question, with its situation for a keyed answer."""
        self.expects = expects
        """What kind of value it takes, in words."""
        self.value = value
        """The answer so far (empty: none)."""
        self.check = check
        """Keeps the typed text (DrumheadError: refused, shown under the field)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="answer-dialog"):
            yield Label("Your answer", classes="heading")
            yield Static(self.question, id="answer-question")
            yield Static(f"Takes {self.expects}.", classes="hint")
            yield Input(self.value, placeholder=self.expects, id="answer-value")
            yield Static("", id="answer-error", classes="error")
            with Horizontal(classes="buttons"):
                yield Button("Keep", id="answer-ok", variant="primary")
                yield Button("Cancel", id="answer-cancel")

    @when_built
    def on_mount(self) -> None:
        self.query_one("#answer-value", Input).focus()

    @on(Input.Submitted, "#answer-value")
    @on(Button.Pressed, "#answer-ok")
    def submit(self) -> None:
        text = self.query_one("#answer-value", Input).value.strip()
        try:
            if not text:
                raise DrumheadError("type a value (t on the list takes an answer back)")
            self.check(text)
        except DrumheadError as exc:
            self.query_one("#answer-error", Static).update(f"✗ {exc}")
            return
        self.dismiss(text)

    @on(Button.Pressed, "#answer-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class SaveAnswersModal(ModalScreen[Path | None]):
    """Save the answers as a house-rules file: its file name and title."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="save-answers-cancel")]

    def __init__(self, folder: Path, save: Callable[[str, str], Path], title: str) -> None:
        super().__init__()
        self.folder = folder
        """Where the file goes."""
        self.save = save
        """Saves under (name, title); DrumheadError: refused."""
        self.suggested = title
        """The title offered."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="save-answers-dialog"):
            yield Label("Save these answers as a house-rules file", classes="heading")
            yield Static(
                f"The file goes to {self.folder}; a new game of this ruleset offers it.",
                classes="hint",
            )
            yield Label("Title (shown when a new game offers it)")
            yield Input(self.suggested, id="save-answers-title")
            yield Label("File name")
            yield Input(placeholder="e.g. saturday-club", id="save-answers-name")
            yield Static("", id="save-answers-error", classes="error")
            with Horizontal(classes="buttons"):
                yield Button("Save", id="save-answers-ok", variant="primary")
                yield Button("Cancel", id="save-answers-cancel")

    @when_built
    def on_mount(self) -> None:
        self.query_one("#save-answers-name", Input).focus()

    @on(Input.Submitted, "#save-answers-title")
    def title_done(self) -> None:
        self.query_one("#save-answers-name", Input).focus()

    @on(Input.Submitted, "#save-answers-name")
    @on(Button.Pressed, "#save-answers-ok")
    def submit(self) -> None:
        name = self.query_one("#save-answers-name", Input).value.strip()
        title = self.query_one("#save-answers-title", Input).value.strip()
        try:
            if not name:
                raise DrumheadError("give the file a name")
            path = self.save(name, title)
        except DrumheadError as exc:
            self.query_one("#save-answers-error", Static).update(f"✗ {exc}")
            return
        self.dismiss(path)

    @on(Button.Pressed, "#save-answers-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class AnswersScreen(ModalScreen[None]):
    """Every open question and its answer; change, take back, type a chart, save them all."""

    BINDINGS = [
        Binding("escape", "close", "Back", id="answers-back"),
        Binding("enter", "edit", "Answer / change", id="answers-edit", show=True),
        Binding("t", "take_back", "Take back", id="answers-take-back"),
        Binding("s", "save", "Save as house rules", id="answers-save"),
    ]

    def __init__(self, host: AnswersHost, open_chart: Callable[[str], None]) -> None:
        super().__init__()
        load = getattr(self.app, "load_screen_styles", None)
        if callable(load):
            load()
        self.host = host
        """The table session the answers are kept in."""
        self.open_chart = open_chart
        """Opens the grid editor on a chart (and keeps what is typed)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="answers-pane"):
            yield Label("Open questions and your answers", id="answers-title")
            yield Static("", id="answers-summary")
            yield Static(
                "Changing or taking back an answer is a change of the game: u undoes it, the "
                "log shows it. P your answer · H house rules.",
                classes="hint",
            )
            yield OptionList(id="answers")
        yield KeysFooter()

    @when_built
    def on_mount(self) -> None:
        self.refresh_answers()
        self.query_one("#answers", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refresh_answers()

    def refresh_answers(self) -> None:
        """List the questions and answers as they stand (the highlight kept where it was)."""
        oq = self.host.questions()
        self.query_one("#answers-summary", Static).update(Text(oq.summary + ".", style="bold"))
        listing = self.query_one("#answers", OptionList)
        kept = self.highlighted_id()
        options = answer_options(self.host.ruleset, oq)
        listing.clear_options()
        listing.add_options(options)
        ids = [o.id for o in options]
        if kept in ids:
            listing.highlighted = ids.index(kept)
        else:
            enabled = [i for i, o in enumerate(options) if not o.disabled]
            listing.highlighted = enabled[0] if enabled else None

    def highlighted_id(self) -> str | None:
        listing = self.query_one("#answers", OptionList)
        if listing.highlighted is None or listing.option_count == 0:
            return None
        return listing.get_option_at_index(listing.highlighted).id

    @on(OptionList.OptionSelected, "#answers")
    def selected(self) -> None:
        self.action_edit()

    def action_edit(self) -> None:
        """Enter: a chart opens in the grid editor; an answer or an open question is typed."""
        chosen = self.highlighted_id()
        if chosen is None:
            return
        kind, ident = listed_as(chosen)
        if kind == "table":
            self.open_chart(ident)
            return
        oq = self.host.questions()
        gap = ident.split(".")[0]
        question = next((q for q in oq.questions if q.gap == gap), None)
        if question is None:
            return
        if kind == "open" and question.keys:
            self.notify(
                "This question is asked for each situation (e.g. each range band) when a "
                "check needs it; answers given so far can be changed here.",
            )
            return
        current = next((a for a in question.answers if a.id == ident), None)
        shown = question.question
        if current is not None and current.situation:
            shown += f" [{current.situation}]"

        def check(text: str) -> None:
            self.host.answer(ident, text)

        def done(value: str | None) -> None:
            if value is not None:
                self.notify("Answer kept (u undoes it).")
            self.refresh_answers()

        value = str(current.value) if current is not None else ""
        self.app.push_screen(AnswerModal(shown, question.expects, value, check), done)

    def action_take_back(self) -> None:
        """t: take back the players' answer highlighted."""
        chosen = self.highlighted_id()
        kind, ident = listed_as(chosen) if chosen is not None else ("", "")
        if kind != "answer":
            self.notify("Highlight one of your answers (P) to take it back.", severity="warning")
            return
        oq = self.host.questions()
        answer = next((a for q in oq.questions for a in q.answers if a.id == ident), None)
        if answer is None or answer.kind != "players":
            self.notify(
                "A house rule's value stays for the game: Enter types your own over it.",
                severity="warning",
            )
            return
        try:
            self.host.take_back(ident)
        except DrumheadError as exc:
            self.notify(str(exc), severity="error")
            return
        self.notify("Answer taken back: asked again when a check needs it (u undoes).")
        self.refresh_answers()

    def action_save(self) -> None:
        """s: save every answer as a house-rules file."""
        title = f"{self.host.ruleset.title}: our answers"

        def saved(path: Path | None) -> None:
            if path is not None:
                self.notify(f"Saved as {path}: a new game offers it.", title="House rules")

        self.app.push_screen(
            SaveAnswersModal(self.host.house_folder(), self.host.save_answers, title), saved
        )

    def action_close(self) -> None:
        self.dismiss(None)
