"""The new-game screen's scenario step: the shipped scenarios, the players' own (marked theirs,
a broken file with its problem on the right), and an order of battle imported from their
scenarios folder (ctrl+o: the import dialog), each started as a scenario is."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.widgets import Input, OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from drumhead.session.scenarios import ScenarioDesk

from ..widgets.scenario_text import battle_text, scenario_detail, scenario_prompt, shown_folder
from .base import DrumheadScreen

if TYPE_CHECKING:
    from collections.abc import Iterable

    from drumhead.session.shown import ImportedBattle, ScenarioChoice

    from ..dialogs.import_battle import Imported

IMPORTED = "imported:"
"""The scenario list's id of the order of battle imported (no scenario id has a colon)."""


class ScenarioStep(DrumheadScreen):
    """Step 3 of a new game, and the import that adds to it (the screen's ``#new-scenario``
    list, ``#scenario-folder`` hint and ``#new-scenario-detail`` on the right)."""

    scenario_choices: dict[str, ScenarioChoice] = {}
    """The scenarios listed, by option id (a shipped id or a file's path); an imported
    order of battle is listed as :data:`IMPORTED` and is :attr:`imported`."""

    imported: tuple[str, ImportedBattle] | None = None
    """The order of battle imported (its file, what it gave), listed as a scenario."""

    desk_kept: ScenarioDesk | None = None
    """The scenarios' desk, once made (:attr:`scenario_desk`)."""

    @property
    def scenario_desk(self) -> ScenarioDesk:
        """The scenarios offered and orders of battle imported, for the session (one while
        the screen is shown: it keeps the files it has read)."""
        if self.desk_kept is None:
            self.desk_kept = ScenarioDesk(self.session)
        return self.desk_kept

    def chosen_ruleset(self) -> str | None:
        rulesets = self.query_one("#new-ruleset", OptionList)
        if rulesets.highlighted is None:
            return None
        return rulesets.get_option_at_index(rulesets.highlighted).id

    def list_scenarios(self, ruleset_id: str, highlight: str | None = None) -> None:
        """The scenarios for the ruleset: the shipped ones, then the players' own (marked
        yours; one that cannot be used marked ✗, its problem on the right), an order of
        battle imported, and the empty battlefield last, so that the first Down goes to the
        next entry (it was above the highlight, and Down wrapped to it). ``highlight``: the
        entry to highlight (else the first)."""
        shelf = self.scenario_desk.shelf(ruleset_id)
        self.scenario_choices = {c.id: c for c in shelf.choices}
        entries = [Option(scenario_prompt(c), id=c.id) for c in shelf.choices]
        if self.imported is not None:
            source, battle = self.imported
            units = sum(len(u) for u in battle.units_by_side.values())
            entries.append(
                Option(Text(f"{Path(source).name}  (imported: {units} units)"), id=IMPORTED)
            )
        entries.append(
            Option(Text("Empty battlefield (add units yourself)", style="italic"), id="")
        )
        scenarios = self.query_one("#new-scenario", OptionList)
        scenarios.display = True
        scenarios.clear_options()
        scenarios.add_options(entries)
        ids = [option.id for option in entries]
        scenarios.highlighted = ids.index(highlight) if highlight in ids else 0
        hint = self.query_one("#scenario-folder", Static)
        # said once the folder is there (a path that does not exist yet would only puzzle);
        # the import dialog (ctrl+o) always says where it is
        hint.display = shelf.folder.is_dir()
        extra = f" ({shelf.left_out} more files not read)" if shelf.left_out else ""
        hint.update(f"Yours: {shown_folder(shelf.folder)}{extra} · ctrl+o imports a CSV or roster")

    def chosen_scenario(self) -> ScenarioChoice | None:
        """The scenario highlighted (None: the empty battlefield, or an import)."""
        scenarios = self.query_one("#new-scenario", OptionList)
        if scenarios.highlighted is None:
            return None
        return self.scenario_choices.get(
            scenarios.get_option_at_index(scenarios.highlighted).id or ""
        )

    def start_scenario(
        self,
        ruleset_id: str,
        name: str,
        *,
        options: Iterable[str],
        house_rules: str | None,
        without: Iterable[str],
    ) -> None:
        """Start the game from the scenario highlighted, the import, or an empty battlefield
        (DrumheadError: refused, nothing written)."""
        scenarios = self.query_one("#new-scenario", OptionList)
        picked = None
        if scenarios.highlighted is not None:
            picked = scenarios.get_option_at_index(scenarios.highlighted).id
        if picked == IMPORTED and self.imported is not None:
            source, battle = self.imported
            self.scenario_desk.start_imported(
                battle,
                source,
                ruleset_id,
                name,
                options=options,
                house_rules=house_rules,
                without=without,
            )
            return
        self.scenario_desk.start(
            ruleset_id,
            name,
            self.chosen_scenario(),
            options=options,
            house_rules=house_rules,
            without=without,
        )

    @on(OptionList.OptionHighlighted, "#new-scenario")
    def scenario_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The optional rules the scenario switches on are ticked, and say so; the players
        may untick them. A scenario from a file shows its file (or its problem) on the right."""
        rulesets = self.query_one("#new-ruleset", OptionList)
        if rulesets.highlighted is None:
            return
        detail = self.query_one("#new-scenario-detail", Static)
        choice = self.scenario_choices.get(event.option_id or "")
        shown = scenario_detail(choice) if choice is not None else Text()
        if event.option_id == IMPORTED and self.imported is not None:
            shown = battle_text(self.imported[1], self.imported[0])
        detail.update(shown)
        detail.display = bool(shown)
        ruleset = self.session.load(rulesets.get_option_at_index(rulesets.highlighted).id or "")
        wanted = set(self.session.scenario_options(event.option_id or ""))
        options = self.query_one("#new-options", SelectionList)
        options.clear_options()
        options.add_options(
            [
                Selection(
                    f"{o.title} ({o.source})" + ("  · the scenario's" if o.id in wanted else ""),
                    o.id,
                    o.default or o.id in wanted,
                )
                for o in ruleset.options
            ]
        )

    @on(OptionList.OptionSelected, "#new-scenario")
    def scenario_chosen(self, event: OptionList.OptionSelected) -> None:
        choice = self.scenario_choices.get(event.option_id or "")
        if choice is not None and not choice.usable:
            self.query_one("#new-error", Static).update(
                "✗ that scenario cannot be used (its problem is on the right): pick another"
            )
            return
        self.focus_after_scenario()

    def focus_after_scenario(self) -> None:
        """The next step to fill once a scenario is picked: house rules if any, else the name."""
        houses = self.query_one("#new-house", OptionList)
        if houses.display:
            houses.focus()
        else:
            self.query_one("#new-name", Input).focus()

    # -- an order of battle imported ----------------------------------------------------------
    def action_import_battle(self) -> None:
        """Pick a CSV or roster file of the scenarios folder, previewed for the ruleset
        highlighted; a good one is listed as the scenario picked (or kept as a scenario file)."""
        ruleset_id = self.chosen_ruleset()
        if ruleset_id is None:
            return
        from ..dialogs.import_battle import ImportDialog

        def done(result: Imported | None) -> None:
            self.imported_back(ruleset_id, result)

        self.drumhead.push_screen(
            ImportDialog(self.scenario_desk, ruleset_id, self.session.ruleset_title(ruleset_id)),
            done,
        )

    def imported_back(self, ruleset_id: str, result: Imported | None) -> None:
        """Back from the import dialog: a battle used is listed as the scenario picked, a
        battle kept as a scenario file is listed (and picked) as the players' own; the focus
        goes on to the next step to fill. Nothing (Escape): as it was."""
        if result is None or self.chosen_ruleset() != ruleset_id:
            return
        if result.kept is not None:
            self.imported = None
            self.list_scenarios(ruleset_id, highlight=str(result.kept))
        else:
            self.imported = (str(result.source), result.battle)
            self.list_scenarios(ruleset_id, highlight=IMPORTED)
        self.query_one("#new-error", Static).update("")
        self.focus_after_scenario()
