"""The Cowboy (``characters/swordandgun/``): its fighter and the scripts of its states and objects.

What is ported where (game script -> class):

* ``SwordGuy.gd`` -> :class:`~states.cowboy.fighter.Cowboy` (bullets, gun, after-image, lasso,
  temporal round, 1000 Cuts buff, bullet-cancel; extras ``gun_cancel``, ``detonate``, ``shift``,
  ``drift``, ``hindsight``; ``input_aerial``/``input_grounded`` only reach the action menu);
* :mod:`~states.cowboy.moves` -- ``states/Dash.gd`` (Dash, Dash1k, SuperDash; ``Dash1k.gd`` is the
  base dash) -> CowboyDash; ``states/AirDash.gd`` -> CowboyAirDash; ``states/3Combo.gd`` -> ThreeCombo;
  ``states/HSlash.gd`` -> HSlash; ``states/VSlash.gd`` -> VSlash; ``states/UpwardSwipe.gd`` ->
  UpwardSwipe; ``states/DownwardCleave.gd`` -> DownwardCleave; ``states/HAirSlash.gd`` -> HAirSlash;
  ``states/LightningSlice.gd`` -> LightningSlice; ``BackSlash.gd`` -> BackSlash; ``states/Impale.gd``
  -> Impale; ``states/ImpaleFollowup.gd`` -> ImpaleFollowup; ``IzunaDrop.gd`` -> IzunaDrop;
  ``states/Lasso.gd`` -> Lasso; ``states/LassoPull.gd`` -> LassoPull; ``states/LassoReel.gd`` ->
  LassoReel; ``states/HurtAerial.gd`` -> CowboyHurtAerial; ``states/Taunt.gd`` -> CowboyTaunt;
  ``states/Stinger.gd`` adds nothing to ``Idle.gd`` (base Idle);
* :mod:`~states.cowboy.gun` -- ``NewShoot.gd`` -> NewShoot; ``states/Shoot.gd`` -> Shoot;
  ``states/Brandish.gd`` -> Brandish; ``states/PistolWhip.gd`` -> PistolWhip; ``states/GunThrow.gd``
  -> GunThrow; ``states/GunReel.gd`` -> GunReel;
* :mod:`~states.cowboy.time` -- ``states/Teleport.gd`` -> Teleport; ``states/TPStance.gd`` ->
  TPStance; ``states/Foresight.gd`` -> Foresight; ``states/ForesightExplosion.gd`` ->
  ForesightExplosion; ``states/1000Cuts.gd`` -> ThousandCuts; ``states/WeebCut.gd`` -> WeebCut;
* :mod:`~states.cowboy.objects` -- ``projectiles/Gun.gd`` + ``GunSpin.gd``; ``Lasso.gd`` +
  ``LassoDefault.gd``/``LassoHolding.gd``; ``NewBullet.gd`` + ``NewBulletDefault.gd``; ``bullet.gd``
  + ``BulletDefault.gd``/``TemporalRoundDefault.gd``; ``AfterImage.gd`` + ``ForesightDefault.gd``;
  ``AfterImageExplosionDefault.gd`` (on the base projectile); ``1000cuts/1000Cuts.gd`` +
  ``1000CutsDefault.gd``.
  The remaining states (Holster, SlowHolster, LassoHit, AnkleCutter, Pommel, VAirSlash,
  DashForward1k, ShootDodgeRoll, LassoHold...) use base scripts.

Quirks of the original kept (they change outcomes):

* Brandish always falls back to SlowHolster in a real match (it tests ``!host.is_ghost``);
  only QuickerDraw goes on into Shoot2.
* The thrown gun's ``lassoed`` starts true and is never cleared: a pulled gun always flies
  back, and Lasso is not usable while a thrown gun exists.
* GunThrow reads only the data's y: the gun always goes forward.
* Lasso applies the facing to its throw force twice (once by hand, once by
  ``apply_force_relative``).
* Foresight's frame 0 sets the length to 14 (10 in combos) whatever the table says.
* DownwardCleave entered on the ground switches its ``grounded`` export on for good.
* NewShoot rewrites its ``interrupt_into``/``interrupt_exceptions`` lists persistently (first
  occurrence erased, then appended).
* VSlash with initiative rewrites ``self_hit_cancellable`` persistently.
* LightningSlice / 1000CutsEnd usability as GDScript parses ``a and b or c`` / ``x if c else y``:
  the combo LightningSlice and 1000CutsEnd skip the base usability rules.
* A deflected NewBullet's direction is the hitbox direction, normalised, times the hitbox's
  facing-signed ``dir_x`` (``get_hitbox_x_dir``), so it is scaled by ``dir_x``.
* Bullet against bullet: one reseeded draw, on the first victim of the collected pairs; the
  second pair finds its hitter disabled and draws nothing.
* NewBulletDefault bounces off the stage using the position snapshot from before this tick's move.
* A plain bullet hit by something calls the Temporal Round's ``f1``/``f2``/``f3``, which it
  lacks: the script error ends ``hit_by``/``tick`` there (emulated).
* A Temporal Round hit sets ``shot`` before calling ``f1``, so a hit round is never re-aimed or
  distance-scaled; ``f2`` moves its (inactive) hitbox to a local offset.
* The Impale ``current_tick > 30`` gravity branch is unreachable as written.
* The Cowboy's HurtAerial (hit by its own object) marks the hitbox, not the object, as hit
  (``add_hit_object``, a core quirk) and its ``damages_own_team == false`` is a no-op.
* A ricochet's ``reset_hit_objects`` restarts an active hitbox (deactivate, then activate).

Known trace artefact (not an engine difference): at three turns of the full traces
(Cowboy_vs_Ninja_s110 tick 321, Mutant_vs_Cowboy_s142 tick 1180, Ninja_vs_Cowboy_s102 tick
434) the recorded ``legal`` list was taken while the Shift toggle was on, and the submitted
extra has it off again; with the flag the toggle sets (``input_grounded`` for an after-image on
the floor, ``input_aerial`` for one in the air) the engine's list is the recorded one.
"""
from __future__ import annotations

from states.base.idle import Idle
from states.cowboy import gun, moves, objects, time
from states.cowboy.fighter import Cowboy

TABLE = "cowboy"  # states/data/cowboy.json
FIGHTER_CLASS = Cowboy

_DIR = "characters/swordandgun/"

SCRIPTS = {
    _DIR + "states/Dash.gd": moves.CowboyDash,
    _DIR + "states/AirDash.gd": moves.CowboyAirDash,
    _DIR + "states/Dash1k.gd": moves.CowboyDash,
    _DIR + "states/3Combo.gd": moves.ThreeCombo,
    _DIR + "states/HSlash.gd": moves.HSlash,
    _DIR + "states/VSlash.gd": moves.VSlash,
    _DIR + "states/UpwardSwipe.gd": moves.UpwardSwipe,
    _DIR + "states/Stinger.gd": Idle,
    _DIR + "states/DownwardCleave.gd": moves.DownwardCleave,
    _DIR + "states/HAirSlash.gd": moves.HAirSlash,
    _DIR + "states/LightningSlice.gd": moves.LightningSlice,
    _DIR + "BackSlash.gd": moves.BackSlash,
    _DIR + "states/Impale.gd": moves.Impale,
    _DIR + "states/ImpaleFollowup.gd": moves.ImpaleFollowup,
    _DIR + "IzunaDrop.gd": moves.IzunaDrop,
    _DIR + "states/Lasso.gd": moves.Lasso,
    _DIR + "states/LassoPull.gd": moves.LassoPull,
    _DIR + "states/LassoReel.gd": moves.LassoReel,
    _DIR + "states/HurtAerial.gd": moves.CowboyHurtAerial,
    _DIR + "states/Taunt.gd": moves.CowboyTaunt,
    _DIR + "NewShoot.gd": gun.NewShoot,
    _DIR + "states/Shoot.gd": gun.Shoot,
    _DIR + "states/Brandish.gd": gun.Brandish,
    _DIR + "states/PistolWhip.gd": gun.PistolWhip,
    _DIR + "states/GunThrow.gd": gun.GunThrow,
    _DIR + "states/GunReel.gd": gun.GunReel,
    _DIR + "states/Teleport.gd": time.Teleport,
    _DIR + "states/TPStance.gd": time.TPStance,
    _DIR + "states/Foresight.gd": time.Foresight,
    _DIR + "states/ForesightExplosion.gd": time.ForesightExplosion,
    _DIR + "states/1000Cuts.gd": time.ThousandCuts,
    _DIR + "states/WeebCut.gd": time.WeebCut,
}

_PROJ = _DIR + "projectiles/"

OBJECT_CLASSES = {
    _PROJ + "Gun.gd": objects.Gun,
    _PROJ + "Lasso.gd": objects.LassoObject,
    _PROJ + "NewBullet.gd": objects.NewBullet,
    _PROJ + "bullet.gd": objects.Bullet,
    _PROJ + "states/AfterImage.gd": objects.AfterImage,
    _PROJ + "1000cuts/1000Cuts.gd": objects.ThousandCutsObject,
}

OBJECT_STATE_SCRIPTS = {
    _PROJ + "states/GunSpin.gd": objects.GunSpin,
    _PROJ + "states/LassoDefault.gd": objects.LassoDefault,
    _PROJ + "states/LassoHolding.gd": objects.LassoHolding,
    _PROJ + "states/NewBulletDefault.gd": objects.NewBulletDefault,
    _PROJ + "states/BulletDefault.gd": objects.BulletDefault,
    _PROJ + "TemporalRoundDefault.gd": objects.TemporalRoundDefault,
    _PROJ + "states/ForesightDefault.gd": objects.ForesightDefault,
    _PROJ + "states/AfterImageExplosionDefault.gd": objects.AfterImageExplosionDefault,
    _PROJ + "states/1000CutsDefault.gd": objects.ThousandCutsDefault,
}
