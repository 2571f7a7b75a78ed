"""The Wizard (``characters/wizard/``): its fighter and the scripts of its states.

``SCRIPTS`` maps the game scripts of this character's states to their ports; a script
missing here falls back to the nearest ported class of its ``extends`` chain
(``WizardState`` for most Wizard moves).
"""
from __future__ import annotations

from states.wizard import moves
from states.wizard.fighter import Wizard

TABLE = "wizard"  # states/data/wizard.json
FIGHTER_CLASS = Wizard

SCRIPTS = {
    "characters/wizard/states/Taunt.gd": moves.WizardTaunt,
    "characters/wizard/states/WizardState.gd": moves.WizardState,
    "WizardState": moves.WizardState,
    "characters/wizard/CharacterState.gd": moves.DrawMoisture,
    "characters/wizard/states/Geyser.gd": moves.Geyser,
    "characters/wizard/states/LockOrb.gd": moves.LockOrb,
    "characters/wizard/states/OrbPush.gd": moves.OrbPush,
    "characters/wizard/states/OrbTether.gd": moves.OrbTether,
    "characters/wizard/states/VileClutch.gd": moves.VileClutch,
    "characters/wizard/FlameWave.gd": moves.FlameWave,
    "characters/wizard/Launch.gd": moves.Launch,
    "characters/wizard/states/Orb.gd": moves.Orb,
    "characters/wizard/states/ConjurePebble.gd": moves.ConjurePebble,
    "characters/wizard/states/OrbTeleport.gd": moves.OrbTeleport,
}

OBJECT_CLASSES: dict = {}
OBJECT_STATE_SCRIPTS: dict = {}
