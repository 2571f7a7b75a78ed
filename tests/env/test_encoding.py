"""Action encoding (integration/env/encoding.py): heads, decode/encode, masks and their packing.

Trace tests replay every ``turn`` of the reference traces (skipped without them); the
hand-checked examples only need the extracted tables in ``states/data``.
"""
from __future__ import annotations

import gzip
import json
import random

import numpy as np
import pytest

from integration.env import action_layout as AL
from integration.env import encoding as E
from integration.env.action.rules import foresight_plot, grenade_plot, teleport2_plot
from integration.env.action.validation import data_shape
from support.data import trace_files

NINJA_FIELDS = dict(state="Wait", st=3, px=-55, py=0, facing=1, grounded=True, hp=1500, super_meter=0, supers=0,
                    burst_meter=0, bursts=1, combo=0, feints=2, air_moves=1, busy=False, interruptable=True,
                    stance="Normal", air_option_bar=0)


def view(character="Ninja", **kw):
    res = {
        "Ninja": dict(momentum_stores=0, bomb_thrown=False, grappling_hook_projectile=None, pulling=False,
                      can_summon_kunai=True, can_summon_kick=True),
        "Cowboy": dict(bullets_left=6, has_gun=True, after_image_object=None, temporal_round=None),
        "Wizard": dict(hover_left=900, hovering=False, fast_falling=False, orb_projectile=None, geyser_charge=0,
                       spark_bombs=[], detonating_bombs=False),
        "Robot": dict(armor_pips=0, flying_dir=None, grenade_object=None, magnet_installed=False,
                      orbital_strike_out=False, loic_dir=0),
        "Mutant": dict(juke_pips=0, spike_projectile=None),
    }[character]
    res.update(kw.pop("res", {}))
    v = dict(NINJA_FIELDS)
    v.update(kw)
    v["res"] = res
    return v


OPP_RIGHT = dict(px=55, py=0, combo=0)
OPP_LEFT = dict(px=-200, py=0, combo=0)


def heads(character, move, **vals):
    sp = E.get_spec(character)
    h = [0] * len(sp.head_names)
    h[0] = sp.move_index[move]
    for k, v in vals.items():
        h[sp.head_pos[k]] = v
    return h


def xybin(angle_deg, full=True):
    a = int(round(angle_deg / 22.5)) % 16
    return (17 if full else 1) + a


# ------------------------------------------------------------------------------------------------
# static layout
# ------------------------------------------------------------------------------------------------
def test_layout():
    expect_k = {"Ninja": 64, "Cowboy": 80, "Wizard": 55, "Robot": 66, "Mutant": 58}   # counted in the characters' scenes
    for c in E.CHARACTERS:
        sp = E.get_spec(c)
        assert sp.head_names[0] == "move" and sp.moves[0] == "Continue"
        assert sp.head_sizes[0] == expect_k[c] + 1
        assert sp.head_used.shape == (sp.K1, len(sp.head_names))
        assert sp.gather_index.shape == (sp.K1, sp.D)
        assert sp.mask_size == sp.K1 + sp.n_dyn and sp.mask_size < 200
        # Continue uses no move-data head, no feint and no reverse
        for h in ("dir", "scalar", "flag1", "feint", "reverse"):
            assert not sp.head_used[0, sp.head_pos[h]]
    assert "dir2" in E.get_spec("Robot").head_names and "option" in E.get_spec("Ninja").head_names
    assert "flag2" in E.get_spec("Cowboy").head_names


def test_plot_tables_feasible():
    """Every valid bin of every XYPlot table is a value its widget can produce (any facing)."""
    plots = {E.DI_PLOT}
    for c in E.CHARACTERS:
        sp = E.get_spec(c)
        for mu in sp.move_ui:
            for w in mu.widgets:
                if w.plot is not None:
                    plots |= {w.plot, foresight_plot(w.plot, False, True), foresight_plot(w.plot, False, False),
                              teleport2_plot(w.plot, False), grenade_plot(w.plot, True)}
    plots |= set(E.get_spec("Ninja").boost_plots)
    for p in plots:
        vals, valid = E.plot_table(p)
        assert valid.any()
        outs = {tuple(vals[b]) for b in range(E.XY_BINS) if valid[b]}
        assert len(outs) == int(valid.sum())
        for b in np.nonzero(valid)[0]:
            x, y = int(vals[b][0]), int(vals[b][1])
            assert E.xy_feasible(p, 1, x, y) is None, (p, b, x, y)
            assert E.xy_feasible(p, -1, -x, y) is None, (p, b, x, y)
        v0, _ = E.plot_table(p, 0)
        for b in range(E.XY_BINS):
            assert E.xy_feasible(p, 0, int(v0[b][0]), int(v0[b][1])) is None, (p, b)


# ------------------------------------------------------------------------------------------------
# hand-checked examples, one or more per widget kind
# ------------------------------------------------------------------------------------------------
def test_xyplot_examples():
    # ui/ActionSelector/ActionUIData/JumpActionUIData.tscn (SemicirclePlot: radius 40 px, limit 120 deg
    # around up, min length 0.5, snap 8 angles aligned to the limit centre)
    fv = view()
    _, d, _ = E.decode("Ninja", heads("Ninja", "Jump", dir=xybin(-45)), fv, OPP_RIGHT)
    assert d == {"x": 71, "y": -71}
    _, d, _ = E.decode("Ninja", heads("Ninja", "Jump", dir=xybin(-90, full=False)), fv, OPP_RIGHT)
    assert d == {"x": 0, "y": -50}
    # facing the other way the widget mirrors x (XYPlot.gd set_facing / get_limit_vec)
    _, d, _ = E.decode("Ninja", heads("Ninja", "Jump", dir=xybin(-45)), view(px=100, facing=-1), OPP_RIGHT)
    assert d == {"x": -71, "y": -71}
    # pointing down is clamped to the limit edge (-30 deg), bins below are masked as duplicates
    vals, valid = E.plot_table(E.get_spec("Ninja").widget(E.get_spec("Ninja").move_ui[E.get_spec("Ninja").move_index["Jump"]], "dir").plot)
    assert (87, -50) in {tuple(vals[b]) for b in range(33) if valid[b]}
    assert not valid[xybin(90)] and not valid[0]   # neutral = the 50 % "up" bin (min_length) -> masked
    # ui/XYPlot/XYPlot.gd as_percentage_int_vec: 22.5 deg at full radius rounds to (92, 38)
    _, d, _ = E.decode("Wizard", heads("Wizard", "Gust", dir=xybin(22.5)), view("Wizard"), OPP_RIGHT)
    assert d == {"x": 92, "y": 38}
    # Gust is always_max: the 50 % ring is masked
    ms = E.compute("Wizard", ["Gust"], view("Wizard"), OPP_RIGHT)
    gm = ms.head_mask(E.get_spec("Wizard").move_index["Gust"], "dir")
    assert not gm[1:17].any() and gm[17:].all()


def test_superjump_homing():
    # ui/ActionSelector/ActionUIData/SuperJumpActionUIData.gd get_data: "homing" outside combos
    _, d, _ = E.decode("Cowboy", heads("Cowboy", "SuperJump"), view("Cowboy"), OPP_RIGHT)
    assert d == "homing"
    ms = E.compute("Cowboy", ["SuperJump"], view("Cowboy"), OPP_RIGHT)
    assert np.nonzero(ms.head_mask(E.get_spec("Cowboy").move_index["SuperJump"], "dir"))[0].tolist() == [0]
    _, d, _ = E.decode("Cowboy", heads("Cowboy", "SuperJump", dir=xybin(-90)), view("Cowboy", combo=2), OPP_RIGHT)
    assert d == {"x": 0, "y": -100}


def test_8way_examples():
    # ui/ActionSelector/ActionUIData/GrabActionUIData.tscn: Direction 8Way (W/E), Dash check, Jump check hidden
    sp = E.get_spec("Ninja")
    fv = view()
    h = heads("Ninja", "Grab", dir=E.dir8_to_xybin(1), flag1=1)
    assert E.decode("Ninja", h, fv, OPP_RIGHT)[1] == {"Direction": {"x": 1, "y": 0}, "Dash": True, "Jump": False}
    # reverse flips the data widgets' facing (ActionButtons.gd show_button_data_node)
    h = heads("Ninja", "Grab", dir=E.dir8_to_xybin(1), reverse=1)
    a, d, e = E.decode("Ninja", h, fv, OPP_RIGHT)
    assert d["Direction"] == {"x": -1, "y": 0} and e["reverse"] is True
    # the opponent on the left mirrors too (data facing = opponent direction, not the sprite facing)
    assert E.decode("Ninja", heads("Ninja", "Grab", dir=E.dir8_to_xybin(1)), fv, OPP_LEFT)[1]["Direction"] == {"x": -1, "y": 0}
    # DiveKickActionUIData.tscn: E, SE, S enabled only
    ms = E.compute("Ninja", ["DiveKick"], fv, OPP_RIGHT)
    dm = ms.head_mask(sp.move_index["DiveKick"], "dir")
    assert sorted(np.nonzero(dm)[0].tolist()) == sorted(E.dir8_to_xybin(E.DIR8_INDEX[d]) for d in [(1, 0), (1, 1), (0, 1)])
    # StickmanSummonActionUIData.gd: no kunai -> only S
    ms = E.compute("Ninja", ["Summon"], view(res=dict(can_summon_kunai=False)), OPP_RIGHT)
    assert np.nonzero(ms.head_mask(sp.move_index["Summon"], "dir"))[0].tolist() == [E.dir8_to_xybin(E.DIR8_INDEX[(0, 1)])]
    # MutantRollActionUIData.gd: S only airborne
    msp = E.get_spec("Mutant")
    s_bin = E.dir8_to_xybin(E.DIR8_INDEX[(0, 1)])
    assert not E.compute("Mutant", ["Roll"], view("Mutant"), OPP_RIGHT).head_mask(msp.move_index["Roll"], "dir")[s_bin]
    assert E.compute("Mutant", ["Roll"], view("Mutant", grounded=False), OPP_RIGHT).head_mask(msp.move_index["Roll"], "dir")[s_bin]


def test_slider_count_check_option_blockheight():
    fv = view()
    # DashForwardActionUIData.tscn: AutoCorrect CheckButton + Distance HorizSlider (0..100)
    a, d, e = E.decode("Ninja", heads("Ninja", "DashForward", scalar=4), fv, OPP_RIGHT)
    assert (a, d) == ("DashForward", {"AutoCorrect": False, "Distance": {"x": 20}})
    assert list(e) == ["DI", "reverse", "feint", "prediction", "explode", "pull", "detach", "release", "release_dir"]
    # ParryActionUIData.tscn: BlockHeightSelector.gd {x: 0, y: 0 high / 1 low} + CountOption 1..20
    _, d, _ = E.decode("Ninja", heads("Ninja", "ParryHigh", flag1=1, scalar=6), fv, OPP_RIGHT)
    assert d == {"Block Height": {"x": 0, "y": 1}, "Melee Parry Timing": {"count": 7}}
    ms = E.compute("Ninja", ["ParryHigh"], fv, OPP_RIGHT)
    assert np.nonzero(ms.head_mask(E.get_spec("Ninja").move_index["ParryHigh"], "scalar"))[0].tolist() == list(range(20))
    # reblock parry hides the timing (ParryActionUIData.gd on_button_selected): head unused
    sp = E.get_spec("Ninja")
    assert not sp.head_used[sp.move_index["ParryAfterWhiff"], sp.head_pos["scalar"]]
    # GeyserActionUIData.gd: count 1..max(geyser_charge, 1)
    wsp = E.get_spec("Wizard")
    gm = E.compute("Wizard", ["Geyser"], view("Wizard", res=dict(geyser_charge=3)), OPP_RIGHT).head_mask(wsp.move_index["Geyser"], "scalar")
    assert np.nonzero(gm)[0].tolist() == [0, 1, 2]
    gm = E.compute("Wizard", ["Geyser"], view("Wizard", res=dict(geyser_charge=1)), OPP_RIGHT).head_mask(wsp.move_index["Geyser"], "scalar")
    assert np.nonzero(gm)[0].tolist() == [0]
    # CommandGrabActionUIData.tscn: a single CheckButton -> the bool itself
    assert E.decode("Robot", heads("Robot", "CommandGrab", flag1=1), view("Robot"), OPP_RIGHT)[1] is True
    # StickyBombActionUIData.gd: grounded -> true whatever the Jump button
    assert E.decode("Ninja", heads("Ninja", "StickyBomb", flag1=1), fv, OPP_RIGHT)[1] is True
    assert E.decode("Ninja", heads("Ninja", "StickyBomb", flag1=0), view(grounded=False), OPP_RIGHT)[1] is False
    # ActionUIDataOptionButton.gd: name = items[selected] of the flat item array (text, icon, ..., id, ...)
    names = [E.decode("Ninja", heads("Ninja", "QuickSlash", option=i, dir=xybin(-45)), fv, OPP_RIGHT)[1]["Attack"] for i in range(4)]
    assert names == [{"id": 0, "name": "No Attack"}, {"id": 1, "name": None}, {"id": 2, "name": False}, {"id": 3, "name": 0}]
    # Shoot2ActionUIData.gd get_data: {x, y, ActivateTemporal, holster}
    a, d, _ = E.decode("Cowboy", heads("Cowboy", "Shoot2", dir=xybin(0), flag1=1), view("Cowboy"), OPP_RIGHT)
    assert d == {"x": 100, "y": 0, "ActivateTemporal": False, "holster": True}
    assert E.decode("Cowboy", heads("Cowboy", "ShootDodge2", dir=xybin(-90)), view("Cowboy"), OPP_RIGHT)[1] == \
        {"x": 0, "y": -100, "ActivateTemporal": False, "holster": True}


def test_extras_examples():
    # NinjaExtra.gd: BoostDir reset to its unit default (1 px = 4 %) when not boosting
    _, _, e = E.decode("Ninja", heads("Ninja", "Wait"), view(), OPP_RIGHT)
    assert e["release_dir"] == {"x": 4, "y": 0} and e["release"] is False
    assert e["DI"] == {"x": 0, "y": 0} and e["prediction"] == -1
    # DI is relative to the fighter's facing (our convention; the pad itself is absolute)
    _, _, e = E.decode("Ninja", heads("Ninja", "Wait", di=xybin(0)), view(facing=-1), OPP_LEFT)
    assert e["DI"] == {"x": -100, "y": 0}
    # MutantExtra.gd get_extra: juke_dir null unless juking
    _, _, e = E.decode("Mutant", heads("Mutant", "Wait", spike=1), view("Mutant"), OPP_RIGHT)
    assert e == {"DI": {"x": 0, "y": 0}, "reverse": False, "feint": False, "prediction": -1, "spike_enabled": True,
                 "juke_dir": None}
    mm = E.compute("Mutant", ["Wait"], view("Mutant"), OPP_RIGHT)
    msp = E.get_spec("Mutant")
    assert np.nonzero(mm.head_mask(msp.move_index["Wait"], "spike"))[0].tolist() == [1]    # hidden, default on
    assert np.nonzero(mm.head_mask(msp.move_index["Wait"], "juke"))[0].tolist() == [0]     # no pips
    mm = E.compute("Mutant", ["Wait"], view("Mutant", res=dict(juke_pips=4)), OPP_RIGHT)
    jm = mm.head_mask(msp.move_index["Wait"], "juke")
    assert jm[0] and jm[1 + E.DIR8_INDEX[(1, 0)]] and not jm[1 + E.DIR8_INDEX[(0, 1)]]  # grounded: no down jukes
    mm = E.compute("Mutant", ["ParryHigh"], view("Mutant", res=dict(juke_pips=4)), OPP_RIGHT)
    assert np.nonzero(mm.head_mask(msp.move_index["ParryHigh"], "juke"))[0].tolist() == [0]   # Defense move
    # RoboExtra.gd get_extra: fly_dir is flying_dir while the pad is hidden (grounded)
    _, _, e = E.decode("Robot", heads("Robot", "Wait"), view("Robot"), OPP_RIGHT)
    assert e["fly_dir"] is None and e["fly_enabled"] is False and e["bounce"] == {"x": 0, "y": 0}
    rsp = E.get_spec("Robot")
    fm = E.compute("Robot", ["Fall"], view("Robot", grounded=False, air_option_bar=1000), OPP_RIGHT).head_mask(rsp.move_index["Fall"], "fly")
    assert fm.all()
    _, _, e = E.decode("Robot", heads("Robot", "Fall", fly=1 + E.DIR8_INDEX[(1, -1)]), view("Robot", grounded=False, air_option_bar=1000, facing=-1), OPP_LEFT)
    assert e["fly_enabled"] and e["fly_dir"] == {"x": -1, "y": -1}
    # Robot grab with armor cannot feint (RoboExtra.gd update_selected_move -> can_feint)
    _, _, e = E.decode("Robot", heads("Robot", "Grab", armor=1, feint=1), view("Robot", res=dict(armor_pips=1)), OPP_RIGHT)
    assert e["armor_enabled"] and not e["feint"]
    # Cowboy: exclusive after-image buttons -> one head
    csp = E.get_spec("Cowboy")
    objs = [dict(name="9", scene="AfterImage", px=0, py=-100)]
    cv = view("Cowboy", supers=1, res=dict(after_image_object="9"))
    am = E.compute("Cowboy", ["Wait"], cv, OPP_RIGHT, objs).head_mask(csp.move_index["Wait"], "aimage")
    # Wait is grounded-only: shift/drift (both make a grounded fighter airborne here) are not offered with it
    assert np.nonzero(am)[0].tolist() == [0, 1]
    am = E.compute("Cowboy", ["LightningSlice"], cv, OPP_RIGHT, objs).head_mask(csp.move_index["LightningSlice"], "aimage")
    assert np.nonzero(am)[0].tolist() == [0, 1, 2, 3]
    _, _, e = E.decode("Cowboy", heads("Cowboy", "LightningSlice", aimage=2), cv, OPP_RIGHT, objs)
    assert e["shift"] and e["input_aerial"] and not e["input_grounded"]
    # feint needs a hitbox and a feint or a full bar (CharState.gd can_feint)
    sp = E.get_spec("Ninja")
    fm = E.compute("Ninja", [], view(feints=0), OPP_RIGHT).head_mask(sp.move_index["GroundedPunch"], "feint")
    assert fm.tolist() == [True, False]
    fm = E.compute("Ninja", [], view(feints=0, supers=1), OPP_RIGHT).head_mask(sp.move_index["GroundedPunch"], "feint")
    assert fm.tolist() == [True, True]
    assert not sp.head_used[sp.move_index["Wait"], sp.head_pos["feint"]]


def test_encode_reports_off_grid():
    r = E.encode("Wizard", "Gust", {"x": 99, "y": 13}, {"DI": {"x": 40, "y": -72}, "reverse": False, "feint": False,
                                                          "prediction": -1, "hover": False, "fast_fall": False,
                                                          "detonate": False, "orb_push": {"x": 0, "y": 0}, "lock_orb": False},
                 view("Wizard"), OPP_RIGHT)
    assert not r.exact
    hs = {e[0]: e for e in r.errors}
    assert hs["dir"][2] == {"x": 100, "y": 0} and 13 < hs["dir"][3] < 14
    assert "di" in hs


# ------------------------------------------------------------------------------------------------
# traces
# ------------------------------------------------------------------------------------------------
def _turns(path):
    last = {}
    head = None
    with gzip.open(path, "rt") as fh:
        for line in fh:
            d = json.loads(line)
            if "format" in d:
                head = d
                last = {"p1": d["start"]["p1"], "p2": d["start"]["p2"], "objects": []}
            elif d.get("t") == "tick":
                last = d
            elif d.get("t") == "turn":
                legal = d.get("legal")    # absent in driver_version 1/2 traces
                for p, o in (("p1", "p2"), ("p2", "p1")):
                    yield head[p], d[p], legal[p] if legal else None, last[p], last[o], \
                        last.get("objects") or [], d["tick"], p


def _explained(char, problems, act, fv):
    """Trace values our masks forbid on purpose, each explained.

    * Ninja ``pull``/``detach`` while busy with no hook: NinjaExtra.gd sets these buttons only in
      ``show_options``, which the panel skips for a busy fighter, so last turn's press is sent
      again.  The view cannot tell last turn's press; without a hook it has no lasting effect
      (Stickman.gd: detach() needs a hook, tick() clears ``pulling`` without a hook or when hurt)."""
    left = []
    for p in problems:
        if char == "Ninja" and p.startswith(("hook=1", "hook=2")) and fv.get("busy") \
                and fv["res"].get("grappling_hook_projectile") is None:
            continue
        left.append(p)
    return left


def _key_order(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(_key_order(a[k], b[k]) for k in a)
    return True


@pytest.mark.parametrize("path", trace_files(), ids=lambda p: p.name)
def test_trace_turns(path):
    rng = random.Random(path.name)
    for n, (char, act, legal, me, opp, objects, tick, pid) in enumerate(_turns(path)):
        sp = E.get_spec(char)
        where = f"{path.name} tick {tick} {pid} {char} {act['action']}"
        assert act["action"] in sp.move_index, where
        if legal is None:           # older trace: shapes only
            fv = me
            probs = E.check_action(char, act["action"], act["data"], act["extra"], fv, opp, objects)
            assert not [p for p in probs if "shape" in p], (where, probs)
            continue
        fv = E.decision_view(me, legal)
        st = E.compute(char, legal, fv, opp, objects)
        # move mask == legal list
        assert {sp.moves[i] for i in np.nonzero(st.move_mask)[0]} == set(legal), where
        # chosen action: shape and values consistent with the masks
        probs = E.check_action(char, act["action"], act["data"], act["extra"], fv, opp, objects, legal)
        assert not _explained(char, probs, act, fv), (where, probs)
        enc = E.encode(char, act["action"], act["data"], act["extra"], fv, opp, objects)
        _, d2, e2 = E.decode(char, enc.heads, fv, opp, objects)
        assert _key_order(act["data"], d2) and list(act["extra"]) == list(e2), where
        # every legal move has a legal value in every head; packing round trip
        dm = st.data_mask()
        for m in np.nonzero(st.move_mask)[0]:
            for j in range(len(sp.data_sizes)):
                o = sp.data_offsets[j]
                assert dm[m, o:o + sp.data_sizes[j]].any(), (where, sp.moves[m], sp.head_names[j + 1])
        if n % 5 == 0:
            assert (st.data_mask_reference() == dm).all(), where
        unified = AL.pack_unified(AL.CHAR_INDEX[char], st, np.zeros(AL.MASK_SIZE, dtype=np.float32))
        mm2, _ = AL.decode_masks(unified)
        assert (mm2[AL.char_layout(char).c2u] == st.move_mask).all(), where
        # random legal head values: decode -> consistent, and encode inverts decode
        if n % 3 == 0:
            legal_idx = np.nonzero(st.move_mask)[0]
            m = int(rng.choice(list(legal_idx)))
            h = [m] + [int(rng.choice(list(np.nonzero(dm[m, o:o + s])[0])))
                       for o, s in zip(sp.data_offsets, sp.data_sizes)]
            a2, d2, e2 = E.decode(char, h, fv, opp, objects)
            probs = E.check_action(char, a2, d2, e2, fv, opp, objects, legal)
            assert not probs, (where, h, a2, d2, e2, probs)
            back = E.encode(char, a2, d2, e2, fv, opp, objects)
            assert back.exact, (where, h, back.errors)
            if opp["px"] != me["px"]:
                assert back.heads == E.canonical(char, h), (where, h, back.heads)
            else:   # fighters on the same x: the degenerate widget facing may merge bins
                assert E.decode(char, back.heads, fv, opp, objects) == (a2, d2, e2), where


def test_trace_shapes_cover_every_shape_seen():
    """Every distinct data shape of the traces is produced by decode for that move."""
    files = trace_files()
    seen = {}
    for path in files:
        for char, act, legal, me, opp, objects, tick, pid in _turns(path):
            k = (char, act["action"], json.dumps(data_shape(act["data"]), sort_keys=True))
            if k not in seen:
                seen[k] = (act, E.decision_view(me, legal) if legal else me, opp, objects)
    assert len(seen) > 200
    for (char, action, shape), (act, fv, opp, objects) in seen.items():
        enc = E.encode(char, action, act["data"], act["extra"], fv, opp, objects)
        _, d2, _ = E.decode(char, enc.heads, fv, opp, objects)
        assert json.dumps(data_shape(d2), sort_keys=True) == shape, (char, action, shape)


def test_decision_view():
    me = dict(NINJA_FIELDS, busy=False, interruptable=False, res={})
    assert E.decision_view(me, ["Continue", "Burst"])["busy"] is True
    assert E.decision_view(me, ["Continue", "Wait", "Jump"])["busy"] is False   # full turn on the opponent's turn
    assert E.decision_view(dict(me, interruptable=True), ["Continue"])["busy"] is False
