"""The Robot (``characters/robo/``): its fighter, the scripts of its states, its objects.

What this package ports (game script -> class):

* ``Robot.gd`` -> :class:`fighter.Robot` (fuel bar and flight, armor pip, LOIC meter,
  bomb magnet, Drive cancels, ground-pound readiness; the extras ``fly_dir``,
  ``fly_enabled``, ``armor_enabled``, ``nade_activated``/``bounce``, ``pull_enabled``,
  ``loic_dir``, ``drive_cancel``).
* States (:mod:`moves`, :mod:`grabs`, :mod:`drive`): ``RobotState.gd`` -> RobotState
  (Punch, Slap, EyeBeam(Air), Blast, AirKick, ClapLand, Flamethrower2, Drive,
  DriveCancel, UnDriveCancel use it as is); ``states/Step.gd`` -> Step (Step,
  ChargedStep); ``Roll.gd`` -> RobotRoll; ``states/Fall.gd`` -> RobotFall;
  ``states/Landing.gd`` -> RobotLanding; ``SuperJump.gd`` -> RobotSuperJump;
  ``states/AirGrab.gd`` -> the base Grab; ``states/AirForwardThrow.gd`` ->
  RobotAirForwardThrow; ``states/Taunt.gd`` -> RobotTaunt; ``states/SawBlade.gd`` ->
  SawBlade; ``states/SideKick.gd`` -> SideKick; ``states/Plummet.gd`` -> Plummet;
  ``states/GroundPound.gd`` -> GroundPound; ``states/Lariat.gd`` -> Lariat;
  ``states/Missile.gd`` -> Vacuum; ``states/Chainsaw.gd`` -> Chainsaw;
  ``states/Propel.gd`` -> Propel; ``states/Return.gd`` -> Return; ``states/ClapJump.gd``
  -> ClapJump; ``Grenade.gd`` -> Grenade; ``states/Magnetize.gd`` -> Magnetize;
  ``states/Flamethrower.gd`` -> Flamethrower; ``states/LOIC.gd`` -> LOIC (LOIC,
  Galvanize); ``states/DisableLoic.gd`` -> DisableLoic; ``Missile.gd`` -> RobotMissile;
  ``states/DisembowelGrab.gd`` -> DisembowelGrab; ``states/GroundSlam.gd`` -> GroundSlam
  (GroundSlam, TryCatchGroundSlam); ``states/CommandGrab.gd`` -> CommandGrab;
  ``states/CornerCarryGrab.gd`` -> CornerCarryGrab; ``states/CornerCarryHold.gd`` ->
  CornerCarryHold; ``states/CornerCarryRelease.gd`` -> the base ThrowState;
  ``states/OverflowGrab.gd`` -> OverflowGrab; ``states/OverflowFollowup.gd`` ->
  OverflowFollowup; ``states/EarthquakeThrow.gd`` -> EarthquakeThrow;
  ``states/AirGrabSuper.gd`` -> KillProcess; ``states/KillProcessSpin.gd`` ->
  KillProcessSpin; ``states/KillProcessLanding.gd`` -> KillProcessLanding;
  ``states/DriveForward.gd`` -> DriveForward (DriveIdle, DriveForward, DriveBackward);
  ``states/FastDriveCancel.gd`` -> FastDriveCancel; ``states/DriveJump.gd`` ->
  DriveJump; ``states/DriveDrift.gd`` -> DriveDrift; ``states/DriveWheelie.gd`` ->
  DriveWheelie (DriveWheelie, DriveBoost, DriveWheelieGrab).  Unused by any state:
  ``Backhand.gd``, ``DriveForward2.gd``, ``states/FlyFall.gd`` (not even valid GDScript).
* Objects (:mod:`objects`): ``projectiles/RobotGrenade.gd`` + ``states/GrenadeDefault.gd``;
  ``NadeExplosion.tscn`` (the generic projectile); ``projectiles/Missile.gd`` +
  ``states/MissileDefault.gd``; ``projectiles/GroundFire.gd`` + ``states/GroundFire.gd``
  (GroundFire, GroundFireLoic); ``projectiles/OrbitalStrike.gd`` +
  ``states/orbital_strike_default.gd``, ``states/OrbitalStrikeFire.gd``;
  ``projectiles/LandingShockwave.gd`` + ``states/LandingShockwaveDefault.gd``.

Quirks of the original kept (each marked "Quirk kept" where it is implemented):

* ``Robot.incr_combo`` passes ``force`` and ``projectile`` swapped to the base.
* The flight speed cap compares two number *strings* (lexicographic order).
* ``RobotState`` drops the result of the base frame driver (a ``frame_N`` asking for a
  state is ignored; the physics after it is still skipped).
* TRY-CATCH's boxes count as throw boxes only once activated in the match, so before
  that the script sets their ``followup_state`` instead of their ``throw_state``.
* GroundSlam's frame 40 releases the opponent itself, then the ThrowState release of
  frame 41 follows in the same frame: the release hits twice.
* KILL PROCESS spends every bar on entry, then ``RobotState`` spends 3 more on frame 0,
  which empties the super meter too.
* The orbital strike ends when its beam's *drawn* width reaches 0 (13 ticks after the
  firing time), a visual value the game uses for the simulation.
"""
from __future__ import annotations

from states.base.grab import Grab
from states.base.throw import ThrowState
from states.robot import drive, grabs, moves, objects
from states.robot.fighter import Robot

TABLE = "robot"  # states/data/robot.json
FIGHTER_CLASS = Robot

SCRIPTS = {
    "characters/robo/RobotState.gd": moves.RobotState,
    "RobotState": moves.RobotState,
    # base-state overrides
    "characters/robo/states/Step.gd": moves.Step,
    "characters/robo/Roll.gd": moves.RobotRoll,
    "characters/robo/states/Fall.gd": moves.RobotFall,
    "characters/robo/states/Landing.gd": moves.RobotLanding,
    "characters/robo/SuperJump.gd": moves.RobotSuperJump,
    "characters/robo/states/AirGrab.gd": Grab,
    "characters/robo/states/AirForwardThrow.gd": moves.RobotAirForwardThrow,
    "characters/robo/states/Taunt.gd": moves.RobotTaunt,
    # attacks, movement, specials, supers
    "characters/robo/states/SawBlade.gd": moves.SawBlade,
    "characters/robo/states/SideKick.gd": moves.SideKick,
    "characters/robo/states/Plummet.gd": moves.Plummet,
    "characters/robo/states/GroundPound.gd": moves.GroundPound,
    "characters/robo/states/Lariat.gd": moves.Lariat,
    "characters/robo/states/Missile.gd": moves.Vacuum,
    "characters/robo/states/Chainsaw.gd": moves.Chainsaw,
    "characters/robo/states/Propel.gd": moves.Propel,
    "characters/robo/states/Return.gd": moves.Return,
    "characters/robo/states/ClapJump.gd": moves.ClapJump,
    "characters/robo/states/ClapLand.gd": moves.RobotState,
    "characters/robo/Grenade.gd": moves.Grenade,
    "characters/robo/states/Magnetize.gd": moves.Magnetize,
    "characters/robo/states/Flamethrower.gd": moves.Flamethrower,
    "characters/robo/states/LOIC.gd": moves.LOIC,
    "characters/robo/states/DisableLoic.gd": moves.DisableLoic,
    "characters/robo/Missile.gd": moves.RobotMissile,
    # grabs and throws
    "characters/robo/states/DisembowelGrab.gd": grabs.DisembowelGrab,
    "characters/robo/states/GroundSlam.gd": grabs.GroundSlam,
    "characters/robo/states/CommandGrab.gd": grabs.CommandGrab,
    "characters/robo/states/CornerCarryGrab.gd": grabs.CornerCarryGrab,
    "characters/robo/states/CornerCarryHold.gd": grabs.CornerCarryHold,
    "characters/robo/states/CornerCarryRelease.gd": ThrowState,
    "characters/robo/states/OverflowGrab.gd": grabs.OverflowGrab,
    "characters/robo/states/OverflowFollowup.gd": grabs.OverflowFollowup,
    "characters/robo/states/EarthquakeThrow.gd": grabs.EarthquakeThrow,
    "characters/robo/states/AirGrabSuper.gd": grabs.KillProcess,
    "characters/robo/states/KillProcessSpin.gd": grabs.KillProcessSpin,
    "characters/robo/states/KillProcessLanding.gd": grabs.KillProcessLanding,
    # the Drive stance
    "characters/robo/states/DriveForward.gd": drive.DriveForward,
    "characters/robo/states/FastDriveCancel.gd": drive.FastDriveCancel,
    "characters/robo/states/DriveJump.gd": drive.DriveJump,
    "characters/robo/states/DriveDrift.gd": drive.DriveDrift,
    "characters/robo/states/DriveWheelie.gd": drive.DriveWheelie,
}

OBJECT_CLASSES = {
    "characters/robo/projectiles/LandingShockwave.gd": objects.LandingShockwave,
    "characters/robo/projectiles/RobotGrenade.gd": objects.RobotGrenade,
    "characters/robo/projectiles/Missile.gd": objects.Missile,
    "characters/robo/projectiles/GroundFire.gd": objects.GroundFire,
    "characters/robo/projectiles/OrbitalStrike.gd": objects.OrbitalStrike,
}
OBJECT_STATE_SCRIPTS = {
    "characters/robo/projectiles/states/LandingShockwaveDefault.gd": objects.LandingShockwaveDefault,
    "characters/robo/projectiles/states/GrenadeDefault.gd": objects.GrenadeDefault,
    "characters/robo/projectiles/states/MissileDefault.gd": objects.MissileDefault,
    "characters/robo/projectiles/states/GroundFire.gd": objects.GroundFireState,
    "characters/robo/projectiles/states/orbital_strike_default.gd": objects.OrbitalStrikeDefault,
    "characters/robo/projectiles/states/OrbitalStrikeFire.gd": objects.OrbitalStrikeFire,
}
