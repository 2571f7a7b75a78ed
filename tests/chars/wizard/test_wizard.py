"""The Wizard's moves, objects and resources (``states/wizard/``).

Every expectation is a number of the game: a value recorded in a trace, a value of the
extracted tables, or a hand calculation from the game script's constants (explained where
it is made).  The engine's own output is never fed back as an expectation.
"""
from __future__ import annotations


from support.data import trace_file
from integration.engine import create_match
from integration.tools.parity.trace import replay
from states.data import load_table
from yomi import fixed as fx
from yomi.boxes import CollisionBox
from yomi.fixed import FixedMath as fixed
from yomi.gd import wrap64
from yomi.hitbox import SweptHitbox
from yomi.rng import BetterRng, godot_hash

MIRROR = trace_file("Wizard_vs_Wizard_s124.jsonl.gz")
WIZARD = "characters/wizard/projectiles/"


def _extra(**wizard) -> dict:
    extra = {"DI": {"x": 0, "y": 0}, "reverse": False, "feint": False, "prediction": -1,
             "hover": False, "fast_fall": False, "detonate": False, "orb_push": {"x": 0, "y": 0}, "lock_orb": False}
    extra.update(wizard)
    return extra


def _decide(match, p1=("Continue", None), p2=("Continue", None), p1_extra=None, p2_extra=None):
    match.advance()
    match.submit(1, p1[0], p1[1], p1_extra or _extra())
    match.submit(2, p2[0], p2[1], p2_extra or _extra())


def _state(name: str) -> dict:
    return load_table("wizard.json")["states"][name]


def _object(scene: str) -> dict:
    return load_table("objects.json")["objects"][scene]


# ---------------------------------------------------------------------- the recording
def test_mirror_trace_identical():
    """Wizard_vs_Wizard_s124: every tick, every legal-move list and the end as Godot recorded them.

    It covers most of the Wizard: hover and fast fall, geyser charges and Geyser's swept hitboxes,
    flame waves, Vile Clutch, Magic Dart, spark bombs with manual detonation, Zephyr's throw, Launch,
    and four Telekinesis draws from the logic RNG, one of them the weighted silly item (the
    TelekinesisTire object first recorded at tick 1876)."""
    report = replay(MIRROR, "python", set())
    assert report.divergence is None, str(report.divergence)
    assert report.ticks_ok == report.ticks_total == 2968
    assert report.legal_ok == report.legal_total > 0
    assert report.end_ok


# ---------------------------------------------------------------------- resources
def test_hover_gauge_starts_three_quarters_full_and_refills_on_the_ground():
    """Wizard.gd: hover_left = (HOVER_AMOUNT / 4) * 3 = 900 at init; +12 per grounded tick above 250.

    The mirror trace's tick 0 records 912 for both Wizards.
    """
    match = create_match("Wizard", "Wizard", seed=124)
    assert match._core.p1.hover_left == 900
    match.advance()
    assert match.state()["p1"]["res"]["hover_left"] == 912


def test_hover_drains_and_damps_vertical_speed():
    """Wizard.gd tick while hovering in the air: hover_left -25 (hover_drain_amount) and the airborne
    regen -1, so -26 per tick; gravity is skipped (apply_grav) and the vertical speed is multiplied by
    "0.94" while rising (by "0.70" while falling)."""
    match = create_match("Wizard", "Wizard", seed=3)
    wizard = match._core.p1
    _decide(match, ("SuperJump", {"x": 0, "y": -100}))
    for _ in range(30):
        if not wizard.is_grounded() and fixed.lt(wizard.get_vel()["y"], "0"):
            break
        if match.is_waiting():
            _decide(match)
        match.tick()
    assert not wizard.is_grounded()
    wizard.hovering = True  # what the "hover" extra does (process_extra) when can_hover()
    for _ in range(3):
        if match.is_waiting():
            _decide(match, p1_extra=_extra(hover=True))
        before, vy = wizard.hover_left, match.state()["p1"]["vy"]
        assert fixed.lt(vy, "0")
        match.tick()
        assert wizard.hover_left == before - 26
        assert match.state()["p1"]["vy"] == fixed.mul(vy, "0.94")


def test_orb_drains_meter_and_the_drain_grows_every_70_ticks():
    """Wizard.gd: while the orb exists, use_super_meter(2 + orb_accumulator) every tick; orb_duration
    counts the ticks and orb_accumulator grows by 1 whenever orb_duration % 70 == 0.

    Orb.gd spawns the orb on frame 6 at (-10, -56) from the Wizard; the move needs 3 bars
    (super_level 3) but spends none (supers_used 0).
    """
    assert _state("Orb")["props"]["super_level"] == 3 and _state("Orb")["props"]["supers_used"] == 0
    match = create_match("Wizard", "Wizard", seed=5, settings={"starting_meter": "3"})
    core = match._core
    wizard = core.p1
    assert wizard.supers_available == 3 and wizard.super_meter == 0
    _decide(match, ("Orb", None), ("Wait", None))
    while wizard.orb_projectile is None:
        match.tick()
    orb = core.objs_map[wizard.orb_projectile]
    assert orb.scene == WIZARD + "orb/Orb.tscn"
    assert orb.get_pos() == {"x": wizard.get_pos()["x"] - 10, "y": -56}
    # The first drain happens in the spawn tick: 3 bars of 125 become 2 bars and 123 meter.
    assert (wizard.supers_available, wizard.super_meter, wizard.orb_duration) == (2, 123, 1)
    total = 3 * 125 - 2
    for duration in range(2, 131):  # 69 drains of 2, then 60 of 3: 318 of the 373 left
        if match.is_waiting():
            _decide(match, ("Continue", None), ("Continue", None))
        match.tick()
        drain = 2 + (duration - 1) // 70  # the accumulator grows after the drain of ticks 70, 140
        total -= drain
        assert wizard.orb_duration == duration
        assert wizard.supers_available * 125 + wizard.super_meter == total


def test_geyser_charges_from_draw_moisture_combo_starts_and_parries():
    """Wizard.gd: add_geyser_charge caps at 3; incr_combo adds one when a combo starts (combo_count < 1,
    not a projectile, the Wizard's state neither a Geyser nor a Burst); on_parried adds one.
    DrawMoisture (CharacterState.gd) adds one on its frame 12."""
    match = create_match("Wizard", "Wizard", seed=9)
    wizard = match._core.p1
    assert wizard.geyser_charge == 0
    wizard.incr_combo()  # combo 0 -> 1 in Start: a combo start
    assert (wizard.combo_count, wizard.geyser_charge) == (1, 1)
    wizard.incr_combo()  # combo 1 -> 2: nothing
    assert wizard.geyser_charge == 1
    wizard.reset_combo()
    wizard.incr_combo(projectile=True)  # a projectile's hit starts no charge
    assert wizard.geyser_charge == 1
    wizard.on_parried()
    assert wizard.geyser_charge == 2
    wizard.get_state("DrawMoisture").frame_12()
    assert wizard.geyser_charge == 3
    wizard.add_geyser_charge()
    assert wizard.geyser_charge == 3


# ---------------------------------------------------------------------- Geyser and the swept hitbox
def _swept(to_x: int, to_y: int, facing: str = "Right") -> SweptHitbox:
    """Geyser's Hitbox1 (Wizard.tscn: x 0, y -16, half-size 18x18) at the origin."""
    props = _state("Geyser")["children"][0]["props"]
    box = SweptHitbox("Hitbox1", props, None, None)
    box.to_x, box.to_y = to_x, to_y
    box.facing = facing
    box.update_position(0, 0)
    return box


def _box(x: int, y: int, half: int = 10) -> CollisionBox:
    box = CollisionBox(0, 0, half, half)
    box.update_position(x, y)
    return box


def test_geyser_levels_from_the_script():
    """Geyser.gd frame 0: level = charges - 1 picks the distance 300/400/500, damage 130/150/170, minimum
    damage 0/50/80, plus frames 1/3/4, proration 6/5/4 and arms only that level's swept hitbox."""
    match = create_match("Wizard", "Wizard", seed=11)
    wizard = match._core.p1
    wizard.geyser_charge = 2
    _decide(match, ("Geyser", {"Charge": {"count": 2}, "Direction": {"x": 60, "y": -80}}))
    match.tick()
    state = wizard.current_state()
    assert state.name == "Geyser"
    boxes = [state.get_child(f"Hitbox{i}") for i in (1, 2, 3)]
    assert [b.activated for b in boxes] == [False, True, False]
    armed = boxes[1]
    assert (armed.damage, armed.minimum_damage, armed.plus_frames, armed.damage_proration) == (150, 50, 3, 5)
    # Direction (60, -80) / 100 = (0.6, -0.8) (fixed point), times 400 = (240, -320) after rounding.
    assert (armed.to_x, armed.to_y) == (240, -320)


def test_swept_hitbox_along_x_reaches_its_length_plus_half_width_in_fixed_point():
    """SweptHitbox.gd, straight horizontal sweep from (0, -16) by 400 px, half-width 18: a box is hit when
    the time its near edge (x1 - 18) is reached, (x1 - 18) * (1 / 400), is below 1 -- in fixed point.

    1 / 400 is the truncating fixed division: raw trunc(65536 / 400) = 163 (yomi.fixed.div), and the
    product floors: near 402 gives 402 * 163 = 65526 < 65536 (t < 1, hit, although 402 > 400);
    near 403 gives 65689 >= 65536 (no hit).  Vertically the start y must lie strictly inside
    (y1 - 18, y2 + 18), as the original's < tests."""
    sweep = _swept(400, 0)
    assert sweep.overlaps(_box(410, -16))  # x1 400: near 382
    assert sweep.overlaps(_box(430, -16))  # x1 420: near 402
    assert not sweep.overlaps(_box(431, -16))  # x1 421: near 403
    # y window: start_y -16 must be strictly inside (y1 - 18, y2 + 18); a box centred at y 12 has
    # y1 = 2, so 2 - 18 = -16 is not < -16.
    assert sweep.overlaps(_box(200, 11))
    assert not sweep.overlaps(_box(200, 12))
    # Facing left mirrors the sweep: to_x_facing() = -400.
    assert _swept(400, 0, "Left").overlaps(_box(-410, -16))
    assert not _swept(400, 0, "Left").overlaps(_box(410, -16))


def test_swept_hitbox_diagonal_uses_the_slab_times():
    """Diagonal sweep from (0, -16) by (300, -300), half-size 18.  Reciprocals: 1/300 and 1/-300 are raw
    218 and -218 (truncating division).  Box [290, 310] x [-326, -306]: near_x = 290 - 18 = 272 ->
    272 * 218 = 59296 (t 0.905); the sweep goes up, so near_y = y2 + 18 = -288 -> (-272) * (-218) =
    59296 and far_y = y1 - 18 = -344 -> 71504 (t 1.091), far_x = 328 -> 71504.  near 0.905 < 1 and
    far 1.091 > 0: hit.  Box [330, 350] x [-366, -346]: near_x = 312 -> 68016 (t 1.038): missed.
    Box [290, 310] x [-10, 10] (beside the path): far_y = -28 -> 2616 (t 0.04) is before
    near_x (0.905): missed."""
    sweep = _swept(300, -300)
    assert sweep.overlaps(_box(300, -316))
    assert not sweep.overlaps(_box(340, -356))
    # A box beside the path (in reach of x but not of y at the same time) is missed.
    assert not sweep.overlaps(_box(300, 0))
    # The segment starting inside the box is a hit at t 0.
    assert sweep._seg_rect_intersect(_box(0, -16)) == "0"


def test_zero_swept_hitbox_is_a_plain_box():
    """to (0, 0): SweptHitbox.gd falls back to the AABB test (inclusive edges)."""
    sweep = _swept(0, 0)
    assert sweep.overlaps(_box(28, -16))  # 28 - 10 = 18 touches the box's right edge 18
    assert not sweep.overlaps(_box(29, -16))


def test_swept_hitbox_never_overlaps_another_swept_hitbox():
    """Quirk kept (SweptHitbox.gd): a swept box tested against another swept box asks the other for
    its AABB and gets nothing, so the game's test stops on a script error, which Godot 3.6 hands the
    caller as null: no overlap.  The other pairs keep their tests: swept against plain sweeps, plain
    against swept refuses (CollisionBox.gd), plain against plain compares the AABBs.  The other swept
    box here covers exactly the AABB of the plain box that the sweep does hit.
    Wizard_vs_Wizard_directed_sp_brace_s58 makes this test three times, the three script errors the
    game logged at SweptHitbox.gd:80 while recording it."""
    sweep = _swept(400, 0)
    other = _swept(0, 0)
    other.update_position(200, 0)
    plain = _box(200, -16, 18)
    assert other.get_aabb() == plain.get_aabb() == (182, 218, -34, 2)
    assert sweep.overlaps(plain)
    assert not sweep.overlaps(other)
    assert not other.overlaps(sweep)
    assert not plain.overlaps(sweep)
    assert plain.overlaps(_box(228, -16))  # edges meet at x 218: inclusive
    assert not plain.overlaps(_box(229, -16))


def test_geyser_against_geyser_trades_instead_of_clashing():
    """Both Wizards Geyser at each other (level 1, 300 px) 200 px apart: each sweep crosses the other's
    swept box, but swept boxes never overlap each other (the quirk above) and the Geyser state has no
    limb hurtbox for the clash test to try next, so there is no clash: both hits land on tick 14.
    Wizard_vs_Wizard_directed_sp_s1 is the game's record of this opening: both Wizards in HurtAerial
    with 1357 hp at tick 14."""
    match = create_match("Wizard", "Wizard", seed=3, settings={"infinite_resources": True, "char_distance": 100})
    _decide(match, ("Geyser", {"Charge": {"count": 1}, "Direction": {"x": 100, "y": 0}}),
            ("Geyser", {"Charge": {"count": 1}, "Direction": {"x": -100, "y": 0}}))
    while match.current_tick < 14:
        match.tick()
    state = match.state()
    assert (state["p1"]["state"], state["p2"]["state"]) == ("HurtAerial", "HurtAerial")
    assert (state["p1"]["hp"], state["p2"]["hp"]) == (1357, 1357)


def test_geyser_trade_trace_identical():
    """Wizard_vs_Wizard_directed_sp_s1 (the evidence for the swept-box quirk): both Wizards Geyser at
    each other at ticks 0 and 37, 200 px apart.  While recording it the game logged three script errors
    at SweptHitbox.gd:80, one per test of a swept box against the other Wizard's (the engines make the
    same three tests), and recorded both Wizards hit at tick 14.  A reading that lets the sweep see
    the other swept box finds an overlap in the first of those tests, clashes the Geysers instead and
    leaves the trace at tick 14 (P1 still in Geyser)."""
    report = replay(trace_file("Wizard_vs_Wizard_directed_sp_s1.jsonl.gz"), "python", set())
    assert report.divergence is None, str(report.divergence)
    assert report.ticks_ok == report.ticks_total == 62
    assert report.legal_ok == report.legal_total > 0
    assert report.end_ok


# ---------------------------------------------------------------------- telekinesis
BOULDERS = [WIZARD + "telekinesis/TelekinesisBoulder.tscn", WIZARD + "telekinesis/TelekinesisBoulder2.tscn",
            WIZARD + "telekinesis/TelekinesisBoulder.tscn", WIZARD + "telekinesis/TelekinesisBoulder2.tscn",
            WIZARD + "telekinesis/TelekinesisBoulder3.tscn"]
SILLY_ITEMS = [WIZARD + "telekinesis/TelekinesisPebble.tscn", WIZARD + "telekinesis/TelekinesisBomb.tscn",
               WIZARD + "telekinesis/TelekinesisTire.tscn", WIZARD + "telekinesis/TelekinesisFruit.tscn"]


def _expected_telekinesis_draw(rng_state: int, own_hash: int, opp_hash: int) -> str:
    """ConjurePebble.gd frame 1 by hand.

    Before each draw BaseObj.hash_rng reseeds: seed := hash(state + hash(F) + hash(O)).  Then
    randi_choice(BOULDERS) (BetterRng.choose: index randi() % 5 - 1, -1 the last), randi_percent(15)
    (randi_range(0, 99) < 15) and, if it succeeds, randi_weighted_choice over the silly items with
    weights 3, 3, 5, 3 (randi_range(0, 14), walked with rnd <= weight)."""
    input_hash = godot_hash(own_hash) + godot_hash(opp_hash)
    rng = BetterRng()
    rng.state = rng_state

    def reseed():
        rng.seed = godot_hash(wrap64(rng.state + input_hash))

    reseed()
    index = rng.randi() % 5 - 1
    scene = BOULDERS[index]
    reseed()
    if rng.randi_range(0, 99) < 15:
        reseed()
        rnd = rng.randi_range(0, 3 + 3 + 5 + 3)
        for item, weight in zip(SILLY_ITEMS, (3, 3, 5, 3)):
            if rnd <= weight:
                return item
            rnd -= weight
    return scene


def test_telekinesis_draws_from_the_reseeded_logic_rng():
    """The engine's frame 1 against the hand-made draw for 300 RNG states, with the fighters' state
    hashes pinned (1234 and 5678): both branches (boulder, weighted silly item) occur."""
    match = create_match("Wizard", "Wizard", seed=77)
    wizard = match._core.p1
    wizard.get_state_hash = lambda: 1234
    wizard.opponent.get_state_hash = lambda: 5678
    state = wizard.get_state("Telekinesis")
    seen = set()
    for rng_state in range(1, 3001, 10):
        wizard.logic_rng.state = rng_state
        state.frame_1()
        expected = _expected_telekinesis_draw(rng_state, 1234, 5678)
        assert state.projectile_scene == expected, rng_state
        seen.add(expected)
    assert set(BOULDERS) <= seen and len(seen & set(SILLY_ITEMS)) >= 2


def _held_boulder(match, monkeypatch, scene: str):
    """Conjure ``scene`` with Telekinesis (the draw pinned to it) and return the held object."""
    core = match._core
    wizard = core.p1
    monkeypatch.setattr(wizard, "randi_choice", lambda choices: scene)
    monkeypatch.setattr(wizard, "randi_percent", lambda n: False)
    _decide(match, ("Telekinesis", None), ("Wait", None))
    while wizard.boulder_projectile is None:
        match.tick()
    return core.objs_map[wizard.boulder_projectile]


def test_telekinesis_spawns_the_boulder_ahead_and_holds_it(monkeypatch):
    """Telekinesis (Wizard.tscn): 1 bar, projectile on frame 6 at (32, -12); the Wizard holds it
    (boulder_projectile); telekinesis/Default.gd then moves it 8 % of the way per tick toward
    (Wizard x + 20 * facing, Wizard y - 55), rounded."""
    props = _state("Telekinesis")["props"]
    assert (props["super_level"], props["projectile_tick"], props["projectile_pos_x"],
            props["projectile_pos_y"]) == (1, 6, 32, -12)
    match = create_match("Wizard", "Wizard", seed=2, settings={"starting_meter": "1"})
    wizard = match._core.p1
    boulder = _held_boulder(match, monkeypatch, BOULDERS[0])
    assert wizard.supers_available == 0
    x0 = wizard.get_pos()["x"]
    assert boulder.get_pos() == {"x": x0 + 32, "y": -12}
    match.tick()  # objects tick first: the boulder's first hold frame moves it
    assert wizard.get_pos() == {"x": x0, "y": 0}
    # Target (x0 + 20, -55).  lerp(x0 + 32, x0 + 20, 0.08) = x0 + 32 - 0.96 -> rounds to x0 + 31;
    # lerp(-12, -55, 0.08) = -15.44 -> -15.
    assert boulder.get_pos() == {"x": x0 + 31, "y": -15}
    match.tick()  # x: -11 * 0.08 = -0.88 -> x0 + 30.12 rounds to x0 + 30; y: -15 - 40 * 0.08 = -18.2 -> -18
    assert boulder.get_pos() == {"x": x0 + 30, "y": -18}


def test_launch_and_redirect_need_a_held_or_flying_boulder(monkeypatch):
    """Launch.gd is_usable: Launch needs a boulder not yet launched, Redirect (SuperLaunch) one in its
    Launch state; without a boulder neither is usable."""
    match = create_match("Wizard", "Wizard", seed=1, settings={"starting_meter": "2"})  # Redirect: 1 bar
    wizard = match._core.p1
    launch, redirect = wizard.get_state("Launch"), wizard.get_state("SuperLaunch")
    assert not launch.is_usable() and not redirect.is_usable()
    boulder = _held_boulder(match, monkeypatch, BOULDERS[0])
    assert launch.is_usable() and not redirect.is_usable()
    boulder.launch({"x": "1", "y": "0"})
    boulder.tick()
    assert boulder.current_state().name == "Launch"
    assert redirect.is_usable() and not launch.is_usable()


def test_boulder_launch_velocity(monkeypatch):
    """BoulderFling.gd: entering Launch resets momentum and applies data dir * speed (TelekinesisBoulder
    Launch: speed "17", gravity "0.45"); the frame's gravity (apply_grav) is added, then
    apply_forces_no_limit moves it: velocity (17, 0.45).  limit_speed(17) reads the cached velocity of
    the previous update_data (the held boulder's), so it does not cap this first tick."""
    doc = _object(BOULDERS[0])
    assert doc["states"]["Launch"]["props"]["speed"] == "17" and doc["root"]["props"]["gravity"] == "0.45"
    match = create_match("Wizard", "Wizard", seed=2, settings={"starting_meter": "1"})
    boulder = _held_boulder(match, monkeypatch, BOULDERS[0])
    match.tick()  # one hold frame: airborne, still
    boulder.launch({"x": "1", "y": "0"})
    boulder.tick()
    assert boulder.get_vel() == {"x": "17", "y": "0.45"}
    assert boulder.current_state().get_child("Hitbox").damage == 105


def test_fruit_heals_whoever_it_hits(monkeypatch):
    """TelekinesisFruit.gd hit_action: +20 hp (HEAL_AMOUNT) to the fighter it hits, then it breaks."""
    match = create_match("Wizard", "Wizard", seed=3, settings={"starting_meter": "1"})
    core = match._core
    fruit = _held_boulder(match, monkeypatch, SILLY_ITEMS[3])
    victim = core.p2
    victim.hp = 1000
    fruit.hit_action(victim)
    assert victim.hp == 1020


def test_bomb_explodes_after_its_fuse(monkeypatch):
    """TelekinesisBomb.gd: disabled once its tick counter passes explode_tick (60, TelekinesisBomb.tscn);
    TelekinesisProjectile.disable spawns disable_obj, the TelekinesisBombExplosion (200 damage), at the
    bomb, and frees the Wizard's hands."""
    doc = _object(SILLY_ITEMS[1])
    assert doc["root"]["props"]["explode_tick"] == 60
    assert doc["root"]["props"]["disable_obj"] == WIZARD + "telekinesis/TelekinesisBombExplosion.tscn"
    match = create_match("Wizard", "Wizard", seed=4, settings={"starting_meter": "1"})
    core = match._core
    wizard = core.p1
    bomb = _held_boulder(match, monkeypatch, SILLY_ITEMS[1])
    while not bomb.disabled:
        if match.is_waiting():
            _decide(match)
        match.tick()
    assert bomb.current_tick == 61
    explosion = core.objects[-1]
    assert explosion.scene == WIZARD + "telekinesis/TelekinesisBombExplosion.tscn"
    assert explosion.get_pos() == bomb.get_pos()
    assert wizard.boulder_projectile is None


# ---------------------------------------------------------------------- flame wave, vile clutch, spark bomb
def test_flame_wave_cooldown_after_the_wave_ends():
    """FlameWave.gd frame 9 spawns the wave 40 px ahead, 16 up, and locks the move; the wave
    (FlameWave.tscn, lifetime 60: it fizzles when its state's tick reaches 60) gives it back when it
    fizzles, and its disable sets the 30-tick cooldown, counted down once per Wizard tick."""
    assert _object(WIZARD + "FlameWave.tscn")["states"]["Default"]["props"]["lifetime"] == 60
    match = create_match("Wizard", "Wizard", seed=4)
    core = match._core
    wizard = core.p1
    _decide(match, ("FlameWave", None), ("Wait", None))
    while not core.objects:
        match.tick()
    wave = core.objects[0]
    assert wave.get_pos() == {"x": wizard.get_pos()["x"] + 40, "y": -16}
    assert not wizard.can_flame_wave and not wizard.get_state("FlameWave").is_usable()
    while not wave.disabled:
        if match.is_waiting():
            _decide(match, ("Continue", None), ("Continue", None))
        match.tick()
    assert wizard.can_flame_wave
    # The wave ticks before the fighters: the cooldown set by its disable is counted down in the
    # same tick's Wizard upkeep.
    assert wizard.flame_wave_cooldown == 29
    assert wave.current_state().current_tick == 60
    match.advance()
    assert not wizard.get_state("FlameWave").is_usable()  # cooling down


def test_vile_clutch_lands_at_the_slider_distance():
    """VileClutch.gd get_projectile_pos: x = round(slider / 100 * 500) * facing + own x, y = 0, placed in
    world coordinates on frame 8; the move is locked until the grasp ends (lifetime 32)."""
    match = create_match("Wizard", "Wizard", seed=6)
    core = match._core
    wizard = core.p1
    _decide(match, ("VileClutch", {"x": 50}), ("Wait", None))
    while not core.objects:
        match.tick()
    clutch = core.objects[0]
    assert clutch.get_pos() == {"x": wizard.get_pos()["x"] + 250, "y": 0}
    assert not wizard.can_vile_clutch
    assert _object(WIZARD + "VileClutch.tscn")["states"]["Default"]["props"]["lifetime"] == 32
    while not clutch.disabled:
        if match.is_waiting():
            _decide(match, ("Continue", None), ("Continue", None))
        match.tick()
    assert wizard.can_vile_clutch


def test_spark_bomb_costs_two_bars_and_its_blast_grants_spark_speed():
    """EnergyBomb.gd (SparkBomb, super_level 2) throws SparkBomb.tscn on frame 7 at (40, -16), registered
    with the Wizard.  SparkBombExplode.gd frame 2 adds SPARK_SPEED_FRAMES = 70."""
    assert _state("SparkBomb")["props"]["super_level"] == 2
    assert (_state("SparkBomb")["props"]["projectile_tick"], _state("SparkBomb")["props"]["projectile_pos_x"],
            _state("SparkBomb")["props"]["projectile_pos_y"]) == (7, 40, -16)
    match = create_match("Wizard", "Wizard", seed=8, settings={"starting_meter": "2"})
    core = match._core
    wizard = core.p1
    _decide(match, ("SparkBomb", None), ("Wait", None))
    match.tick()
    assert wizard.supers_available == 0
    while not core.objects:
        match.tick()
    bomb = core.objects[0]
    assert wizard.spark_bombs == [bomb.obj_name]
    assert bomb.get_pos() == {"x": wizard.get_pos()["x"] + 40, "y": -16}
    bomb.change_state("Explode")
    for _ in range(3):  # frames 0, 1 (the push), 2 (the speed)
        bomb.tick()
    assert wizard.spark_speed_frames == 70


def test_spark_speed_and_its_swapped_restore():
    """Wizard.gd tick: while spark_speed_frames > 0 the max speeds are 20 (ground) and 25 (air), the dash
    speed 12 and the jumps' x_modifier "1.5"; the count drops once per tick out of hitlag.  When it runs
    out the dash and jumps are restored, but the speeds are restored swapped (Quirk kept): max ground
    speed := the air speed (Wizard.tscn max_air_speed "8") and max air speed := the ground speed ("9")."""
    props = load_table("wizard.json")["fighter"]["props"]
    assert (props["max_ground_speed"], props["max_air_speed"]) == ("9", "8")
    match = create_match("Wizard", "Wizard", seed=12)
    wizard = match._core.p1
    default_dash = wizard.get_state("DashForward").dash_speed
    _decide(match, ("Wait", None), ("Wait", None))
    wizard.spark_speed_frames = 2
    match.tick()
    body = wizard.chara
    assert wizard.spark_speed_frames == 1
    assert (body.max_ground_speed_raw, body.max_air_speed_raw) == (fx.parse("20"), fx.parse("25"))
    assert wizard.get_state("DashForward").dash_speed == 12
    assert wizard.get_state("Jump").x_modifier == "1.5"
    match.tick()
    assert wizard.spark_speed_frames == 0
    assert (body.max_ground_speed_raw, body.max_air_speed_raw) == (fx.parse("8"), fx.parse("9"))
    assert wizard.get_state("DashForward").dash_speed == default_dash
    assert wizard.get_state("DoubleJump").x_modifier == "1.0"


# ---------------------------------------------------------------------- the orb's attacks
def test_moves_trigger_the_orb_after_their_delay():
    """WizardState.gd: on a move's second tick the orb schedules the move's trigger_orb_type after
    trigger_orb_delay orb ticks (TomeSlap: OrbDart after 12); Orb.gd spawn_orb_dart aims at the
    opponent's hurtbox centre."""
    props = _state("TomeSlap")["props"]
    assert (props["trigger_orb_type"], props["trigger_orb_delay"]) == ("OrbDart", 12)
    match = create_match("Wizard", "Wizard", seed=10, settings={"starting_meter": "3"})
    core = match._core
    wizard = core.p1
    _decide(match, ("Orb", None), ("Wait", None))
    while wizard.orb_projectile is None:
        match.tick()
    orb = core.objs_map[wizard.orb_projectile]
    while True:
        match.advance()
        if "TomeSlap" in match.legal_actions(1):
            break
        _decide(match)
    _decide(match, ("TomeSlap", None), ("Continue", None))
    match.tick()  # TomeSlap frame 0
    assert orb.triggered_attacks == {}
    match.tick()  # frame 1: the trigger
    (due, kind), = orb.triggered_attacks.items()
    assert kind == "OrbDart" and due == orb.current_tick + 12
    darts = lambda: [o for o in core.objects if o.scene.endswith("OrbDart.tscn")]  # noqa: E731
    while not darts():
        assert orb.current_tick <= due
        if match.is_waiting():
            _decide(match)
        match.tick()
    assert orb.current_tick == due + 1  # the orb's tick counter advances after its state ran


def test_orb_tether_pulls_toward_the_orb_with_falloff():
    """OrbTether.gd frame 0: lifts the Wizard 1 px off the ground and sets tether_ticks = 90.  Wizard.gd
    then pulls an airborne Wizard toward the orb's hurtbox centre every tick with a force of
    1.5 * 0.95^round((90 - tether_ticks) / 3), and counts tether_ticks down (same tick: 89)."""
    match = create_match("Wizard", "Wizard", seed=13, settings={"starting_meter": "3"})
    core = match._core
    wizard = core.p1
    assert not wizard.get_state("OrbTether").is_usable()  # no orb
    _decide(match, ("Orb", None), ("Wait", None))
    while True:
        match.advance()
        if "OrbTether" in match.legal_actions(1):
            break
        _decide(match)
    orb = core.objs_map[wizard.orb_projectile]
    _decide(match, ("OrbTether", None), ("Continue", None))
    match.tick()
    assert wizard.current_state().name == "OrbTether"
    assert wizard.tether_ticks == 89
    assert match.state()["p1"]["py"] == -1 and not wizard.is_grounded()
    # The pull, computed the way Wizard.gd does from the hurtbox centres, for two tether counts:
    # 90 -> power round(0 / 3) = 0, force 1.5; 60 -> power round(30 / 3) = 10, force 1.5 * 0.95^10.
    for tether_ticks, power in ((90, 0), (60, 10)):
        wizard.tether_ticks = tether_ticks
        wizard.chara.accel_x_raw = wizard.chara.accel_y_raw = 0
        wizard._tether_tick()
        to_orb = {"x": orb.get_hurtbox_center()["x"] - wizard.get_hurtbox_center()["x"],
                  "y": orb.get_hurtbox_center()["y"] - wizard.get_hurtbox_center()["y"]}
        assert to_orb["y"] < 0  # the orb floats above
        strength = fixed.mul("1.5", fixed.powu("0.95", power))
        pull = fixed.normalized_vec_times(str(to_orb["x"]), str(to_orb["y"]), strength)
        assert (fx.to_str(wizard.chara.accel_x_raw), fx.to_str(wizard.chara.accel_y_raw)) == (pull["x"], pull["y"])
        assert wizard.tether_ticks == tether_ticks - 1
