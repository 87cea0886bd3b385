"""Orders of battle in and out: a spreadsheet (CSV) or an army builder's roster (BattleScribe,
New Recruit: ``.ros``, ``.rosz``) imported as a scenario, a game's roster as it stands
exported as one, and the empty sheet of a ruleset. No Textual, no Rich, no printing: each
returns values or text; the command line and the app show and write them.

- :func:`import_battle`: a file -> :class:`ImportedBattle` (every problem, the units by side
  for a preview, the scenario's text).
- :func:`export_scenario`: a game -> the scenario file's text.
- :func:`template_csv`: a ruleset -> its empty sheet (:func:`columns` says what each takes).

May import: :mod:`drumhead.game` and everything below it.
"""

from drumhead.roster.export import export_scenario
from drumhead.roster.importing import import_battle
from drumhead.roster.problems import ImportedBattle, ImportFailed, ImportProblem
from drumhead.roster.template import Column, columns, sample_csv, template_csv

__all__ = [
    "Column",
    "ImportFailed",
    "ImportProblem",
    "ImportedBattle",
    "columns",
    "export_scenario",
    "import_battle",
    "sample_csv",
    "template_csv",
]
