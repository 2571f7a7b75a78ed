"""The Wizard (``characters/wizard/``): its fighter, its states and its objects.

``SCRIPTS`` maps the game scripts of this character's states to their ports;
``OBJECT_CLASSES`` / ``OBJECT_STATE_SCRIPTS`` do the same for its projectiles.
(Module docstring with the full list and the quirks: see the end of this file's
docstring, kept up to date as the port grows.)
"""
from __future__ import annotations

from states.wizard import moves, projectiles
from states.wizard.fighter import Wizard

TABLE = "wizard"  # states/data/wizard.json
FIGHTER_CLASS = Wizard

_W = "characters/wizard/"

SCRIPTS = {
    _W + "states/WizardState.gd": moves.WizardState,
    "WizardState": moves.WizardState,
    _W + "states/Taunt.gd": moves.WizardTaunt,
    _W + "states/Combust.gd": moves.Combust,
    _W + "states/IceSpikeGround.gd": moves.IceSpikeGround,
    _W + "states/Kick.gd": moves.Kick,
    _W + "states/ManaStrike.gd": moves.ManaStrike,
    _W + "states/ConjureWeapon.gd": moves.ConjureWeapon,
    _W + "states/ConjureStorm.gd": moves.WizardState,
    _W + "states/MagmaBolt.gd": moves.WizardState,
    _W + "states/ConfusingTouch.gd": moves.ConfusingTouch,
    _W + "states/Liftoff.gd": moves.Liftoff,
    _W + "states/Sandstorm.gd": moves.Sandstorm,
    _W + "states/CatchWind.gd": moves.CatchWind,
    _W + "ZephyrThrow.gd": moves.ZephyrThrow,
    _W + "FlameWave.gd": moves.FlameWave,
    _W + "states/MagicMissile.gd": moves.MagicMissile,
    _W + "states/VileClutch.gd": moves.VileClutch,
    _W + "CharacterState.gd": moves.DrawMoisture,
    _W + "states/Geyser.gd": moves.Geyser,
    _W + "states/Orb.gd": moves.Orb,
    _W + "states/LockOrb.gd": moves.LockOrb,
    _W + "states/OrbPush.gd": moves.OrbPush,
    _W + "states/OrbTether.gd": moves.OrbTether,
    _W + "states/OrbTeleport.gd": moves.OrbTeleport,
    _W + "EnergyBomb.gd": moves.EnergyBomb,
    _W + "states/ConjurePebble.gd": moves.ConjurePebble,
    _W + "Launch.gd": moves.Launch,
}

_P = _W + "projectiles/"

OBJECT_CLASSES = {
    _P + "orb/Orb.gd": projectiles.Orb,
    _P + "orb/OrbLightning.gd": projectiles.OrbLightning,
    _P + "OrbDart.gd": projectiles.OrbDart,
    _P + "FlameWave.gd": projectiles.FlameWave,
    _P + "VileClutch.gd": projectiles.VileClutchObject,
    _P + "SparkBomb.gd": projectiles.SparkBomb,
    _P + "telekinesis/TelekinesisBoulder.gd": projectiles.TelekinesisProjectile,
    _P + "telekinesis/TelekinesisBomb.gd": projectiles.TelekinesisBomb,
    _P + "telekinesis/TelekinesisFruit.gd": projectiles.TelekinesisFruit,
}

OBJECT_STATE_SCRIPTS = {
    _P + "orb/states/Default.gd": projectiles.OrbDefault,
    _P + "orb/states/Sword.gd": projectiles.OrbSword,
    _P + "orb/states/LightningDefault.gd": projectiles.LightningDefault,
    _P + "states/OrbDartDefault.gd": projectiles.OrbDartDefault,
    _P + "states/MagicDartDefault.gd": projectiles.DirProjectileDefault,
    _P + "states/FlameWaveDefault.gd": projectiles.FlameWaveDefault,
    _P + "states/VileClutchDefault.gd": projectiles.DefaultFireball,
    _P + "states/SparkBombDefault.gd": projectiles.SparkBombDefault,
    _P + "states/SparkBombExplode.gd": projectiles.SparkBombExplode,
    _P + "telekinesis/Default.gd": projectiles.TelekinesisHold,
    _P + "telekinesis/BombDefault.gd": projectiles.TelekinesisHold,
    _P + "telekinesis/BoulderFling.gd": projectiles.BoulderFling,
}
