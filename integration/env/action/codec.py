"""Heads -> the game's action (:func:`decode`, :func:`canonical`) and back (:func:`encode`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Optional, Sequence

import numpy as np


from integration.env.action.widgets import DIR8, DIR8_INDEX, DI_PLOT, Plot, SCALAR_BINS, SLIDER_STEP, XYBIN_TO_DIR8, XY_BINS, _godot_round, dir8_to_xybin, plot_table
from integration.env.action.context import Ctx, _dir8_rel
from integration.env.action.rules import foresight_plot, grenade_plot, teleport2_plot
from integration.env.action.panels import CharSpec, MoveUI, Widget, get_spec
from integration.env.action.masks import compute


def _xy_plot_for(sp: CharSpec, mu: MoveUI, w: Widget, c: Ctx) -> Plot:
    if mu.dynamic == "foresight":
        return foresight_plot(w.plot, c.combo > 0, c.grounded)
    if mu.dynamic == "teleport2":
        return teleport2_plot(w.plot, c.combo > 0)
    if mu.dynamic == "grenade":
        return grenade_plot(w.plot, c.grounded)
    return w.plot


def _xy_value(plot: Plot, b: int, facing: int) -> dict:
    if facing == 0:
        v = plot_table(plot, 0)[0][b]
        return {"x": int(v[0]), "y": int(v[1])}
    v = plot_table(plot)[0][b]
    return {"x": int(v[0]) * facing, "y": int(v[1])}


def _widget_value(sp: CharSpec, mu: MoveUI, w: Widget, bins: dict, c: Ctx, f_data: int):
    b = bins.get(w.head, 0) if w.head else 0
    if w.kind == "XYPlot":
        return _xy_value(_xy_plot_for(sp, mu, w, c), b, f_data)
    if w.kind == "8Way":
        d = XYBIN_TO_DIR8.get(b, 0)
        x, y = DIR8[d]
        return {"x": x * (1 if f_data > 0 else -1), "y": y}
    if w.kind == "HorizSlider":
        return {"x": SLIDER_STEP * b}
    if w.kind == "CountOption":
        if w.head is None:   # hidden parry timing: value the UI sets itself (ParryActionUIData.gd)
            return {"count": 2 if c.combo > 0 else 1}
        return {"count": b + 1}
    if w.kind == "CheckButton":
        if w.head is None:
            return bool(w.native.get("pressed", False))
        return bool(b)
    if w.kind == "BlockHeight":
        return {"x": 0, "y": int(b)}
    if w.kind == "OptionButton":
        items = w.native.get("items", [])
        # ActionUIDataOptionButton.gd get_data: name = items[selected] of the flat items array
        return {"id": int(b), "name": items[b] if b < len(items) else None}
    raise AssertionError(w.kind)


def _decode_data(sp: CharSpec, mu: MoveUI, bins: dict, c: Ctx, reverse: bool):
    if mu.scene is None:
        return None
    f_data = c.data_facing(reverse)
    if mu.custom == "superjump" and c.combo <= 0:
        return "homing"
    if mu.custom == "stickybomb" and c.grounded:
        return True
    vals = {w.name: _widget_value(sp, mu, w, bins, c, f_data) for w in mu.widgets}
    if mu.custom in ("shoot2", "shootdodge2"):
        d = vals["Direction"]
        return {"x": d["x"], "y": d["y"], "ActivateTemporal": vals["ActivateTemporal"],
                "holster": vals["Holster"] if mu.custom == "shoot2" else True}
    if len(mu.widgets) == 1:
        return vals[mu.widgets[0].name]
    return {w.name: vals[w.name] for w in mu.widgets}


def _rel_dir8(d: int, facing: int) -> dict:
    x, y = DIR8[d]
    return {"x": x * facing, "y": y}


def _decode_extra(sp: CharSpec, mu: MoveUI, bins: dict, c: Ctx) -> dict:
    ch = sp.character
    di = plot_table(DI_PLOT)[0][bins.get("di", 0)]
    extra = {"DI": {"x": int(di[0]) * c.facing, "y": int(di[1])}, "reverse": bool(bins.get("reverse", 0)),
             "feint": bool(bins.get("feint", 0)), "prediction": -1}
    if ch == "Ninja":
        hook, rel = bins.get("hook", 0), bins.get("release", 0)
        fb = c.boost_facing()
        if rel > 0:
            rd = _xy_value(sp.boost_plots[0 if c.combo > 0 else 1], rel - 1, fb)
        else:
            rd = {"x": 4 * c.opp_dir, "y": 0}   # BoostDir.reset(): unit default vector, 1 px = 4 %
        extra.update({"explode": bool(bins.get("explode", 0)), "pull": hook == 1, "detach": hook == 2,
                      "release": rel > 0, "release_dir": rd})
    elif ch == "Cowboy":
        a = bins.get("aimage", 0)
        aerial = grounded = False
        o = c.obj("after_image_object")
        if o is not None:
            oy = int(o.get("py", 0)) if o else 0
            if a == 2:        # shift: CowboyExtra.gd update_selected_move
                aerial, grounded = oy < 0, oy == 0
            elif a == 3:      # drift
                aerial, grounded = c.grounded, not c.grounded
        extra.update({"gun_cancel": bool(bins.get("gun_cancel", 0)), "detonate": a == 1, "shift": a == 2,
                      "drift": a == 3, "hindsight": a == 4, "input_aerial": aerial, "input_grounded": grounded})
    elif ch == "Wizard":
        h, orb = bins.get("hover", 0), bins.get("orb", 0)
        extra.update({"hover": h == 1, "fast_fall": h == 2, "detonate": bool(bins.get("detonate", 0)),
                      "orb_push": _rel_dir8(orb if orb < 9 else 0, c.facing), "lock_orb": orb == 9})
    elif ch == "Robot":
        fly = bins.get("fly", 0)
        fd = c.res.get("flying_dir")
        dir_vis = not c.busy and not c.grounded and c.air_option_bar > 0 and not c.dam
        if fly > 0:
            fly_dir = _rel_dir8(fly - 1, c.facing) if dir_vis or fd is None else {"x": int(fd["x"]), "y": int(fd["y"])}
        elif dir_vis:
            fly_dir = {"x": int(fd["x"]), "y": int(fd["y"])} if fd is not None else {"x": 0, "y": 0}
        else:
            fly_dir = None if fd is None else {"x": int(fd["x"]), "y": int(fd["y"])}
        armor = bins.get("armor", 0)
        lo = bins.get("loic", 0)
        extra.update({"fly_dir": fly_dir, "fly_enabled": fly > 0, "armor_enabled": armor == 1,
                      "nade_activated": bool(bins.get("nade", 0)), "pull_enabled": armor == 2,
                      "loic_dir": {"x": (0, 1, -1)[lo] * c.facing, "y": 0},
                      "drive_cancel": bool(bins.get("drive", 0)), "bounce": {"x": 0, "y": 0}})
    elif ch == "Mutant":
        j = bins.get("juke", 0)
        extra.update({"spike_enabled": bool(bins.get("spike", 0)),
                      "juke_dir": None if j == 0 else _rel_dir8(j - 1, c.facing)})
    return extra


def _bins_dict(sp: CharSpec, heads: Sequence[int]) -> dict:
    heads = [int(h) for h in heads]
    if len(heads) != len(sp.head_names):
        raise ValueError(f"{sp.character}: expected {len(sp.head_names)} head values, got {len(heads)}")
    return dict(zip(sp.head_names, heads))


def decode(character: str, heads: Sequence[int], fighter_view: dict, opponent_view: Optional[dict] = None,
           objects: Optional[Iterable[dict]] = None) -> tuple[str, Any, dict]:
    """Head values -> (action, data, extra) exactly as the game's panel passes them to
    ``on_action_selected``.  Values of heads the move does not use are ignored; the only coupling
    between heads is Robot's ``can_feint`` (a grab with armor cannot feint, RoboExtra.gd), applied
    here."""
    sp = get_spec(character)
    bins = _bins_dict(sp, heads)
    m = bins["move"]
    mu = sp.move_ui[m]
    c = Ctx(sp, fighter_view, opponent_view, objects)
    used = sp.head_used[m]
    eff = {h: (bins[h] if used[i] else 0) for i, h in enumerate(sp.head_names)}
    if sp.character == "Robot" and mu.is_grab and eff.get("armor", 0) == 1:
        eff["feint"] = 0
    data = _decode_data(sp, mu, eff, c, bool(eff.get("reverse", 0)))
    extra = _decode_extra(sp, mu, eff, c)
    return mu.name, data, extra


def canonical(character: str, heads: Sequence[int]) -> list[int]:
    """Head values with unused heads set to 0 and Robot's grab+armor feint cleared (what
    ``encode(decode(heads))`` returns)."""
    sp = get_spec(character)
    bins = _bins_dict(sp, heads)
    m = bins["move"]
    out = [bins[h] if sp.head_used[m, i] else 0 for i, h in enumerate(sp.head_names)]
    if sp.character == "Robot" and sp.move_ui[m].is_grab and out[sp.head_pos["armor"]] == 1:
        out[sp.head_pos["feint"]] = 0
    return out


# ------------------------------------------------------------------------------------------------
# encode
# ------------------------------------------------------------------------------------------------
@dataclass
class EncodeResult:
    heads: list                      # one int per head
    errors: list                     # (head, wanted, got, distance) for values off our grid
    exact: bool = True


def _nearest_xy(plot: Plot, valid: Optional[np.ndarray], facing: int, v: dict):
    vals, tvalid = plot_table(plot, 0 if facing == 0 else 1)
    if valid is None:
        valid = tvalid
    sx = -1 if facing < 0 else 1
    want = np.array([int(v["x"]) * sx, int(v["y"])], dtype=float)
    best, bd = 0, math.inf
    for b in range(XY_BINS):
        if not valid[b]:
            continue
        d = float(np.hypot(*(vals[b] - want)))
        if d < bd - 1e-9:
            best, bd = b, d
    return best, bd, {"x": int(vals[best][0]) * sx, "y": int(vals[best][1])}


def encode(character: str, action: str, data: Any, extra: dict, fighter_view: dict,
           opponent_view: Optional[dict] = None, objects: Optional[Iterable[dict]] = None) -> EncodeResult:
    """(action, data, extra) -> head values.  Values not on our grid map to the nearest legal bin
    and are listed in ``errors`` as (head, wanted, got, distance)."""
    sp = get_spec(character)
    c = Ctx(sp, fighter_view, opponent_view, objects)
    if action not in sp.move_index:
        raise ValueError(f"{sp.character}: {action!r} is not a menu move")
    m = sp.move_index[action]
    mu = sp.move_ui[m]
    st = compute(character, [], fighter_view, opponent_view, objects)
    bins = {h: 0 for h in sp.head_names}
    bins["move"] = m
    errors: list = []
    extra = extra or {}
    reverse = bool(extra.get("reverse", False))
    if sp.head_used[m, sp.head_pos["reverse"]]:
        bins["reverse"] = int(reverse)
    if sp.head_used[m, sp.head_pos["feint"]]:
        bins["feint"] = int(bool(extra.get("feint", False)))
    f_data = c.data_facing(reverse)
    # move data
    if mu.scene is not None and not (mu.custom == "superjump" and c.combo <= 0) and not (mu.custom == "stickybomb" and c.grounded):
        if mu.custom in ("shoot2", "shootdodge2"):
            vals = {"Direction": {"x": data["x"], "y": data["y"]}, "ActivateTemporal": data["ActivateTemporal"],
                    "Holster": data.get("holster", True)}
        elif len(mu.widgets) == 1:
            vals = {mu.widgets[0].name: data}
        else:
            vals = data
        for w in mu.widgets:
            if w.head is None:
                continue
            v = vals[w.name]
            hm = st.head_mask(m, w.head)
            if w.kind == "XYPlot":
                b, d, got = _nearest_xy(_xy_plot_for(sp, mu, w, c), hm, f_data, v)
                if d > 0:
                    errors.append((w.head, v, got, d))
            elif w.kind == "8Way":
                dd = DIR8_INDEX.get((int(v["x"]) * (1 if f_data > 0 else -1), int(v["y"])))
                b = dir8_to_xybin(dd) if dd is not None else 0
                if dd is None or not hm[b]:
                    errors.append((w.head, v, None, math.inf))
            elif w.kind == "HorizSlider":
                x = int(v["x"])
                b = min(max(_godot_round(x / SLIDER_STEP), 0), SCALAR_BINS - 1)
                if SLIDER_STEP * b != x:
                    errors.append((w.head, v, {"x": SLIDER_STEP * b}, abs(SLIDER_STEP * b - x)))
            elif w.kind == "CountOption":
                n = int(v["count"])
                b = min(max(n - 1, 0), SCALAR_BINS - 1)
                if b + 1 != n or not hm[b]:
                    errors.append((w.head, v, {"count": b + 1}, abs(b + 1 - n)))
            elif w.kind == "CheckButton":
                b = int(bool(v))
            elif w.kind == "BlockHeight":
                b = int(v["y"])
            elif w.kind == "OptionButton":
                b = int(v["id"])
            else:
                raise AssertionError(w.kind)
            bins[w.head] = b
    elif mu.custom == "stickybomb":
        bins[mu.widgets[0].head] = 1
    # DI
    b, d, got = _nearest_xy(DI_PLOT, None, c.facing, extra.get("DI", {"x": 0, "y": 0}))
    bins["di"] = b
    if d > 0:
        errors.append(("di", extra.get("DI"), got, d))
    ch = sp.character
    if ch == "Ninja":
        bins["explode"] = int(bool(extra.get("explode")))
        bins["hook"] = 2 if extra.get("detach") else (1 if extra.get("pull") else 0)
        if extra.get("release"):
            hm = st.head_mask(m, "release")
            b, d, got = _nearest_xy(sp.boost_plots[0 if c.combo > 0 else 1], hm[1:], c.boost_facing(), extra["release_dir"])
            bins["release"] = b + 1
            if d > 0:
                errors.append(("release", extra["release_dir"], got, d))
    elif ch == "Cowboy":
        a = 0
        for i, k in ((1, "detonate"), (2, "shift"), (3, "drift"), (4, "hindsight")):
            if extra.get(k):
                a = i
        bins["aimage"] = a
        if sp.head_used[m, sp.head_pos["gun_cancel"]]:
            bins["gun_cancel"] = int(bool(extra.get("gun_cancel")))
    elif ch == "Wizard":
        bins["hover"] = 1 if extra.get("hover") else (2 if extra.get("fast_fall") else 0)
        bins["detonate"] = int(bool(extra.get("detonate")))
        if extra.get("lock_orb"):
            bins["orb"] = 9
        else:
            d8 = _dir8_rel(extra.get("orb_push"), c.facing)
            bins["orb"] = d8 or 0
    elif ch == "Robot":
        if extra.get("fly_enabled"):
            d8 = _dir8_rel(extra.get("fly_dir"), c.facing)
            bins["fly"] = 1 + (d8 or 0)
        bins["armor"] = 1 if extra.get("armor_enabled") else (2 if extra.get("pull_enabled") else 0)
        bins["nade"] = int(bool(extra.get("nade_activated")))
        bins["drive"] = int(bool(extra.get("drive_cancel")))
        lx = int((extra.get("loic_dir") or {"x": 0})["x"]) * c.facing
        bins["loic"] = 0 if lx == 0 else (1 if lx > 0 else 2)
    elif ch == "Mutant":
        bins["spike"] = int(bool(extra.get("spike_enabled", True)))
        j = extra.get("juke_dir")
        bins["juke"] = 0 if j is None else 1 + (_dir8_rel(j, c.facing) or 0)
    heads = [int(bins[h]) for h in sp.head_names]
    return EncodeResult(heads=heads, errors=errors, exact=not errors)
