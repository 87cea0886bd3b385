"""The guard on Textual's private API: everything drumhead.screens.compat relies on is still
there, as it was, in the pinned Textual; and no other module of the app reaches into it.

When Textual is upgraded, a failure here names what moved: re-read that part of Textual and
adapt compat.py (or drop what Textual now does itself), then update the pin and these checks.
"""

from __future__ import annotations

import ast
import hashlib
import inspect
import tomllib
from pathlib import Path

import textual
from drumhead.screens import compat
from drumhead.screens.widgets.ticks import BOX_WIDTH
from textual import events
from textual.app import App
from textual.dom import DOMNode
from textual.drivers.linux_driver import LinuxDriver
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.widgets import Footer, OptionList, SelectionList
from textual.widgets.option_list import Option

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "screens"


def test_textual_is_the_version_compat_was_written_for() -> None:
    pinned = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert f"textual=={compat.TEXTUAL_VERSION}" in pinned
    assert textual.__version__ == compat.TEXTUAL_VERSION, (
        f"Textual {textual.__version__} is installed, compat.py was written for "
        f"{compat.TEXTUAL_VERSION}: check everything below, then update TEXTUAL_VERSION"
    )


def test_the_input_loop_the_escape_driver_copies_is_unchanged() -> None:
    source = inspect.getsource(LinuxDriver.run_input_thread)
    assert hashlib.sha256(source.encode()).hexdigest() == compat.DRIVER_LOOP_SHA256, (
        "Textual's LinuxDriver.run_input_thread changed: copy it into "
        "compat.PromptEscapeDriver.run_input_thread again (its poll timeout from "
        "poll_timeout), or drop the driver if Textual now ticks the parser when it is due"
    )


def test_the_key_parser_keeps_its_escape_timeout_where_the_driver_reads_it() -> None:
    from textual._xterm_parser import XTermParser

    parser = XTermParser()
    assert getattr(parser, "_timeout_time", "missing") is None, "XTermParser._timeout_time"
    list(parser.feed("\x1b"))
    assert isinstance(parser._timeout_time, float), "a lone Escape sets XTermParser._timeout_time"
    assert 0 < compat.poll_timeout(parser) <= compat.IDLE_POLL


def test_a_screen_still_restyles_on_resume_only_when_told() -> None:
    assert "refresh_styles" in inspect.signature(events.ScreenResume).parameters
    source = inspect.getsource(Screen._on_screen_resume)
    assert "event.refresh_styles" in source, "Screen._on_screen_resume reads refresh_styles"
    assert "_css_update_count" in inspect.getsource(App._invalidate_css)


def test_what_a_closing_screen_and_a_screen_built_ahead_rely_on() -> None:
    init = inspect.getsource(MessagePump.__init__)
    assert "self._closing" in init and "self._closed" in init
    assert "self._pruning" in inspect.getsource(DOMNode.__init__)
    signature = inspect.signature(App._get_screen)
    assert list(signature.parameters) == ["self", "screen"]
    assert "AwaitMount" in str(signature.return_annotation)
    # lay_out_ahead: a screen's layout, done when it is current, and its flag for another
    assert list(inspect.signature(Screen._refresh_layout).parameters) == ["self", "size", "scroll"]
    timer_update = inspect.getsource(Screen._on_timer_update)
    assert "self.is_current" in timer_update and "self._layout_required" in timer_update
    assert "self._size != size" in inspect.getsource(Screen._on_screen_resume)
    # SettlingApp: a widget started once the app's loop has ended is closed at once, and
    # run_test shuts the app down through App._shutdown without App.exit
    assert "self.app._running" in inspect.getsource(MessagePump._start_messages)
    assert "app._shutdown()" in inspect.getsource(App.run_test)
    assert list(inspect.signature(App.exit).parameters) == [
        "self",
        "result",
        "return_code",
        "message",
    ]


def test_the_footer_and_the_option_list_internals() -> None:
    assert "_bindings_ready" in inspect.getsource(Footer.compose), "Footer._bindings_ready"
    assert isinstance(OptionList.__dict__["_lines"], property), "OptionList._lines"
    assert isinstance(OptionList.__dict__["_index_to_line"], property), "_index_to_line"
    assert SelectionList._get_left_gutter_width(SelectionList()) == BOX_WIDTH
    # SteadyOptionList: the size handler it stands in for, and how a list records the width
    # it measured its entries at
    assert "self._clear_caches()" in inspect.getsource(OptionList._on_resize)
    update = inspect.getsource(OptionList._update_lines)
    assert "self.scrollable_content_region.width - self._get_left_gutter_width()" in update
    assert "virtual_size = Size(width," in update and "line_cache.lines" in update
    # replace_prompts: how an entry's height is measured and its drawings are kept
    assert "get_height(self.styles, width - padding.width)" in update
    assert "line_cache.heights[index] = line_count" in update
    assert "cache_key = (option, style, padding)" in inspect.getsource(
        OptionList._get_option_render
    )
    assert "self._visual = None" in inspect.getsource(Option._set_prompt)
    # MeasuredOptionList: the lines are measured as the list is drawn, from the emptied
    # caches, and a scrollbar that comes sends the list no size event
    assert "self._update_lines()" in inspect.getsource(OptionList.render_lines)
    clear = inspect.getsource(OptionList._clear_caches)
    assert "self._option_render_cache.clear()" in clear and "self._line_cache.clear()" in clear


def test_the_keys_panels_table_of_keys() -> None:
    """The keys panel's table (``widgets/keys_panel.py``): Textual's list yields it as its
    only child, and draws the table its ``render_bindings_table`` builds."""
    from textual.widgets import KeyPanel

    assert "yield BindingsTable(shrink=True, expand=False)" in inspect.getsource(KeyPanel.compose)
    assert "self.render_bindings_table()" in inspect.getsource(compat.BindingsTable.render)


# -- the rest of the app stays off Textual's private API ------------------------------------
def private_uses(path: Path) -> list[str]:
    """Where a module imports ``textual._*``, defines an underscore method, or reaches an
    underscore attribute (dunders aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def private(name: str) -> bool:
        return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("textual") and any(
                private(part) for part in node.module.split(".")
            ):
                found.append(f"line {node.lineno}: from {node.module} import")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("textual") and any(
                    private(part) for part in alias.name.split(".")
                ):
                    found.append(f"line {node.lineno}: import {alias.name}")
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and private(item.name):
                    found.append(f"line {item.lineno}: def {node.name}.{item.name}")
        elif isinstance(node, ast.Attribute) and private(node.attr):
            found.append(f"line {node.lineno}: .{node.attr}")
    return found


def test_only_compat_reaches_into_textuals_private_api() -> None:
    modules = sorted(p for p in SCREENS.rglob("*.py") if p.name != "compat.py")
    assert len(modules) > 20
    problems = {str(p.relative_to(ROOT)): private_uses(p) for p in modules}
    assert {k: v for k, v in problems.items() if v} == {}


def test_the_guard_finds_what_it_looks_for(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from textual.widgets._toggle_button import ToggleButton\n"
        "import textual._loop\n"
        "class A:\n"
        "    def _on_thing(self): return self._lines\n"
        "    def __init__(self): pass\n"
    )
    assert private_uses(sample) == [
        "line 1: from textual.widgets._toggle_button import",
        "line 2: import textual._loop",
        "line 4: def A._on_thing",
        "line 4: ._lines",
    ]
