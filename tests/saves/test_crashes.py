"""Crashes and races with real processes: kill -9 during autosave, a file-size limit (the disk
fills up), and two processes taking over a stale lock at once.

The killing and racing are done by ``tests/support/crashkit.py`` in one subprocess that forks
the processes it kills, so dozens of kills take a few seconds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import crashkit
import gamegen
import pytest

from drumhead.saves import SaveError, SaveSession, load_save

SUPPORT = Path(__file__).resolve().parents[1] / "support"

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")


def _run(*args: object, env: dict[str, str] | None = None) -> object:
    done = subprocess.run(
        [sys.executable, str(SUPPORT / "crashkit.py"), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


@pytest.mark.slow
def test_kill_9_during_autosave_loses_at_most_the_unfinished_write(tmp_path: Path) -> None:
    """60 kills at random moments of a process that adds events every fraction of a millisecond
    while another thread autosaves (as the app does): every save loads, to exactly the game the
    process had after some change, and nothing it had been told was written is lost."""
    kills = 60
    results = _run("kill", tmp_path, kills, 7)
    assert isinstance(results, list) and len(results) == kills
    gamegen.setup()
    loaded, unloadable = [], []
    for result in results:
        assert result["errors"] == []
        try:
            loaded.append((result, load_save(result["save"])))
        except SaveError as exc:
            unloadable.append(str(exc))
    ref = crashkit.reference(max((item.entries for _, item in loaded), default=0))
    wrong, lost = [], []
    for result, item in loaded:
        if item.entries < result["acked"]:  # an entry acknowledged as written did not survive
            lost.append(result)
        log, redo, state = ref[item.entries]
        if (item.game.log, item.game.redo_stack, item.game.state) != (log, redo, state):
            wrong.append(result["save"])
    assert (len(unloadable), len(wrong), len(lost)) == (0, 0, 0), unloadable[:3]
    # the kills landed while the games were being played, not before the first change
    assert sum(1 for _, item in loaded if item.entries > 0) >= kills * 0.9
    # opening a killed save removes what the unfinished write left, and plays on
    for result, item in loaded:
        save = Path(result["save"])
        leftovers = list(tmp_path.glob(f".{save.stem}.*.tmp"))
        if leftovers:
            session, game = SaveSession.open(save)
            assert game.state == item.game.state
            session.close()
            assert not [p for p in leftovers if p.exists()]


FULL_DISK = textwrap.dedent(
    """
    import json, random, resource, sys
    sys.path.insert(0, {support!r})
    import gamegen
    from drumhead.errors import DrumheadError
    from drumhead.saves import SaveSession, load_save

    gamegen.setup()
    path = {path!r}
    game = gamegen.start_game(seed=4)
    session = SaveSession.create(path, game)
    journal = path.replace(".toml", ".0.journal")
    import os
    limit = os.path.getsize(journal) + {room}
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    rng = random.Random(4)
    report = {{"ok": 0, "failed": 0, "false_success": [], "raw": []}}

    def check(what):
        # a save reported as done must be on disk, whole
        try:
            loaded = load_save(path).game
            same = (loaded.log, loaded.redo_stack, loaded.state) == (
                game.log, game.redo_stack, game.state)
        except DrumheadError as exc:
            same = False
        if not same:
            report["false_success"].append(what)

    def attempt(what, call):
        try:
            call()
        except DrumheadError:
            report["failed"] += 1
            return False
        except OSError as exc:
            report["raw"].append(f"{{what}}: {{exc!r}}")
            return False
        report["ok"] += 1
        check(what)
        return True

    for i in range(40):
        gamegen.random_event(game, rng, i)
        attempt(f"autosave {{i}}", lambda: session.autosave(game))
    attempt("close under the limit", lambda: session.close(game))
    resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))  # room again
    for i in range(40, 45):
        gamegen.random_event(game, rng, i)
        attempt(f"autosave {{i}} with room", lambda: session.autosave(game))
    report["closed"] = attempt("close with room", lambda: session.close(game))
    print(json.dumps(report))
    """
)


@pytest.mark.parametrize("room", [300, 2000])
def test_a_full_disk_never_reports_a_save_it_did_not_make(tmp_path: Path, room: int) -> None:
    """Under a file-size limit (the journal can grow ``room`` more bytes), every autosave and
    close either fails with a SaveError or leaves a save that loads to the game as it is;
    when there is room again, the retry writes everything, once."""
    path = tmp_path / "full.toml"
    code = FULL_DISK.format(support=str(SUPPORT), path=str(path), room=room)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["raw"] == []
    assert report["false_success"] == []
    assert report["failed"] > 0  # the limit was reached
    assert report["closed"] is True


def test_two_processes_taking_over_a_stale_lock_never_both_hold_it(tmp_path: Path) -> None:
    """300 races: two processes released together by a barrier each try to take over the lock
    left by a process that is gone; exactly one holds the save each time."""
    trials = 300
    held = _run("locks", tmp_path, trials)
    assert isinstance(held, list) and len(held) == trials
    both = sum(1 for a, b in held if a and b)
    neither = sum(1 for a, b in held if not a and not b)
    assert (both, neither) == (0, 0)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="zombies are told by /proc")
def test_a_killed_drumhead_not_yet_collected_holds_the_save_no_more(tmp_path: Path) -> None:
    """A drumhead killed with kill -9 whose parent has not collected it yet (a zombie) still
    answers to its process number: its save was listed as open elsewhere, and not reopened
    at start, until something reaped it. It holds no lock: the save is free."""
    from drumhead.game import load_scenario, new_game
    from drumhead.saves import list_saves
    from drumhead.saves.files import lock_holder

    save = tmp_path / "game.toml"
    SaveSession.create(
        save, new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"))
    ).close()
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "from drumhead.saves import SaveSession\n"
            "SaveSession.open(sys.argv[1])\n"
            "print('open', flush=True)\n"
            "time.sleep(60)\n",
            str(save),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "open\n"
        assert lock_holder(save) is not None and list_saves(tmp_path)[0].locked
        os.kill(holder.pid, 9)
        os.waitid(os.P_PID, holder.pid, os.WEXITED | os.WNOWAIT)  # ended, not collected
        with open(f"/proc/{holder.pid}/stat", "rb") as f:
            assert b") Z " in f.read()  # a zombie: the case this test is about
        assert lock_holder(save) is None and not list_saves(tmp_path)[0].locked
        session, _ = SaveSession.open(save)  # the lock is free
        session.close()
    finally:
        holder.kill()
        holder.wait()
