"""The rules package and the table session import neither textual nor rich (checked in a clean
interpreter)."""

from __future__ import annotations

import subprocess
import sys

CORE_MODULES = [
    "drumhead",
    "drumhead.dice.notation",
    "drumhead.dice.odds",
    "drumhead.rules.expr",
    "drumhead.loading.loader",
    "drumhead.loading.ruleset",
    "drumhead.checks.resolve",
    "drumhead.checks",
    "drumhead.checks.mechanics",
    "drumhead.cli.main",
    "drumhead.cli.commands",
    "drumhead.cli.games",
    "drumhead.game",
    "drumhead.game.report",
    "drumhead.game.record_text",
    "drumhead.saves.paper",
    "drumhead.saves",
    "drumhead.session",
    "drumhead.session.cards",
    "drumhead.session.form",
    "drumhead.session.table",
    "drumhead.session.record",
    "drumhead.game.wording",
    "drumhead.roster",
    "drumhead.roster.sheet",
    "drumhead.roster.roster_xml",
    "drumhead.roster.sheet_out",
    "drumhead.cli.scenario",
]


def test_core_does_not_import_ui_libraries() -> None:
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in CORE_MODULES)
        + "from drumhead.loading.loader import load_ruleset, ruleset_ids\n"
        + "[load_ruleset(r) for r in ruleset_ids()]\n"
        + "from drumhead.session import TableSession\n"
        + "s = TableSession('/nonexistent', ruleset='one-if-by-land')\n"
        + "f = s.form('morale', None); f.odds(); f.roll([5]); s.status()\n"
        + "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        + "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"the core imported: {out.stdout.strip()}"
