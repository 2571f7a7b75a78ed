"""The Mutant (``characters/mutant/``): its fighter, the scripts of its states, its projectiles.

What the package ports (game script -> class):

* ``Beast.gd`` -> :class:`~states.mutant.fighter.Mutant` (``fighter.py``): juke pips and
  the ``juke_dir`` extra (a short dash on top of the chosen move, 2 pips; up-jukes use an
  air option and float), the ``spike_enabled`` extra (cancels the spike), the burst-cancel
  charge, install ticks, the references to the spike and the shockwave, sadness when
  moving away;
* ``states/*.gd``, ``Rebirth.gd``, ``DashThroughAttack.gd`` -> ``moves.py``:
  BeastState.gd -> ``BeastState`` (Slash, Sweep, SwipeDown, SwipeUp, AcidSlashV,
  GroundSpike, and the base of the others), Swipe.gd -> ``Swipe`` (Swipe, Swipe2),
  SwipeAir.gd -> ``SwipeAir`` (AirSpin, GroundToAirSpin), Kick.gd -> ``BeastState``
  (Kick, AirKick: no code), OverheadClaw, AirSwipe, ForwardDashFollowup,
  ForwardDashBackFollowup, CausticSpike, AcidSlashJ (AcidSlashJ, AcidSlashJUp),
  AcidSlashH, BiteGrab, BiteThrow, ProjectileGrab, ProjectileGrabJump, TwistAttack,
  Shockwave, ThornBarrage.gd -> ``ThornBarrage`` (CausticBarrage, CausticBarrageAir),
  WallTrick, WallTrickFollowup (1-3), PounceFailRoll, Rebirth, DashThroughAttack,
  AirDashForward, and the overrides of base states: Roll.gd -> ``MutantRoll``,
  OffensiveBurst.gd -> ``MutantOffensiveBurst``, DashForward.gd -> ``MutantDashForward``,
  SlopDash.gd -> ``SlopDash`` (the menu's AirDash), Taunt.gd -> ``MutantTaunt`` (Taunt,
  JukeCharge "Howl");  ShredLandCancel is the base Landing;
* ``projectiles/`` -> ``objects.py``: CausticSpike.gd + CausticSpikeDefault.gd,
  CausticThornDefault.gd (the thorn's root is the plain BaseProjectile), Shockwave.gd +
  ShockwaveDefault.gd (its FizzleOut is the generic DefaultFireball), Poison.gd +
  PoisonDefault.gd, AcidBubble.gd + AcidBubbleDefault.gd + AcidBubblePop.gd.

Quirks of the original kept (each marked "Quirk kept" where implemented):

* Rebirth heals 25 HP per hit or block with no cap: HP can exceed the maximum;
* ThornBarrage facing left numbers its thorns 6..1 instead of 0..5 (the fan is shifted);
* a caustic thorn's sweep vector is absolute but mirrored for a left-facing thorn;
* PounceFailRoll wall-slams when neither touching a wall nor moving horizontally
  (0 == sign(0));
* WallTrickFollowup's exit scales the *cached* velocity, not the one it just set;
* DashThroughAttack's hit handler replaces CharacterState's (no hit bookkeeping, no
  hit-cancel window);
* the poison doses on its last frame too (41 doses, frames 0-600);
* a throw box still pushes or pops an acid bubble (only BaseProjectile's part of
  ``hit_by`` ignores throws).

``install_ticks`` is never raised above 0 in this build, so BeastState's extra interrupt
categories while installed never apply.
"""
from __future__ import annotations

from states.mutant import moves, objects
from states.mutant.fighter import Mutant

TABLE = "mutant"  # states/data/mutant.json
FIGHTER_CLASS = Mutant

_STATES = "characters/mutant/states/"
SCRIPTS = {
    "characters/mutant/states/BeastState.gd": moves.BeastState,
    "BeastState": moves.BeastState,
    _STATES + "Roll.gd": moves.MutantRoll,
    _STATES + "OffensiveBurst.gd": moves.MutantOffensiveBurst,
    _STATES + "DashForward.gd": moves.MutantDashForward,
    _STATES + "AirDashForward.gd": moves.AirDashForward,
    _STATES + "SlopDash.gd": moves.SlopDash,
    _STATES + "Taunt.gd": moves.MutantTaunt,
    _STATES + "Swipe.gd": moves.Swipe,
    _STATES + "SwipeAir.gd": moves.SwipeAir,
    _STATES + "Kick.gd": moves.BeastState,
    _STATES + "GroundSpike.gd": moves.BeastState,
    _STATES + "OverheadClaw.gd": moves.OverheadClaw,
    _STATES + "AirSwipe.gd": moves.AirSwipe,
    _STATES + "ForwardDashFollowup.gd": moves.ForwardDashFollowup,
    _STATES + "ForwardDashBackFollowup.gd": moves.ForwardDashBackFollowup,
    _STATES + "CausticSpike.gd": moves.CausticSpike,
    _STATES + "AcidSlashJ.gd": moves.AcidSlashJ,
    _STATES + "AcidSlashH.gd": moves.AcidSlashH,
    _STATES + "BiteGrab.gd": moves.BiteGrab,
    _STATES + "BiteThrow.gd": moves.BiteThrow,
    _STATES + "ProjectileGrab.gd": moves.ProjectileGrab,
    _STATES + "ProjectileGrabJump.gd": moves.ProjectileGrabJump,
    _STATES + "TwistAttack.gd": moves.TwistAttack,
    _STATES + "Shockwave.gd": moves.Shockwave,
    _STATES + "ThornBarrage.gd": moves.ThornBarrage,
    _STATES + "WallTrick.gd": moves.WallTrick,
    _STATES + "WallTrickFollowup.gd": moves.WallTrickFollowup,
    _STATES + "PounceFailRoll.gd": moves.PounceFailRoll,
    "characters/mutant/Rebirth.gd": moves.Rebirth,
    "characters/mutant/DashThroughAttack.gd": moves.DashThroughAttack,
}

_PROJECTILES = "characters/mutant/projectiles/"
OBJECT_CLASSES = {
    _PROJECTILES + "CausticSpike.gd": objects.CausticSpikeProjectile,
    _PROJECTILES + "Shockwave.gd": objects.ShockwaveProjectile,
    _PROJECTILES + "Poison.gd": objects.Poison,
    _PROJECTILES + "AcidBubble.gd": objects.AcidBubble,
}
OBJECT_STATE_SCRIPTS = {
    _PROJECTILES + "states/CausticSpikeDefault.gd": objects.CausticSpikeDefault,
    _PROJECTILES + "states/CausticThornDefault.gd": objects.CausticThornDefault,
    _PROJECTILES + "states/ShockwaveDefault.gd": objects.ShockwaveDefault,
    _PROJECTILES + "states/PoisonDefault.gd": objects.PoisonDefault,
    _PROJECTILES + "states/AcidBubbleDefault.gd": objects.AcidBubbleDefault,
    _PROJECTILES + "states/AcidBubblePop.gd": objects.AcidBubblePop,
}
