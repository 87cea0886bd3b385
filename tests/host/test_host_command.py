"""Issue 39, items 1, 2 and 5 from outside: ``drumhead host SAVE`` in its own process, played
by ``drumhead play URL --token T`` in others; the referee accepts on the host's console; a
display's and a wrong token's commands are refused; SIGTERM (or SIGINT) saves and releases
the lock, and the save holds what the devices did, once each."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

pytest.importorskip("aiohttp", reason="the [web] extra is not installed")

from phases import save_to_phase

from drumhead.cli.main import main
from drumhead.saves import SaveSession, load_save

DRUMHEAD = [sys.executable, "-m", "drumhead"]


class Hosted:
    """``drumhead host`` running: its first line read, the rest readable line by line."""

    def __init__(self, process: subprocess.Popen[str], first: dict[str, Any]) -> None:
        self.process = process
        self.url: str = first["url"]
        self.tokens: dict[str, str] = first["tokens"]
        self.join: dict[str, str] = first["join"]

    def tell(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(
        self, key: str, timeout: float = 30.0, side: str | None = None
    ) -> dict[str, Any]:
        """The host's next JSON line holding ``key`` (of ``side``, if given)."""
        out: IO[str] | None = self.process.stdout
        assert out is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = out.readline()
            if not line:
                break
            data = json.loads(line)
            if key in data and side in (None, data[key].get("side")):
                return dict(data)
        raise AssertionError(f"the host never printed {key}")


def start_host(saves: Path, *extra: str) -> Hosted:
    process = subprocess.Popen(
        [*DRUMHEAD, "--saves", str(saves), "host", "table", "--json", "--port", "0", *extra],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    if not first:
        raise AssertionError(
            f"the host did not start: {process.stderr.read() if process.stderr else ''}"
        )
    return Hosted(process, json.loads(first))


def stop_host(hosted: Hosted, signum: int = signal.SIGTERM) -> int:
    hosted.process.send_signal(signum)
    try:
        return hosted.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        hosted.process.kill()
        hosted.process.wait()
        raise


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    made = ["new", "one-if-by-land", "--scenario", "cowpens-1781", "--name", "table"]
    assert main(["--saves", str(folder), *made, "--seed", "1"]) == 0
    return folder


@pytest.fixture
def hosted(saves: Path) -> Iterator[Hosted]:
    hosted = start_host(saves, "--auto", "american")
    try:
        yield hosted
    finally:
        if hosted.process.poll() is None:
            stop_host(hosted)


def play(url: str, *args: str) -> tuple[int, dict[str, Any]]:
    done = subprocess.run(
        [*DRUMHEAD, "play", url, *args, "--json"], capture_output=True, text=True, timeout=60
    )
    return done.returncode, json.loads(done.stdout) if done.stdout.strip() else {}


@pytest.mark.slow
def test_a_hosted_game_takes_commands_from_other_processes_and_saves_them(
    hosted: Hosted, saves: Path
) -> None:
    url = hosted.url
    assert url.startswith("http://127.0.0.1:") and set(hosted.tokens) == {
        "display",
        "american",
        "british",
    }
    # the Americans' proposals are accepted by the host itself
    code, report = play(
        url, "morale", "--token", hosted.tokens["american"], "--role", "unit=nc_riflemen"
    )
    assert code == 0, report
    assert report["status"] == "accepted" and report["side"] == "american"
    # the British wait for the referee, who accepts on the host's console
    british = subprocess.Popen(
        [
            *DRUMHEAD,
            "play",
            hosted.join["british"],
            "morale",
            "--role",
            "unit=7th_fusiliers",
            "--json",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    proposal = hosted.read_until("proposal", side="british")["proposal"]
    assert proposal["side"] == "british" and proposal["status"] == "waiting"
    hosted.tell(f"accept {proposal['id']}")
    out, _ = british.communicate(timeout=60)
    assert british.returncode == 0 and json.loads(out)["status"] == "accepted"
    # a display's command, and a wrong token, are refused: nothing changes
    code, report = play(url, "--token", hosted.tokens["display"], "--next-step")
    assert code == 1 and "display" in report["error"]["message"]
    code, report = play(url, "--token", "not-a-token", "--next-step")
    assert code == 1 and "refused: 403" in report["error"]["message"]
    # SIGTERM: saved, the lock let go
    assert stop_host(hosted) == 0
    game = load_save(saves / "table.toml").game
    rolls = [e.data["unit"] for e in game.log if e.kind == "resolution"]
    assert rolls == ["nc_riflemen", "7th_fusiliers"]
    session, _ = SaveSession.open(saves / "table.toml")  # not locked any more
    session.close()
    assert (saves / "table.commands.jsonl").read_text().count('"status":"accepted"') == 2
    # every die from the game's seeded roller, recorded: the save replays to its state
    assert main(["check", str(saves / "table.toml")]) == 0


@pytest.mark.slow
def test_ctrl_c_saves_and_a_restarted_host_is_joined_again(saves: Path) -> None:
    hosted = start_host(saves, "--auto", "all")
    code, _ = play(hosted.url, "--token", hosted.tokens["british"], "--next-step")
    assert code == 0
    assert stop_host(hosted, signal.SIGINT) == 0
    # restarted: the devices' tokens are the game's (kept beside the save): they join again
    again = start_host(saves)
    try:
        assert again.tokens == hosted.tokens
        code, report = play(again.url, "--token", hosted.tokens["british"], "--next-step")
        assert code == 0 and report["n"] == 1, report
    finally:
        stop_host(again)
    # --new-tokens: no device that had the old ones can join
    fresh = start_host(saves, "--new-tokens")
    try:
        assert set(fresh.tokens.values()).isdisjoint(hosted.tokens.values())
        code, report = play(fresh.url, "--token", hosted.tokens["british"], "--next-step")
        assert code == 1 and "403" in report["error"]["message"]
        code, report = play(fresh.url, "--token", fresh.tokens["british"], "--next-step")
        assert code == 0, report
    finally:
        stop_host(fresh)
    assert load_save(saves / "table.toml").game.event_count == 3


def test_host_refuses_what_it_cannot_do(saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--saves", str(saves), "host", "nothing", "--json"]) == 1
    assert "no save 'nothing'" in json.loads(capsys.readouterr().out)["error"]["message"]
    assert main(["--saves", str(saves), "host", "table", "--port", "70000"]) == 1
    assert main(["--saves", str(saves), "host", "table", "--lan", "0.0.0.0"]) == 1
    assert "never on every interface" in capsys.readouterr().err
    assert main(["--saves", str(saves), "host", "table", "--auto", "prussians"]) == 1
    assert "no such side" in capsys.readouterr().err
    assert os.path.exists(saves / "table.toml")
    session, _ = SaveSession.open(saves / "table.toml")  # a refusal leaves no lock behind
    session.close()


@pytest.mark.slow
def test_play_sends_a_side_of_several_units_and_says_when_a_pick_waits(tmp_path: Path) -> None:
    """`drumhead play URL` sends a side of two units (`--role defender=A,B`) as the host takes
    it, and reports the roll's base hit waiting for the French to pick; `--pick` against a
    hosted game is refused, naming who answers it (issue 35)."""
    from tests.host.test_group_picks import club

    folder = tmp_path / "saves"
    made = ["new", "republique", "--scenario", "aspern-1809", "--name", "table"]
    assert (
        main(["--saves", str(folder), *made, "--seed", "1", "--house-rules", club(tmp_path)]) == 0
    )
    save_to_phase(folder / "table.toml")  # assaults are made in the assault phase (4.1)
    hosted = start_host(folder, "--auto", "austrian")
    try:
        austrian = ["--token", hosted.tokens["austrian"], "--role", "attacker=hiller_line"]
        group = ["--role", "defender=ligne_67,ligne_37", "--set", "defender_bases_primary=8"]
        dice = ["--dice", "9", "--dice", "1"]
        code, report = play(hosted.url, "assault", *austrian, *group, *dice, "--pick", "x=y")
        assert code == 1 and "--pick: a hosted game asks the side" in report["error"]["message"]
        code, report = play(hosted.url, "assault", *austrian, *group, *dice)
        assert code == 0 and report["status"] == "accepted", report
        asked = report["picking"]
        assert asked is not None and asked["side"] == "french", report
        assert any("waits for" in line and "to pick" in line for line in report["lines"])
        roll = next(e for e in reversed(hub_log(folder)) if e.kind == "resolution")
        assert roll.data["roles"]["defender"] == ["ligne_67", "ligne_37"]
    finally:
        stop_host(hosted)


def hub_log(folder: Path) -> list[Any]:
    """The hosted game's log as saved (the host writes each accepted roll)."""
    return list(load_save(folder / "table.toml").game.log)
