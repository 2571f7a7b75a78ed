"""The Wizard (``characters/wizard/``): its fighter, its states and its objects.

What is ported, game script -> class:

* fighter (``fighter.py``): ``Wizard.gd`` -> :class:`Wizard` (hover gauge and fast fall, geyser
  charges, the orb's meter drain, ``orb_push`` / ``lock_orb`` / ``detonate`` extras, spark bombs
  and spark speed, flame-wave cooldown, tether, held boulder);
* states (``moves.py``, registered in ``SCRIPTS``):
  ``states/WizardState.gd`` -> WizardState (also AirKick, IceSpikeAir(2), TomeSlap, ConfusingTouch2,
  and the empty ``ConjureStorm.gd`` / ``MagmaBolt.gd``), ``states/Taunt.gd`` -> WizardTaunt,
  ``Combust.gd`` -> Combust, ``IceSpikeGround.gd`` -> IceSpikeGround, ``Kick.gd`` -> Kick,
  ``ManaStrike.gd`` -> ManaStrike, ``ConjureWeapon.gd`` -> ConjureWeapon, ``ConfusingTouch.gd`` ->
  ConfusingTouch, ``Liftoff.gd`` -> Liftoff, ``Sandstorm.gd`` -> Sandstorm (Gust, Sandstorm),
  ``CatchWind.gd`` -> CatchWind (WindForce), ``ZephyrThrow.gd`` -> ZephyrThrow, ``FlameWave.gd`` ->
  FlameWave, ``MagicMissile.gd`` -> MagicMissile, ``VileClutch.gd`` -> VileClutch,
  ``CharacterState.gd`` -> DrawMoisture, ``Geyser.gd`` -> Geyser, ``Orb.gd`` -> Orb, ``LockOrb.gd`` ->
  LockOrb (LockOrb, UnlockOrb), ``OrbPush.gd`` -> OrbPush, ``OrbTether.gd`` -> OrbTether,
  ``OrbTeleport.gd`` -> OrbTeleport, ``EnergyBomb.gd`` -> EnergyBomb (SparkBomb),
  ``ConjurePebble.gd`` -> ConjurePebble (Telekinesis), ``Launch.gd`` -> Launch (Launch, SuperLaunch);
* objects (``projectiles.py``, ``OBJECT_CLASSES`` / ``OBJECT_STATE_SCRIPTS``): ``orb/Orb.gd`` -> Orb
  with ``orb/states/Default.gd`` -> OrbDefault and ``Sword.gd`` -> OrbSword; ``orb/OrbLightning.gd``
  -> OrbLightning with ``LightningDefault.gd``; ``OrbDart.gd`` -> OrbDart with ``OrbDartDefault.gd``;
  ``MagicDartDefault.gd`` -> DirProjectileDefault (core); ``FlameWave.gd`` / ``FlameWaveDefault.gd``;
  ``VileClutch.gd`` -> VileClutchObject (its state is a plain DefaultFireball); ``SparkBomb.gd`` with
  ``SparkBombDefault.gd`` (Default, Armed) and ``SparkBombExplode.gd``;
  ``telekinesis/TelekinesisBoulder.gd`` (class TelekinesisProjectile: the three boulders, pebble,
  tire, ghost), ``TelekinesisBomb.gd``, ``TelekinesisFruit.gd``, with ``telekinesis/Default.gd`` and
  ``BombDefault.gd`` -> TelekinesisHold and ``BoulderFling.gd`` (Launch, Drop).  The Geyser
  projectile scenes and TelekinesisBombExplosion use the core BaseProjectile/DefaultFireball.

Quirks of the original kept (each marked "Quirk kept" where it is implemented):

* the spark-speed boost restores the two max speeds swapped (ground := air speed, air := ground);
* Liftoff's ``queued_state`` (StateInterface) is never cleared, so once a Liftoff has landed, every
  later exit of that state also damps the vertical speed by 0.75;
* Geyser changes its armed hitbox's ``start_tick`` on frame 0, but activation frames were indexed at
  init (11), so the 3-charge timing 10 only reaches the tick-priority rule; its sweep vector is
  multiplied by the facing and mirrored again by the swept box (the chosen x is world-space);
* BoulderFling's enter resets a local ``can_floor_bounce``, not the member;
* SparkBombExplode's ``landed`` starts true and is never false, so the second test of the original
  (a property the Wizard does not have) is never evaluated: every blast grants spark speed;
* an orb trigger of type "" still takes its tick's slot in ``triggered_attacks`` (overwriting an
  attack scheduled for the same tick) and then does nothing;
* ManaStrike's extra startup is scaled by 0 (always 0), computed anyway.

Ghost-only branches (the preview's placeholder boulder, the hover latch) do not exist here.
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
