"""The Cowboy's extras panel (characters/swordandgun/CowboyExtra.gd): its mask rules.
"""
from __future__ import annotations


from integration.env.action.constants import AERIAL, BOTH, DRIFT_SUPERS, GROUNDED
from integration.env.action.context import Ctx
from integration.env.action.rules import B, Rule, _mask, _opts


# --- Cowboy extras (characters/swordandgun/CowboyExtra.gd) --------------------------------------
def _aimage_air_ok(move_air, fighter_grounded: bool, forced_grounded: bool) -> bool:
    """Shift/drift rename Grounded<->Aerial cancel categories (ActionButtons.gd update_buttons):
    conservatively keep only moves usable in the forced air type."""
    if move_air is None or forced_grounded == fighter_grounded:
        return True
    return move_air == BOTH or move_air == (GROUNDED if forced_grounded else AERIAL)


def _ev_c_aimage(spec, key, size, f):
    busy, exists, grounded, air_moves, obj_grounded, supers, dam, knockdown = f
    kind, move_air = key[1], key[2]
    allowed = {0: True, 1: False, 2: False, 3: False, 4: False}
    if busy:
        return _opts(size, allowed)
    if exists:
        allowed[1] = not dam                                                  # DetonateButton
        tp_vis = grounded or air_moves
        allowed[2] = tp_vis and kind != "defense" and not dam and _aimage_air_ok(move_air, grounded, obj_grounded)
        milk_vis = obj_grounded != grounded
        allowed[3] = milk_vis and supers >= DRIFT_SUPERS and not dam and _aimage_air_ok(move_air, grounded, not grounded)
    else:
        allowed[4] = kind != "foresight" and not knockdown and supers > 0 and not dam   # SightButton
    return _opts(size, allowed)


def _ev_c_gun(spec, key, size, f):
    busy, can_bullet, brandish = f
    ok = not busy and can_bullet and not (key[1] and brandish)
    return _mask(size, [0, 1] if ok else [0])


def _fe_aimage(c: Ctx):
    o = c.obj("after_image_object")
    exists = o is not None
    if not exists:
        og = c.grounded
    elif "grounded" in o:
        og = bool(o["grounded"])
    else:
        og = int(o.get("py", 0)) >= 0
    return (c.busy, exists, c.grounded, c.air_moves > 0, og, c.supers, c.dam, c.knockdown)


RULES = {
    "c_aimage": Rule(lambda s, k, c: _fe_aimage(c), lambda s, k: [B] * 8, _ev_c_aimage,
                     "CowboyExtra.gd reset/update_tp_button/update_sight_button/block_disable; ActionButtons.gd update_cancel_category_air_type"),
    "c_gun": Rule(lambda s, k, c: (c.busy, int(c.res.get("bullets_left", 0) or 0) > 0 and bool(c.res.get("has_gun", False)),
                                   c.state in ("Brandish", "QuickerDraw")),
                  lambda s, k: [B] * 3, _ev_c_gun,
                  "CowboyExtra.gd update_selected_move: Draw shown for try_shoot moves when can_bullet_cancel and can_draw_cancel"),
}
