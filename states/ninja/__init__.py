"""The Ninja (``characters/stickman/``): its fighter and the scripts of its states.

``SCRIPTS`` maps the game scripts of this character's states to their ports; a script
missing here falls back to the nearest ported class of its ``extends`` chain.
"""
from __future__ import annotations

from states.base.taunt import Taunt
from states.ninja.fighter import Ninja
from states.ninja.moves import GrapplingHook, StickyBomb, StoreMomentum, Summon, SwapPlaces

TABLE = "ninja"  # states/data/ninja.json
FIGHTER_CLASS = Ninja

SCRIPTS = {
    "characters/stickman/states/GrapplingHook.gd": GrapplingHook,
    "characters/stickman/states/StickyBomb.gd": StickyBomb,
    "characters/stickman/states/StoreMomentum.gd": StoreMomentum,
    "characters/stickman/states/Summon.gd": Summon,
    "characters/stickman/states/SwapPlaces.gd": SwapPlaces,
    "characters/stickman/states/Taunt.gd": Taunt,  # only adds sounds
}

OBJECT_CLASSES: dict = {}
OBJECT_STATE_SCRIPTS: dict = {}
