"""The Cowboy (``characters/swordandgun/``): its fighter and the scripts of its states.

``SCRIPTS`` maps the game scripts of this character's states to their ports; a script
missing here falls back to the nearest ported class of its ``extends`` chain.
"""
from __future__ import annotations

from states.cowboy import moves
from states.cowboy.fighter import Cowboy

TABLE = "cowboy"  # states/data/cowboy.json
FIGHTER_CLASS = Cowboy

SCRIPTS = {
    "characters/swordandgun/states/Dash.gd": moves.CowboyDash,
    "characters/swordandgun/states/HurtAerial.gd": moves.CowboyHurtAerial,
    "characters/swordandgun/states/Taunt.gd": moves.CowboyTaunt,
    "characters/swordandgun/NewShoot.gd": moves.NewShoot,
    "characters/swordandgun/states/PistolWhip.gd": moves.PistolWhip,
    "characters/swordandgun/states/GunThrow.gd": moves.GunThrow,
    "characters/swordandgun/states/GunReel.gd": moves.GunReel,
    "characters/swordandgun/states/WeebCut.gd": moves.WeebCut,
    "characters/swordandgun/states/Foresight.gd": moves.Foresight,
    "characters/swordandgun/states/ForesightExplosion.gd": moves.ForesightExplosion,
    "characters/swordandgun/states/LightningSlice.gd": moves.LightningSlice,
    "characters/swordandgun/states/1000Cuts.gd": moves.ThousandCuts,
    "characters/swordandgun/states/Shoot.gd": moves.Shoot,
    "characters/swordandgun/states/Lasso.gd": moves.Lasso,
    "characters/swordandgun/states/Teleport.gd": moves.Teleport,
    "characters/swordandgun/states/Brandish.gd": moves.Brandish,
}

OBJECT_CLASSES: dict = {}
OBJECT_STATE_SCRIPTS: dict = {}
