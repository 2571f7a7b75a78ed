"""Validation of externally produced actions (traces, human input) against the panels.
"""
from __future__ import annotations

from typing import Any, Iterable, Optional

import numpy as np


from integration.env.action.widgets import DI_PLOT, xy_feasible
from integration.env.action.context import Ctx
from integration.env.action.panels import get_spec
from integration.env.action.masks import compute
from integration.env.action.codec import _xy_plot_for, decode, encode


def data_shape(v):
    if isinstance(v, dict):
        return {k: data_shape(x) for k, x in v.items()}
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if v is None:
        return "null"
    if isinstance(v, str):
        return "str"
    return type(v).__name__


def check_action(character: str, action: str, data: Any, extra: dict, fighter_view: dict,
                 opponent_view: Optional[dict] = None, objects: Optional[Iterable[dict]] = None,
                 legal_moves: Optional[Iterable[str]] = None) -> list[str]:
    """Problems of a (action, data, extra) triple against the encoding: wrong shape, or a value our
    masks forbid (XY values are checked for feasibility under the widget's limits, not for lying on
    our grid).  Empty list = consistent."""
    sp = get_spec(character)
    probs: list[str] = []
    if action not in sp.move_index:
        return [f"unknown action {action!r}"]
    m = sp.move_index[action]
    mu = sp.move_ui[m]
    c = Ctx(sp, fighter_view, opponent_view, objects)
    st = compute(character, legal_moves or [], fighter_view, opponent_view, objects)
    if legal_moves is not None and not st.move_mask[m]:
        probs.append(f"move {action} not legal")
    # shape: decode of the encoded heads must have the same shape as the given action
    enc = encode(character, action, data, extra, fighter_view, opponent_view, objects)
    _, d2, e2 = decode(character, enc.heads, fighter_view, opponent_view, objects)
    if data_shape(d2) != data_shape(data) and not (d2 is None and data is None):
        probs.append(f"data shape {data_shape(data)} != decode shape {data_shape(d2)}")
    if data_shape(e2) != data_shape(extra):
        probs.append(f"extra shape {data_shape(extra)} != decode shape {data_shape(e2)}")
    # values: every head value encoded must be allowed by the mask, except XY values checked by feasibility
    reverse = bool((extra or {}).get("reverse", False))
    f_data = c.data_facing(reverse)
    xy_heads = set()
    if mu.scene is not None and isinstance(data, dict):
        for w in mu.widgets:
            if w.kind == "XYPlot" and w.head and not (mu.custom == "superjump" and c.combo <= 0):
                xy_heads.add(w.head)
                v = data if len(mu.widgets) == 1 or mu.custom in ("shoot2", "shootdodge2") else data[w.name]
                why = xy_feasible(_xy_plot_for(sp, mu, w, c), f_data, int(v["x"]), int(v["y"]))
                if why:
                    probs.append(f"{w.name}={v}: {why}")
    for i, h in enumerate(sp.head_names[1:], start=1):
        if h in xy_heads or h == "di":
            continue
        b = enc.heads[i]
        hm = st.head_mask(m, h)
        if h == "release" and b > 0:
            plot = sp.boost_plots[0 if c.combo > 0 else 1]
            why = xy_feasible(plot, c.boost_facing(), int(extra["release_dir"]["x"]), int(extra["release_dir"]["y"]))
            if why:
                probs.append(f"release_dir={extra['release_dir']}: {why}")
            if not hm[1:].any():
                probs.append("release not allowed")
            continue
        if not hm[b]:
            probs.append(f"{h}={b} not allowed (allowed {np.nonzero(hm)[0].tolist()})")
    di = (extra or {}).get("DI")
    if di is not None:
        why = xy_feasible(DI_PLOT, 1, int(di["x"]), int(di["y"]))
        if why:
            probs.append(f"DI={di}: {why}")
    for e in enc.errors:
        if e[0] in ("scalar",) and e[2] is None:
            probs.append(f"{e[0]} value {e[1]} not representable")
        if e[0] in ("dir", "dir2") and e[2] is None:
            probs.append(f"{e[0]} 8-way value {e[1]} not enabled")
    return probs
