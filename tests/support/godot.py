"""Where the tests that run the real game find Godot 3 and the game's source, and the marks that
skip them with the reason when either is absent (as on CI)."""
from __future__ import annotations

import os

import pytest

from integration.tools.record import prepare


def _godot() -> str | None:
    try:
        return prepare.find_godot(None)
    except prepare.RecordError:
        return None


GODOT = _godot()
GAME_DIR = os.environ.get("YOMI_GAME_DIR")
needs_godot = pytest.mark.skipif(GODOT is None, reason="Godot 3 is not installed (godot3-server, or set YOMI_GODOT)")
needs_game = pytest.mark.skipif(
    GODOT is None or not GAME_DIR,
    reason="needs Godot 3 (godot3-server or YOMI_GODOT) and YOMI_GAME_DIR, a checkout of the game's source at 4450348")
