"""The Mutant's extras panel (characters/mutant/MutantExtra.gd): its mask rules.
"""
from __future__ import annotations


from integration.env.action.constants import DEFENSE, JUKE_PIPS_PER_USE, SPIKE_CANCEL_TICKS
from integration.env.action.widgets import DIR8
from integration.env.action.context import Ctx
from integration.env.action.rules import B, Rule, _mask


# --- Mutant extras (characters/mutant/MutantExtra.gd) -------------------------------------------
def _ev_m_spike(spec, key, size, f):
    busy, cancel = f
    return _mask(size, [0, 1] if (cancel and not busy) else [1])


def _ev_m_juke(spec, key, size, f):
    busy, vis, dam, grounded, air_moves, cur_invalid = f
    kind = key[1]
    disabled = kind == "invalid" or (kind == "continue" and cur_invalid)
    m = _mask(size, [0])
    if busy or not vis or dam or disabled:
        return m
    air_juke = kind == "air"
    for d, (x, y) in enumerate(DIR8):
        if y > 0:
            ok = not grounded
        elif y < 0:
            ok = (not grounded and air_moves) or air_juke
        else:
            ok = True
        if ok:
            m[1 + d] = True
    return m


def _fe_spike(c: Ctx) -> bool:
    o = c.obj("spike_projectile")
    if o is None:
        return False
    if "can_cancel" in o:
        return bool(o["can_cancel"])
    return int(o.get("st", 0) or 0) < SPIKE_CANCEL_TICKS


def _fe_juke(c: Ctx):
    vis = int(c.res.get("juke_pips", 0) or 0) >= JUKE_PIPS_PER_USE and c.opp_combo <= 0
    cur_invalid = c.cur_type == DEFENSE or c.state == "DashBackward"
    return (c.busy, vis, c.dam, c.grounded, c.air_moves > 0, cur_invalid)


RULES = {
    "m_spike": Rule(lambda s, k, c: (c.busy, _fe_spike(c)), lambda s, k: [B] * 2, _ev_m_spike,
                    "MutantExtra.gd show_options: spike toggle shown while the spike can_cancel (default on)"),
    "m_juke": Rule(lambda s, k, c: _fe_juke(c), lambda s, k: [B] * 6, _ev_m_juke,
                   "MutantExtra.gd update_selected_move/get_extra: juke needs 2 pips and the opponent out of combo"),
}
