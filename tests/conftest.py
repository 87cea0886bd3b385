"""Shared fixtures: every test gets seeded randomness; nothing uses the global generator."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest


@pytest.fixture
def rng() -> random.Random:
    return random.Random(1776)


# tests/support holds helpers shared by several test folders and the benchmarks.
sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))
