"""The C tables of the environment's C part (csrc/env/): ``env_layout.h`` (constants) and
``env_tables.c`` (per character: moves, widgets, XYPlot tables, dynamic mask rules as lookup
tables, the unified layout's maps, states, resources, object kinds), generated into build/gen at
build time (``setup.py`` calls :func:`write_c`; ``python -m integration.env.c_tables`` does the
same) from :mod:`integration.env.obs` (the observation), :mod:`integration.env.action_layout`
(the unified action layout) and :mod:`integration.env.encoding` (each character's heads, widgets
and mask rules). Nothing generated is committed; tests/env/test_env_c.py checks the built copy is
current.
"""
from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path
from typing import Optional

from integration.env import encoding as E
from integration.env.action.context import has_host_command
from integration.env.action.rules import foresight_plot, grenade_plot, teleport2_plot
from integration.env.action_layout import D, DATA_OFFSETS, DATA_SIZES, K1, N_BASE_MOVES, N_CHARS, N_DYN, N_HEADS
from integration.env.action_layout import CHARACTERS, MASK_SIZE, char_layout
from integration.env.obs import (FEATURE_SIZE, FIGHTER_SCALARS, FIGHTER_SIZE, LAYOUT, N_OBJECTS, N_STATE_TYPES, OBJ,
                                 OBJECT_KINDS, OBJECT_SIZE, OBJECT_STATES, OBS_SIZE, RES_LAYOUT, RES_SLOTS, STANCES,
                                 STATE_SLOTS, V_SCALE, X_SCALE, Y_SCALE, object_tables, state_tables)
from states.data import load_character

RULE_IDS = {name: i for i, name in enumerate(E.DYNAMIC_RULES)}
_SCALAR_SOURCES = ("x", "y", "vx", "vy", "facing", "grounded", "pushback", "hp", "super_meter", "supers",
                   "burst_meter", "bursts", "combo", "hitlag", "hitstun", "in_hitstun", "blockstun", "air_moves",
                   "feints", "penalty", "interruptable", "hit_cancellable", "busy", "invuln", "proj_invuln", "di_x",
                   "di_y", "air_option_bar", "st")
_RES_KINDS = ("bool", "int", "int_x", "fixed", "fixed_x", "ref", "vec", "list")
_WIDGET_KINDS = ("XYPlot", "8Way", "HorizSlider", "CountOption", "CheckButton", "BlockHeight", "OptionButton")
_CUSTOM = (None, "superjump", "stickybomb", "shoot2", "shootdodge2", "parry")
_DYN = {"foresight": 1, "teleport2": 2, "grenade": 3}


def _c_str(s) -> str:
    return "NULL" if s is None else json.dumps(str(s))


def _c_double(x: float) -> str:
    return repr(float(x))


def _char_c_tables(c: str) -> tuple[list, str]:
    """(C declarations, the initializer of its yenv_char) of one character."""
    sp = E.get_spec(c)
    cl = char_layout(c)
    p = c.lower()
    decl = []
    plots: dict = {}

    def pid(plot) -> int:
        if plot not in plots:
            plots[plot] = len(plots)
        return plots[plot]

    di_plot = pid(E.DI_PLOT)
    boost = [pid(b) for b in getattr(sp, "boost_plots", ())] or [-1, -1]
    # moves and widgets
    move_inits = []
    for m, mu in enumerate(sp.move_ui):
        winits = []
        for k, w in enumerate(mu.widgets):
            head = sp.head_pos[w.head] if w.head else -1
            pl = [-1, -1, -1, -1]
            if w.kind == "XYPlot":
                if mu.dynamic == "foresight":
                    for combo in (False, True):
                        for grounded in (False, True):
                            pl[2 * combo + grounded] = pid(foresight_plot(w.plot, combo, grounded))
                elif mu.dynamic == "teleport2":
                    pl[0], pl[1] = pid(teleport2_plot(w.plot, False)), pid(teleport2_plot(w.plot, True))
                elif mu.dynamic == "grenade":
                    pl[0], pl[1] = pid(grenade_plot(w.plot, False)), pid(grenade_plot(w.plot, True))
                else:
                    pl[0] = pid(w.plot)
            items = "NULL"
            n_items = 0
            if w.kind == "OptionButton":
                raw = w.native.get("items", [])
                vals = [raw[b] if b < len(raw) else None for b in range(E.HEAD_SIZES["option"])]
                parts = []
                for v in vals:
                    if v is None:
                        parts.append("{YI_NULL, 0, NULL}")
                    elif isinstance(v, bool):
                        parts.append(f"{{YI_BOOL, {int(v)}, NULL}}")
                    elif isinstance(v, int):
                        parts.append(f"{{YI_INT, {v}, NULL}}")
                    else:
                        parts.append(f"{{YI_STR, 0, {_c_str(v)}}}")
                name = f"{p}_items_{m}_{k}"
                decl.append(f"static const yenv_item {name}[] = {{{', '.join(parts)}}};")
                items, n_items = name, len(vals)
            winits.append(f"{{{_c_str(w.name)}, {_WIDGET_KINDS.index(w.kind)}, {head}, {{{', '.join(map(str, pl))}}}, "
                          f"{int(bool(w.native.get('pressed', False)))}, {n_items}, {items}}}")
        wname = "NULL"
        if winits:
            wname = f"{p}_widgets_{m}"
            decl.append(f"static const yenv_widget {wname}[] = {{{', '.join(winits)}}};")
        busy = int(mu.name in E.BUSY_MOVES)
        move_inits.append(f"{{{_c_str(mu.name)}, {int(mu.scene is not None)}, {_CUSTOM.index(mu.custom)}, "
                          f"{_DYN.get(mu.dynamic, 0)}, {int(mu.is_grab)}, {busy}, {len(mu.widgets)}, {wname}}}")
    decl.append(f"static const yenv_move {p}_moves[] = {{\n    " + ",\n    ".join(move_inits) + "};")
    # dynamic keys: lookup tables of their varying bits over the rule's feature domain
    keys, lut = [], []
    for kid in sp.dyn_keys:
        j, key = sp.key_list[kid]
        varying, _ = sp.dyn_bits[kid]
        if len(varying) == 0:
            continue
        rule = E.DYNAMIC_RULES[key[0]]
        domain = rule.domain(sp, key)
        off = len(lut)
        for f in itertools.product(*domain):
            v = rule.evaluate(sp, key, sp.data_sizes[j], f)
            lut.extend(int(b) for b in v[varying])
        radix = [len(d) for d in domain] + [0] * (8 - len(domain))
        keys.append(f"{{{RULE_IDS[key[0]]}, {len(domain)}, {{{', '.join(map(str, radix))}}}, {sp.dyn_slot[kid]}, "
                    f"{len(varying)}, {off}}}")
    decl.append(f"static const yenv_key {p}_keys[] = {{{', '.join(keys)}}};")
    decl.append(f"static const uint8_t {p}_lut[] = {{{', '.join(map(str, lut)) or '0'}}};")
    # plots (after every pid() call)
    pinits = []
    for plot, i in sorted(plots.items(), key=lambda kv: kv[1]):
        v1, _ = E.plot_table(plot, 1)
        v0, _ = E.plot_table(plot, 0)
        pinits.append("{{" + ", ".join(f"{{{a}, {b}}}" for a, b in v1.tolist()) + "}, {"
                      + ", ".join(f"{{{a}, {b}}}" for a, b in v0.tolist()) + "}}")
    decl.append(f"static const yenv_plot {p}_plots[] = {{\n    " + ",\n    ".join(pinits) + "};")
    # arrays
    def arr(ctype, name, values):
        decl.append(f"static const {ctype} {p}_{name}[] = {{{', '.join(str(int(v)) for v in values)}}};")
        return f"{p}_{name}"
    u2c = arr("int16_t", "u2c", cl.u2c)
    c2u = arr("int16_t", "c2u", cl.c2u)
    h2u = arr("int8_t", "head_to_u", cl.head_to_u)
    hs = arr("int16_t", "head_sizes", sp.head_sizes)
    doff = arr("int16_t", "data_off", [0] + list(sp.data_offsets))
    hused = arr("uint8_t", "head_used", sp.head_used.astype(int).reshape(-1))
    gather = arr("int16_t", "gather", sp.gather_index.reshape(-1))
    # states
    sindex, stypes = state_tables(c)
    table = load_character(c)["states"]
    sinits = []
    for s, row in table.items():
        flags = 0
        flags |= 1 if s in sp.dam_states else 0
        flags |= 2 if s in sp.parry_states else 0
        flags |= 4 if "Knockdown" in s else 0
        flags |= 8 if has_host_command(row, "try_drive_cancel") else 0
        flags |= 16 if s in ("Brandish", "QuickerDraw") else 0
        flags |= 32 if s == "DashBackward" else 0
        sinits.append(f"{{{_c_str(s)}, {sindex.get(s, 0)}, {stypes.get(s, -1)}, {flags}}}")
    decl.append(f"static const yenv_state {p}_states[] = {{\n    " + ",\n    ".join(sinits) + "};")
    rinits = [f"{{{_c_str(n)}, {_RES_KINDS.index(k)}, {_c_double(s)}}}" for n, k, s in RES_LAYOUT[c]]
    decl.append(f"static const yenv_res {p}_res[] = {{{', '.join(rinits)}}};")
    kinds = sorted(object_tables()[0][c].items(), key=lambda kv: kv[1])
    decl.append(f"static const char *const {p}_object_kinds[] = {{{', '.join(_c_str(k) for k, _ in kinds) or 'NULL'}}};")
    hx = [sp.head_pos.get(h, -1) for h in E.EXTRA_HEADS[c]] + [-1] * (5 - len(E.EXTRA_HEADS[c]))
    init = (f"{{{_c_str(c)}, {sp.K1}, {len(sp.head_names)}, {sp.D}, {sp.n_dyn}, {u2c}, {c2u}, {h2u}, {hs}, {doff}, "
            f"{hused}, {gather}, {p}_moves, {len(keys)}, {p}_keys, {p}_lut, {len(plots)}, {p}_plots, {di_plot}, "
            f"{{{boost[0]}, {boost[1]}}}, {sp.head_pos['di']}, {sp.head_pos['feint']}, {sp.head_pos['reverse']}, "
            f"{{{', '.join(map(str, hx))}}}, {len(sinits)}, {p}_states, {len(rinits)}, {p}_res, {len(kinds)}, "
            f"{p}_object_kinds}}")
    return decl, init


def c_sources() -> dict:
    """The generated C files: ``env_layout.h`` (constants) and ``env_tables.c`` (tables)."""
    L = LAYOUT
    consts = dict(
        YENV_N_CHARS=N_CHARS, YENV_K1=K1, YENV_NH=N_HEADS, YENV_D=D, YENV_NDYN=N_DYN, YENV_MASK=MASK_SIZE,
        YENV_FEAT=FEATURE_SIZE, YENV_OBS=OBS_SIZE, YENV_XY_BINS=E.XY_BINS, YENV_N_SCALARS=len(FIGHTER_SCALARS),
        YENV_N_STANCES=len(STANCES), YENV_N_STATE_TYPES=N_STATE_TYPES, YENV_STATE_SLOTS=STATE_SLOTS,
        YENV_RES_SLOTS=RES_SLOTS, YENV_N_OBJECTS=N_OBJECTS, YENV_OBJECT_SIZE=OBJECT_SIZE,
        YENV_OBJECT_KINDS=OBJECT_KINDS, YENV_OBJECT_STATES=OBJECT_STATES, YENV_FIGHTER_SIZE=FIGHTER_SIZE,
        YENV_MAX_CHAR_HEADS=max(len(E.get_spec(c).head_names) for c in CHARACTERS),
        YENV_MAX_CHAR_K1=max(E.get_spec(c).K1 for c in CHARACTERS),
        YENV_MAX_CHAR_D=max(E.get_spec(c).D for c in CHARACTERS),
        YENV_N_BASE_MOVES=N_BASE_MOVES,
    )
    for name in ("tick", "seat", "dx", "dy", "own_char", "opp_char", "own.x", "opp.x", "objects"):
        consts["YENV_OFF_" + name.upper().replace(".", "_")] = L[name]
    consts["YENV_FOFF_STANCE"] = L["own.stance"] - L["own.x"]
    consts["YENV_FOFF_STATE_TYPE"] = L["own.state_type"] - L["own.x"]
    consts["YENV_FOFF_STATE"] = L["own.state"] - L["own.x"]
    consts["YENV_FOFF_RES"] = L["own.res"] - L["own.x"]
    for k, v in OBJ.items():
        consts["YENV_OBJ_" + k.upper()] = v
    for name, i in RULE_IDS.items():
        consts["YR_RULE_" + name.upper()] = i
    for k, v in (("X_SCALE", X_SCALE), ("Y_SCALE", Y_SCALE), ("V_SCALE", V_SCALE)):
        consts["YENV_" + k] = v
    head = ["/* Generated at build time (setup.py: integration/env/c_tables.py write_c) from integration/env/obs.py and",
            " * integration/env/action_layout.py: do not edit. */",
            "#ifndef YOMI_ENV_LAYOUT_H", "#define YOMI_ENV_LAYOUT_H", ""]
    for k, v in consts.items():
        head.append(f"#define {k} {_c_double(v) if isinstance(v, float) else int(v)}")
    head.append("static const int16_t YENV_DATA_OFF[] = {" + ", ".join(map(str, DATA_OFFSETS)) + "};")
    head.append("static const int16_t YENV_DATA_SIZE[] = {" + ", ".join(map(str, DATA_SIZES)) + "};")
    head += ["", "#endif", ""]
    out = ["/* Generated at build time (setup.py: integration/env/c_tables.py write_c) from integration/env/obs.py,",
           " * integration/env/action_layout.py and integration/env/encoding.py: do not edit. */", '#include "env.h"', ""]
    inits = []
    for c in CHARACTERS:
        decl, init = _char_c_tables(c)
        out += decl
        out.append("")
        inits.append(init)
    out.append("const yenv_char yenv_chars[YENV_N_CHARS] = {\n    " + ",\n    ".join(inits) + "};")
    _, ostates = object_tables()
    oinits = []
    for scene, st in sorted(ostates.items()):
        names = sorted(st, key=st.get)
        names += [None] * (3 - len(names))
        oinits.append(f"{{{_c_str(scene)}, {len(st)}, {{{', '.join(_c_str(n) for n in names)}}}}}")
    out.append("const yenv_object_states yenv_object_state_names[] = {\n    " + ",\n    ".join(oinits) + "};")
    out.append(f"const int yenv_n_object_state_names = {len(oinits)};")
    out.append("const yenv_scalar yenv_scalars[YENV_N_SCALARS] = {"
               + ", ".join(f"{{{_SCALAR_SOURCES.index(n)}, {_c_double(s)}}}" for n, _, s, _ in FIGHTER_SCALARS) + "};")
    out.append("const char *const yenv_stances[YENV_N_STANCES] = {" + ", ".join(map(_c_str, STANCES)) + "};")
    out.append("const int16_t yenv_dir8[9][2] = {" + ", ".join(f"{{{x}, {y}}}" for x, y in E.DIR8) + "};")
    out.append("const uint8_t yenv_xybin_to_dir8[YENV_XY_BINS] = {"
               + ", ".join(str(E.XYBIN_TO_DIR8.get(b, 0)) for b in range(E.XY_BINS)) + "};")
    out.append("")
    return {"env_layout.h": "\n".join(head), "env_tables.c": "\n".join(out)}


GEN_DIR = Path(__file__).resolve().parents[2] / "build" / "gen"  # where setup.py compiles generated C from


def write_c(folder: Optional[str] = None) -> list:
    """Write the generated C files into ``folder`` (default build/gen, where ``setup.py`` writes them
    at build time); returns their paths. A file whose text is unchanged keeps its timestamp."""
    folder = Path(folder) if folder else GEN_DIR
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in c_sources().items():
        path = folder / name
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
        paths.append(path)
    return paths


if __name__ == "__main__":  # pragma: no cover
    for path in write_c(sys.argv[1] if len(sys.argv) > 1 else None):
        print(f"wrote {path}")
