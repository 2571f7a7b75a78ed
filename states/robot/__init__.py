"""The Robot (``characters/robo/``): its fighter, the scripts of its states, its objects.

``SCRIPTS`` maps the game scripts of this character's states to their ports; a script
missing here falls back to the nearest ported class of its ``extends`` chain
(``RobotState`` for most Robot moves).
"""
from __future__ import annotations

from states.base.grab import Grab
from states.robot import moves
from states.robot.fighter import Robot
from states.robot.objects import LandingShockwave, LandingShockwaveDefault

TABLE = "robot"  # states/data/robot.json
FIGHTER_CLASS = Robot

SCRIPTS = {
    "characters/robo/RobotState.gd": moves.RobotState,
    "RobotState": moves.RobotState,
    "characters/robo/states/Step.gd": moves.Step,
    "characters/robo/Roll.gd": moves.RobotRoll,
    "characters/robo/states/Fall.gd": moves.RobotFall,
    "characters/robo/states/Landing.gd": moves.RobotLanding,
    "characters/robo/SuperJump.gd": moves.RobotSuperJump,
    "characters/robo/states/AirGrab.gd": Grab,
    "characters/robo/states/AirForwardThrow.gd": moves.RobotAirForwardThrow,
    "characters/robo/states/Taunt.gd": moves.RobotTaunt,
    "characters/robo/Grenade.gd": moves.Grenade,
    "characters/robo/states/Magnetize.gd": moves.Magnetize,
    "characters/robo/states/Flamethrower.gd": moves.Flamethrower,
    "characters/robo/states/LOIC.gd": moves.LOIC,
    "characters/robo/states/DisableLoic.gd": moves.DisableLoic,
    "characters/robo/Missile.gd": moves.RobotMissile,
}

OBJECT_CLASSES = {"characters/robo/projectiles/LandingShockwave.gd": LandingShockwave}
OBJECT_STATE_SCRIPTS = {"characters/robo/projectiles/states/LandingShockwaveDefault.gd": LandingShockwaveDefault}
