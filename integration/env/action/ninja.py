"""The Ninja's extras panel (characters/stickman/NinjaExtra.gd): its mask rules.
"""
from __future__ import annotations


from integration.env.action.widgets import plot_table
from integration.env.action.context import Ctx
from integration.env.action.rules import B, Rule, _mask, _opts, _toggle_set


# --- Ninja extras (characters/stickman/NinjaExtra.gd) ------------------------------------------
def _ev_n_explode(spec, key, size, f):
    busy, thrown = f
    return _mask(size, [0, 1] if (thrown and not busy) else [0])


def _ev_n_hook(spec, key, size, f):
    busy, exists, locked, pulling, dam, cur_parry = f
    kind = key[1]
    pull_disabled = dam or kind == "parry" or (kind == "continue" and cur_parry)
    pull_vis = exists and locked and not busy
    a_pull = {False} if pull_disabled else _toggle_set(pull_vis, pulling)
    a_detach = _toggle_set(exists and not busy, False)
    return _opts(size, {0: False in a_pull, 1: True in a_pull, 2: True in a_detach})


def _ev_n_release(spec, key, size, f):
    busy, stores, dam, combo = f
    kind = key[1]
    ok = stores and not busy and not dam and kind == "other"
    m = _mask(size, [0])
    if ok:
        m[1:] = plot_table(spec.boost_plots[0 if combo else 1])[1]
    return m


def _fe_hook(c: Ctx):
    o = c.obj("grappling_hook_projectile")
    exists = o is not None
    locked = True if (o == {} or o is None) else bool(o.get("is_locked", o.get("state") == "Locked"))
    return (c.busy, exists, exists and locked, bool(c.res.get("pulling", False)), c.dam, c.cur_parry)


RULES = {
    "n_explode": Rule(lambda s, k, c: (c.busy, bool(c.res.get("bomb_thrown", False))), lambda s, k: [B, B], _ev_n_explode,
                      "NinjaExtra.gd show_options: BombButton shown when bomb_thrown"),
    "n_hook": Rule(lambda s, k, c: _fe_hook(c), lambda s, k: [B] * 6, _ev_n_hook,
                   "NinjaExtra.gd: Pull shown with a locked hook (default = pulling), Detach with a hook; pull off for parries and disable_aerial_movement"),
    "n_release": Rule(lambda s, k, c: (c.busy, int(c.res.get("momentum_stores", 0) or 0) > 0, c.dam, c.combo > 0),
                      lambda s, k: [B] * 4, _ev_n_release,
                      "NinjaExtra.gd: Boost shown with momentum stores, disabled for Defense/Movement/Continue; BoostDir limited out of combo"),
}
