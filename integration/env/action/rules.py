"""The mask rules every character shares: the static rules, the :class:`Rule` record, and the
rules of the move data panels (ui/ActionSelector/ActionUIData/*.gd and the characters' own
panels).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


from integration.env.action.constants import MAX_SUPER_METER
from integration.env.action.widgets import DIR8_INDEX, Plot, dir8_to_xybin, plot_table


def _mask(size, bins) -> np.ndarray:
    m = np.zeros(size, dtype=bool)
    for b in bins:
        m[b] = True
    return m


def _st_zero(spec, key, size):
    return _mask(size, [0])


def _st_all(spec, key, size):
    return _mask(size, range(min(key[1], size)))


def _st_xy(spec, key, size):
    return plot_table(key[1])[1].copy()


def _st_dir8(spec, key, size):
    return _mask(size, [dir8_to_xybin(d) for d in key[1]])


def _st_count(spec, key, size):
    return _mask(size, range(key[1] - 1, key[2]))


STATIC_RULES = {"zero": _st_zero, "all": _st_all, "xy": _st_xy, "dir8": _st_dir8, "count": _st_count}


@dataclass
class Rule:
    """A dynamic mask rule: features(spec, key, ctx) -> tuple, domain(spec, key) -> value lists,
    evaluate(spec, key, size, feats) -> bool[size]; ``source`` names the game script."""
    features: Any
    domain: Any
    evaluate: Any
    source: str


B = (False, True)


def _opts(size, allowed: dict) -> np.ndarray:
    return _mask(size, [i for i, ok in allowed.items() if ok])


def _toggle_set(visible_enabled: bool, default: bool) -> set:
    """Values a CheckButton can send: both if the user can click it, else its default."""
    return {False, True} if visible_enabled else {default}


# --- move data rules --------------------------------------------------------------------------
def _ev_superjump(spec, key, size, f):
    (in_combo,) = f
    return plot_table(key[1])[1].copy() if in_combo else _mask(size, [0])


def foresight_plot(plot: Plot, combo: bool, grounded: bool) -> Plot:
    """ForesightActionUIData.gd fighter_update."""
    if combo:
        return plot.with_(limit_angle=False)
    if grounded:
        return plot.with_(limit_angle=True, limit_range_degrees=210.0, limit_center_degrees=0.0)
    return plot.with_(limit_angle=True, limit_range_degrees=150.0, limit_center_degrees=30.0)


def teleport2_plot(plot: Plot, combo: bool) -> Plot:
    """TeleportActionUIData2.gd fighter_update (both branches set 150 / 30)."""
    return plot.with_(limit_angle=not combo, limit_range_degrees=150.0, limit_center_degrees=30.0)


def grenade_plot(plot: Plot, grounded: bool) -> Plot:
    """GrenadeActionUIData.gd fighter_update: symmetric limit when airborne."""
    return plot.with_(limit_symmetrical=not grounded)


def _summon_enabled(kunai: bool, kick: bool) -> tuple:
    """StickmanSummonActionUIData.gd fighter_update (facing right: NE/E/SE kunai, S kick)."""
    en = []
    if kunai:
        en += [DIR8_INDEX[(1, -1)], DIR8_INDEX[(1, 0)], DIR8_INDEX[(1, 1)]]
    if kick:
        en.append(DIR8_INDEX[(0, 1)])
    return tuple(sorted(en))


def _ev_summon(spec, key, size, f):
    en = _summon_enabled(*f)
    if not en:  # Summon not usable then; keep one value so the head stays valid
        en = (DIR8_INDEX[(1, 0)],)
    return _mask(size, [dir8_to_xybin(d) for d in en])


def _ev_mroll(spec, key, size, f):
    (grounded,) = f
    s = DIR8_INDEX[(0, 1)]
    en = [d for d in key[1] if d != s] + ([] if grounded else [s])
    return _mask(size, [dir8_to_xybin(d) for d in en])


def _ev_geyser(spec, key, size, f):
    (charge,) = f
    return _mask(size, range(0, max(charge, 1)))


def _ev_sticky(spec, key, size, f):
    (grounded,) = f
    return _mask(size, [1] if grounded else [0, 1])


def _ev_temporal(spec, key, size, f):
    (exists,) = f
    return _mask(size, [0, 1] if exists else [0])


def _ev_feint(spec, key, size, f):
    resource, brandish = f
    ok = resource and not (key[1] and brandish)
    return _mask(size, [0, 1] if ok else [0])


# the move data panels' rules, in the order their keys are packed
MOVE_DATA_RULES = {
    "superjump": Rule(lambda s, k, c: (c.combo > 0,), lambda s, k: [B], _ev_superjump,
                      "ui/ActionSelector/ActionUIData/SuperJumpActionUIData.gd: JumpArc only in combos, else data 'homing'"),
    "foresight": Rule(lambda s, k, c: (c.combo > 0, c.grounded), lambda s, k: [B, B],
                      lambda s, k, n, f: plot_table(foresight_plot(k[1], *f))[1].copy(),
                      "characters/swordandgun/ActionUIData/ForesightActionUIData.gd fighter_update: limit out of combo; 210/0 grounded, 150/30 airborne"),
    "teleport2": Rule(lambda s, k, c: (c.combo > 0,), lambda s, k: [B],
                      lambda s, k, n, f: plot_table(teleport2_plot(k[1], *f))[1].copy(),
                      "characters/swordandgun/ActionUIData/TeleportActionUIData2.gd fighter_update: limit 150/30 out of combo"),
    "grenade": Rule(lambda s, k, c: (c.grounded,), lambda s, k: [B],
                    lambda s, k, n, f: plot_table(grenade_plot(k[1], *f))[1].copy(),
                    "characters/robo/actionuidata/GrenadeActionUIData.gd fighter_update: limit_symmetrical when airborne"),
    "summon": Rule(lambda s, k, c: (bool(c.res.get("can_summon_kunai", True)), bool(c.res.get("can_summon_kick", True))),
                   lambda s, k: [B, B], _ev_summon,
                   "ui/ActionSelector/ActionUIData/StickmanSummonActionUIData.gd fighter_update: kunai NE/E/SE, kick S"),
    "mroll": Rule(lambda s, k, c: (c.grounded,), lambda s, k: [B], _ev_mroll,
                  "characters/mutant/actionuidata/MutantRollActionUIData.gd fighter_update: S only airborne"),
    "geyser": Rule(lambda s, k, c: (max(0, min(int(c.res.get("geyser_charge", 0) or 0), 3)),),
                   lambda s, k: [list(range(0, 4))], _ev_geyser,
                   "characters/wizard/ActionUiData/GeyserActionUIData.gd fighter_update: count 1..max(geyser_charge, 1)"),
    "sticky": Rule(lambda s, k, c: (c.grounded,), lambda s, k: [B], _ev_sticky,
                   "characters/stickman/ActionUIData/StickyBombActionUIData.gd: grounded -> data true, Jump shown airborne"),
    "temporal": Rule(lambda s, k, c: (c.obj("temporal_round") is not None,), lambda s, k: [B], _ev_temporal,
                     "characters/swordandgun/ActionUIData/Shoot2ActionUIData.gd fighter_update: ActivateTemporal visible with a temporal round"),
    "feint": Rule(lambda s, k, c: (c.feints > 0 or c.meter_total >= MAX_SUPER_METER, c.state in ("Brandish", "QuickerDraw")),
                  lambda s, k: [B, B], _ev_feint,
                  "characters/states/CharState.gd can_feint (hitboxes or force_feintable, feints or a bar, can_feint_if_possible); swordandgun/states/PistolWhip.gd; ActionButtons.gd"),
}
