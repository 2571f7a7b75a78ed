"""Action encoding of the yomi environment: MultiDiscrete heads, decode/encode, masks, packing.

Reference (pure Python + numpy) implementation; a C mirror is meant to be written from it, so
everything is table driven: per character a static :class:`CharSpec` is computed once from the
extracted frame-data tables (``states.data``), and the per-decision work is a handful of small
*rules* evaluated on a few discrete features of the fighter.

What the game's UI produces (and what :func:`decode` reproduces) comes from these scripts of the
original project (uzkbwza/hustle at 4450348), re-implemented here, not copied:

* ``ui/ActionSelector/ActionButtons.gd`` (``get_extra``, ``_send_ui_action``, ``show_button_data_node``,
  ``on_action_selected``): the extra dict, the reverse/feint buttons, the facing given to data widgets;
* ``ui/ActionSelector/ActionUIData/ActionUIData.gd`` (``get_data``: one widget -> its value, several -> a
  dict keyed by widget name), ``ActionUIDataCheckButton.gd``, ``ActionUIDataOptionButton.gd``,
  ``BlockHeightSelector.gd``, ``ParryActionUIData.gd``, ``SuperJumpActionUIData.gd``,
  ``StickmanSummonActionUIData.gd``;
* ``ui/XYPlot/XYPlot.gd`` (``update_value``, ``as_percentage_int_vec``, ``get_default_value``),
  ``ui/8Way/8Way.gd`` (``get_data``, ``set_facing``, ``_prepare``), ``ui/HorizSlider/HorizSlider.gd``,
  ``ui/CountOption/CountOption.gd``;
* the characters' ``actionuidata/*.gd`` (``fighter_update`` hooks) and ``*Extra.gd`` panels.

Heads
-----
Head 0 is the move: 0 = ``Continue`` ("Hold"), 1..K = the character's menu moves in table order
(``load_character(c)["menu_moves"]``, i.e. StateMachine order).  The data heads, per character
(only the heads some move needs are present; see :data:`HEAD_DOC`):

``dir`` (33)
    XYPlot: bin 0 = neutral (no input), bins 1..16 = radius 50 % at angles ``(b-1) * 22.5``
    degrees, bins 17..32 = radius 100 % at angles ``(b-17) * 22.5``.  Angles are Godot's
    (``Vector2.angle()``, screen y points down, so 90 degrees is straight down) and are measured in
    the *facing-relative* frame: 0 degrees is "forward" (towards where the widget faces).  Each bin
    is pushed through our port of ``XYPlot.update_value`` (limits, snapping, min length,
    always-max), so the ints are exactly what the widget makes of that pointer position; bins that
    give the same ints as a bin closer to them are masked, and so are all bins of a plot whose
    output would repeat.  8Way widgets use the same head: neutral = bin 0 and the 8 unit
    directions are the 100 % bins at multiples of 45 degrees (bin ``17 + 2k``), masked by the
    enabled buttons (defined facing right, mirrored like the widget).
``dir2`` (33)
    a second XYPlot (Robot's Chainsaw ``End``).
``scalar`` (21)
    HorizSlider: ``{"x": 5 * b}`` (0..100 step 5); CountOption: ``{"count": b + 1}``.
``flag1``, ``flag2`` (2)
    the move's CheckButtons (``flag1`` also carries a parry's block height: 0 high, 1 low).
``option`` (4)
    the OptionButton of Ninja's QuickSlash.
``di`` (33)
    the DI pad (full XYPlot, default config), same bins as ``dir``, relative to the fighter's facing.
``feint``, ``reverse`` (2)
    the two buttons of the panel.
character extras
    Ninja ``explode`` 2, ``hook`` 3 (none/pull/detach, exclusive buttons), ``release`` 34 (0 = no
    boost, 1..33 = boost with the ``dir`` bin ``b-1`` of the BoostDir pad);
    Cowboy ``aimage`` 5 (none/detonate/shift/drift/hindsight: exclusive buttons),
    ``gun_cancel`` 2;
    Wizard ``hover`` 3 (none/hover/fast_fall), ``detonate`` 2, ``orb`` 10 (0..8 = orb push
    direction with the lock off, 9 = lock the orb);
    Robot ``fly`` 10 (0 = fly off, 1..9 = fly on in 8-way direction ``b-1``), ``armor`` 3
    (none/armor/pull), ``nade`` 2, ``drive`` 2 (the value sent as ``drive_cancel``), ``loic`` 3
    (neutral/forward/back);
    Mutant ``spike`` 2, ``juke`` 10 (0 = no juke, 1..9 = juke in direction ``b-1``).
    8-way directions (``fly``, ``juke``, ``orb``) are ``DIR8`` order: neutral, then 0, 45, ...,
    315 degrees (E, SE, S, SW, W, NW, N, NE when facing right), relative to the fighter's facing.

Masks
-----
:func:`masks` returns ``move_mask[K+1]`` (from the engine's legal move names, taken literally:
Continue is legal only if listed) and ``data_mask[K+1, D]`` (every data head's legal values *given
the move*).  Heads a move does not use (``head_used`` false) allow bin 0 only; a value the UI
forces (hidden widget, disabled button, busy fighter whose extras panel is hidden) is the only
value allowed.  Every rule, with the script it comes from, is in :data:`DYNAMIC_RULES`:

* move data: SuperJump JumpArc only in combos, else ``"homing"``; Foresight limit (out of combo:
  210 deg around forward grounded, 150 deg around 30 deg airborne); TimeSplitter/FastTeleport limit
  150/30 out of combo; Grenade symmetric limit airborne; Summon directions by
  ``can_summon_kunai``/``can_summon_kick``; Mutant Roll S only airborne; Geyser count
  1..max(geyser_charge, 1); StickyBomb data ``true`` on the ground; Shoot2/PointBlank/ShootDodge2
  ActivateTemporal only with a temporal round; reblock parry (ParryAfterWhiff) timing hidden.
* feint: the move has a non-Detect hitbox or ``force_feintable``, ``can_feint_if_possible``, and
  feints > 0 or a full bar (CharState.gd ``can_feint``); PistolWhip not from Brandish/QuickerDraw;
  Robot grab + armor cannot feint (applied by :func:`decode`).  reverse: ``state.reversible``.
* extras: see the rule sources (Ninja/Cowboy/Wizard/Robot/Mutant ``*Extra.gd``: ``show_options``,
  ``reset``, ``update_selected_move``, ``get_extra``).

The fighter view must be the *decision-time* dict (``busy`` = ``busy_interrupt`` after the game's
turn gate); :func:`decision_view` fixes a trace ``tick`` dict.  Optional view fields
``disable_aerial_movement`` (current parry state, cleared by a perfect parry) and
``in_blockstring`` make two parry rules exact; without them the state's exported flag and
``False`` are used.  ``objects`` (the trace's object dicts) make the object rules exact (hook
locked = state ``Locked``, orb ``locked``/``lock_cooldown``, grenade ``active``, spike
``can_cancel`` = state tick < 20, after-image height); without them those toggles are allowed
whenever the fighter names the object.

Packing
-------
The mask of (move m, head h) is given by a rule key shared by many moves.  Static keys never change;
dynamic keys are evaluated per decision, and only their bits that can change (found by enumerating
each rule's small feature domain) are packed.  ``packed = move_mask ++ varying bits`` (float32
0/1); the decoder gathers ``bank = [0, 1, packed[K+1:]]`` with a static index table ``[K+1, D]``
(:func:`decode_masks`, :func:`torch_mask_decoder`, :func:`action_spec`).  Sizes::

    Ninja   heads [65, 33, 21, 2, 4, 33, 2, 2, 2, 3, 34]         D 136  M 122
    Cowboy  heads [81, 33, 21, 2, 2, 33, 2, 2, 5, 2]             D 102  M 154
    Wizard  heads [56, 33, 21, 2, 33, 2, 2, 3, 2, 10]            D 108  M  89
    Robot   heads [67, 33, 33, 21, 2, 33, 2, 2, 10, 3, 2, 2, 3]  D 146  M 133
    Mutant  heads [59, 33, 21, 2, 33, 2, 2, 2, 10]               D 105  M  99

Known approximations
--------------------
* Cowboy shift/drift rename the Grounded/Aerial cancel categories, so they change which moves the
  panel offers.  The engine's legal list is the plain one; we allow shift/drift with a move only
  if the move's air type fits the air type they force (or is Both), and moves that only become
  legal through shift/drift are not offered.
* Widget states that persist across turns are not modelled: a busy fighter's extras are their
  reset defaults (the game sends last turn's Ninja pull/detach, Robot DriveCancel visibility).
* When both fighters share an x position the data widgets face 0 (XYPlot limits degenerate);
  decode then reports the widget's output for the bin's pointer in absolute coordinates, masks
  are the facing +1 ones (some bins may coincide).
* Neutral/zero pointer: the widget's special case for facing -1 is not mirrored (we mirror the
  facing +1 table); every decoded value is still one the widget produces for some pointer.
"""
from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass, field
from typing import Any, Iterable, Optional, Sequence

import numpy as np

from states.data import load_character, load_scripts, load_ui

__all__ = [
    "CHARACTERS", "DIR8", "XY_BINS", "CharSpec", "get_spec", "decode", "encode", "masks",
    "compute", "pack_masks", "decode_masks", "torch_mask_decoder", "action_spec", "check_action",
    "Plot", "plot_value", "xy_feasible", "EncodeResult", "MaskState", "DYNAMIC_RULES", "HEAD_DOC",
    "decision_view", "canonical", "plot_table", "panel_domain", "export_tables",
]

CHARACTERS = ("Ninja", "Cowboy", "Wizard", "Robot", "Mutant")

# ------------------------------------------------------------------------------------------------
# game constants (facts from the scripts table; see states/data/scripts.json)
# ------------------------------------------------------------------------------------------------
MOVEMENT, ATTACK, SPECIAL, SUPER, DEFENSE = 0, 1, 2, 3, 4        # CharState.gd ActionType
GROUNDED, AERIAL, BOTH = 0, 1, 2                                  # CharState.gd AirType
HITBOX_DETECT = 6                                                 # Hitbox.gd HitboxType.Detect
MAX_SUPER_METER = 125                                             # BaseChar.gd
HOVER_MIN_AMOUNT = 250                                            # Wizard.gd
JUKE_PIPS_PER_USE = 2                                             # Beast.gd
DRIFT_SUPERS = 1                                                  # SwordGuy.gd
SPIKE_CANCEL_TICKS = 20    # CausticSpikeDefault.gd: can_cancel becomes false on frame 20

# ------------------------------------------------------------------------------------------------
# quantisation
# ------------------------------------------------------------------------------------------------
XY_BINS = 33
XY_ANGLES = 16
XY_RADII = (0.5, 1.0)
SCALAR_BINS = 21
SLIDER_STEP = 5
PANEL_SLACK_PX = 2.0   # bins whose pointer lies further outside the panel than this are masked

# 8-way directions (x, y), screen coordinates (y down), facing-relative: index 0 neutral, then
# k * 45 degrees clockwise on screen starting forward.
DIR8 = ((0, 0), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
DIR8_INDEX = {d: i for i, d in enumerate(DIR8)}
# 8Way.gd button names, defined facing right
DIR8_NAMES = {"Neutral": (0, 0), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1),
              "W": (-1, 0), "NW": (-1, -1), "N": (0, -1), "NE": (1, -1)}


def dir8_to_xybin(d: int) -> int:
    """8-way index (DIR8) -> bin of the 33-bin direction head."""
    return 0 if d == 0 else 17 + 2 * (d - 1)


XYBIN_TO_DIR8 = {dir8_to_xybin(d): d for d in range(9)}


def _godot_round(v: float) -> int:
    """GDScript ``round`` (half away from zero) then ``int``."""
    return int(math.floor(abs(v) + 0.5)) * (1 if v >= 0 else -1)


def _angle_diff(a_from: float, a_to: float) -> float:
    """``framework/utils.gd: angle_diff`` (signed difference wrapped to [-pi, pi))."""
    return math.fmod(math.fmod(a_to - a_from + math.pi, 2 * math.pi) + 2 * math.pi, 2 * math.pi) - math.pi


def _sign(v: float) -> float:
    return 1.0 if v > 0 else (-1.0 if v < 0 else 0.0)


def _norm(p):
    n = math.hypot(p[0], p[1])
    return (0.0, 0.0) if n == 0 else (p[0] / n, p[1] / n)


def _rot(p, a):
    c, s = math.cos(a), math.sin(a)
    return (p[0] * c - p[1] * s, p[0] * s + p[1] * c)


# ------------------------------------------------------------------------------------------------
# XYPlot (ui/XYPlot/XYPlot.gd) - our own port of the value pipeline
# ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Plot:
    """The exported configuration of one ``ui/XYPlot/XYPlot.gd`` widget."""
    panel_type: int = 0              # 0 Full (radius 25 px), 1 Half (40), 2 Quarter (45)
    always_max: bool = False
    snap: bool = True
    limit_angle: bool = False
    left_quarter: bool = False
    bottom_half: bool = False
    min_length: float = 0.0
    limit_range_degrees: float = 90.0
    limit_center_degrees: float = 0.0
    limit_symmetrical: bool = False
    snap_angles: int = 8
    snap_align_to_limit_center: bool = True
    snap_radius: float = 0.0
    default_value: tuple = (0.0, 0.0)

    @staticmethod
    def from_props(p: dict) -> "Plot":
        return Plot(
            panel_type=int(p.get("panel_type", 0)), always_max=bool(p.get("always_max", False)),
            snap=bool(p.get("snap", True)), limit_angle=bool(p.get("limit_angle", False)),
            left_quarter=bool(p.get("left_quarter", False)), bottom_half=bool(p.get("bottom_half", False)),
            min_length=float(p.get("min_length", 0.0)),
            limit_range_degrees=float(p.get("limit_range_degrees", 90.0)),
            limit_center_degrees=float(p.get("limit_center_degrees", 0.0)),
            limit_symmetrical=bool(p.get("limit_symmetrical", False)),
            snap_angles=int(p.get("snap_angles", 8)),
            snap_align_to_limit_center=bool(p.get("snap_align_to_limit_center", True)),
            snap_radius=float(p.get("snap_radius", 0.0)),
            default_value=tuple(float(v) for v in p.get("default_value", (0.0, 0.0))))

    @property
    def radius(self) -> float:
        # XYPlot.gd set_panel_type: Full/Half -> half the panel width, Quarter -> the width
        return {0: 25.0, 1: 40.0, 2: 45.0}[self.panel_type]

    def limit_center(self, facing: int) -> float:
        a = math.radians(self.limit_center_degrees)
        return math.atan2(math.sin(a), math.cos(a) * facing)

    def with_(self, **kw) -> "Plot":
        d = dict(self.__dict__)
        d.update(kw)
        return Plot(**d)


DI_PLOT = Plot()   # the DI pad: ui/XYPlot/XYPlot.tscn defaults (ActionButtons.tscn "DI")


def plot_value(plot: Plot, point, facing: int = 1) -> tuple[int, int]:
    """Ints the widget reports after ``update_value(point)`` (point in panel pixels, relative to
    the midpoint).  Port of the maths of ``XYPlot.gd: update_value`` + ``as_percentage_int_vec``
    in float64."""
    r = plot.radius
    center = plot.limit_center(facing)
    rng = math.radians(plot.limit_range_degrees)
    p = (float(point[0]), float(point[1]))
    if p == (0.0, 0.0) and (plot.always_max or plot.min_length > 0):
        if plot.limit_angle:
            p = (math.cos(center) * facing, math.sin(center))
        else:
            p = (0.0, -1.0)
    angle = math.atan2(p[1], p[0])
    if plot.limit_angle:
        diff = _angle_diff(angle, center)
        closest = diff
        if plot.limit_symmetrical:
            diff2 = _angle_diff(angle, center + math.pi)
            closest = diff if abs(diff) < abs(diff2) else diff2
        if abs(closest) > rng / 2:
            length = math.hypot(*p)
            c = (math.cos(center), math.sin(center))
            p = _rot(c, (rng / 2) * -_sign(_angle_diff(angle, center)))
            n = _norm(p)
            p = (n[0] * length, n[1] * length)
            angle = math.atan2(p[1], p[0])
    if plot.snap:
        if plot.snap_radius > 0.0:
            if abs(math.hypot(*p) / r - plot.snap_radius) < 0.1:
                n = _norm(p)
                p = (n[0] * plot.snap_radius * r, n[1] * plot.snap_radius * r)
        if plot.snap_angles > 0:
            off = center if (plot.snap_align_to_limit_center and plot.limit_angle) else 0.0
            for i in range(plot.snap_angles):
                sa = off + (i / plot.snap_angles) * 2 * math.pi
                if abs(_angle_diff(angle, sa)) < 0.1:
                    length = math.hypot(*p)
                    p = (math.cos(sa) * length, math.sin(sa) * length)
    if plot.always_max:
        n = _norm(p)
        p = (n[0] * r, n[1] * r)
    elif math.hypot(*p) < plot.min_length * r:
        n = _norm(p)
        p = (n[0] * plot.min_length * r, n[1] * plot.min_length * r)
    return _godot_round(p[0] / r * 100), _godot_round(p[1] / r * 100)


def plot_default(plot: Plot, facing: int = 1) -> tuple[int, int]:
    """Value after ``reset()``: ``update_value(get_default_value())`` (a unit vector in *pixels*)."""
    d = plot.default_value
    if (plot.always_max or plot.min_length > 0) and d == (0.0, 0.0):
        if plot.limit_angle:
            c = plot.limit_center(facing)
            d = (math.cos(c) * facing, math.sin(c))
        else:
            d = (0.0, -1.0)
    else:
        d = (d[0] * facing, d[1])
    return plot_value(plot, _norm(d), facing)


def panel_domain(plot: Plot, facing: int = 1) -> tuple[float, float, float, float]:
    """Pointer positions the panel can report, relative to its midpoint: (xmin, xmax, ymin, ymax),
    upper bounds exclusive.  XYPlot.gd: the pointer is read only over the panel rect (50x50 Full,
    80x40 Half, 45x45 Quarter) and ``midpoint()`` puts the origin at the centre (Full), the bottom
    row (Half) or a corner that depends on facing (Quarter)."""
    w, h = {0: (50.0, 50.0), 1: (80.0, 40.0), 2: (45.0, 45.0)}[plot.panel_type]
    if plot.panel_type != 0:
        my = 1.0 if plot.bottom_half else h - 1
    else:
        my = float(_godot_round(h / 2))
    if plot.panel_type == 2:
        mx = w if plot.left_quarter == (facing > 0) else 1.0
    else:
        mx = float(_godot_round(w / 2))
    return (-mx, w - mx, -my, h - my)


def _bin_point(b: int, radius: float):
    if b == 0:
        return (0.0, 0.0)
    ring, a = divmod(b - 1, XY_ANGLES)
    ang = math.radians(a * 360.0 / XY_ANGLES)
    rr = XY_RADII[ring] * radius
    return (math.cos(ang) * rr, math.sin(ang) * rr)


@functools.lru_cache(maxsize=None)
def plot_table(plot: Plot, facing: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """(values int[33, 2], valid bool[33]) of the 33 direction bins.

    ``facing`` +1: values in the facing-relative frame (mirror x for a widget facing left).
    ``facing`` 0: the widget's degenerate state when the fighters share an x position
    (``set_facing(0)``): values are absolute, bins read in the absolute frame.
    A bin's pointer is moved into the panel (:func:`panel_domain`); bins more than
    ``PANEL_SLACK_PX`` outside it are invalid, and so is a bin when another bin gives the same
    ints from a pointer position closer to them (ties: lower index)."""
    r = plot.radius
    vals = np.zeros((XY_BINS, 2), dtype=np.int64)
    dist = np.zeros(XY_BINS)
    outside = np.zeros(XY_BINS, dtype=bool)
    for b in range(XY_BINS):
        p = _bin_point(b, r)
        if b == 0 and facing == 0 and (plot.always_max or plot.min_length > 0):
            # degenerate facing: the widget's zero-pointer fallback collapses to (0, 0); use a
            # pointer next to the midpoint towards the limit centre (or up) instead
            c0 = plot.limit_center(0)
            p = (1e-6 * math.cos(c0), 1e-6 * math.sin(c0)) if plot.limit_angle else (0.0, -1e-6)
        x0, x1, y0, y1 = panel_domain(plot, facing)
        q = (min(max(p[0], x0), x1 - 1e-9), min(max(p[1], y0), y1 - 1e-9))
        outside[b] = math.hypot(q[0] - p[0], q[1] - p[1]) > PANEL_SLACK_PX
        v = plot_value(plot, q, facing)
        vals[b] = v
        dist[b] = math.hypot(p[0] / r * 100 - v[0], p[1] / r * 100 - v[1])
    valid = np.zeros(XY_BINS, dtype=bool)
    best: dict = {}
    for b in range(XY_BINS):
        if outside[b]:
            continue
        k = (int(vals[b, 0]), int(vals[b, 1]))
        if k not in best or dist[b] < dist[best[k]] - 1e-9:
            best[k] = b
    for b in best.values():
        valid[b] = True
    vals.setflags(write=False)
    valid.setflags(write=False)
    return vals, valid


def xy_feasible(plot: Plot, facing: int, x: int, y: int) -> Optional[str]:
    """None if the ints (x, y) can come out of the widget for some pointer position, else the
    reason.  Tolerances cover the int rounding of each coordinate."""
    rx, ry = x * (-1 if facing < 0 else 1), y
    fr = 1 if facing != 0 else 0     # frame of the limits: relative (+1) or degenerate (0)
    L = math.hypot(rx, ry)
    if L > 100 + 0.75:
        return f"length {L:.1f} > 100"
    if plot.always_max and abs(L - 100) > 0.75:
        return f"always_max but length {L:.1f}"
    if not plot.always_max and plot.min_length > 0 and L < plot.min_length * 100 - 0.75:
        return f"length {L:.1f} < min_length {plot.min_length * 100:.0f}"
    if L == 0:
        return None
    if plot.panel_type == 1 and not plot.always_max:
        # the Half panel reads the pointer at most 39 px above its bottom-row midpoint (97.5 %)
        if (ry < -98 and not plot.bottom_half) or (ry > 98 and plot.bottom_half):
            return f"y {ry} beyond the half panel"
    tol = math.asin(min(1.0, 0.75 / L)) + 1e-6
    ang = math.atan2(ry, rx)
    if plot.limit_angle:
        c = plot.limit_center(fr)
        half = math.radians(plot.limit_range_degrees) / 2
        d = abs(_angle_diff(ang, c))
        ok = d <= half + tol
        if plot.limit_symmetrical:
            ok = ok or abs(_angle_diff(ang, c + math.pi)) <= half + tol
        if not ok:
            return f"angle {math.degrees(ang):.1f} outside {plot.limit_center_degrees:.0f}+-{plot.limit_range_degrees / 2:.0f}"
    if plot.snap:
        if plot.snap_angles > 0:
            off = plot.limit_center(fr) if (plot.snap_align_to_limit_center and plot.limit_angle) else 0.0
            for i in range(plot.snap_angles):
                sa = off + (i / plot.snap_angles) * 2 * math.pi
                d = abs(_angle_diff(ang, sa))
                if tol < d < 0.1 - tol:
                    return f"angle {math.degrees(ang):.1f} should have snapped to {math.degrees(sa):.1f}"
        if plot.snap_radius > 0 and not plot.always_max:
            d = abs(L / 100 - plot.snap_radius)
            if 0.0075 < d < 0.1 - 0.0075:
                return f"length {L:.1f} should have snapped to {plot.snap_radius * 100:.0f}"
    return None


# ------------------------------------------------------------------------------------------------
# per-character static spec
# ------------------------------------------------------------------------------------------------
HEAD_DOC = {
    "move": "0 = Continue, 1..K = menu moves in table order",
    "dir": "XYPlot / 8Way of the move (33 bins, facing-relative)",
    "dir2": "second XYPlot (Robot Chainsaw End)",
    "scalar": "HorizSlider x = 5*b, or CountOption count = b+1",
    "flag1": "first CheckButton of the move, or a parry's block height (0 high / 1 low)",
    "flag2": "second CheckButton (Cowboy Shoot2/PointBlank/ShootDodge2: ActivateTemporal)",
    "option": "OptionButton (Ninja QuickSlash follow-up attack)",
    "di": "DI pad (33 bins, relative to the fighter's facing)",
    "feint": "feint button",
    "reverse": "reverse button",
    "explode": "Ninja: detonate the sticky bomb",
    "hook": "Ninja: 0 none, 1 pull, 2 detach the grappling hook",
    "release": "Ninja: 0 no boost, 1..33 release stored momentum with BoostDir bin b-1",
    "aimage": "Cowboy: 0 none, 1 detonate (Rift), 2 shift, 3 drift, 4 hindsight (Sight)",
    "gun_cancel": "Cowboy: Draw (bullet cancel)",
    "hover": "Wizard: 0 none, 1 hover, 2 fast fall",
    "detonate": "Wizard: detonate spark bombs",
    "orb": "Wizard: 0..8 orb push direction (DIR8) with lock off, 9 lock the orb",
    "fly": "Robot: 0 fly off, 1..9 fly on in DIR8 direction b-1",
    "armor": "Robot: 0 none, 1 armor, 2 magnet pull",
    "nade": "Robot: activate the grenade",
    "drive": "Robot: value sent as drive_cancel",
    "loic": "Robot: LOIC direction 0 neutral, 1 forward, 2 back",
    "spike": "Mutant: spike_enabled",
    "juke": "Mutant: 0 no juke, 1..9 juke in DIR8 direction b-1",
}

HEAD_SIZES = {"move": None, "dir": XY_BINS, "dir2": XY_BINS, "scalar": SCALAR_BINS, "flag1": 2,
              "flag2": 2, "option": 4, "di": XY_BINS, "feint": 2, "reverse": 2,
              "explode": 2, "hook": 3, "release": XY_BINS + 1,
              "aimage": 5, "gun_cancel": 2,
              "hover": 3, "detonate": 2, "orb": 10,
              "fly": 10, "armor": 3, "nade": 2, "drive": 2, "loic": 3,
              "spike": 2, "juke": 10}

EXTRA_HEADS = {
    "Ninja": ("explode", "hook", "release"),
    "Cowboy": ("aimage", "gun_cancel"),
    "Wizard": ("hover", "detonate", "orb"),
    "Robot": ("fly", "armor", "nade", "drive", "loic"),
    "Mutant": ("spike", "juke"),
}

# Ninja BoostDir pad (characters/stickman/NinjaExtra.tscn), limited out of combo (NinjaExtra.gd show_options)
_UI_CACHE: dict = {}


def _ui():
    if not _UI_CACHE:
        _UI_CACHE["ui"] = load_ui()
    return _UI_CACHE["ui"]


def _extra_widget(char_key: str, name: str) -> dict:
    for w in _ui()["extras"][char_key]["widgets"]:
        if w["name"] == name:
            return w
    raise KeyError(name)


@dataclass
class Widget:
    """One data widget of a move's UI scene."""
    name: str
    kind: str            # XYPlot | 8Way | HorizSlider | CountOption | CheckButton | OptionButton | BlockHeight
    head: Optional[str]  # head carrying it, None if the widget is hidden/constant
    props: dict
    native: dict
    plot: Optional[Plot] = None
    enabled: tuple = ()  # 8Way: enabled DIR8 indices (facing right)


@dataclass
class MoveUI:
    name: str
    state: Optional[dict]        # StateEntry (None for Continue)
    scene: Optional[str]
    custom: Optional[str]        # custom get_data: superjump | stickybomb | shoot2 | shootdodge2 | parry
    widgets: list = field(default_factory=list)
    type: int = MOVEMENT
    air_type: int = BOTH
    reversible: bool = False
    feint_static: bool = False   # (has_hitboxes or force_feintable) and can_feint_if_possible
    is_grab: bool = False
    is_parry: bool = False       # NewParry.gd (GroundedParryState)
    is_roll: bool = False        # RollStartup.gd (RollDodge)
    pistolwhip: bool = False     # PistolWhip.gd (can_feint / can_draw_cancel overrides)
    try_shoot: bool = False      # has a try_shoot host command (CowboyExtra.gd)
    try_drive_cancel: bool = False
    force_air_juke: bool = False
    dynamic: Optional[str] = None  # fighter_update hook: summon | mroll | geyser | foresight | teleport2 | grenade


def _has_host_command(state: dict, cmd: str) -> bool:
    for c in state["children"]:
        if c["kind"] == "HostCommand" and c["props"].get("command") == cmd:
            return True
    hc = state["props"].get("host_commands") or {}
    return cmd in list(hc.values())


def _chain(state: dict) -> list:
    return [state.get("script"), state.get("class_name")] + list(state.get("extends") or [])


class CharSpec:
    """Static action layout of one character (heads, per-move widgets, rule keys, packing tables)."""

    def __init__(self, character: str):
        name = next((c for c in CHARACTERS if c.lower() == character.lower()), None)
        if name is None:
            raise KeyError(f"unknown character {character!r}")
        self.character = name
        self.table = load_character(name)
        self.states = self.table["states"]
        self.moves = ["Continue"] + list(self.table["menu_moves"])
        self.move_index = {m: i for i, m in enumerate(self.moves)}
        self.move_ui = [self._build_move(m) for m in self.moves]
        self.dam_states = {n for n, s in self.states.items() if s["props"].get("disable_aerial_movement")}
        self.parry_states = {n for n, s in self.states.items() if "GroundedParryState" in _chain(s)}
        # Ninja BoostDir variants
        if name == "Ninja":
            bd = Plot.from_props(_extra_widget("ninja", "BoostDir")["props"])
            self.boost_plots = (bd.with_(limit_angle=False), bd.with_(limit_angle=True))
        # heads present
        needed = {"dir": False, "dir2": False, "scalar": False, "flag1": False, "flag2": False, "option": False}
        for mu in self.move_ui:
            for w in mu.widgets:
                if w.head in needed:
                    needed[w.head] = True
        data_heads = [h for h in ("dir", "dir2", "scalar", "flag1", "flag2", "option") if needed[h]]
        data_heads += ["di", "feint", "reverse"] + list(EXTRA_HEADS[name])
        self.head_names = ["move"] + data_heads
        self.head_sizes = [len(self.moves)] + [HEAD_SIZES[h] for h in data_heads]
        self.head_pos = {h: i for i, h in enumerate(self.head_names)}
        self.data_sizes = self.head_sizes[1:]
        self.data_offsets = [int(o) for o in np.cumsum([0] + self.data_sizes)[:-1]]
        self.data_off = {h: self.data_offsets[i - 1] for h, i in self.head_pos.items() if i > 0}
        self.D = int(sum(self.data_sizes))
        self.K1 = len(self.moves)
        # rule keys and head_used
        self.keys = [[self._rule_key(mu, h) for h in data_heads] for mu in self.move_ui]
        self.head_used = np.zeros((self.K1, len(self.head_names)), dtype=bool)
        self.head_used[:, 0] = True
        for m, mu in enumerate(self.move_ui):
            for j, h in enumerate(data_heads):
                self.head_used[m, j + 1] = self.keys[m][j][0] != "zero"
        self._build_packing()

    # ---- construction ------------------------------------------------------------------------
    def _build_move(self, m: str) -> MoveUI:
        if m == "Continue":
            return MoveUI(name=m, state=None, scene=None, custom=None)
        st = self.states[m]
        p = st["props"]
        chain = _chain(st)
        direct_hitboxes = [c for c in st["children"] if "Hitbox" in ([c["kind"]] + list(c.get("extends") or []))]
        has_hitboxes = any(c["props"].get("hitbox_type", 0) != HITBOX_DETECT for c in direct_hitboxes)
        is_grab = any(c["kind"] == "ThrowBox" or "ThrowBox" in (c.get("extends") or []) for c in direct_hitboxes)
        script = st.get("script") or ""
        consts = load_scripts()["scripts"].get(script, {}).get("constants", {})
        mu = MoveUI(
            name=m, state=st, scene=p.get("data_ui_scene"), custom=None,
            type=int(p.get("type", 0)), air_type=int(p.get("air_type", 2)),
            reversible=bool(p.get("reversible", False)),
            feint_static=bool((has_hitboxes or p.get("force_feintable", False)) and p.get("can_feint_if_possible", True)),
            is_grab=is_grab,
            is_parry="GroundedParryState" in chain,
            is_roll="RollDodge" in chain,
            pistolwhip=script.endswith("swordandgun/states/PistolWhip.gd"),
            try_shoot=_has_host_command(st, "try_shoot"),
            try_drive_cancel=_has_host_command(st, "try_drive_cancel"),
            force_air_juke=bool(p.get("force_air_juke", False) or consts.get("force_air_juke", False)),
        )
        if mu.scene is None:
            return mu
        scene = _ui()["scenes"][mu.scene]
        rscript = scene["root"].get("script") or ""
        custom = {
            "ui/ActionSelector/ActionUIData/SuperJumpActionUIData.gd": "superjump",
            "characters/stickman/ActionUIData/StickyBombActionUIData.gd": "stickybomb",
            "characters/swordandgun/ActionUIData/Shoot2ActionUIData.gd": "shoot2",
            "characters/swordandgun/ActionUIData/ShootDodge2ActionUIData.gd": "shootdodge2",
            "ui/ActionSelector/ActionUIData/ParryActionUIData.gd": "parry",
        }.get(rscript)
        dynamic = {
            "ui/ActionSelector/ActionUIData/StickmanSummonActionUIData.gd": "summon",
            "characters/mutant/actionuidata/MutantRollActionUIData.gd": "mroll",
            "characters/wizard/ActionUiData/GeyserActionUIData.gd": "geyser",
            "characters/swordandgun/ActionUIData/ForesightActionUIData.gd": "foresight",
            "characters/swordandgun/ActionUIData/TeleportActionUIData2.gd": "teleport2",
            "characters/robo/actionuidata/GrenadeActionUIData.gd": "grenade",
            "characters/swordandgun/ActionUIData/ShootActionUIData.gd": "shoot",
        }.get(rscript)
        mu.custom, mu.dynamic = custom, dynamic
        dir_heads = iter(("dir", "dir2"))
        flag_heads = iter(("flag1", "flag2"))
        widgets = scene["widgets"]
        if custom in ("shoot2", "shootdodge2"):
            # Shoot2ActionUIData.gd get_data: x, y from Direction; holster first flag, temporal second
            order = {"Direction": 0, "Holster": 1, "ActivateTemporal": 2}
            widgets = sorted(widgets, key=lambda w: order.get(w["name"], 9))
        for w in widgets:
            kind = w["kind"]
            visible = w["native"].get("visible", True)
            wd = Widget(name=w["name"], kind=kind, head=None, props=w["props"], native=w["native"])
            if kind == "XYPlot":
                wd.plot = Plot.from_props(w["props"])
                wd.head = next(dir_heads)
            elif kind == "8Way":
                wd.enabled = tuple(sorted(DIR8_INDEX[DIR8_NAMES[n]] for n in DIR8_NAMES if w["props"].get(n)))
                wd.head = next(dir_heads)
            elif kind == "HorizSlider":
                wd.head = "scalar"
            elif kind == "CountOption":
                # parry timing is hidden on reblock parries (ParryActionUIData.gd on_button_selected)
                if custom == "parry" and st["props"].get("reblock"):
                    wd.head = None
                else:
                    wd.head = "scalar"
            elif kind == "CheckButton":
                if custom in ("shoot2", "shootdodge2") and w["name"] == "ActivateTemporal":
                    wd.head = "flag2" if custom == "shoot2" else "flag1"
                elif not visible and custom not in ("shoot2", "shootdodge2"):
                    wd.head = None        # e.g. Grab's "Jump": never shown, always its pressed state
                else:
                    wd.head = next(flag_heads)
            elif kind == "OptionButton":
                wd.head = "option"
            elif kind == "BlockHeight":
                wd.head = "flag1"
                next(flag_heads)
            mu.widgets.append(wd)
        if custom == "shootdodge2":
            pass
        return mu

    def widget(self, mu: MoveUI, head: str) -> Optional[Widget]:
        for w in mu.widgets:
            if w.head == head:
                return w
        return None

    def _rule_key(self, mu: MoveUI, h: str) -> tuple:
        """The mask rule of (move, head): ("zero",) = bin 0 only, static kinds, dynamic kinds."""
        cont = mu.state is None
        if h in ("dir", "dir2", "scalar", "flag1", "flag2", "option"):
            w = self.widget(mu, h)
            if w is None:
                return ("zero",)
            if w.kind == "XYPlot":
                if mu.custom == "superjump":
                    return ("superjump", w.plot)
                if mu.dynamic == "foresight":
                    return ("foresight", w.plot)
                if mu.dynamic == "teleport2":
                    return ("teleport2", w.plot)
                if mu.dynamic == "grenade":
                    return ("grenade", w.plot)
                return ("xy", w.plot)
            if w.kind == "8Way":
                if mu.dynamic == "summon":
                    return ("summon",)
                if mu.dynamic == "mroll":
                    return ("mroll", w.enabled)
                return ("dir8", w.enabled)
            if w.kind == "HorizSlider":
                return ("all", SCALAR_BINS)
            if w.kind == "CountOption":
                if mu.dynamic == "geyser":
                    return ("geyser",)
                lo, hi = int(w.props.get("min_value", 0)), int(w.props.get("max_value", 10))
                return ("count", max(lo, 1), min(hi, SCALAR_BINS))
            if w.kind == "CheckButton":
                if mu.custom == "stickybomb":
                    return ("sticky",)
                if w.name == "ActivateTemporal":
                    return ("temporal",)
                return ("all", 2)
            if w.kind == "BlockHeight":
                return ("all", 2)
            if w.kind == "OptionButton":
                n = len(w.native.get("items", [])) // 5
                return ("all", n)
            raise AssertionError(w.kind)
        if h == "di":
            return ("all", XY_BINS)
        if h == "feint":
            if cont or not mu.feint_static:
                return ("zero",)
            return ("feint", mu.pistolwhip)
        if h == "reverse":
            return ("all", 2) if (not cont and mu.reversible) else ("zero",)
        # character extras: keyed by the move's class for the rule at hand
        if h == "explode":
            return ("n_explode",)
        if h == "hook":
            return ("n_hook", "continue" if cont else ("parry" if mu.is_parry else "other"))
        if h == "release":
            kind = "continue" if cont else ("defmov" if mu.type in (DEFENSE, MOVEMENT) else "other")
            return ("n_release", kind)
        if h == "aimage":
            if cont:
                return ("c_aimage", "continue", None)
            kind = "defense" if mu.type == DEFENSE else ("foresight" if mu.name in ("Foresight", "ForesightNeutral") else "other")
            return ("c_aimage", kind, mu.air_type)
        if h == "gun_cancel":
            if cont or not mu.try_shoot:
                return ("zero",)
            return ("c_gun", mu.pistolwhip)
        if h == "hover":
            return ("w_hover", "continue" if cont else ("parry" if mu.is_parry else "other"))
        if h == "detonate":
            return ("w_det",)
        if h == "orb":
            return ("w_orb",)
        if h == "fly":
            kind = "continue" if cont else ("roll" if mu.is_roll else ("parry" if mu.is_parry else "other"))
            return ("r_fly", kind)
        if h == "armor":
            kind = "defmov" if (not cont and mu.type in (DEFENSE, MOVEMENT) and mu.name != "Step") else "other"
            return ("r_armor", kind)
        if h == "nade":
            return ("r_nade",)
        if h == "drive":
            return ("r_drive", bool(not cont and mu.try_drive_cancel))
        if h == "loic":
            return ("r_loic",)
        if h == "spike":
            return ("m_spike",)
        if h == "juke":
            if cont:
                kind = "continue"
            elif mu.type == DEFENSE or mu.name == "DashBackward":
                kind = "invalid"
            else:
                kind = "air" if mu.force_air_juke else "other"
            return ("m_juke", kind)
        raise KeyError(h)

    def _build_packing(self):
        """Distinct keys per head; static masks; varying bits of dynamic keys; gather index."""
        data_heads = self.head_names[1:]
        self.key_list: list = []          # (head j, key)
        self.key_id = {}
        self.move_key = np.zeros((self.K1, len(data_heads)), dtype=np.int64)
        for m in range(self.K1):
            for j, h in enumerate(data_heads):
                k = (j, self.keys[m][j])
                if k not in self.key_id:
                    self.key_id[k] = len(self.key_list)
                    self.key_list.append(k)
                self.move_key[m, j] = self.key_id[k]
        self.static_mask = {}      # key id -> mask (static keys)
        self.dyn_keys = []         # key ids of dynamic keys
        self.dyn_bits = {}         # key id -> (positions of varying bits, constant bits array)
        slot = 0
        self.dyn_slot = {}
        for kid, (j, key) in enumerate(self.key_list):
            size = self.data_sizes[j]
            kind = key[0]
            if kind in STATIC_RULES:
                self.static_mask[kid] = STATIC_RULES[kind](self, key, size)
                continue
            rule = DYNAMIC_RULES[kind]
            outs = [rule.evaluate(self, key, size, f) for f in itertools.product(*rule.domain(self, key))]
            arr = np.array(outs, dtype=bool)
            always = arr.all(axis=0)
            never = ~arr.any(axis=0)
            varying = np.nonzero(~(always | never))[0]
            self.dyn_keys.append(kid)
            self.dyn_bits[kid] = (varying, always)
            self.dyn_slot[kid] = slot
            slot += len(varying)
        self.n_dyn = slot
        self.mask_size = self.K1 + self.n_dyn
        # gather index [K1, D] into bank = [0, 1, dyn...]
        idx = np.zeros((self.K1, self.D), dtype=np.int64)
        for m in range(self.K1):
            for j in range(len(data_heads)):
                kid = int(self.move_key[m, j])
                off = self.data_offsets[j]
                size = self.data_sizes[j]
                if kid in self.static_mask:
                    idx[m, off:off + size] = self.static_mask[kid].astype(np.int64)
                else:
                    varying, always = self.dyn_bits[kid]
                    idx[m, off:off + size] = always.astype(np.int64)
                    for t, b in enumerate(varying):
                        idx[m, off + b] = 2 + self.dyn_slot[kid] + t
        self.gather_index = idx

    # ---- helpers -----------------------------------------------------------------------------
    def describe(self) -> dict:
        return dict(character=self.character, head_names=list(self.head_names), head_sizes=list(self.head_sizes),
                    mask_size=self.mask_size, moves=list(self.moves))


@functools.lru_cache(maxsize=None)
def get_spec(character: str) -> CharSpec:
    name = next((c for c in CHARACTERS if c.lower() == str(character).lower()), character)
    return CharSpec(name)


# ------------------------------------------------------------------------------------------------
# decision context (from the engine's fighter dict, trace field names)
# ------------------------------------------------------------------------------------------------
class Ctx:
    """Everything the rules and decode need, derived once per decision."""

    def __init__(self, spec: CharSpec, fv: dict, ov: Optional[dict], objects: Optional[Iterable[dict]]):
        self.spec = spec
        self.fv = fv
        self.res = fv.get("res") or {}
        self.facing = 1 if int(fv.get("facing", 1)) >= 0 else -1
        self.grounded = bool(fv.get("grounded", True))
        self.combo = int(fv.get("combo", 0) or 0)
        self.busy = bool(fv.get("busy", False))
        self.supers = int(fv.get("supers", 0) or 0)
        self.meter_total = MAX_SUPER_METER * self.supers + int(fv.get("super_meter", 0) or 0)
        self.feints = int(fv.get("feints", 0) or 0)
        self.air_moves = int(fv.get("air_moves", 0) or 0)
        self.state = fv.get("state") or ""
        self.stance = fv.get("stance") or "Normal"
        self.air_option_bar = int(fv.get("air_option_bar", 0) or 0)
        if "disable_aerial_movement" in fv:
            self.dam = bool(fv["disable_aerial_movement"])
        else:
            # NewParry.gd: the exported flag (ParryHigh/AfterWhiff/Auto/Low) is cleared by a perfect parry
            self.dam = self.state in spec.dam_states
        self.in_blockstring = bool(fv.get("in_blockstring", False))
        self.cur_parry = self.state in spec.parry_states
        self.knockdown = "Knockdown" in self.state
        cs = spec.states.get(self.state)
        self.cur_type = int(cs["props"].get("type", 0)) if cs else -1
        self.cur_drive_cmd = bool(cs and _has_host_command(cs, "try_drive_cancel"))
        if ov is not None:
            d = int(ov.get("px", 0)) - int(fv.get("px", 0))
            self.opp_dir = (d > 0) - (d < 0)
            self.opp_combo = int(ov.get("combo", 0) or 0)
        else:
            self.opp_dir = self.facing
            self.opp_combo = 0
        self.objects = None if objects is None else {str(o.get("name")): o for o in objects}

    def obj(self, res_key: str) -> Optional[dict]:
        """The object named by res[res_key], or {} when it exists but the object list is unknown."""
        name = self.res.get(res_key)
        if name is None:
            return None
        if self.objects is None:
            return {}
        return self.objects.get(str(name))

    def data_facing(self, reverse: bool) -> int:
        """Facing of move data widgets: ActionButtons.gd show_button_data_node / _send_ui_action
        set it to the opponent direction, flipped by reverse: -1, +1, or 0 when both fighters
        share an x position (8Way treats 0 as -1 (8Way.gd dir_to_facing); XYPlot keeps 0)."""
        return self.opp_dir * (-1 if reverse else 1)

    def boost_facing(self) -> int:
        """NinjaExtra.gd show_options: boost_dir.set_facing(fighter.get_opponent_dir())."""
        return self.opp_dir


BUSY_MOVES = frozenset({"Continue", "WhiffInstantCancel", "Burst", "CounterAttackHi", "CounterAttackLow",
                        "CounterAttackGrab"})


def decision_view(fighter_view: dict, legal_moves: Iterable[str]) -> dict:
    """A trace ``tick`` fighter dict adjusted to decision time.

    The trace records ``busy`` (``busy_interrupt``) at the end of the tick, before the game's turn
    gate (game.gd process_tick) marks the non-interruptable fighter busy.  A fighter that is not
    interruptable and is offered only busy options (Continue, Whiff Cancel, Burst, Brace) is busy
    at decision time.  The engine's own decision-time dict does not need this."""
    legal = set(legal_moves)
    if fighter_view.get("busy") or fighter_view.get("interruptable", True) or not legal <= BUSY_MOVES:
        return fighter_view
    v = dict(fighter_view)
    v["busy"] = True
    return v


def _dir8_rel(v: Optional[dict], facing: int) -> Optional[int]:
    if v is None:
        return None
    x, y = int(v["x"]), int(v["y"])
    return DIR8_INDEX.get((x * facing, y))


# ------------------------------------------------------------------------------------------------
# rules
# ------------------------------------------------------------------------------------------------
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


def _foresight_plot(plot: Plot, combo: bool, grounded: bool) -> Plot:
    """ForesightActionUIData.gd fighter_update."""
    if combo:
        return plot.with_(limit_angle=False)
    if grounded:
        return plot.with_(limit_angle=True, limit_range_degrees=210.0, limit_center_degrees=0.0)
    return plot.with_(limit_angle=True, limit_range_degrees=150.0, limit_center_degrees=30.0)


def _teleport2_plot(plot: Plot, combo: bool) -> Plot:
    """TeleportActionUIData2.gd fighter_update (both branches set 150 / 30)."""
    return plot.with_(limit_angle=not combo, limit_range_degrees=150.0, limit_center_degrees=30.0)


def _grenade_plot(plot: Plot, grounded: bool) -> Plot:
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


# --- Robot extras (characters/robo/RoboExtra.gd) ------------------------------------------------
def _ev_r_fly(spec, key, size, f):
    busy, grounded, bar, fdir, dam, blockstring, cur_parry = f
    kind = key[1]
    disabled = dam or kind == "roll" or (kind == "parry" and blockstring) or (kind == "continue" and blockstring and cur_parry)
    en_vis = not busy and not grounded and (bar or fdir is not None)
    a_en = {False} if disabled else _toggle_set(en_vis, fdir is not None)
    dir_vis = not busy and not grounded and bar and not dam
    m = _mask(size, [0] if False in a_en else [])
    if True in a_en:
        if dir_vis:
            m[1:10] = True
        elif fdir is not None:
            m[1 + fdir] = True
        else:
            m[0] = True
    return m


def _ev_r_armor(spec, key, size, f):
    busy, pips, magnet = f
    return _opts(size, {0: True, 1: pips and not busy and key[1] != "defmov", 2: magnet and not busy})


def _ev_r_nade(spec, key, size, f):
    busy, ready = f
    return _mask(size, [0, 1] if (ready and not busy) else [0])


def _ev_r_drive(spec, key, size, f):
    busy, drive_stance, cur_cmd = f
    if key[1] and not busy:
        return _mask(size, [0, 1])
    # hidden: drive_cancel = !pressed in Drive (pressed = stance == Drive, RoboExtra.gd reset).
    # While busy show_options is not run, so the button keeps last turn's visibility; we take it
    # from the current state (usually last turn's move).
    vis = busy and cur_cmd
    return _mask(size, [1] if (drive_stance and not vis) else [0])


def _ev_r_loic(spec, key, size, f):
    busy, out, cur = f
    if out and not busy:
        return _mask(size, [0, 1, 2])
    return _mask(size, [cur])


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


DYNAMIC_RULES = {
    "superjump": Rule(lambda s, k, c: (c.combo > 0,), lambda s, k: [B], _ev_superjump,
                      "ui/ActionSelector/ActionUIData/SuperJumpActionUIData.gd: JumpArc only in combos, else data 'homing'"),
    "foresight": Rule(lambda s, k, c: (c.combo > 0, c.grounded), lambda s, k: [B, B],
                      lambda s, k, n, f: plot_table(_foresight_plot(k[1], *f))[1].copy(),
                      "characters/swordandgun/ActionUIData/ForesightActionUIData.gd fighter_update: limit out of combo; 210/0 grounded, 150/30 airborne"),
    "teleport2": Rule(lambda s, k, c: (c.combo > 0,), lambda s, k: [B],
                      lambda s, k, n, f: plot_table(_teleport2_plot(k[1], *f))[1].copy(),
                      "characters/swordandgun/ActionUIData/TeleportActionUIData2.gd fighter_update: limit 150/30 out of combo"),
    "grenade": Rule(lambda s, k, c: (c.grounded,), lambda s, k: [B],
                    lambda s, k, n, f: plot_table(_grenade_plot(k[1], *f))[1].copy(),
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
    "n_explode": Rule(lambda s, k, c: (c.busy, bool(c.res.get("bomb_thrown", False))), lambda s, k: [B, B], _ev_n_explode,
                      "NinjaExtra.gd show_options: BombButton shown when bomb_thrown"),
    "n_hook": Rule(lambda s, k, c: _fe_hook(c), lambda s, k: [B] * 6, _ev_n_hook,
                   "NinjaExtra.gd: Pull shown with a locked hook (default = pulling), Detach with a hook; pull off for parries and disable_aerial_movement"),
    "n_release": Rule(lambda s, k, c: (c.busy, int(c.res.get("momentum_stores", 0) or 0) > 0, c.dam, c.combo > 0),
                      lambda s, k: [B] * 4, _ev_n_release,
                      "NinjaExtra.gd: Boost shown with momentum stores, disabled for Defense/Movement/Continue; BoostDir limited out of combo"),
    "c_aimage": Rule(lambda s, k, c: _fe_aimage(c), lambda s, k: [B] * 8, _ev_c_aimage,
                     "CowboyExtra.gd reset/update_tp_button/update_sight_button/block_disable; ActionButtons.gd update_cancel_category_air_type"),
    "c_gun": Rule(lambda s, k, c: (c.busy, int(c.res.get("bullets_left", 0) or 0) > 0 and bool(c.res.get("has_gun", False)),
                                   c.state in ("Brandish", "QuickerDraw")),
                  lambda s, k: [B] * 3, _ev_c_gun,
                  "CowboyExtra.gd update_selected_move: Draw shown for try_shoot moves when can_bullet_cancel and can_draw_cancel"),
    "w_hover": Rule(lambda s, k, c: _fe_hover(c), lambda s, k: [B] * 8, _ev_w_hover,
                    "WizardExtra.gd show_options/reset/update_selected_move (hover/fast-fall exclusive)"),
    "w_det": Rule(lambda s, k, c: (c.busy, bool(c.res.get("spark_bombs")), bool(c.res.get("detonating_bombs", False))),
                  lambda s, k: [B] * 3, _ev_w_det, "WizardExtra.gd: Spark shown with spark bombs, default detonating_bombs"),
    "w_orb": Rule(lambda s, k, c: _fe_orb(c), lambda s, k: [B] * 4, _ev_w_orb,
                  "WizardExtra.gd: OrbPush/Lock shown with an orb (lock when lock_cooldown == 0, default orb.locked; lock hides push)"),
    "r_fly": Rule(lambda s, k, c: _fe_fly(c), lambda s, k: [B, B, B, [None] + list(range(9)), B, B, B], _ev_r_fly,
                  "RoboExtra.gd show_options/reset/update_selected_move/get_extra (FlyDir hidden -> flying_dir)"),
    "r_armor": Rule(lambda s, k, c: (c.busy, int(c.res.get("armor_pips", 0) or 0) > 0, bool(c.res.get("magnet_installed", False))),
                    lambda s, k: [B] * 3, _ev_r_armor,
                    "RoboExtra.gd: Armor shown with armor pips (disabled for Defense/Movement except Step), Pull with magnet_installed; exclusive"),
    "r_nade": Rule(lambda s, k, c: (c.busy, _fe_nade(c)), lambda s, k: [B] * 2, _ev_r_nade,
                   "RoboExtra.gd show_options: Bomb shown with an inactive grenade"),
    "r_drive": Rule(lambda s, k, c: (c.busy, c.stance == "Drive", c.cur_drive_cmd), lambda s, k: [B] * 3, _ev_r_drive,
                    "RoboExtra.gd: Drive shown for try_drive_cancel moves; drive_cancel inverted in Drive stance"),
    "r_loic": Rule(lambda s, k, c: (c.busy, bool(c.res.get("orbital_strike_out", False)), _fe_loic(c)),
                   lambda s, k: [B, B, [0, 1, 2]], _ev_r_loic,
                   "RoboExtra.gd show_options: LOIC pad shown while orbital_strike_out (hidden value persists = loic_dir)"),
    "m_spike": Rule(lambda s, k, c: (c.busy, _fe_spike(c)), lambda s, k: [B] * 2, _ev_m_spike,
                    "MutantExtra.gd show_options: spike toggle shown while the spike can_cancel (default on)"),
    "m_juke": Rule(lambda s, k, c: _fe_juke(c), lambda s, k: [B] * 6, _ev_m_juke,
                   "MutantExtra.gd update_selected_move/get_extra: juke needs 2 pips and the opponent out of combo"),
}


def _fe_hook(c: Ctx):
    o = c.obj("grappling_hook_projectile")
    exists = o is not None
    locked = True if (o == {} or o is None) else bool(o.get("is_locked", o.get("state") == "Locked"))
    return (c.busy, exists, exists and locked, bool(c.res.get("pulling", False)), c.dam, c.cur_parry)


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


def _fe_hover(c: Ctx):
    hl = int(c.res.get("hover_left", 0) or 0)
    return (c.busy, bool(c.res.get("hovering", False)), bool(c.res.get("fast_falling", False)),
            hl > HOVER_MIN_AMOUNT, c.grounded, c.dam, c.knockdown, c.cur_parry)


def _fe_orb(c: Ctx):
    o = c.obj("orb_projectile")
    if o is None:
        return (c.busy, False, False, False)
    return (c.busy, True, bool(o.get("locked", False)), int(o.get("lock_cooldown", 0) or 0) == 0)


def _fe_fly(c: Ctx):
    fd = c.res.get("flying_dir")
    fdir = None if fd is None else _dir8_rel(fd, c.facing)
    return (c.busy, c.grounded, c.air_option_bar > 0, fdir, c.dam, c.in_blockstring, c.cur_parry)


def _fe_nade(c: Ctx) -> bool:
    o = c.obj("grenade_object")
    return o is not None and not bool(o.get("active", False))


def _fe_loic(c: Ctx) -> int:
    x = int(c.res.get("loic_dir", 0) or 0) * c.facing
    return 0 if x == 0 else (1 if x > 0 else 2)


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


# ------------------------------------------------------------------------------------------------
# masks
# ------------------------------------------------------------------------------------------------
@dataclass
class MaskState:
    spec: CharSpec
    move_mask: np.ndarray
    dyn: dict          # key id -> evaluated mask (dynamic keys)

    def key_mask(self, kid: int) -> np.ndarray:
        s = self.spec.static_mask.get(kid)
        return s if s is not None else self.dyn[kid]

    def head_mask(self, m: int, head: str) -> np.ndarray:
        j = self.spec.head_pos[head] - 1
        return self.key_mask(int(self.spec.move_key[m, j]))

    def data_mask(self) -> np.ndarray:
        """bool[K+1, D] (through the packing: the same gather the network side does)."""
        return decode_masks(self.spec.character, self.packed())[1]

    def data_mask_reference(self) -> np.ndarray:
        """bool[K+1, D] assembled head by head from the rule masks (slow; for tests)."""
        sp = self.spec
        out = np.zeros((sp.K1, sp.D), dtype=bool)
        for m in range(sp.K1):
            for j in range(len(sp.data_sizes)):
                o = sp.data_offsets[j]
                out[m, o:o + sp.data_sizes[j]] = self.key_mask(int(sp.move_key[m, j]))
        return out

    def packed(self, out: Optional[np.ndarray] = None) -> np.ndarray:
        sp = self.spec
        if out is None:
            out = np.zeros(sp.mask_size, dtype=np.float32)
        out[:sp.K1] = self.move_mask
        for kid in sp.dyn_keys:
            varying, always = sp.dyn_bits[kid]
            v = self.dyn[kid]
            fixed = np.ones(len(v), dtype=bool)
            fixed[varying] = False
            if (v[fixed] != always[fixed]).any():   # a rule left its enumerated feature domain
                raise AssertionError(f"{sp.character}: rule {sp.key_list[kid]} gave {v.astype(int)} outside its domain")
            s = sp.K1 + sp.dyn_slot[kid]
            out[s:s + len(varying)] = v[varying]
        return out


def compute(character: str, legal_moves: Iterable[str], fighter_view: dict, opponent_view: Optional[dict] = None,
            objects: Optional[Iterable[dict]] = None) -> MaskState:
    """Masks for one decision (see :func:`masks`)."""
    sp = get_spec(character)
    c = Ctx(sp, fighter_view, opponent_view, objects)
    mm = np.zeros(sp.K1, dtype=bool)
    for name in legal_moves:
        i = sp.move_index.get(name)
        if i is None:
            raise ValueError(f"{sp.character}: {name!r} is not a menu move")
        mm[i] = True
    dyn = {}
    for kid in sp.dyn_keys:
        j, key = sp.key_list[kid]
        rule = DYNAMIC_RULES[key[0]]
        dyn[kid] = rule.evaluate(sp, key, sp.data_sizes[j], rule.features(sp, key, c))
    return MaskState(sp, mm, dyn)


def masks(character: str, legal_moves: Iterable[str], fighter_view: dict, opponent_view: Optional[dict] = None,
          objects: Optional[Iterable[dict]] = None) -> tuple[np.ndarray, np.ndarray]:
    """(move_mask bool[K+1], data_mask bool[K+1, D]).

    ``legal_moves``: the engine's ``legal_actions(player)`` names (``"Continue"`` included when it
    is offered).  ``fighter_view``/``opponent_view``: per-tick fighter dicts with the trace's field
    names; optional extra fields ``disable_aerial_movement`` and ``in_blockstring`` make the
    parry-related extras rules exact (otherwise ``disable_aerial_movement`` is taken from the
    current state's exported flag and ``in_blockstring`` as false).  ``objects``: the trace's
    object dicts (name, scene, state, st, px, py, active, locked...); without them, object-dependent
    toggles are allowed whenever the fighter names the object."""
    st = compute(character, legal_moves, fighter_view, opponent_view, objects)
    return st.move_mask, st.data_mask()


def pack_masks(character: str, legal_moves: Iterable[str], fighter_view: dict, opponent_view: Optional[dict] = None,
               objects: Optional[Iterable[dict]] = None, out: Optional[np.ndarray] = None) -> np.ndarray:
    """float32[M]: move mask then the varying bits of the dynamic rules (see module doc)."""
    return compute(character, legal_moves, fighter_view, opponent_view, objects).packed(out)


def decode_masks(character: str, packed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """numpy inverse of :func:`pack_masks`: packed [..., M] -> (move_mask [..., K+1], data_mask [..., K+1, D])."""
    sp = get_spec(character)
    packed = np.asarray(packed)
    lead = packed.shape[:-1]
    move = packed[..., :sp.K1] > 0.5
    bank = np.concatenate([np.zeros(lead + (1,), dtype=bool), np.ones(lead + (1,), dtype=bool),
                           packed[..., sp.K1:] > 0.5], axis=-1)
    return move, bank[..., sp.gather_index]


def torch_mask_decoder(character: str, feature_size: int):
    """A callable obs[B, F+M] -> (move_mask bool[B, K+1], data_mask bool[B, K+1, D]) in torch."""
    import torch

    sp = get_spec(character)
    index = torch.as_tensor(sp.gather_index, dtype=torch.long)
    K1 = sp.K1
    cache: dict = {}

    def decoder(obs):
        packed = obs[..., feature_size:]
        dev = packed.device
        idx = cache.get(dev)
        if idx is None:
            idx = cache[dev] = index.to(dev)
        move = packed[..., :K1] > 0.5
        lead = packed.shape[:-1]
        bank = torch.cat([torch.zeros(lead + (1,), dtype=torch.bool, device=dev),
                          torch.ones(lead + (1,), dtype=torch.bool, device=dev),
                          packed[..., K1:] > 0.5], dim=-1)
        return move, bank[..., idx]

    return decoder


def action_spec(character: str, feature_size: int):
    """The trainer's ``integration.env.spec.ActionSpec`` for this character, with our packing
    (its ``decode_masks`` is :func:`torch_mask_decoder`; fill the observation tail with
    :func:`pack_masks`, not with ``ActionSpec.pack_masks``, which is the uncompressed reference)."""
    from integration.env.spec import ActionSpec

    sp = get_spec(character)
    return ActionSpec(head_names=sp.head_names, head_sizes=sp.head_sizes, feature_size=feature_size,
                      head_used=sp.head_used, move_names=sp.moves, mask_size=sp.mask_size,
                      decoder=torch_mask_decoder(character, feature_size))


# ------------------------------------------------------------------------------------------------
# decode
# ------------------------------------------------------------------------------------------------
def _xy_plot_for(sp: CharSpec, mu: MoveUI, w: Widget, c: Ctx) -> Plot:
    if mu.dynamic == "foresight":
        return _foresight_plot(w.plot, c.combo > 0, c.grounded)
    if mu.dynamic == "teleport2":
        return _teleport2_plot(w.plot, c.combo > 0)
    if mu.dynamic == "grenade":
        return _grenade_plot(w.plot, c.grounded)
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


# ------------------------------------------------------------------------------------------------
# tables for the C mirror
# ------------------------------------------------------------------------------------------------
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


# ------------------------------------------------------------------------------------------------
# validation of externally produced actions (traces, human input)
# ------------------------------------------------------------------------------------------------
def _shape(v):
    if isinstance(v, dict):
        return {k: _shape(x) for k, x in v.items()}
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
    if _shape(d2) != _shape(data) and not (d2 is None and data is None):
        probs.append(f"data shape {_shape(data)} != decode shape {_shape(d2)}")
    if _shape(e2) != _shape(extra):
        probs.append(f"extra shape {_shape(extra)} != decode shape {_shape(e2)}")
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
