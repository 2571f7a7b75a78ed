"""The 57 shared states of ``characters/BaseChar.tscn``: one class per game script.

``SCRIPTS`` maps a game script path (as the tables name it) to the class that ports
it.  Characters register their own scripts the same way (``states/<character>/``);
the scene builder (:mod:`states.scene`) looks a state's script up in the merged map.
"""
from __future__ import annotations

from states.base.air_dash import AirDash
from states.base.burst import Burst, OffensiveBurst
from states.base.counter_attack import CounterAttack
from states.base.dash import ChargeDash, Dash, DashStartup
from states.base.fall import Fall, SuperFall, SuperFallStartup
from states.base.grab import Grab
from states.base.grabbed import Grabbed
from states.base.hurt import CharacterHurtState, HurtAerial, HurtGrounded, WallSlam
from states.base.idle import Idle
from states.base.jump import Jump
from states.base.knockdown import Getup, Knockdown
from states.base.landing import Landing
from states.base.parry import GroundedParryState, ParryState
from states.base.roll import RollDodge
from states.base.super_move import InstantCancel, SuperMove, WhiffInstantCancel
from states.base.taunt import ForfeitExplosion, Taunt
from states.base.throw import ThrowState
from states.base.throw_tech import ThrowTech
from states.char_state import CharacterState
from states.state import ObjectState

SCRIPTS = {
    "ObjectState.gd": ObjectState,
    "characters/states/CharState.gd": CharacterState,
    "characters/CharacterHurtState.gd": CharacterHurtState,
    "characters/states/Idle.gd": Idle,
    "characters/states/NewParry.gd": GroundedParryState,
    "characters/states/Parry.gd": ParryState,
    "characters/states/RollStartup.gd": RollDodge,
    "characters/states/Burst.gd": Burst,
    "characters/states/OffensiveBurst.gd": OffensiveBurst,
    "characters/states/CounterAttack.gd": CounterAttack,
    "characters/states/Fall.gd": Fall,
    "characters/states/SuperFallStartup.gd": SuperFallStartup,
    "characters/states/SuperFall.gd": SuperFall,
    "characters/states/Landing.gd": Landing,
    "characters/states/Knockdown.gd": Knockdown,
    "characters/states/Getup.gd": Getup,
    "characters/states/Dash.gd": Dash,
    "characters/DashForward.gd": CharacterState,
    "characters/states/DashStartup.gd": DashStartup,
    "characters/states/ChargeDash.gd": ChargeDash,
    "characters/states/Jump.gd": Jump,
    "characters/states/AirDash.gd": AirDash,
    "characters/states/SuperMove.gd": SuperMove,
    "characters/states/InstantCancel.gd": InstantCancel,
    "characters/states/WhiffInstantCancel.gd": WhiffInstantCancel,
    "characters/states/HurtGrounded.gd": HurtGrounded,
    "characters/states/HurtAerial.gd": HurtAerial,
    "characters/states/WallSlam.gd": WallSlam,
    "characters/states/Grabbed.gd": Grabbed,
    "characters/states/ThrowState.gd": ThrowState,
    "characters/states/Grab.gd": Grab,
    "characters/states/ThrowTech.gd": ThrowTech,
    "characters/states/Taunt.gd": Taunt,
    "characters/states/ForfeitExplosion.gd": ForfeitExplosion,
}

# Classes by the game's class_name, for scripts a character has not ported yet: the
# builder falls back to the nearest ported class along the script's extends chain.
CLASS_NAMES = {
    "ObjectState": ObjectState,
    "CharacterState": CharacterState,
    "CharacterHurtState": CharacterHurtState,
    "ParryState": ParryState,
    "GroundedParryState": GroundedParryState,
    "RollDodge": RollDodge,
    "SuperMove": SuperMove,
    "ThrowState": ThrowState,
    "HurtAerial": HurtAerial,
    "HurtGrounded": HurtGrounded,
    "CounterAttack": CounterAttack,
    "Getup": Knockdown,
}
