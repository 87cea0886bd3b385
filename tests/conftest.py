"""Shared fixtures: every test gets seeded randomness; nothing uses the global generator."""

from __future__ import annotations

import random

import pytest


@pytest.fixture
def rng() -> random.Random:
    return random.Random(1776)
