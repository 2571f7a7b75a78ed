"""Keeping the two fighters apart and inside the stage.

Port of ``game.gd: resolve_same_x_coordinate`` and ``game.gd: resolve_collisions``.
Both work on the fighters' *cached* integer positions (``data``), as the game does;
a correction writes the body (``set_x``/``set_y``) and, in the recursive steps, refreshes
the snapshots before looking again (up to 5 levels).
"""
from __future__ import annotations

from yomi.gd import idiv, imod, int_abs, int_clamp

MAX_CHAR_DISTANCE = 600


def resolve_same_x_coordinate(match) -> None:
    """Two fighters never share an x: nudge one by a pixel (which one depends on the tick and the walls)."""
    p1, p2 = match.p1, match.p2
    p1_pos, p2_pos = p1.get_pos(), p2.get_pos()
    if p1_pos["x"] != p2_pos["x"]:
        return
    even = imod(match.current_tick, 2) == 0
    player_to_move = p1 if even else p2
    direction_to_move = 1 if even else -1
    x = p1_pos["x"]
    if x < 0:
        direction_to_move = 1
        if p1.get_facing_int() == -1:
            player_to_move = p1
        elif p2.get_facing_int() == -1:
            player_to_move = p2
    elif x > 0:
        direction_to_move = -1
        if p1.get_facing_int() == 1:
            player_to_move = p1
        elif p2.get_facing_int() == 1:
            player_to_move = p2
    player_to_move.set_x(player_to_move.get_pos()["x"] + direction_to_move)
    player_to_move.update_data()


def resolve_collisions(match, a, b, step: int = 0) -> None:
    """game.gd: resolve_collisions(A, B) with A/B in tick-priority order."""
    a.update_collision_boxes()
    b.update_collision_boxes()
    stage_width = match.stage_width
    a_box, b_box = a.collision_box, b.collision_box
    x_pos = a.data["position_x"]
    opp_x_pos = b.data["position_x"]
    a_right = x_pos + a_box.width + a_box.x
    a_left = x_pos - a_box.width + a_box.x
    b_right = opp_x_pos + b_box.width + b_box.x
    b_left = opp_x_pos - b_box.width + b_box.x
    if x_pos < opp_x_pos:
        edge_distance = int_abs(b_right - a_left)
    else:
        edge_distance = int_abs(a_right - b_left)

    if a.is_colliding_with_opponent() and b.is_colliding_with_opponent() and a_box.overlaps(b_box):
        # The push direction comes from A's facing (and each fighter's reverse flag).
        push_a_left = a.get_facing_int() == 1
        if a.reverse_state:
            push_a_left = not push_a_left
        push_b_left = a.get_facing_int() == -1
        if b.reverse_state:
            push_b_left = not push_b_left
        if push_a_left:
            if b_left < a_right:
                overlap = int_abs(b_left - a_right)
                a.set_x(x_pos - idiv(overlap, 2))
                b.set_x(opp_x_pos + idiv(overlap, 2))
        elif push_b_left:
            if b_right > a_left:
                overlap = int_abs(b_right - a_left)
                a.set_x(x_pos + idiv(overlap, 2))
                b.set_x(opp_x_pos - idiv(overlap, 2))

    if edge_distance > MAX_CHAR_DISTANCE:
        midpoint = idiv(x_pos + opp_x_pos, 2)
        left = int_clamp(midpoint - idiv(MAX_CHAR_DISTANCE, 2), -stage_width, stage_width)
        right = int_clamp(midpoint + idiv(MAX_CHAR_DISTANCE, 2), -stage_width, stage_width)
        a.set_x(int_clamp(x_pos, left + (a_box.width + a_box.x), right + (-a_box.width + a_box.x)))
        b.set_x(int_clamp(opp_x_pos, left + (b_box.width + b_box.x), right + (-b_box.width + b_box.x)))

    a_y_pos = a.data["position_y"]
    b_y_pos = b.data["position_y"]
    if match.has_ceiling:
        ceiling = match.ceiling_height
        if a_y_pos - a_box.height * 2 < -ceiling:
            a.set_y(-ceiling + a_box.height * 2)
            a.set_vel(a.get_vel()["x"], "0")
        if b_y_pos - b_box.height * 2 < -ceiling:
            b.set_y(-ceiling + b_box.height * 2)
            b.set_vel(b.get_vel()["x"], "0")

    if step < 5:
        if not a.clipping_wall and x_pos - a_box.width < -stage_width:
            a.set_x(-stage_width + a_box.width)
            return _again(match, a, b, step)
        elif not a.clipping_wall and x_pos + a_box.width > stage_width:
            a.set_x(stage_width - a_box.width)
            return _again(match, a, b, step)
        if not b.clipping_wall and opp_x_pos - b_box.width < -stage_width:
            b.set_x(-stage_width + b_box.width)
            return _again(match, a, b, step)
        elif not b.clipping_wall and opp_x_pos + b_box.width > stage_width:
            b.set_x(stage_width - b_box.width)
            return _again(match, a, b, step)
        if a.is_colliding_with_opponent() and b.is_colliding_with_opponent() and a_box.overlaps(b_box):
            return _again(match, a, b, step)
    return None


def _again(match, a, b, step: int) -> None:
    a.update_data()
    b.update_data()
    return resolve_collisions(match, a, b, step + 1)
