"""A real terminal for the benchmarks: run a program in a pseudo-terminal, type keys into it
and time how long until its answer is on the screen.

What a player waits for is the program's *output*: the bytes that repaint the terminal. So the
clock stops when that output has arrived, not when some callback inside the program ran.
Nothing of the program is patched or imported here; it runs exactly as a player starts it.

The output is also fed to a terminal emulator (pyte), so a key's time can be read two ways:
*shown*, when the screen first looked as it finally settles (every character and colour), and
*settled*, when the program wrote its last byte (a repaint that changes nothing visible, such
as a scrollbar redrawn in place, counts here but not in *shown*).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pyte

ESCAPES = re.compile(rb"\x1b(?:\[[0-9;?<>=$ ]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
"""Terminal control sequences: CSI (cursor moves, colours, modes), OSC and two-byte escapes."""

KEYS = {
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "right": b"\x1b[C",
    "left": b"\x1b[D",
    "pagedown": b"\x1b[6~",
    "pageup": b"\x1b[5~",
    "home": b"\x1b[H",
    "end": b"\x1b[F",
    "enter": b"\r",
    "space": b" ",
    "slash": b"/",
    "escape": b"\x1b",
    "f1": b"\x1bOP",
    "f2": b"\x1bOQ",
    "f3": b"\x1bOR",
    "ctrl+q": b"\x11",
}
"""The bytes an xterm sends for the keys the benchmarks press (other keys are themselves)."""


def key_bytes(key: str) -> bytes:
    """What the terminal sends for ``key``: a named key of :data:`KEYS`, or one character."""
    if key in KEYS:
        return KEYS[key]
    if len(key) != 1:
        raise ValueError(f"no bytes known for the key {key!r} (add it to KEYS)")
    return key.encode()


@dataclass(frozen=True)
class KeyTime:
    """How long a key took to show its result, in seconds from the key being sent."""

    first: float
    """Until the first byte of the program's answer."""
    shown: float
    """Until the screen first looked as it finally settled."""
    settled: float
    """Until the program's last byte before it went quiet."""


def visible(data: bytes) -> str:
    """The text of terminal output with every control sequence taken out."""
    return ESCAPES.sub(b"", data).decode("utf-8", "replace")


class Terminal:
    """A program running in a pseudo-terminal of the given size, its output collected."""

    def __init__(
        self,
        argv: list[str],
        *,
        size: tuple[int, int] = (120, 40),
        env: Mapping[str, str] | None = None,
        cwd: str | None = None,
    ) -> None:
        master, slave = os.openpty()
        columns, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        # COLUMNS and LINES would override the terminal's size (shutil.get_terminal_size,
        # which Textual asks): pytest-xdist's workers have them, and the apps ran at 80x24
        full_env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        full_env.update({"TERM": "xterm-256color", "COLORTERM": "truecolor"})
        full_env.update(env or {})
        self.started = time.perf_counter()
        """When the program was launched (perf_counter seconds)."""
        self.process = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=full_env,
            cwd=cwd,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.master = master
        self.output = bytearray()
        """Everything the program has written so far."""
        self.arrivals: list[tuple[float, int]] = []
        """(when, length of the output then) for every read."""
        self.screen = pyte.Screen(columns, rows)
        """What a terminal shows, given the output fed to it so far."""
        self._stream = pyte.ByteStream(self.screen)
        self._fed = 0

    def _read(self, timeout: float) -> float | None:
        """Read what the program wrote within ``timeout`` seconds; when it arrived."""
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return None
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the program has gone
            chunk = b""
        if not chunk:
            raise EOFError("the program closed its terminal:\n" + visible(bytes(self.output)))
        self.output.extend(chunk)
        arrived = time.perf_counter()
        self.arrivals.append((arrived, len(self.output)))
        return arrived

    def wait_for(
        self, text: str | tuple[str, ...], *, since: int = 0, timeout: float = 20.0
    ) -> float:
        """Read until ``text`` (or one of several) shows in the output written after byte
        ``since``; the time (perf_counter) at which the bytes that completed it arrived."""
        texts = (text,) if isinstance(text, str) else text
        deadline = time.perf_counter() + timeout
        while True:
            arrived = self._read(deadline - time.perf_counter())
            if arrived is not None:
                shown = visible(bytes(self.output[since:]))
                if any(t in shown for t in texts):
                    return arrived
            if time.perf_counter() > deadline:
                tail = visible(bytes(self.output[since:]))[-2000:]
                raise TimeoutError(
                    f"{text!r} did not appear within {timeout} s; last output:\n{tail}"
                )

    def settle(self, quiet: float = 0.15, timeout: float = 10.0) -> float:
        """Read until the program has written nothing for ``quiet`` seconds; the time at which
        its last output arrived (the start if it wrote nothing)."""
        last = time.perf_counter()
        deadline = last + timeout
        while time.perf_counter() < deadline:
            arrived = self._read(quiet)
            if arrived is None:
                return last
            last = arrived
        raise TimeoutError(f"the program kept writing for {timeout} s")

    def _feed_to(self, end: int) -> None:
        self._stream.feed(bytes(self.output[self._fed : end]))
        self._fed = end

    def _picture(self) -> tuple[tuple[object, ...], ...]:
        """Every cell of the emulated screen: character and colours."""
        return tuple(
            tuple(tuple(line[x]) for x in range(self.screen.columns))
            for line in (self.screen.buffer[y] for y in range(self.screen.lines))
        )

    def shown_at(self, text: str, *, since: int = 0, timeout: float = 20.0) -> float:
        """When ``text`` first showed on the emulated screen, from output written after byte
        ``since``. Unlike :meth:`wait_for`, text written again by a repaint of a screen that
        does not show it where it is looked for does not count: ``text`` must show within a
        line of the screen as a player sees it (it may span cells, such as a border and a
        title). The output is read until the program pauses before it is fed to the
        emulator, which is slow: fed between reads, it would delay the reads' times."""
        deadline = time.perf_counter() + timeout
        checked = next((i for i, (_, end) in enumerate(self.arrivals) if end > since), None)
        checked = len(self.arrivals) if checked is None else checked
        while True:
            if self._read(deadline - time.perf_counter()) is not None:
                self.settle(0.1, timeout=max(0.1, deadline - time.perf_counter()))
            for arrived, end in self.arrivals[checked:]:
                self._feed_to(end)
                if any(text in line for line in self.screen.display):
                    return arrived
            checked = len(self.arrivals)
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{text!r} did not show within {timeout} s")

    def showing(self) -> list[str]:
        """The emulated screen's lines, given everything the program has written so far."""
        self._feed_to(len(self.output))
        lines: list[str] = self.screen.display
        return lines

    ANSWER_WITHIN = 60.0
    """Seconds a key may take to start answering."""

    def send(self, key: str) -> None:
        """Type a key without waiting for anything."""
        os.write(self.master, key_bytes(key))

    def press(
        self, key: str, *, expect: str | tuple[str, ...] | None = None, quiet: float = 0.15
    ) -> KeyTime:
        """Type a key and time its answer (see :class:`KeyTime`); with ``expect``, the settled
        screen must show that text (or one of those), or the key did not do what was meant."""
        self.settle(quiet)
        self._feed_to(len(self.output))
        reads = len(self.arrivals)
        sent = time.perf_counter()
        os.write(self.master, key_bytes(key))
        if expect is not None:  # a slow answer may pause longer than ``quiet`` midway
            self.wait_for(expect, since=len(self.output), timeout=self.ANSWER_WITHIN)
        else:  # a slow answer may start later than ``quiet``
            self._read(self.ANSWER_WITHIN)
        settled = self.settle(quiet)
        answer = self.arrivals[reads:]
        if not answer:
            raise AssertionError(f"key {key!r} changed nothing on the screen")
        pictures = []
        for _, end in answer:
            self._feed_to(end)
            pictures.append(self._picture())
        first_final = len(pictures) - 1  # the first read from which the screen stayed final
        while first_final > 0 and pictures[first_final - 1] == pictures[-1]:
            first_final -= 1
        shown = answer[first_final][0]
        screen = "\n".join(self.screen.display)
        if expect is not None and not any(
            t in screen for t in ((expect,) if isinstance(expect, str) else expect)
        ):
            raise AssertionError(f"after {key!r} the screen does not show {expect!r}")
        return KeyTime(answer[0][0] - sent, shown - sent, settled - sent)

    def peak_mib(self) -> float | None:
        """The program's largest resident memory so far, MiB (Linux's ``VmHWM``, which starts
        afresh when the program is exec'd: the benchmark's own memory is not counted); None
        where the system does not say."""
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text(encoding="ascii")
        except OSError:
            return None
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return None

    def cpu_seconds(self) -> float | None:
        """The program's CPU time so far (user + system, every thread), from Linux's
        ``/proc``; None where the system does not say."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text(encoding="ascii")
        except OSError:
            return None
        ticks = fields.rsplit(")", 1)[1].split()  # after the program's name, which may hold spaces
        return (int(ticks[11]) + int(ticks[12])) / os.sysconf("SC_CLK_TCK")

    def idle(self, still: float = 1.0, timeout: float = 60.0) -> float:
        """Wait until the program has used no CPU for ``still`` seconds (its work in the
        background done: screens built ahead, the past replayed), or ``timeout`` seconds;
        how long it took. Without ``/proc``, it waits ``still`` seconds."""
        start = time.perf_counter()
        last = self.cpu_seconds()
        if last is None:
            time.sleep(still)
            return still
        quiet_since = start
        while time.perf_counter() - start < timeout:
            self._read(0.25)  # keep the terminal drained while waiting
            now = self.cpu_seconds()
            if now is None or now != last:
                last, quiet_since = now, time.perf_counter()
            elif time.perf_counter() - quiet_since >= still:
                break
        return time.perf_counter() - start

    def close(self) -> None:
        """End the program (ctrl+q, then a kill if it lingers) and release the terminal."""
        # the terminal may be gone already (the program quit): then go straight to the kill
        if self.process.poll() is None:
            with contextlib.suppress(OSError, EOFError):
                os.write(self.master, KEYS["ctrl+q"])
                deadline = time.perf_counter() + 5
                while self.process.poll() is None and time.perf_counter() < deadline:
                    self._read(0.05)
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        os.close(self.master)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def python(code: str) -> list[str]:
    """The command line running ``code`` in this interpreter."""
    return [sys.executable, "-c", code]
