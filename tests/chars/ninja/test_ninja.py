"""The Ninja's moves, objects and resources (``states/ninja/``).

Every expectation is a number of the game: a value recorded in a trace, a value of the
extracted tables, or a hand calculation from the game script's constants (explained where
it is made; fixed-point steps are spelled with ``FixedMath``, the game's own arithmetic,
which ``test_fixed`` checks against the game library).  The engine's own output is never
fed back as an expectation.
"""
from __future__ import annotations

import pytest

from support.data import trace_file
from integration.engine import create_match
from integration.tools.parity.trace import replay
from states.data import load_table
from yomi.fixed import FixedMath as fixed
from yomi.hitbox import HitboxData

MIRROR = trace_file("Ninja_vs_Ninja_s100.jsonl.gz")
PROJECTILES = "characters/stickman/projectiles/"


def _extra(**ninja) -> dict:
    extra = {"DI": {"x": 0, "y": 0}, "reverse": False, "feint": False, "prediction": -1, "explode": False,
             "pull": False, "detach": False, "release": False, "release_dir": {"x": 0, "y": 0}}
    extra.update(ninja)
    return extra


def _decide(match, p1=("Continue", None), p2=("Continue", None), p1_extra=None, p2_extra=None) -> None:
    match.advance()
    match.submit(1, p1[0], p1[1], p1_extra or _extra())
    match.submit(2, p2[0], p2[1], p2_extra or _extra())


def _tick(match, n: int = 1) -> None:
    """n ticks, holding (Continue) at every decision on the way."""
    for _ in range(n):
        if match.is_waiting():
            match.submit(1, "Continue", None, _extra())
            match.submit(2, "Continue", None, _extra())
        match.tick()


def _state(name: str) -> dict:
    return load_table("ninja.json")["states"][name]


def _object_table(scene: str) -> dict:
    return load_table("objects.json")["objects"][PROJECTILES + scene]


def _objects(match, scene: str) -> list:
    return [o for o in match._core.objects if o.scene == PROJECTILES + scene]


def _start(seed: int = 1, **settings):
    """A Ninja mirror match after the first decision was taken (both fighters in Wait)."""
    match = create_match("Ninja", "Ninja", seed=seed, settings=settings or None)
    match.advance()
    return match


# ---------------------------------------------------------------------- the recordings
def test_mirror_trace_identical():
    """Ninja_vs_Ninja_s100: every tick, every legal-move list and the end as Godot recorded them."""
    report = replay(MIRROR, "python", set())
    assert report.divergence is None, str(report.divergence)
    assert report.ticks_ok == report.ticks_total == 2739
    assert report.legal_ok == report.legal_total == 418
    assert report.end_ok


@pytest.mark.slow
@pytest.mark.parametrize("name", ["Ninja_vs_Wizard_s104", "Wizard_vs_Ninja_s120", "Ninja_vs_Robot_s106",
                                  "Robot_vs_Ninja_s130", "Ninja_vs_Mutant_s108", "Mutant_vs_Ninja_s140",
                                  "Ninja_vs_Cowboy_s102", "Cowboy_vs_Ninja_s110"])
def test_full_traces_against_the_others(name):
    """Every tick of the Ninja's full traces against the other four (the Cowboy's own legal-move
    lists are that port's business and are not compared here)."""
    path = trace_file(f"{name}.jsonl.gz")
    report = replay(path, "python", {"Cowboy"})
    assert report.divergence is None, str(report.divergence)
    assert report.ticks_ok == report.ticks_total
    assert report.legal_ok == report.legal_total


# ---------------------------------------------------------------------- shuriken and Stackriken
def test_shuriken_leaves_on_frame_5_after_a_three_tick_hold_and_flies_at_the_aimed_speed():
    """Fireball.gd: frame 3 is replayed STARTUP_LAG = 3 times, the shuriken spawns on frame 5 (the
    9th tick) at (projectile_x, projectile_y) = (16, -22) from the Ninja (tables).  Its speed is
    |aim / 100 x speed_modifier_amount 1.5| = 1.5 times its direction (aim / 100) x GROUNDED_SPEED 7.5:
    aim (100, 0) moves it 11.25 px per tick (ShurikenDefault.gd ``move``), from its first tick on."""
    props = _state("Fireball")["props"]
    assert (props["projectile_x"], props["projectile_y"], props["speed_modifier_amount"]) == (16, -22, "1.5")
    match = _start()
    ninja = match._core.p1
    _decide(match, ("Fireball", {"x": 100, "y": 0}), ("Wait", None))
    _tick(match, 8)
    assert match.state()["p1"]["st"] == 4 and not _objects(match, "StickmanFireball.tscn")
    _tick(match)
    shuriken = _objects(match, "StickmanFireball.tscn")[0]
    assert (shuriken.dir_x, shuriken.dir_y, shuriken.spawn_data) == ("7.5", "0", {"speed_modifier": "1.5"})
    assert match.state()["objects"][0]["x"] == "-39"  # -55 + 16
    xs = []
    for _ in range(3):
        _tick(match)
        xs.append(match.state()["objects"][0]["x"])
    assert xs == ["-27.75", "-16.5", "-5.25"]
    # push_back_amount "-2.0" on the ground at frame 5
    assert match.state()["p1"]["vx"] != "0" and ninja.get_state("Fireball").projectile_spawned


def _shuriken(match, ninja, x: int, y: int, speed: str = "1.5"):
    """A shuriken as Fireball.gd frame 5 makes one (aim (100, 0): direction 7.5 x facing)."""
    shuriken = ninja.spawn_object(PROJECTILES + "StickmanFireball.tscn", x, y, True, {"speed_modifier": speed})
    shuriken.dir_x = fixed.mul("7.5", str(ninja.get_facing_int()))
    shuriken.dir_y = "0"
    match._core.initialize_objects()  # as the tick that spawns it does (game.gd initialize_objects)
    return shuriken


def test_two_touching_shuriken_fuse_into_a_stackriken():
    """ShurikenDefault.gd: two of the Ninja's shuriken whose hurtboxes overlap both vanish and spawn a
    Stackriken pushed by 0.9 x the sum of their velocities, 0.9 x (11.25 + 11.25), in fixed point:
    "0.9" is 58982 / 65536, so the push is 22.5 x that = 20.24986.
    Stackriken.gd init marks the Ninja's ``stackriken_out``; it has the scene's 3 hits of 60 damage."""
    match = _start()
    core = match._core
    ninja = core.p1
    first = _shuriken(match, ninja, 16, -40)
    second = _shuriken(match, ninja, 20, -40)
    _tick(match)
    assert first.disabled and second.disabled
    [stackriken] = _objects(match, "Stackriken.tscn")
    assert (stackriken.force_x, stackriken.force_y) == (fixed.mul("22.5", "0.9"), "0") == ("20.24986", "0")
    assert ninja.stackriken_out and ninja.res()["stackriken_out"] is True
    default = _object_table("Stackriken.tscn")["states"]["Default"]
    assert default["props"]["num_hits"] == 3 and default["children"][0]["props"]["damage"] == 60
    # While it is out, new pairs do not fuse (stackriken_out), they pass through each other.
    third, fourth = _shuriken(match, ninja, 16, -80), _shuriken(match, ninja, 20, -80)
    _tick(match)
    assert not third.disabled and not fourth.disabled and len(_objects(match, "Stackriken.tscn")) == 1


def test_stackriken_shrinks_and_weakens_after_its_grace_period():
    """StackrikenDefault.gd, 45 frames after the 20-frame grace period of a 110-frame life:
    ratio = 0.5 + (1 - 45 / 90) x 0.5 = 0.75 (exact in fixed point), so the hitbox (21 x 16) becomes
    round(15.75) x 12 = 16 x 12, the hurtbox (26 x 20) round(19.5) x 15 = 20 x 15, and the damage
    60 - 45 / 5 = 51."""
    match = _start()
    ninja = match._core.p1
    _shuriken(match, ninja, 16, -200)
    _shuriken(match, ninja, 20, -200)
    _tick(match)
    [stackriken] = _objects(match, "Stackriken.tscn")
    state = stackriken.current_state()
    state.current_tick = 64  # the next tick is its frame 65
    _tick(match)
    assert state.current_tick == 65 and not stackriken.disabled
    hitbox = state.get_child("Hitbox")
    assert (hitbox.width, hitbox.height, hitbox.damage) == (16, 12, 51)
    assert (stackriken.hurtbox.width, stackriken.hurtbox.height) == (20, 15)
    stackriken.disable()
    assert not ninja.stackriken_out  # Stackriken.gd disable


# ---------------------------------------------------------------------- sticky bomb
def test_sticky_bomb_is_thrown_on_frame_15_and_explodes_10_ticks_after_the_explode_extra():
    """StickyBomb.gd: the bomb spawns on frame 15 at (20, 0) from the Ninja and is pushed by normalized
    (0, 1.15) x 15 = (0, 15) -- a downward push on a body that still counts as grounded, which drops
    it, so the bomb only falls with its gravity 0.28 (tables): velocities 0, 0.28, 0.56 on its first
    ticks, as the game records for every thrown bomb (Ninja_vs_Ninja_s100 ticks 697-700).
    StickyBombDefault.gd counts explode_ticks = 10 down after ``explode`` (the extra; it frees the
    Ninja's bomb at once), then Explode (80 damage, tables) disables it on its frame 15."""
    match = _start(char_distance=300)  # far enough for the move's ThrowBox to miss
    ninja = match._core.p1
    _decide(match, ("StickyBomb", True), ("Wait", None))
    while not _objects(match, "StickyBomb.tscn"):
        _tick(match)
    assert ninja.get_state("StickyBomb").current_tick == 15
    [bomb] = _objects(match, "StickyBomb.tscn")
    assert ninja.bomb_thrown and ninja.bomb_projectile == bomb.obj_name
    assert not ninja.get_state("StickyBomb").is_usable()  # StickyBomb.gd is_usable: not bomb_thrown
    falls = []
    for _ in range(3):
        _tick(match)
        falls.append(match.state()["objects"][0]["vy"])
    assert falls == ["0", "0.28", "0.56"]
    match.advance()
    match.submit(1, "Continue", None, _extra(explode=True))
    match.submit(2, "Continue", None, _extra())
    _tick(match)
    assert bomb.detonating and not ninja.bomb_thrown and ninja.bomb_projectile is None
    # Objects tick before the fighters read their extras: the countdown starts on the next tick; its
    # 10th step asks for Explode, which the bomb's machine enters on the tick after.
    for _ in range(10):
        _tick(match)
        assert bomb.current_state().name == "Default"
    assert bomb.current_state().explode_ticks == 0
    _tick(match)
    assert bomb.current_state().name == "Explode"
    assert bomb.current_state().get_child("Hitbox").damage == 80
    _tick(match, 15)
    assert bomb.disabled and bomb.current_state().current_tick == 15


def test_sticky_bomb_left_alone_big_explodes_after_120_frames():
    """StickyBombDefault.gd: past frame 120 the bomb changes to BigExplode (100 damage, tables)."""
    match = _start()
    ninja = match._core.p1
    bomb = ninja.spawn_object(PROJECTILES + "StickyBomb.tscn", -300, -100, False)
    ninja.bomb_thrown, ninja.bomb_projectile = True, bomb.obj_name
    _tick(match, 121)
    assert bomb.current_state().name == "Default" and bomb.current_state().current_tick == 120
    _tick(match)
    assert bomb.current_state().name == "BigExplode" and not ninja.bomb_thrown
    assert bomb.current_state().get_child("Hitbox").damage == 100


def test_a_hit_on_the_ninja_takes_his_bomb_away():
    """Stickman.gd on_got_hit: a thrown bomb is disabled and forgotten."""
    match = _start()
    ninja = match._core.p1
    bomb = ninja.spawn_object(PROJECTILES + "StickyBomb.tscn", -300, -100, False)
    ninja.bomb_thrown, ninja.bomb_projectile = True, bomb.obj_name
    ninja.emit_got_hit()
    assert bomb.disabled and not ninja.bomb_thrown and ninja.bomb_projectile is None


# ---------------------------------------------------------------------- summons
def test_kunai_summon_throws_three_kunai_on_its_frame_23_and_leaves_on_frame_45():
    """Summon.gd: a sideways aim spawns the kunai thrower on the move's frame 4 at (SPAWN_X 2,
    SPAWN_Y -16 - 1) (-1: no vertical aim) and locks ``can_summon_kunai``.  StickmanSummonKunai.gd
    throws on its frame 23 three kunai turned by (-2, -1, 0) x 20 degrees, which DirProjectileDefault
    moves 15 px a tick (Kunai.tscn ``move_speed``), and on frame 45 vanishes and frees the summon."""
    assert _object_table("Kunai.tscn")["states"]["Default"]["props"]["move_speed"] == "15.0"
    match = _start(char_distance=300)
    ninja = match._core.p1
    _decide(match, ("Summon", {"x": 1, "y": 0}), ("Wait", None))
    _tick(match, 4)
    assert ninja.can_summon_kunai and not _objects(match, "StickmanSummonKunai.tscn")
    home = ninja.get_pos()
    _tick(match)
    [summon] = _objects(match, "StickmanSummonKunai.tscn")
    assert not ninja.can_summon_kunai and ninja.can_summon_kick
    spawned = match.state()["objects"][0]
    assert (spawned["px"], spawned["py"]) == (home["x"] + 2, home["y"] - 17)
    while not _objects(match, "Kunai.tscn"):
        _tick(match)
    assert summon.current_state().current_tick == 23
    kunai = _objects(match, "Kunai.tscn")
    assert len(kunai) == 3
    ys = [fixed.sign(k.current_state().data["dir"]["y"]) for k in kunai]
    assert ys == [-1, -1, 0]  # -40 and -20 degrees go up, 0 flies level
    level = kunai[2]
    before = level.get_pos()
    _tick(match)
    after = level.get_pos()
    assert (after["x"] - before["x"], after["y"] - before["y"]) == (15, 0)
    while not summon.disabled:
        _tick(match)
    assert summon.current_state().current_tick == 45 and ninja.can_summon_kunai


def test_slide_summon_drops_then_slides_for_40_frames():
    """Summon.gd: a vertical aim (x 0) spawns the slide clone and locks ``can_summon_kick``;
    StickmanSummonSlide.gd falls until grounded, then Slide (enter force 11 forward, 80 damage)
    and StickmanSummonSlideKick.gd ends it past frame ACTIVE_FRAMES = 40, freeing the summon."""
    slide = _object_table("StickmanSummonSlide.tscn")["states"]["Slide"]
    assert slide["props"]["enter_force_speed"] == "11.0" and slide["children"][0]["props"]["damage"] == 80
    match = _start(char_distance=300)
    ninja = match._core.p1
    _decide(match, ("Summon", {"x": 0, "y": 1}), ("Wait", None))
    _tick(match, 5)
    [summon] = _objects(match, "StickmanSummonSlide.tscn")
    assert not ninja.can_summon_kick and ninja.can_summon_kunai
    # Summon.gd is_usable: (usable and can_summon_kunai) or can_summon_kick -- still offered (kunai)
    assert ninja.get_state("Summon").is_usable()
    while summon.current_state().name != "Slide":
        _tick(match)
    while not summon.disabled:
        assert not ninja.can_summon_kick
        _tick(match)
    assert summon.current_state().current_tick == 41 and ninja.can_summon_kick


def test_summon_stays_offered_while_the_kick_is_available_quirk():
    """Summon.gd is_usable, GDScript precedence: (usable and can_summon_kunai) or can_summon_kick.
    After a whiff cancel a move without hitboxes is not usable (CharState.gd), yet Summon still is
    while the kick summon is available."""
    match = _start()
    ninja = match._core.p1
    summon = ninja.get_state("Summon")
    _enter(match, ninja, "WhiffInstantCancel")
    assert not summon.has_hitboxes
    ninja.can_summon_kunai, ninja.can_summon_kick = True, False
    assert not summon.is_usable()
    ninja.can_summon_kick = True
    assert summon.is_usable()


# ---------------------------------------------------------------------- grappling hook
def test_grappling_hook_locks_on_the_ground_and_lets_go_after_90_frames():
    """GrapplingHook.gd: the hook leaves on frame 5 (projectile_tick, tables) pushed by the aim / 100 x
    SPEED 15 plus the Ninja's velocity; GrapplingHookDefault.gd locks it when it lands; Locked.gd
    disables it past MAX_LOCK_TIME_TERRAIN = 90 frames (grappling_hook.gd disable frees the Ninja's
    hook).  The move is unusable again until the Ninja touches the ground (used_grappling_hook)."""
    match = _start(char_distance=300)
    ninja = match._core.p1
    _decide(match, ("GrapplingHook", {"x": 100, "y": 20}), ("Wait", None))
    _tick(match, 6)
    [hook] = _objects(match, "grappling_hook.tscn")
    assert ninja.grappling_hook_projectile == hook.obj_name and hook.start_y == 0
    assert not ninja.get_state("GrapplingHook").is_usable()
    _tick(match)
    # first flight tick: the push (aim / 100 x 15, the Ninja stands still) plus its gravity 0.25 (tables)
    push = fixed.vec_mul(*fixed.vec_div("100", "20", "100.0").values(), "15")
    assert (match.state()["objects"][0]["vx"], match.state()["objects"][0]["vy"]) == (
        push["x"], fixed.add(push["y"], "0.25")) == ("15", "3.24995")
    while hook.current_state().name != "Locked":
        _tick(match)
    assert hook.is_locked and hook.attached_to is None
    while not hook.disabled:
        _tick(match)
    assert hook.current_state().current_tick == 91
    assert ninja.grappling_hook_projectile is None
    assert not ninja.used_grappling_hook  # reset every grounded tick (Stickman.gd tick)


def test_hook_pull_drags_the_ninja_toward_the_hook():
    """Stickman.gd tick while ``pulling``: a force of 2 toward the hook every tick, the speed capped at 15
    and the rise at -10; pulling stops in a hurt state and without a hook."""
    match = _start(char_distance=300)
    ninja = match._core.p1
    _decide(match, ("GrapplingHook", {"x": 100, "y": 20}), ("Wait", None))
    _tick(match, 6)
    [hook] = _objects(match, "grappling_hook.tscn")
    while hook.current_state().name != "Locked":
        _tick(match)
    match.advance()
    match.submit(1, "Wait", None, _extra(pull=True))
    match.submit(2, "Continue", None, _extra())
    x0 = ninja.get_pos()["x"]
    _tick(match, 6)
    assert ninja.pulling and fixed.gt(ninja.get_vel()["x"], "0") and ninja.get_pos()["x"] > x0
    hook.disable()
    _tick(match)
    assert not ninja.pulling


# ---------------------------------------------------------------------- caltrops
def test_caltrops_cost_three_bars_and_scatter_three_caltrops_on_frame_6():
    """Caltrops.gd: super_level 3 (tables); on frame 6 three caltrops at (5, -16) pushed by (5, -3),
    (9, -3), (14, -3) (HORIZ_FORCES, VERTICAL_FORCE); their first tick adds their gravity 0.48
    (Caltrops.tscn), so they start at (5 | 9 | 14, -2.52)."""
    assert _state("Caltrops")["props"]["super_level"] == 3
    assert _object_table("Caltrops.tscn")["root"]["props"]["gravity"] == "0.48"
    match = _start(char_distance=250, starting_meter="3")
    ninja = match._core.p1
    assert ninja.supers_available == 3
    _decide(match, ("Caltrops", None), ("Wait", None))
    _tick(match)
    assert ninja.supers_available == 0
    home = ninja.get_pos()
    _tick(match, 6)
    caltrops = match.state()["objects"]
    assert [(c["px"], c["py"]) for c in caltrops] == [(home["x"] + 5, home["y"] - 16)] * 3
    _tick(match)
    assert [(c["vx"], c["vy"]) for c in match.state()["objects"]] == [("5", "-2.52"), ("9", "-2.52"),
                                                                      ("14", "-2.52")]


def _caltrop(ninja):
    caltrop = ninja.spawn_object(PROJECTILES + "Caltrops.tscn", 0, -100)
    ninja.match.initialize_objects()
    return caltrop


def _kick(fighter) -> HitboxData:
    """The snapshot of a GroundedKick hit (NinjaGuy.tscn: dir (1, -1), knockback 5, no misc data)."""
    hitbox = fighter.get_state("GroundedKick").get_child("Hitbox")
    assert (hitbox.dir_x, hitbox.dir_y, hitbox.knockback, hitbox.misc_data) == ("1.0", "-1.0", "5.0", "")
    return HitboxData(hitbox)


def test_the_opponents_hit_sweeps_a_caltrop_away_and_the_ninjas_own_hit_launches_it():
    """Caltrops.gd hit_by: a fighter of the other side without "LaunchCaltrops" in the hit's misc data
    disables it.  The Ninja's own hit launches it by dir x knockback = (5, -5) plus his DI (x / 5,
    y / 20): DI (50, -100) adds (10, -5), a push of (15, -10); and the hit free-cancels his move
    (``projectile_free_cancel``: feinting)."""
    match = _start()
    ninja, opponent = match._core.p1, match._core.p2
    swept = _caltrop(ninja)
    swept.hit_by(_kick(opponent))
    assert swept.disabled
    launched = _caltrop(ninja)
    ninja.current_di = {"x": 50, "y": -100}
    launched.hit_by(_kick(ninja))
    assert not launched.disabled
    assert (launched.chara.accel_x_raw, launched.chara.accel_y_raw) == (15 << 16, -10 << 16)
    assert ninja.feinting


# ---------------------------------------------------------------------- momentum
def test_store_momentum_banks_nine_tenths_of_the_speed_for_a_bar():
    """StoreMomentum.gd frame 1: stored += |velocity| x 0.90 per axis, stored_speed_1 = its length,
    momentum_stores = 1, the Ninja stops; super_level_ 1 (tables) spends a bar on frame 0."""
    assert _state("StoreMomentum")["props"]["super_level_"] == 1
    match = _start(char_distance=250, starting_meter="1")
    ninja = match._core.p1
    _decide(match, ("StoreMomentum", None), ("Wait", None))
    _tick(match)
    assert ninja.supers_available == 0
    ninja.set_vel("-10", "0")  # as if the Ninja were still sliding backwards at frame 1
    ninja.update_data()
    _tick(match)
    stored = fixed.mul("10", "0.90")  # 8.99994 ("0.90" is 58982 / 65536)
    assert ninja.momentum_stores == 1 and ninja.get_vel() == {"x": "0", "y": "0"}
    # the store already decayed once in that tick (Stickman.gd tick, after the state): 8.99994 is
    # below 10, so 0.1 x speed / 20 = 0.045, raised to the minimum 0.05, then halved; the stored
    # vector is rescaled to the new speed
    speed = fixed.sub(fixed.vec_len(stored, "0"), fixed.mul("0.05", "0.5"))  # (fixed sqrt: 8.9961)
    assert ninja.stored_speed_1 == speed
    rescaled = fixed.normalized_vec_times(stored, "0", speed)
    assert (ninja.stored_momentum_x, ninja.stored_momentum_y) == (rescaled["x"], rescaled["y"])


def test_stored_momentum_decays_out_of_combos():
    """Stickman.gd tick: the stored speed loses 0.1 x speed / 20 a tick (at least 0.05, halved below
    10, nothing below 8), and the stored vector is rescaled to it."""
    match = _start()
    ninja = match._core.p1
    ninja.momentum_stores = 1
    for speed, reduction in (("11", fixed.mul("0.1", fixed.div("11", "20"))),  # 0.055
                             ("9", fixed.mul("0.05", "0.5")),  # 0.045 -> 0.05, halved
                             ("7.9", "0")):
        ninja.stored_speed_1 = speed
        ninja.stored_momentum_x, ninja.stored_momentum_y = speed, "0"
        _tick(match)
        expected = fixed.sub(speed, reduction)
        assert ninja.stored_speed_1 == expected
        rescaled = fixed.normalized_vec_times(speed, "0", expected)  # (fixed sqrt: 7.9 -> 7.90143)
        assert (ninja.stored_momentum_x, ninja.stored_momentum_y) == (rescaled["x"], rescaled["y"])


def test_release_extra_costs_a_bar_and_boosts_by_1_175_times_the_stored_speed():
    """Stickman.gd process_extra: ``release`` with ``release_dir`` (100, 0) sets the impulse to
    release_dir / 100 x (RELEASE_MODIFIER 1.175 x stored_speed_1) and spends a bar; the tick that
    follows releases it (turn_frames 1): momentum_stores 0, released_this_turn, and the boost moves
    the Ninja with no speed cap (apply_forces_no_limit) on the next tick.  7 is below the decay.
    1.175 parses to 77005 / 65536, times 7 is 539035 / 65536 = 8.225021..., printed "8.22502"."""
    match = _start(char_distance=250, starting_meter="1")
    ninja = match._core.p1
    ninja.momentum_stores, ninja.stored_speed_1 = 1, "7"
    match.submit(1, "Wait", None, _extra(release=True, release_dir={"x": 100, "y": 0}))
    match.submit(2, "Wait", None, _extra())
    _tick(match)
    boost = fixed.mul("1.175", "7")
    assert ninja.supers_available == 0 and ninja.momentum_stores == 0
    assert ninja.released_this_turn and not ninja.will_release_momentum
    assert (ninja.stored_momentum_x, ninja.stored_momentum_y) == ("0", "0")
    _tick(match)
    assert match.state()["p1"]["vx"] == boost == "8.22502"


# ---------------------------------------------------------------------- Skull Shaker
def test_skull_shaker_bleed_takes_2_hp_every_8_ticks_for_80_ticks():
    """HitGrabFollowup.gd starts SKULL_SHAKER_BLEED_TICKS = 80; Stickman.gd tick counts it down and
    deals SKULL_SHAKER_BLEED_DAMAGE = 2 whenever it reaches a multiple of 8: ten times, 20 hp."""
    match = _start(char_distance=250)
    ninja, opponent = match._core.p1, match._core.p2
    ninja.skull_shaker_bleed_ticks = ninja.SKULL_SHAKER_BLEED_TICKS
    assert ninja.skull_shaker_bleed_ticks == 80
    _tick(match, 7)
    assert opponent.hp == 1500
    _tick(match)
    assert opponent.hp == 1498
    _tick(match, 72)
    assert opponent.hp == 1480 and ninja.skull_shaker_bleed_ticks == 0
    _tick(match, 8)
    assert opponent.hp == 1480


# ---------------------------------------------------------------------- dive kicks, nunchuk, quick slash
def _enter(match, fighter, state: str, data=None):
    """Put a fighter into a state as its queued action would (tick_before's change_state), without
    the menu's rules (combo-only moves in neutral, cancels); the open decision is answered with
    Continue for the other fighter and nothing for this one."""
    if match.is_waiting():
        match.submit(1, "Continue", None, _extra())
        match.submit(2, "Continue", None, _extra())
    fighter.queued_action = fighter.queued_extra = None
    fighter.state_machine.change_state(state, data)
    return fighter.current_state()


@pytest.mark.parametrize("aim, hitbox_y, dir_y, hits_grounded, move_y", [
    ({"x": 1, "y": 1}, -9, "1.0", True, 5 + 7),  # down: sign2(1) x move_y 5 + 1 x y_modifier 7
    ({"x": 1, "y": -1}, -25, "-1.0", False, -5 - 7),  # up: the hitbox is raised 16 more
])
def test_ground_dive_kick_aims_its_hitbox_and_slope(aim, hitbox_y, dir_y, hits_grounded, move_y):
    """DiveKick.gd frame 0 for DiveKick2 (grounded, move_x 3, move_y 5, x/y modifiers 10/7 in the
    tables): the hitbox is rewritten for the dive's direction and the dive moves
    (3 + |x| x 10, sign2(y) x 5 + y x 7) per tick from frame 12."""
    props = _state("DiveKick2")["props"]
    assert (props["move_x"], props["move_y"], props["x_modifier_amount"], props["y_modifier_amount"]) == (3, 5, 10, 7)
    match = _start()
    state = _enter(match, match._core.p1, "DiveKick2", aim)
    _tick(match)
    hitbox = state.get_child("Hitbox")
    assert (hitbox.y, hitbox.dir_y, hitbox.hits_vs_grounded) == (hitbox_y, dir_y, hits_grounded)
    assert (state.move_x_amount, state.move_y_amount) == (13, move_y)


def test_nunchuk_light_after_a_heavy_swing_sends_a_whip_wave_on_frame_4():
    """NunChukLight.gd: charged when the previous state was a heavy swing (or a charged light one);
    frame 4 then spawns the exported projectile, HeavyWhipWave (High for an upward aim, through
    NunChukLightHigh) at (16, -22)."""
    props = _state("NunChukLight")["props"]
    assert props["projectile_scene"] == PROJECTILES + "HeavyWhipWave.tscn"
    assert (props["projectile_pos_x"], props["projectile_pos_y"]) == (16, -22)
    match = _start(char_distance=250)
    ninja = match._core.p1
    _enter(match, ninja, "NunChukLight", {"x": 1, "y": 0})
    _tick(match, 5)
    assert not _objects(match, "HeavyWhipWave.tscn")
    _enter(match, ninja, "NunChukHeavy")
    state = _enter(match, ninja, "NunChukLight", {"x": 1, "y": 0})
    assert state.charged
    _tick(match, 4)
    home = ninja.get_pos()  # where the Ninja stands when its frame 4 runs
    _tick(match)
    [wave] = _objects(match, "HeavyWhipWave.tscn")
    assert wave.get_pos() == {"x": home["x"] + 16, "y": home["y"] - 22}
    high = _enter(match, ninja, "NunChukLight", {"x": 1, "y": -1})
    assert high.name == "NunChukLightHigh" and high.charged
    _tick(match, 5)
    assert _objects(match, "HeavyWhipWaveHigh.tscn")


def test_quick_slash_dashes_120_px_lays_its_hitboxes_and_chains_the_chosen_followup():
    """QuickSlash.gd: a 1-bar super (tables).  Its enter pushes the Ninja by the aim x 20 (no speed cap:
    20 px a tick); out of neutral with a follow-up it skips frames 1 and 3, so four ticks of 20 px
    pass before frame 5 adds the MOVE_DISTANCE = 120 px dash: 200 px from the start.  Frame 6 spreads
    the 12 hitboxes from the start to there (hitbox i at i / 12 of the way, 16 px up): hitbox 0 at
    -200, hitbox 6 at -100 (6 / 12 is exact).  With "Punch" (id 1) on the ground it goes on to
    GroundedPunchQS."""
    assert _state("QuickSlash")["props"]["super_level"] == 1
    match = _start(char_distance=250, starting_meter="1")
    ninja = match._core.p1
    home = ninja.get_pos()
    state = _enter(match, ninja, "QuickSlash", {"Direction": {"x": 100, "y": 0}, "Attack": {"id": 1, "name": None}})
    for _ in range(20):
        _tick(match)
        if ninja.current_state() is not state:
            break
    assert ninja.supers_available == 0
    assert ninja.quick_slash_start_pos_x == home["x"]
    assert state.hitboxes[0].x == -200 and state.hitboxes[6].x == -100
    assert {h.y for h in state.hitboxes} == {-16}
    assert ninja.current_state().name == "GroundedPunchQS"


# ---------------------------------------------------------------------- substitution
def test_substitution_swaps_places_with_an_own_object_once():
    """SwapPlaces.gd frame 6: the Ninja goes to the object (18 px lower, snapped to the ground when that
    is below -16: a caltrop lying at (100, 0) puts him at (100, 0)) and the object to the Ninja's
    hurtbox centre; the object is then spent (substituted_objects), and in neutral the Ninja takes
    2 ticks of hitlag."""
    match = _start(char_distance=250)
    ninja = match._core.p1
    caltrop = ninja.spawn_object(PROJECTILES + "Caltrops.tscn", 100, 0, local=False)  # near the opponent
    match._core.initialize_objects()
    state = ninja.get_state("Substitution")
    assert state.is_usable() and state.get_usable_projectiles() == [caltrop]
    _enter(match, ninja, "Substitution")
    _tick(match, 6)
    centre = ninja.get_hurtbox_center()
    _tick(match)
    assert state.current_tick == 6 and ninja.hitlag_ticks == 2
    assert ninja.get_pos() == {"x": 100, "y": 0}
    assert caltrop.get_pos() == centre
    assert caltrop.obj_name in ninja.substituted_objects and state.get_usable_projectiles() == []
