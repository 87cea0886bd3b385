"""``drumhead serve`` and ``drumhead reference``: refusals and what they would start."""

from __future__ import annotations

import sys

import pytest

from drumhead.cli.app_commands import is_local, serve_command
from drumhead.cli.main import main


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]"])
def test_local_addresses(host: str) -> None:
    assert is_local(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "::", "example.com", "10.0.0.1"])
def test_other_addresses(host: str) -> None:
    assert not is_local(host)


def test_serve_refuses_a_public_address(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--host", "0.0.0.0"]) == 1
    err = capsys.readouterr().err
    assert "refusing to serve on '0.0.0.0'" in err
    assert "--force" in err


def _fake_server(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, int]]:
    """What ``drumhead serve`` would serve (the [web] extra's server, not started)."""
    web = pytest.importorskip("drumhead.cli.web", reason="the [web] extra is not installed")
    started: list[tuple[str, str, int]] = []

    def serve(self: object) -> None:
        started.append((self.command, self.host, self.port))  # type: ignore[attr-defined]

    monkeypatch.setattr(web.GuardedServer, "serve", serve)
    return started


def test_serve_on_this_machine_runs_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    started = _fake_server(monkeypatch)
    assert main(["--saves", "/tmp/games", "serve", "--port", "8123"]) == 0
    command, host, port = started[0]
    assert (host, port) == ("127.0.0.1", 8123)
    assert command.endswith("-m drumhead --saves /tmp/games")


def test_serve_without_the_web_extra_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    monkeypatch.delitem(sys.modules, "drumhead.cli.web", raising=False)
    assert main(["serve"]) == 1
    assert "pip install 'drumhead[web]'" in capsys.readouterr().err


def test_serve_public_only_when_forced(monkeypatch: pytest.MonkeyPatch) -> None:
    started = _fake_server(monkeypatch)
    assert main(["serve", "--host", "0.0.0.0", "--force"]) == 0
    assert started[0][1] == "0.0.0.0"


def test_serve_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 1
    assert "port 70000" in capsys.readouterr().err


def test_serve_command_without_saves() -> None:
    assert serve_command(None).endswith("-m drumhead")


def test_reference_refuses_an_unknown_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reference", "nope"]) == 1
    assert "no ruleset 'nope'" in capsys.readouterr().err
