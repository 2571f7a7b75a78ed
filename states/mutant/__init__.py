"""The Mutant (``characters/mutant/``): its fighter and the scripts of its states.

``SCRIPTS`` maps the game scripts of this character's states to their ports; a script
missing here falls back to the nearest ported class of its ``extends`` chain
(``BeastState`` for most Mutant moves).
"""
from __future__ import annotations

from states.mutant import moves
from states.mutant.fighter import Mutant

TABLE = "mutant"  # states/data/mutant.json
FIGHTER_CLASS = Mutant

SCRIPTS = {
    "characters/mutant/states/Roll.gd": moves.MutantRoll,
    "characters/mutant/states/OffensiveBurst.gd": moves.MutantOffensiveBurst,
    "characters/mutant/states/DashForward.gd": moves.MutantDashForward,
    "characters/mutant/states/SlopDash.gd": moves.SlopDash,
    "characters/mutant/states/Taunt.gd": moves.MutantTaunt,
    "characters/mutant/states/BeastState.gd": moves.BeastState,
    "BeastState": moves.BeastState,
    "characters/mutant/states/Shockwave.gd": moves.Shockwave,
}

OBJECT_CLASSES: dict = {}
OBJECT_STATE_SCRIPTS: dict = {}
