"""The data widgets' value pipeline: quantisation of the heads and our own port of the game's
XYPlot (ui/XYPlot/XYPlot.gd), the 8-way pad and the DI pad.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Optional

import numpy as np


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
