"""A dialog taken down before it was built whole (dismissed at once, or the app quit as when a
test fails mid-push) mounts as a no-op: its mount handler used to look for a widget that was
never mounted and raise NoMatches over whatever was going on."""

from __future__ import annotations

import pytest
from drumhead.screens.dialogs.edit_value import EditValueModal
from drumhead.screens.dialogs.revert import RevertModal
from drumhead.screens.dialogs.roll_again import RollAgainModal
from drumhead.screens.dialogs.save_as import SaveAsModal
from textual.app import App
from textual.screen import ModalScreen

DIALOGS = {
    "roll again": lambda: RollAgainModal("Morale test", 3, "passed"),
    "save as": lambda: SaveAsModal("mill", "saves", lambda name: None),
    "revert": lambda: RevertModal("4: a fire check", "takes it back", [], []),
    "edit value": lambda: EditValueModal("Figures", "12", kind="int"),
}


@pytest.mark.parametrize("how", ["dismissed", "app quit"])
@pytest.mark.parametrize("name", list(DIALOGS))
async def test_a_dialog_taken_down_while_built_mounts_as_nothing(name: str, how: str) -> None:
    app: App[None] = App()
    async with app.run_test() as pilot:
        dialog: ModalScreen[object] = DIALOGS[name]()
        app.push_screen(dialog)
        if how == "dismissed":
            app.pop_screen()
        else:
            app.exit()
        await pilot.pause()
        await pilot.pause()
    assert app.return_code in (None, 0)  # no NoMatches raised out of the mount handler
