"""The Robot's extras panel (characters/robo/RoboExtra.gd): its mask rules.
"""
from __future__ import annotations


from integration.env.action.context import Ctx, _dir8_rel
from integration.env.action.rules import B, Rule, _mask, _opts, _toggle_set


# --- Robot extras (characters/robo/RoboExtra.gd) ------------------------------------------------
def _ev_r_fly(spec, key, size, f):
    busy, grounded, bar, fdir, dam, blockstring, cur_parry = f
    kind = key[1]
    disabled = dam or kind == "roll" or (kind == "parry" and blockstring) or (kind == "continue" and blockstring and cur_parry)
    en_vis = not busy and not grounded and (bar or fdir is not None)
    a_en = {False} if disabled else _toggle_set(en_vis, fdir is not None)
    dir_vis = not busy and not grounded and bar and not dam
    m = _mask(size, [0] if False in a_en else [])
    if True in a_en:
        if dir_vis:
            m[1:10] = True
        elif fdir is not None:
            m[1 + fdir] = True
        else:
            m[0] = True
    return m


def _ev_r_armor(spec, key, size, f):
    busy, pips, magnet = f
    return _opts(size, {0: True, 1: pips and not busy and key[1] != "defmov", 2: magnet and not busy})


def _ev_r_nade(spec, key, size, f):
    busy, ready = f
    return _mask(size, [0, 1] if (ready and not busy) else [0])


def _ev_r_drive(spec, key, size, f):
    busy, drive_stance, cur_cmd = f
    if key[1] and not busy:
        return _mask(size, [0, 1])
    # hidden: drive_cancel = !pressed in Drive (pressed = stance == Drive, RoboExtra.gd reset).
    # While busy show_options is not run, so the button keeps last turn's visibility; we take it
    # from the current state (usually last turn's move).
    vis = busy and cur_cmd
    return _mask(size, [1] if (drive_stance and not vis) else [0])


def _ev_r_loic(spec, key, size, f):
    busy, out, cur = f
    if out and not busy:
        return _mask(size, [0, 1, 2])
    return _mask(size, [cur])


def _fe_fly(c: Ctx):
    fd = c.res.get("flying_dir")
    fdir = None if fd is None else _dir8_rel(fd, c.facing)
    return (c.busy, c.grounded, c.air_option_bar > 0, fdir, c.dam, c.in_blockstring, c.cur_parry)


def _fe_nade(c: Ctx) -> bool:
    o = c.obj("grenade_object")
    return o is not None and not bool(o.get("active", False))


def _fe_loic(c: Ctx) -> int:
    x = int(c.res.get("loic_dir", 0) or 0) * c.facing
    return 0 if x == 0 else (1 if x > 0 else 2)


RULES = {
    "r_fly": Rule(lambda s, k, c: _fe_fly(c), lambda s, k: [B, B, B, [None] + list(range(9)), B, B, B], _ev_r_fly,
                  "RoboExtra.gd show_options/reset/update_selected_move/get_extra (FlyDir hidden -> flying_dir)"),
    "r_armor": Rule(lambda s, k, c: (c.busy, int(c.res.get("armor_pips", 0) or 0) > 0, bool(c.res.get("magnet_installed", False))),
                    lambda s, k: [B] * 3, _ev_r_armor,
                    "RoboExtra.gd: Armor shown with armor pips (disabled for Defense/Movement except Step), Pull with magnet_installed; exclusive"),
    "r_nade": Rule(lambda s, k, c: (c.busy, _fe_nade(c)), lambda s, k: [B] * 2, _ev_r_nade,
                   "RoboExtra.gd show_options: Bomb shown with an inactive grenade"),
    "r_drive": Rule(lambda s, k, c: (c.busy, c.stance == "Drive", c.cur_drive_cmd), lambda s, k: [B] * 3, _ev_r_drive,
                    "RoboExtra.gd: Drive shown for try_drive_cancel moves; drive_cancel inverted in Drive stance"),
    "r_loic": Rule(lambda s, k, c: (c.busy, bool(c.res.get("orbital_strike_out", False)), _fe_loic(c)),
                   lambda s, k: [B, B, [0, 1, 2]], _ev_r_loic,
                   "RoboExtra.gd show_options: LOIC pad shown while orbital_strike_out (hidden value persists = loic_dir)"),
}
