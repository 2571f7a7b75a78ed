"""The Cowboy (``characters/swordandgun/``): its fighter and the scripts of its states and objects.

(Full port list and quirks: see the end of this docstring once complete.)
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
