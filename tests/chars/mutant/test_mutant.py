"""The Mutant's mechanics (``characters/mutant/``), each checked against a number of the game: a
trace (tick and value named), the frame-data tables, the Godot RNG vectors, or a hand calculation
from the game's script (explained where it is made).  The engine's own output is never the
expectation."""
from __future__ import annotations

import functools

import json
import math

import pytest

from support.data import trace_files
from integration.tools.parity.common import open_text
from integration.tools.parity.trace import replay
from states.data import load_table
from yomi import fixed as fx
from yomi.gd import imod
from support import scenes

EXTRA = {"DI": {"x": 0, "y": 0}, "reverse": False, "feint": False, "prediction": -1,
         "spike_enabled": True, "juke_dir": None}
POISON = "characters/mutant/projectiles/Poison.tscn"
SHOCKWAVE = "characters/mutant/projectiles/Shockwave.tscn"


_match = functools.partial(scenes.mirror_match, "Mutant")
_submit = functools.partial(scenes.submit, extra=EXTRA)
_tick = functools.partial(scenes.hold, extra=EXTRA)


def _objects(match, scene: str) -> list:
    return [o for o in match._core.objects if o.scene == scene]


def _mutant_state(name: str) -> dict:
    return load_table("mutant.json")["states"][name]


# ---------------------------------------------------------------------------------------- parity
MIRROR = trace_files("Mutant_vs_Mutant_s148.jsonl.gz")


def test_mirror_trace_identical():
    """Mutant_vs_Mutant_s148 uses every Mutant menu move; about 2 s to replay."""
    report = replay(MIRROR[0], "python", set())
    assert report.divergence is None, str(report.divergence)
    assert report.ticks_ok == report.ticks_total == 3002
    assert report.legal_ok == report.legal_total > 0, report.legal_first_mismatch
    assert report.end_ok


VS_ROBOT = trace_files("Mutant_vs_Robot_s146.jsonl.gz")


@pytest.mark.slow
def test_vs_robot_trace_identical():
    """Mutant_vs_Robot_s146: the only trace with Envenom's acid bubbles (static RNG, ticks 1106+)
    and with caustic thorns hitting (swept hitboxes)."""
    report = replay(VS_ROBOT[0], "python", set())
    assert report.divergence is None, str(report.divergence)
    assert report.ticks_ok == report.ticks_total


# ---------------------------------------------------------------------------------------- jukes
def test_juke_costs_two_pips_and_sets_its_duration():
    """Beast.gd: 4 pips at the start (JUKE_PIPS_PER_USE * 2), 2 per juke; a sideways juke lasts
    SIDE_JUKE_TICKS = 4 ticks, a neutral one NEUTRAL_JUKE_TICKS = 6, an upward one JUKE_TICKS = 3
    plus UP_JUKE_TICKS = 10 of floating, and uses an air option (3 in Mutant.tscn, one fewer on the
    ground in neutral: lose_one_air_option_in_neutral)."""
    mutant = _match()._core.p1
    assert mutant.juke_pips == 4
    mutant.queued_action = "Wait"
    mutant.process_extra({**EXTRA, "juke_dir": {"x": -1, "y": 0}})
    assert (mutant.juke_pips, mutant.juke_ticks, mutant.juked_this_turn) == (2, 4, True)
    assert (mutant.juke_dir_x, mutant.juke_dir_y) == ("-1", "0")
    mutant.process_extra({**EXTRA, "juke_dir": {"x": 0, "y": 0}})
    assert (mutant.juke_pips, mutant.juke_ticks) == (0, 6)
    mutant.add_juke_pips(4)
    air_options = mutant.air_movements_left
    assert air_options == 2
    mutant.process_extra({**EXTRA, "juke_dir": {"x": 0, "y": -1}})
    assert (mutant.juke_pips, mutant.juke_ticks, mutant.up_juke_ticks) == (2, 3, 10)
    assert mutant.air_movements_left == air_options - 1


def test_no_juke_on_a_backdash_and_pips_are_capped():
    """Beast.gd: DashBackward is an invalid juke state (no cost, no timer); JUKE_PIPS = 10 at most."""
    mutant = _match()._core.p1
    mutant.queued_action = "DashBackward"
    mutant.process_extra({**EXTRA, "juke_dir": {"x": 1, "y": 0}})
    assert (mutant.juke_pips, mutant.juke_ticks, mutant.juked_this_turn) == (4, 0, False)
    mutant.add_juke_pips(100)
    assert mutant.juke_pips == 10
    mutant.add_juke_pips(-100)
    assert mutant.juke_pips == 0


def test_howl_gives_six_pips_at_frame_one():
    """Taunt.gd with ``charge`` (JukeCharge "Howl", super_level_ 2 in Mutant.tscn): frame 1 jumps to
    frame 28, adds JUKE_PIPS_PER_USE * 3 = 6 pips (4 + 6 = 10, the JUKE_PIPS cap) and earns the
    slop dash."""
    match = _match()
    mutant = match._core.p1
    mutant.supers_available = 2
    _submit(match, ("JukeCharge", None))
    _tick(match, 2)
    assert mutant.current_state().state_name == "JukeCharge"
    assert mutant.current_state().current_tick == 28
    assert mutant.juke_pips == 10 and mutant.supers_available == 0 and mutant.can_air_dash


# ---------------------------------------------------------------------------------------- Rebirth
def test_rebirth_heal_is_not_capped_at_max_hp():
    """Rebirth.gd: a hit heals REGEN = 25 with a plain ``hp += 25`` and gives JUKE_PIPS_PER_USE - 1 = 1
    pip: at 1490 hp, one hit makes 1515 (above the 1500 maximum) and a block 1540."""
    match = _match()
    mutant, opponent = match._core.p1, match._core.p2
    mutant.change_state("Rebirth")
    rebirth = mutant.current_state()
    mutant.hp = 1490
    rebirth.on_hit_something(opponent, rebirth.get_child("Hitbox"))
    assert mutant.hp == 1515 > mutant.MAX_HEALTH
    assert mutant.juke_pips == 5
    mutant.on_got_blocked()  # the fighter's handler: the state's (+25, +1 pip) then +1 pip
    assert mutant.hp == 1540 and mutant.juke_pips == 7


# ---------------------------------------------------------------------------------------- Poison
def test_poison_damage_and_lifetime():
    """PoisonDefault.gd: DAMAGE = 5 every DAMAGE_EVERY = 15 frames from frame 0, disabled at frame 600.

    On a Mutant (damage_taken_modifier 1.1, Mutant.tscn) 5 becomes round(5.5) = 6 (FixedMath rounds
    half away from zero); no staling out of combo.  Frames 0, 15, ..., 600: 41 doses = 246 damage.
    """
    match = _match()
    mutant, victim = match._core.p1, match._core.p2
    poison = mutant.spawn_object(POISON, 16, -24)
    match._core.initialize_objects()
    _tick(match)  # frame 0
    assert victim.hp == 1494
    _tick(match, 15)  # frame 15
    assert victim.hp == 1488
    _tick(match, 600 - 15)  # frame 600: the last dose, then disabled
    assert victim.hp == 1500 - 41 * 6
    assert poison.disabled
    _tick(match, 20)
    assert victim.hp == 1500 - 41 * 6


def test_poison_follows_the_opponents_hurtbox_center():
    """PoisonDefault.gd: every frame the poison moves to the opponent's hurtbox centre (the Mutant's
    Hurtbox: y -16, height 16 (Mutant.tscn), so the centre is 16 px up; P2 stands at x = 55)."""
    hurtbox = load_table("mutant.json")["boxes"]["Hurtbox"]["props"]
    assert (hurtbox["x"], hurtbox["y"]) == (0, -16)
    match = _match()
    poison = match._core.p1.spawn_object(POISON, 16, -24)
    match._core.initialize_objects()
    _tick(match)
    assert (poison.get_pos()["x"], poison.get_pos()["y"]) == (55, -16)


@pytest.fixture
def reseed_static_vectors(rng_vectors) -> list:
    with open_text(rng_vectors) as handle:
        rows = [json.loads(line) for line in handle.read().splitlines()[1:]]
    return [row for row in rows if row["kind"] == "reseed_static"]


def test_poison_bubble_angle_is_a_static_draw(reseed_static_vectors):
    """Poison.gd: ``randi_static() % 360`` degrees.  BaseObj.randi_static reseeds the static RNG from
    its state and the object's game tick, then draws; each Godot 3.6 vector gives the state before,
    the tick, the draw, the draw mod 360 and the state after."""
    match = _match()
    poison = match._core.p1.spawn_object(POISON, 16, -24)
    for row in reseed_static_vectors:
        poison.logic_rng_static.state = row["state_before"]
        poison.game_tick = row["game_tick"]
        draw = poison.randi_static()
        assert draw == row["randi"]
        assert imod(draw, 360) == row["randi_mod_360"]
        assert poison.logic_rng_static.state == row["state"]


def test_poison_bubbles_go_right_then_left_at_seven_px():
    """Poison.gd: the first bubble's direction has x >= 0, the second's x <= 0 (the x of the drawn
    direction is negated when needed); force = direction * ACID_BUBBLE_SPEED (7) + the opponent's
    velocity (0 here).  With draws 260 and 593 (593 % 360 = 233): 260 deg -> (cos, sin) =
    (-0.1736, -0.9848), x negated for the first bubble -> (1.2155, -6.8937); 233 deg -> (-0.6018,
    -0.7986) kept for the second -> (-4.2127, -5.5904) (math.cos/sin; the fixed-point trigonometry
    is within 0.01)."""
    match = _match()
    poison = match._core.p1.spawn_object(POISON, 16, -24)
    match._core.initialize_objects()
    draws = iter([260, 593])
    poison.randi_static = lambda: next(draws)
    expected = [(1.2155, -6.8937), (-4.2127, -5.5904)]
    for index, (x, y) in enumerate(expected):
        poison._spawn_acid_bubble(index)
        bubble = match._core.objects[-1]
        assert bubble.scene == "characters/mutant/projectiles/AcidBubble.tscn"
        force = (float(fx.to_str(bubble.chara.accel_x_raw)), float(fx.to_str(bubble.chara.accel_y_raw)))
        assert force == pytest.approx((x, y), abs=0.01)


def test_poison_bubble_timing_after_an_opponent_hit():
    """Poison.gd: the opponent being hit (or blocking) before the poison's frame 30 does nothing;
    after it, STARTUP = 5 frames then two bubbles; COOLDOWN = 35 frames ignores further hits."""
    match = _match()
    poison = match._core.p1.spawn_object(POISON, 16, -24)
    match._core.initialize_objects()
    _tick(match, 20)
    match._core.p2.emit_signal("got_hit_by_fighter")  # poison frame 19: too early
    assert poison.spawn_acid_bubble_startup == 0
    _tick(match, 12)
    match._core.p2.emit_signal("blocked_melee_attack")
    assert (poison.spawn_acid_bubble_startup, poison.spawn_acid_bubble_cooldown) == (5, 35)
    bubbles = lambda: _objects(match, "characters/mutant/projectiles/AcidBubble.tscn")  # noqa: E731
    _tick(match, 4)
    assert bubbles() == []
    _tick(match)
    assert len(bubbles()) == 2
    match._core.p2.emit_signal("got_hit_by_fighter")  # cooling down
    assert poison.spawn_acid_bubble_startup == 0


# ---------------------------------------------------------------------------------------- shockwave
def test_shockwave_spawn_one_at_a_time_and_two_hits_fizzle_it():
    """Shockwave (Mutant.tscn): projectile_tick 12, projectile_pos_x 30; Shockwave.gd: not usable
    while the wave is out; the wave has hp = 2, each hit from the opponent takes 1 and the second
    sends it to FizzleOut (anim_length 6, disable_at_end), which frees the move again."""
    props = _mutant_state("Shockwave")["props"]
    assert (props["projectile_tick"], props["projectile_pos_x"]) == (12, 30)
    match = _match()
    mutant, opponent = match._core.p1, match._core.p2
    _submit(match, ("Shockwave", None))
    _tick(match, 12)  # state frames 0..11
    assert _objects(match, SHOCKWAVE) == []
    cached_x = mutant.get_pos()["x"]  # where the spawning tick starts (the spawn reads this)
    _tick(match)
    (wave,) = _objects(match, SHOCKWAVE)
    assert mutant.shockwave_projectile == wave.obj_name and wave.hp == 2
    assert wave.chara.pos_x_raw >> 16 == cached_x + 30
    while not match.is_waiting():
        _tick(match)
    assert "Shockwave" not in match.legal_actions(1)
    hit = opponent.get_state("Slash").get_child("Hitbox")
    hit.activate()
    wave.hit_by(hit.to_data())
    assert wave.hp == 1 and wave.current_state().state_name == "Default"
    wave.hit_by(hit.to_data())
    assert wave.current_state().state_name == "FizzleOut"
    for _ in range(6):
        _tick(match)
    assert wave.disabled and mutant.shockwave_projectile is None


# ---------------------------------------------------------------------------------------- thorns and spike
def _thorn_hitbox(to_x: int, to_y: int, facing: str = "Right"):
    """The CausticThorn's SweptHitbox (width/height 3, objects table) at the origin."""
    from yomi.hitbox import SweptHitbox

    props = next(c["props"] for c in load_table("objects.json")["objects"][
        "characters/mutant/projectiles/CausticThorn.tscn"]["states"]["Default"]["children"])
    hitbox = SweptHitbox("SweptHitbox", {**props, "to_x": to_x, "to_y": to_y}, _FixedHost(), None)
    hitbox.facing = facing
    hitbox.update_position(0, 0)
    return hitbox


class _FixedHost:
    """The little of a host a free-standing SweptHitbox reads."""

    is_fighter = False


def _box(x1: int, x2: int, y1: int = -2, y2: int = 2):
    from yomi.boxes import CollisionBox

    box = CollisionBox((x1 + x2) // 2, (y1 + y2) // 2, (x2 - x1) // 2, (y2 - y1) // 2)
    box.update_position(0, 0)
    return box


def test_swept_thorn_hitbox_edges():
    """SweptHitbox.gd, horizontal sweep (to_y = 0) of a half-size-3 box from x = 0 to -10.

    Entry time = (near - start) / delta with near = x2 + 3 (delta < 0), and the box is missed when
    that time is >= 1: a box ending at x = -13 gives (-10) / -10 = 1.0 (miss), one ending at -12
    gives 0.9 (hit).  Exit time = (far - start) / delta with far = x1 - 3, missed when <= 0: a box
    starting at x = 2 gives (-1) / -10 = 0.1 (hit), one starting at 4 gives -0.1 (miss).  The y test
    is strict: y1 - 3 < 0 < y2 + 3."""
    sweep = _thorn_hitbox(-10, 0)
    assert not sweep.overlaps(_box(-19, -13))
    assert sweep.overlaps(_box(-18, -12))
    assert sweep.overlaps(_box(2, 8))
    assert not sweep.overlaps(_box(4, 10))
    assert not sweep.overlaps(_box(-6, -2, 3, 9))  # y1 - 3 = 0: not strictly below the start
    assert sweep.overlaps(_box(-6, -2, 2, 8))
    # Facing left the sweep is mirrored (to_x_facing = +10): the same edges on the other side.
    left = _thorn_hitbox(-10, 0, "Left")
    assert left.overlaps(_box(12, 18)) and not left.overlaps(_box(13, 19))


def test_swept_thorn_hitbox_diagonal():
    """SweptHitbox.gd, diagonal sweep to (-10, -10) with half-size 3: the entry time is the later
    of the two slab entries, near = x2 + 3 and y2 + 3 over -10.  A box over [-16, -14] on both axes
    enters at 1.1 (miss), over [-15, -13] at 1.0 (miss: >= 1), over [-14, -12] at 0.9 (hit).  A box
    at x [-8, -4], y [10, 14] (below the start while the sweep rises) leaves its y slab at
    (10 - 3) / -10 = -0.7, before entering the x slab at (-4 + 3) / -10 = 0.1: miss."""
    sweep = _thorn_hitbox(-10, -10)
    assert not sweep.overlaps(_box(-16, -14, -16, -14))
    assert not sweep.overlaps(_box(-15, -13, -15, -13))
    assert sweep.overlaps(_box(-14, -12, -14, -12))
    assert not sweep.overlaps(_box(-8, -4, 10, 14))
    assert sweep.overlaps(_box(-1, 1, -1, 1))  # the start point strictly inside the box


def _barrage_thorns(facing_player: int) -> list:
    match = _match()
    mutant = match._core.p1 if facing_player == 1 else match._core.p2
    mutant.supers_available = 1
    if facing_player == 1:
        _submit(match, ("CausticBarrage", None))
    else:
        _submit(match, ("Wait", None), ("CausticBarrage", None))
    thorns, last_frames = [], {}
    for _ in range(25):
        _tick(match)
        for obj in _objects(match, "characters/mutant/projectiles/CausticThorn.tscn"):
            if obj not in thorns:
                thorns.append(obj)
            if not obj.disabled:
                last_frames[obj.obj_name] = obj.current_state().current_tick
    return [(thorn, last_frames[thorn.obj_name]) for thorn in thorns]


def _deg_vec(degrees: float) -> tuple:
    """rotate_vec((0, -1), angle) = (sin angle, -cos angle)."""
    return (math.sin(math.radians(degrees)), -math.cos(math.radians(degrees)))


def test_caustic_barrage_fans_six_thorns():
    """ThornBarrage.gd: from frame 5, one CausticThorn a frame, NUM_PROJECTILES = 6, aimed
    lerp(+17, -17 deg, i / 5) + 45 deg (ARC 34, AIM 45) from straight up: thorn 0 at 62 deg,
    thorn 5 at 28 deg; each lives lifetime = 9 frames (objects table) then fizzles."""
    thorns = _barrage_thorns(1)
    assert len(thorns) == 6
    for (thorn, _), degrees in ((thorns[0], 62), (thorns[5], 28)):
        direction = thorn.spawn_data["dir"]
        assert (float(direction["x"]), float(direction["y"])) == pytest.approx(_deg_vec(degrees), abs=0.002)
    assert [thorn.disabled for thorn, _ in thorns] == [True] * 6
    assert [last_frame for _, last_frame in thorns] == [8] * 6  # fizzled on frame 9


def test_caustic_barrage_facing_left_shifts_the_fan():
    """ThornBarrage.gd, quirk kept: facing left the index is projectiles_left (6..1), so the first
    thorn uses i / 5 = 1.2: lerp(17, -17, 1.2) - 45 = -68.8 deg, past the mirrored arc (-62..-28)."""
    thorns = _barrage_thorns(2)
    direction = thorns[0][0].spawn_data["dir"]
    assert (float(direction["x"]), float(direction["y"])) == pytest.approx(_deg_vec(-68.8), abs=0.002)


def test_caustic_spike_timeline():
    """CausticSpike (Mutant.tscn): projectile_tick 18, spawned at (18, -20) relative.  The spike
    (CausticSpike.tscn): hitboxes start_tick 21, active_ticks 6 -> active on its frames 20..25;
    CausticSpikeDefault.gd: not cancellable from frame 20, disabled at frame 38."""
    props = _mutant_state("CausticSpike")["props"]
    assert (props["projectile_tick"], props["projectile_pos_x"], props["projectile_pos_y"]) == (18, 18, -20)
    match = _match()
    mutant = match._core.p1
    _submit(match, ("CausticSpike", {"x": 100, "y": 0}))
    _tick(match, 19)  # the state's frame 18 is the 19th tick
    (spike,) = _objects(match, "characters/mutant/projectiles/CausticSpike.tscn")
    assert mutant.spike_projectile == spike.obj_name and spike.can_cancel
    active_frames = []
    while not spike.disabled:
        _tick(match)
        if spike.get_active_hitboxes():
            active_frames.append(spike.current_state().current_tick)
        if spike.current_state().current_tick == 20:
            assert not spike.can_cancel
    assert active_frames == [20, 21, 22, 23, 24, 25]
    assert spike.current_state().current_tick == 38


def test_spike_disabled_by_the_spike_extra():
    """Beast.gd: process_extra with spike_enabled false disables the spike (the "cancel")."""
    match = _match()
    mutant = match._core.p1
    _submit(match, ("CausticSpike", {"x": 100, "y": 0}))
    _tick(match, 19)
    (spike,) = _objects(match, "characters/mutant/projectiles/CausticSpike.tscn")
    mutant.process_extra({**EXTRA, "spike_enabled": False})
    assert spike.disabled and mutant.obj_from_name(mutant.spike_projectile) is None


# ---------------------------------------------------------------------------------------- movement specials
@pytest.mark.parametrize("data, hitbox, hurtbox, dir_y", [
    ({"x": 100, "y": 0}, (34, -15), (19, -15), "0"),      # angle 0: (34, 0) + pivot (0, -15)
    ({"x": 0, "y": -100}, (0, -49), (0, -34), "-1"),      # angle -90 deg: (0, -34) + pivot
    ({"x": 0, "y": 100}, (0, 19), (0, 4), "0"),           # angle 90 deg; a downward dir_y is zeroed
])
def test_twist_attack_aims_its_hitbox(data, hitbox, hurtbox, dir_y):
    """TwistAttack.gd: HITBOX_X 34 and HURTBOX_X 19 rotated toward the aim about the pivot (0, -15)."""
    match = _match()
    mutant = match._core.p1
    mutant.change_state("TwistAttack", data)
    state = mutant.current_state()
    box, limb = state.get_child("Hitbox"), state.get_child("LimbHurtbox")
    assert (box.x, box.y) == hitbox and (limb.x, limb.y) == hurtbox
    assert box.dir_y == dir_y and state.get_child("Hitbox2").dir_y == dir_y


def test_twist_attack_facing_left_keeps_the_absolute_aim():
    """TwistAttack.gd: x is pre-multiplied by the facing, so aiming left while facing left puts the
    hitbox at x = 34 (mirrored by x_facing to 34 px in front, to the left)."""
    match = _match()
    mutant = match._core.p2  # faces left
    mutant.change_state("TwistAttack", {"x": -100, "y": 0})
    box = mutant.current_state().get_child("Hitbox")
    box.facing = mutant.get_facing()  # as the frame driver sets it once the box is active
    assert box.x == 34 and box.x_facing() == -34 and box.dir_x == "1"


@pytest.mark.parametrize("data, followup, down", [
    ({"x": 1, "y": 0}, "WallTrickFollowup", False),
    ({"x": 1, "y": -1}, "WallTrickFollowup2", False),
    ({"x": -1, "y": 1}, "WallTrickFollowup2", False),
    ({"x": 0, "y": 1}, "WallTrickFollowup3", True),
    (None, "WallTrickFollowup", False),  # no data: {x: 1, y: 0}
])
def test_pounce_picks_its_followup(data, followup, down):
    """WallTrick.gd: y = 0 -> Followup, |x| = 1 -> Followup2, else Followup3; straight down lands early."""
    match = _match()
    mutant = match._core.p1
    mutant.change_state("WallTrick", data)
    state = mutant.current_state()
    assert state.fallback_state == followup and state.down == down
