"""Single mechanics, each checked against a number of the game (a trace value, a table value, or a
hand calculation from the game's formula, explained where it is made).  The engine's own output is
never used as an expectation."""
from __future__ import annotations

import pytest

from integration.engine import create_match
from yomi.collide import resolve_same_x_coordinate
from yomi.gd import idiv, imod, int_clamp
from states import scene
from yomi.match import Match

NO_EXTRA = {"DI": {"x": 0, "y": 0}, "reverse": False, "feint": False, "prediction": -1}


def _decide(match, p1, p2):
    match.advance()
    match.submit(1, p1[0], p1[1], NO_EXTRA)
    match.submit(2, p2[0], p2[1], NO_EXTRA)


def test_gdscript_integer_semantics():
    # GDScript: -7 / 2 == -3 (truncates), -7 % 3 == -1 (dividend's sign).
    assert idiv(-7, 2) == -3 and idiv(7, -2) == -3 and idiv(7, 2) == 3
    assert imod(-7, 3) == -1 and imod(7, -3) == 1
    # Utils.int_clamp returns the bound it touches first.
    assert int_clamp(5, 0, 10) == 5 and int_clamp(-1, 0, 10) == 0 and int_clamp(10, 0, 10) == 10


def test_dash_forward_speed_from_distance():
    """DashForward force = dash_speed * (distance * (1.25 - 0.5) + 0.5) on the dash's frame 1.

    The Ninja's dash_speed is 14 (NinjaGuy.tscn).  Distance 0 -> 14 * 0.5 = 7; distance 20 ->
    14 * (0.2 * 0.75 + 0.5) with "0.2" = 13107/65536 in fixed point -> 9.09991 after the floor
    multiplies.  Both values are those of Ninja_vs_Ninja_base_s200, tick 2.
    """
    match = create_match("Ninja", "Ninja", seed=200)
    _decide(match, ("DashForward", {"AutoCorrect": False, "Distance": {"x": 0}}),
            ("DashForward", {"AutoCorrect": False, "Distance": {"x": 20}}))
    match.tick()
    match.tick()
    state = match.state()
    assert state["p1"]["vx"] == "7" and state["p1"]["px"] == -48
    assert state["p2"]["vx"] == "-9.09991" and state["p2"]["x"] == "45.90009"


def test_hitbox_is_active_for_its_window():
    """Ninja GroundedPunch: Hitbox start_tick 4, active_ticks 2 (NinjaGuy.tscn).

    A hitbox is activated when the state's frame counter reaches start_tick - 1 and takes part
    in active_ticks collision checks: state frames 3 and 4, i.e. game ticks 4 and 5 when the
    move is chosen at tick 0 (it starts at frame 0 in tick 1).
    """
    match = create_match("Ninja", "Ninja", seed=1)
    _decide(match, ("GroundedPunch", None), ("Wait", None))
    active_ticks = []
    for _ in range(10):
        match.tick()
        fighter = match._core.p1
        if fighter.get_active_hitboxes():
            active_ticks.append((match.current_tick, fighter.current_state().current_tick))
    assert active_ticks == [(4, 3), (5, 4)]


def test_passive_burst_gain_out_of_combo():
    """BaseChar.gain_burst_meter: 4 per tick, minus 1 when neither fighter is in a combo (minus 1
    more airborne): 3 per grounded tick after a burst was spent (Ninja_vs_Ninja_base_s200 ticks
    10-11 show the same +3)."""
    match = create_match("Ninja", "Ninja", seed=1)
    _decide(match, ("Wait", None), ("DefensiveBurst", None))
    meters = []
    for _ in range(5):
        match.tick()
        meters.append(match.state()["p2"]["burst_meter"])
    assert match.state()["p2"]["bursts"] == 0
    assert meters == [3, 6, 9, 12, 15]


def test_tick_priority_lower_health_uses_integer_division():
    """game.gd: lower_health compares hp / MAX_HEALTH as ints: 1499/1500 == 0 < 1500/1500 == 1,
    so only "full" and "not full" differ, and the fighter not at full hp acts first."""
    match = Match("Ninja", "Ninja", seed=1, scenes=scene)
    p1, p2 = match.p1, match.p2
    assert match.resolve_port_priority() == (p1, p2)  # every rule ties: P1 first
    p1.hp = 1499
    assert match.resolve_port_priority() == (p1, p2)
    p1.hp, p2.hp = 1500, 1499
    assert match.resolve_port_priority() == (p2, p1)
    p1.hp, p2.hp = 1, 1499  # both "not full": a tie again
    assert match.resolve_port_priority() == (p1, p2)


def test_same_x_coordinate_nudge():
    """game.gd: resolve_same_x_coordinate: at x == 0 on an even tick P1 moves +1; on an odd tick
    P2 moves -1; left of centre the fighter facing left is pushed right."""
    match = Match("Ninja", "Ninja", seed=1, scenes=scene)
    p1, p2 = match.p1, match.p2
    for fighter in (p1, p2):
        fighter.set_pos(0, 0)
        fighter.update_data()
    match.current_tick = 4
    resolve_same_x_coordinate(match)
    assert (p1.get_pos()["x"], p2.get_pos()["x"]) == (1, 0)
    for fighter in (p1, p2):
        fighter.set_pos(-100, 0)
        fighter.update_data()
    resolve_same_x_coordinate(match)  # x < 0: direction +1, the left-facing P2 moves
    assert (p1.get_pos()["x"], p2.get_pos()["x"]) == (-100, -99)


@pytest.mark.parametrize("combo, expected", [
    # take_damage staling: factor = ((15 - n) / 15)^2 * 0.8 + 0.2 with n = max(combo - 1, 0)
    # (no proration), each step in I48F16.  n = 0: 150.  n = 3: (12/15)^2 = 0.64 (0.63998 in fixed),
    # * 0.8 + 0.2 = 0.712 -> 150 * 0.712 = 106.8 -> 107.  n = 15 (or more): 0.2 -> 30.
    (1, 150), (4, 107), (16, 30), (40, 30),
])
def test_combo_damage_staling(combo, expected):
    match = Match("Ninja", "Ninja", seed=1, scenes=scene)
    match.p1.combo_count = combo  # the attacker's combo count stales the victim's damage
    match.p2.take_damage(150)
    assert 1500 - match.p2.hp == expected


def test_throw_damage_trace_value():
    """The AirForwardThrow release hits for its table damage 150 on a fresh combo: Ninja_vs_Ninja_base_s200
    tick 307 (P2 1500 -> 1350)."""
    match = Match("Ninja", "Ninja", seed=1, scenes=scene)
    assert match.p1.get_state("AirForwardThrow").damage == 150
    match.p1.combo_count = 1
    match.p2.take_damage(match.p1.get_state("AirForwardThrow").damage)
    assert match.p2.hp == 1350


def test_super_meter_bars():
    """BaseChar.gain_super_meter_raw: 125 per bar, at most 9 bars, then the meter stays full."""
    match = Match("Ninja", "Ninja", seed=1, scenes=scene)
    fighter = match.p1
    fighter.super_meter = 10
    fighter.gain_super_meter_raw(125)  # a Taunt's reward (Taunt.gd, frame 44)
    assert (fighter.supers_available, fighter.super_meter) == (1, 10)
    fighter.gain_super_meter_raw(125 * 20)
    assert (fighter.supers_available, fighter.super_meter) == (9, 125)


def test_meter_on_the_first_tick_of_an_attack():
    """Hand calculation of BaseChar.gain_super_meter on GroundedPunch's first tick (chosen at tick 0):

    * CharState._enter_shared: a move with hitboxes, not moving away: penalty -8, then the whiff gain
      10 (WHIFF_SUPER_GAIN) staled by METER_GAIN_MODIFIER 0.85 (current_tick > 0): 8.5 -> 9, times the
      sadness modifier (1 + 8/75/5) = 1.0213 -> 9;
    * BaseChar.tick: moving toward the opponent at |vx| = 3 (the move's enter force 3.0): 3 / 4 = 0.75
      -> 1, staled the same way -> 1.
    Total 10.
    """
    match = create_match("Ninja", "Ninja", seed=1)
    _decide(match, ("GroundedPunch", None), ("Wait", None))
    match.tick()
    state = match.state()["p1"]
    assert state["vx"] == "3"
    assert state["super_meter"] == 10 and state["penalty"] == -8
