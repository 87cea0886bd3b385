"""What the session hands the views: the values of the game, its saves and the house rules
that a front end shows, named here so that it imports the table session and nothing below it.

The session's answers are these values: a unit, a leader or a side to draw, the game's state,
the log's rows, a luck report and its scopes, a save listed or its view, a house-rules file or
a scenario on offer, an order of battle imported. A view names them from here, and words a
luck report with the helpers ``drumhead stats`` prints it with. The screens import nothing of the game, the saves or the house rules directly
(``pyproject.toml``'s import-linter contract "screens-over-the-session").

Importing this module imports the game, the saves listing and the house-rules library: a
module the app's first frame loads names these values under ``if TYPE_CHECKING:``, and a
helper that runs only with a game open imports it inside the function that uses it.
"""

from drumhead.game.log_rows import LogRow, LogRows
from drumhead.game.luck_text import chart_lines, percent, roll_text, tally_lines
from drumhead.game.state import GameState, Leader, Side, Unit
from drumhead.game.stats import LuckReport, Scope
from drumhead.house.library import HouseChoice
from drumhead.roster import ImportedBattle, ImportProblem
from drumhead.saves.listing import SaveInfo
from drumhead.saves.table import SaveView
from drumhead.session.scenarios import ScenarioChoice, ScenarioShelf

__all__ = [
    "GameState",
    "HouseChoice",
    "ImportProblem",
    "ImportedBattle",
    "Leader",
    "LogRow",
    "LogRows",
    "LuckReport",
    "SaveInfo",
    "SaveView",
    "ScenarioChoice",
    "ScenarioShelf",
    "Scope",
    "Side",
    "Unit",
    "chart_lines",
    "percent",
    "roll_text",
    "tally_lines",
]
