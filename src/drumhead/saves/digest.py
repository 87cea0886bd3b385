"""The snapshot's ``state_digest``: what lets a long game open from its snapshot without
replaying its journal (see "Loading" in ``docs/save-format.md``).

drumhead writes ``[start]`` and ``[state]`` from the game itself, the state being the one its
own replay of the journal's first ``journal_entries`` entries gives. The digest is a SHA-256
of those two tables as written (the snapshot's text from ``[start]`` on), of the journal
numbers in ``[game]`` (generation, entries, bytes and CRC-32: the journal prefix, which loading
checks byte for byte), and of the code that replays a journal (drumhead's version and the
source of the modules that read, apply and revert events, and encode the state, and of those
that hold each event to the game's ruleset before it joins the log: the event rules, the card
and dice checks they use). When a snapshot's digest is this drumhead's digest of that
snapshot, its ``[state]`` is the replay of that journal prefix by this very code, every event
held to these rules: loading takes it as it is. The rules are the code and the ruleset's
names the events are held to (its checks and outcomes, markers, ladders, cards, the sequence
of play: :func:`~drumhead.game.event_rules.rules_fingerprint`): a ruleset file changed under
the same id and version gets a full replay too. Any other snapshot (edited by hand, damaged, written by
another drumhead or an older schema) has its journal replayed in full, and compared.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from drumhead import __version__

FORMAT = b"drumhead state digest 1\n"
BODY = "\n[start]\n"
"""Where the digested part of a snapshot starts (``[game]`` holds no line break: TOML strings
on one line escape theirs)."""

_CODE: list[bytes] = []


def replay_code() -> bytes:
    """drumhead's version and the SHA-256 of the modules whose code turns a journal into a
    state, or refuses an event of it (worked out once per process)."""
    if not _CODE:
        from drumhead.dice import notation
        from drumhead.game import (
            card_events,
            codec,
            core,
            effect_events,
            event_data,
            event_rules,
            events,
            scenario,
            state,
            taken_back,
            turn_events,
        )

        digest = hashlib.sha256(__version__.encode())
        for module in (
            events,
            state,
            codec,
            event_data,
            card_events,
            effect_events,
            turn_events,
            taken_back,
            core,  # a revert's replay (state_at)
            event_rules,  # what an event may hold, by the ruleset's names (add_event, redo)
            scenario,  # the cards an edit or a new unit may leave (check_unit, the ladders)
            notation,  # the dice notation a resolution may have rolled
        ):
            try:
                digest.update(Path(str(module.__file__)).read_bytes())
            except (OSError, TypeError):  # no source to read: the version alone says
                digest.update(module.__name__.encode())
        _CODE.append(digest.hexdigest().encode())
    return _CODE[0]


def state_digest(body: str, generation: int, entries: int, size: int, crc: int, rules: str) -> str:
    """The digest of a snapshot whose text from ``[start]`` on is ``body``, written after the
    first ``entries`` entries (``size`` bytes, CRC-32 ``crc``) of journal ``generation``,
    under the rules whose fingerprint is ``rules``
    (:func:`~drumhead.game.event_rules.rules_fingerprint` of the game's ruleset)."""
    digest = hashlib.sha256(FORMAT)
    digest.update(replay_code())
    digest.update(rules.encode("ascii", "replace"))
    digest.update(b"\n%d %d %d %08x\n" % (generation, entries, size, crc))
    digest.update(body.encode("utf-8"))
    return digest.hexdigest()


def digest_holds(
    text: str, carried: str | None, written: tuple[int, int, int | None, int | None], rules: str
) -> bool:
    """Whether a snapshot's ``text`` carries (``carried``) this drumhead's digest of it:
    ``written`` is its ``[game]``'s generation, journal entries, bytes and CRC-32, ``rules``
    the fingerprint of the game's ruleset's rules."""
    generation, entries, size, crc = written
    body = snapshot_body(text)
    if carried is None or size is None or crc is None or body is None:
        return False
    return carried == state_digest(body, generation, entries, size, crc, rules)


def snapshot_body(text: str) -> str | None:
    """A snapshot's text from its ``[start]`` table on, as drumhead writes it (None: a
    snapshot not laid out so, which is then replayed in full)."""
    at = text.find(BODY)
    return text[at + 1 :] if at >= 0 else None
