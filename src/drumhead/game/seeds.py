"""Chance from the game's seed: the generator seed of each use of it (a roll, a shuffle), and
the activation deck shuffled from it. A replay of the log, or a roll undone and made again,
gets the same dice and the same order of cards."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence


def derive_seed(seed: int, label: str) -> int:
    """A generator seed for one use (``roll:12``, ``deck:40``) derived from the game's seed."""
    digest = hashlib.sha256(f"{seed}:{label}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def shuffled(cards: Sequence[str], seed: int, label: str) -> tuple[str, ...]:
    """``cards`` in the order the game's ``seed`` gives them for one use (``deck:40``)."""
    deck = list(cards)
    random.Random(derive_seed(seed, label)).shuffle(deck)
    return tuple(deck)
