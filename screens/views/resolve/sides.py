"""The resolve screen's sides panel: one row per side picked in a dialog (who is picked for
it; Enter on the row opens that side's picker), a refusal about that side shown under its
row, then the lines of each card the check reads and each side's leader.

A refusal keyed to a side whose unit is picked in a dialog (the rules refuse the check for
what the other side's card says, or the picked unit is on the wrong side) had no widget to
focus: the players hunted for the key. Its row takes the focus, the reason under it, and one
key (Enter) opens its picker again (issues 35, 37).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static

from ...widgets.same_text import show_text

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.widget import Widget

    from drumhead.session.form import CheckForm


class RoleRow(Static, can_focus=True):
    """One side of the check and who is picked for it; Enter (or a click) picks again."""

    BINDINGS = [Binding("enter", "pick", "Pick this side", id="pick-role")]

    class Pick(Message):
        """The players asked to pick the unit of a side again (its row's Enter)."""

        def __init__(self, role: str) -> None:
            super().__init__()
            self.role = role
            """The side (role id) to pick for."""

    def __init__(self, role: str) -> None:
        super().__init__("", id=f"role-{role}", classes="role-row")
        self.role = role
        """The side (role id) the row shows."""

    def action_pick(self) -> None:
        self.post_message(self.Pick(self.role))

    def on_click(self) -> None:
        self.post_message(self.Pick(self.role))


class SidesPanel(Vertical):
    """Both sides of a two-sided check (hidden for a check made for one unit)."""

    DEFAULT_CSS = """
    SidesPanel {
        height: auto;
    }
    """

    def __init__(self, form: CheckForm) -> None:
        super().__init__(id="sides-panel")
        self.roles = [r.id for r in form.check.roles]
        """Every side of the check, the unit's own first (fixed: a screen is one check's)."""
        self.refused_picks: dict[str, str] = {}
        """A unit the players picked for a side and the rules refused (role -> why): shown
        under its row until the side is picked again or the form is filled afresh."""

    def compose(self) -> ComposeResult:
        for role in self.roles:
            yield RoleRow(role)
            yield Static("", id=f"refused-{role}", classes="error role-refused")
        yield Static("", id="sides")

    def row(self, role: str) -> RoleRow | None:
        """The row of a side, if the check has it and it is shown."""
        if role not in self.roles:
            return None
        row = self.query_one(f"#role-{role}", RoleRow)
        return row if row.display else None

    def show(self, form: CheckForm) -> None:
        """Who is picked for each side, the cards' lines, the leaders (after a pick, not on
        every key typed: the cards do not change as a field is typed in)."""
        shown = dict(side_rows(form))
        for role in self.roles:
            row = self.query_one(f"#role-{role}", RoleRow)
            row.display = role in shown or role in self.refused_picks
            show_text(row, shown.get(role, role_title(form, role)))
        lines = sides_lines(form) if form.other_roles else []
        panel = self.query_one("#sides", Static)
        panel.display = bool(lines)
        show_text(panel, "\n".join(lines))
        self.display = bool(form.other_roles) or bool(self.refused_picks)

    def show_refusals(self, form: CheckForm, refused: str | None) -> None:
        """Under each side's row, why its pick was refused, else ``refused`` (the rules'
        refusal of the check as the odds stand) when that refusal reads its card
        (:func:`keyed_roles`)."""
        keyed = keyed_roles(form) if refused else []
        for role in self.roles:
            why = self.refused_picks.get(role) or (refused if role in keyed else None)
            note = self.query_one(f"#refused-{role}", Static)
            show_text(note, f"✗ {why.removeprefix('✗ ')}" if why else "")
            note.display = bool(why) and self.query_one(f"#role-{role}", RoleRow).display

    def refuse_pick(self, role: str, why: str) -> None:
        """A unit picked for ``role`` refused by the rules (an ally as the enemy): the
        reason under its row (shown by the next :meth:`show`)."""
        self.refused_picks[role] = why

    def picked(self, role: str) -> None:
        """A unit for ``role`` taken: its earlier refusal no longer holds."""
        self.refused_picks.pop(role, None)


def role_title(form: CheckForm, role: str) -> str:
    """A side's title as the check names it."""
    spec = form.check.role(role)
    return spec.title if spec is not None else role.replace("_", " ")


def side_rows(form: CheckForm) -> list[tuple[str, str]]:
    """(role, line) of each side picked in a dialog: the other sides in play, and the
    unit's own side once units were added to it (Republique's assaulting units)."""
    roles = form.other_roles
    if not roles:
        return []
    session = form.session
    rows = []
    first = form.check.roles[0]
    if form.more.get(first.id):  # units added to the side the check is made for
        names = ", ".join(session.unit_name(u) for u in form.side_units(first.id))
        rows.append((first.id, f"{first.title}: {names}"))
    for role, title in roles:
        units = form.side_units(role)
        picked = ", ".join(session.unit_name(u) for u in units) or "not picked yet (o picks)"
        spec = form.check.role(role)
        if units and spec is not None and len(units) < spec.maximum:
            picked += " (g adds a unit)"
        rows.append((role, f"{title}: {picked}"))
    return rows


def sides_lines(form: CheckForm) -> list[str]:
    """The lines of each card the check reads, and each side's leader (who is picked for
    each side is on its row: :func:`side_rows`)."""
    session = form.session
    lines = form.card_lines()
    for role, title, _unit in form.leader_sides():
        led = form.leaders.get(role)
        who = session.leader_name(led) if led else "the card's (l picks another)"
        lines.append(f"Leader of {title[0].lower()}{title[1:]}: {who}")
    return lines


def keyed_roles(form: CheckForm) -> list[str]:
    """The other sides whose picked card fills an input the rules' refusal reads: a unit to
    pick again, in a dialog, rather than a value to type."""
    first = form.check.role_ids[0] if form.check.role_ids else None
    others = {role for role, _title in form.other_roles}
    out: list[str] = []
    for name in form.refused_about:
        spec = form.check.input(name)
        role = (spec.role or first) if spec is not None and spec.from_unit else None
        if role in others and role not in out:
            out.append(role)
    return out


def refused_pick_rows(screen: Widget) -> list[Widget]:
    """The rows of the sides whose unit picked was refused (the wrong side): what the
    players pick again first."""
    panel = screen.query_one(SidesPanel)
    rows = [panel.row(role) for role in panel.refused_picks]
    return [row for row in rows if row is not None]


def refusal_targets(form: CheckForm, screen: Widget) -> list[Widget]:
    """What the players change for the rules' refusal of the check, in the check's order:
    the input typed, or, for an input filled from another side's card, that side's row
    (its picker)."""
    panel = screen.query_one(SidesPanel)
    keyed = keyed_roles(form)
    first = form.check.role_ids[0] if form.check.role_ids else None
    out: list[Widget] = []
    for name in form.refused_about:
        spec = form.check.input(name)
        role = (spec.role or first) if spec is not None and spec.from_unit else None
        row = panel.row(role) if role is not None and role in keyed else None
        target: Widget = row if row is not None else screen.query_one(f"#in-{name}")
        if target not in out:
            out.append(target)
    return out
