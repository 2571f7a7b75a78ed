"""The tables the environment's C part reads (csrc/env/), exported from the spec and the rules.
"""
from __future__ import annotations


from integration.env.action.widgets import DIR8, DI_PLOT, Plot, XY_ANGLES, XY_BINS, XY_RADII, plot_table
from integration.env.action.rules import B, _foresight_plot, _grenade_plot, _teleport2_plot
from integration.env.action.panels import get_spec


def export_tables(character: str) -> dict:
    """JSON-able static tables of one character (what a C mirror needs besides the rule code):
    layout, ``head_used``, the rule key of every (move, head), static masks, dynamic keys with
    their packed slots and varying bits, the gather index, every XYPlot table (facing +1 and the
    degenerate facing 0), and each move's widgets."""
    sp = get_spec(character)
    plots: dict = {}

    def pid(p: Plot) -> int:
        if p not in plots:
            plots[p] = len(plots)
        return plots[p]

    def enc_param(v):
        if isinstance(v, Plot):
            return {"plot": pid(v)}
        if isinstance(v, tuple):
            return [enc_param(x) for x in v]
        return v

    keys = []
    for kid, (j, key) in enumerate(sp.key_list):
        e = {"id": kid, "head": sp.head_names[j + 1], "kind": key[0], "params": [enc_param(x) for x in key[1:]]}
        if kid in sp.static_mask:
            e["static_mask"] = sp.static_mask[kid].astype(int).tolist()
        else:
            varying, always = sp.dyn_bits[kid]
            e.update(slot=sp.dyn_slot[kid], varying=[int(b) for b in varying], always=always.astype(int).tolist())
        keys.append(e)
    moves = []
    for mu in sp.move_ui:
        moves.append(dict(
            name=mu.name, scene=mu.scene, custom=mu.custom, dynamic=mu.dynamic, type=mu.type, air_type=mu.air_type,
            reversible=mu.reversible, feint_static=mu.feint_static, is_grab=mu.is_grab, is_parry=mu.is_parry,
            is_roll=mu.is_roll, pistolwhip=mu.pistolwhip, try_shoot=mu.try_shoot,
            try_drive_cancel=mu.try_drive_cancel, force_air_juke=mu.force_air_juke,
            widgets=[dict(name=w.name, kind=w.kind, head=w.head, plot=pid(w.plot) if w.plot else None,
                          enabled=list(w.enabled), items=w.native.get("items"),
                          pressed=w.native.get("pressed"), min_value=w.props.get("min_value"),
                          max_value=w.props.get("max_value")) for w in mu.widgets]))
    for p in [DI_PLOT] + list(getattr(sp, "boost_plots", ())):
        pid(p)
    # dynamic variants of the plots
    for mu in sp.move_ui:
        for w in mu.widgets:
            if w.plot is None:
                continue
            for flag in B:
                if mu.dynamic == "foresight":
                    pid(_foresight_plot(w.plot, flag, True))
                    pid(_foresight_plot(w.plot, flag, False))
                elif mu.dynamic == "teleport2":
                    pid(_teleport2_plot(w.plot, flag))
                elif mu.dynamic == "grenade":
                    pid(_grenade_plot(w.plot, flag))
    plot_list = [None] * len(plots)
    for p, i in plots.items():
        v1, ok1 = plot_table(p, 1)
        v0, ok0 = plot_table(p, 0)
        plot_list[i] = dict(config=dict(p.__dict__, default_value=list(p.default_value)),
                            values=v1.tolist(), valid=ok1.astype(int).tolist(),
                            values_facing0=v0.tolist(), valid_facing0=ok0.astype(int).tolist())
    return dict(character=sp.character, moves=list(sp.moves), head_names=list(sp.head_names),
                head_sizes=list(sp.head_sizes), data_offsets=list(sp.data_offsets), D=sp.D,
                mask_size=sp.mask_size, n_dyn=sp.n_dyn, head_used=sp.head_used.astype(int).tolist(),
                move_keys=sp.move_key.tolist(), keys=keys, gather_index=sp.gather_index.tolist(),
                plots=plot_list, di_plot=plots[DI_PLOT],
                boost_plots=[plots[p] for p in getattr(sp, "boost_plots", ())], move_ui=moves,
                xy_bins=dict(n=XY_BINS, angles=XY_ANGLES, radii=list(XY_RADII)), dir8=[list(d) for d in DIR8])
