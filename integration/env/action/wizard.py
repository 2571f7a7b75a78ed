"""The Wizard's extras panel (characters/wizard/WizardExtra.gd): its mask rules.
"""
from __future__ import annotations


from integration.env.action.constants import HOVER_MIN_AMOUNT
from integration.env.action.context import Ctx
from integration.env.action.rules import B, Rule, _mask, _opts, _toggle_set


# --- Wizard extras (characters/wizard/WizardExtra.gd) -------------------------------------------
def _ev_w_hover(spec, key, size, f):
    busy, hovering, fast_falling, can_hover, grounded, dam, knockdown, cur_parry = f
    kind = key[1]
    h_default = hovering and not dam
    ff_default = fast_falling and not dam
    h_vis = (can_hover or hovering) and not knockdown and not busy
    ff_vis = (not grounded) and can_hover and not busy
    ff_disabled = dam or kind == "parry" or (kind == "continue" and cur_parry)
    a_h = {False} if dam else _toggle_set(h_vis, h_default)
    a_ff = {False} if ff_disabled else _toggle_set(ff_vis, ff_default)
    allowed = {0: False in a_h and False in a_ff, 1: True in a_h, 2: True in a_ff}
    if not any(allowed.values()):
        allowed[1] = True
    return _opts(size, allowed)


def _ev_w_det(spec, key, size, f):
    busy, bombs, detonating = f
    return _mask(size, sorted(int(v) for v in _toggle_set(bombs and not busy, detonating)))


def _ev_w_orb(spec, key, size, f):
    busy, exists, locked, lock_ready = f
    if not exists:
        return _mask(size, [0])
    a_lock = _toggle_set(lock_ready and not busy, locked)
    m = _mask(size, [])
    if False in a_lock:
        if busy:
            m[0] = True
        else:
            m[0:9] = True
    if True in a_lock:
        m[9] = True
    return m


def _fe_hover(c: Ctx):
    hl = int(c.res.get("hover_left", 0) or 0)
    return (c.busy, bool(c.res.get("hovering", False)), bool(c.res.get("fast_falling", False)),
            hl > HOVER_MIN_AMOUNT, c.grounded, c.dam, c.knockdown, c.cur_parry)


def _fe_orb(c: Ctx):
    o = c.obj("orb_projectile")
    if o is None:
        return (c.busy, False, False, False)
    return (c.busy, True, bool(o.get("locked", False)), int(o.get("lock_cooldown", 0) or 0) == 0)


RULES = {
    "w_hover": Rule(lambda s, k, c: _fe_hover(c), lambda s, k: [B] * 8, _ev_w_hover,
                    "WizardExtra.gd show_options/reset/update_selected_move (hover/fast-fall exclusive)"),
    "w_det": Rule(lambda s, k, c: (c.busy, bool(c.res.get("spark_bombs")), bool(c.res.get("detonating_bombs", False))),
                  lambda s, k: [B] * 3, _ev_w_det, "WizardExtra.gd: Spark shown with spark bombs, default detonating_bombs"),
    "w_orb": Rule(lambda s, k, c: _fe_orb(c), lambda s, k: [B] * 4, _ev_w_orb,
                  "WizardExtra.gd: OrbPush/Lock shown with an orb (lock when lock_cooldown == 0, default orb.locked; lock hides push)"),
}
