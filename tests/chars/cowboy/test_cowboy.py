"""The Cowboy's mechanics (``characters/swordandgun/``), each checked against a number of the game: a
trace, the frame-data tables, or a hand calculation from the game's script (explained where it is
made).  The engine's own output is never the expectation."""
from __future__ import annotations

import functools

import pytest

from support.data import trace_files
from integration.engine import create_match
from integration.tools.parity.common import read_jsonl
from integration.tools.parity.trace import replay
from states.data import load_table
from yomi.fixed import FixedMath as fixed
from yomi.rng import RandomNumberGenerator, godot_hash, reseed, state_hash
from support import scenes

EXTRA = {"DI": {"x": 0, "y": 0}, "reverse": False, "feint": False, "prediction": -1, "gun_cancel": False,
         "detonate": False, "shift": False, "drift": False, "hindsight": False, "input_aerial": False,
         "input_grounded": False}
SHOOT_RIGHT = {"x": 100, "y": 0, "ActivateTemporal": False, "holster": True}
PROJ = "characters/swordandgun/projectiles/"


_match = functools.partial(scenes.mirror_match, "Cowboy", seed=7)
_submit = functools.partial(scenes.submit, extra=EXTRA)
_tick = functools.partial(scenes.hold, extra=EXTRA)


def _draw_then(match, p1_move, p2_move=None) -> None:
    """Brandish (both players when ``p2_move`` is given), then the gun moves at the first decision
    that offers them (Brandish's iasa: its frame 11)."""
    _submit(match, ("Brandish", None), ("Brandish", None) if p2_move else ("Wait", None))
    match.advance()
    while p1_move[0] not in match.legal_actions(1):
        _submit(match, ("Continue", None), ("Continue", None))
        match.advance()
    match.submit(1, p1_move[0], p1_move[1], EXTRA)
    match.submit(2, *(p2_move or ("Continue", None)), EXTRA)


def _objects(match, scene: str) -> list:
    return [o for o in match._core.objects if o.scene == PROJ + scene and not o.disabled]


def _cowboy_state(name: str) -> dict:
    return load_table("cowboy.json")["states"][name]


# ---------------------------------------------------------------------------------------- parity
MIRROR = trace_files("Cowboy_vs_Cowboy_s112.jsonl.gz")


def test_mirror_trace_identical():
    """Cowboy_vs_Cowboy_s112 (about 3 s): sword strings, guns thrown and reeled, NewBullets and
    ricochets, lassos, Foresight after-images and their explosions, Shift, 1000 Cuts, Impale."""
    report = replay(MIRROR[0], "python", set())
    assert report.divergence is None, str(report.divergence)
    assert report.ticks_ok == report.ticks_total == 3002
    assert report.legal_ok == report.legal_total == 544, report.legal_first_mismatch
    assert report.end_ok


# ---------------------------------------------------------------------------------------- revolver
def test_shoot2_fires_a_new_bullet_from_the_barrel():
    """NewShoot.gd frame 3: one bullet used, a NewBullet spawned at the barrel.  Aiming straight
    ahead (angle 0) the barrel is SwordGuy.gd's (26, -5) with 24 taken off y: (-55 + 26, 0 - 29).
    It flies at SPEED 50, slowed by AIR_DRAG_MOD 0.95 after each move: 50 * 0.95 is 47.49985 in
    I48F16 ("0.95" is 62259/65536), so it is at -29 + 50 = 21, then 21 + 47.49985 = 68.49985."""
    match = _match()
    cowboy = match._core.p1
    _draw_then(match, ("Shoot2", SHOOT_RIGHT))
    while cowboy.current_state().name != "Shoot2" or cowboy.current_state().current_tick < 3:
        _tick(match)
    assert cowboy.bullets_left == 5
    (bullet,) = _objects(match, "NewBullet.tscn")
    assert (bullet.get_pos()["x"], bullet.get_pos()["y"]) == (-29, -29)
    positions = []
    for _ in range(2):
        _tick(match)
        positions.append(match.state()["objects"][0]["x"])
    assert positions == ["21", "68.49985"]


def test_bullets_meet_and_fly_off_at_a_reseeded_random_angle():
    """NewBullet.gd hit_by: a NewBullet hit by the other side's NewBullet draws
    ``randi_range(0, 361)`` degrees, turned into radians with 6.28318530 / 360, and both vanish.

    The draw (BaseObj.gd randi_range) reseeds first: the bullet's logic RNG was seeded with
    hash(match seed + k) when it became the k-th entry of objs_map (game.gd on_object_spawned),
    then seed := hash(state + hash(own fighter's state hash) + hash(opponent's)), the state hash
    being BaseChar.gd get_state_hash (position, velocity text, DI, state name).  The Cowboys face
    each other 600 px apart (the 600-px window puts them at -288/288) and shoot at once: P2's
    bullet (objs_map entry 4) is the first victim, on the tick the bullets cross."""
    seed = 7
    match = _match(seed=seed, char_distance=300)
    _draw_then(match, ("Shoot2", SHOOT_RIGHT), ("Shoot2", {"x": -100, "y": 0, "ActivateTemporal": False,
                                                          "holster": True}))
    bullet = None
    for _ in range(40):
        _tick(match)
        bullets = _objects(match, "NewBullet.tscn")
        if len(bullets) == 2:
            bullet = bullets[1]
        elif bullet is not None:
            break
    assert bullet is not None and bullet.obj_name == "4" and bullet.disabled
    # The draw happens among the hits, after both fighters ticked: their end-of-tick view.
    fighters = match.state()
    rng = RandomNumberGenerator()
    rng.seed = godot_hash(seed + 4)

    def fingerprint(side: str) -> int:
        f = fighters[side]
        return state_hash(f["px"], f["py"], f["vx"], f["vy"], f["di"]["x"], f["di"]["y"], f["state"])

    rng.seed = reseed(rng.state, fingerprint("p2"), fingerprint("p1"))
    degrees = rng.randi_range(0, 361)
    direction = fixed.angle_to_vec(fixed.div(fixed.mul(str(degrees), "6.28318530"), "360"))
    assert (bullet.dir_x, bullet.dir_y) == (direction["x"], direction["y"])
    assert degrees != 180  # not the line it flew on (-1, 0): the angle really comes from the draw


def test_hitscan_bullet_damage_falls_off_with_distance():
    """bullet.gd scale_damage / scale_hitstun (plain bullets, not the frozen Temporal Round):
    past 256 px damage loses 0.85 a pixel down to damage / 2.5, hitstun loses 1 a pixel down to
    hitstun / 3.  At 356 px: 150 - 85 = 65 (above 60); hitstun 25 - 100 < 25/3 = 8.33 -> 8.
    At 500 px: 150 - 207.4 < 60 -> 60.  Below 256 px nothing changes."""
    match = _match()
    cowboy = match._core.p1
    bullet = cowboy.spawn_object(PROJ + "bullet.tscn", 0, 0)
    bullet.distance = "356"
    assert (bullet.scale_damage(150), bullet.scale_hitstun(25)) == (65, 8)
    bullet.distance = "500"
    assert bullet.scale_damage(150) == 60
    bullet.distance = "255"
    assert (bullet.scale_damage(150), bullet.scale_hitstun(25)) == (150, 25)


def test_new_bullet_ricochet_weakens_it():
    """NewBulletDefault.gd on_bounce: 6 bounces, speed x RICOCHET_SPEED_MOD 0.75, damage and
    hitstun x 0.85 (BOUNCE_DAMAGE_SCALE / BOUNCE_HITSTUN_SCALE), chip modifier "0.60", then 3
    frames of bounce lag.  NewBullet.tscn's front hitbox: damage 120, in combo 82, minimum 30,
    hitstun 18 -> 102, 70, 26, 15 (fixed-point rounding of 0.85 x)."""
    match = _match()
    bullet = match._core.p1.spawn_object(PROJ + "NewBullet.tscn", 0, -50)
    match._core.initialize_objects()
    state = bullet.current_state()
    state.on_bounce(False)
    front = state.get_child("Hitbox")
    assert (front.damage, front.damage_in_combo, front.minimum_damage, front.hitstun_ticks) == (102, 70, 26, 15)
    assert front.chip_damage_modifier == "0.60"
    assert bullet.speed == "37.5" and state.bounces_left == 5 and state.bounce_lag_ticks == 3
    state.on_bounce(False)  # ignored during the bounce lag
    assert state.bounces_left == 5


def test_temporal_round_fires_on_its_frame_51():
    """Shoot.gd (TimeBullet, super_level 2) frame 4 leaves a frozen_bullet; TemporalRoundDefault.gd
    fires it on its frames 49..52 (slow): f0 invulnerable, f1 aim, f2 spawns a NewTimeBullet,
    f3 disables.  Chosen at tick S, the move's frame 4 is tick S + 5; the round first ticks
    (frame 0) on tick S + 6, so its frame 51 is tick S + 57 and it is gone on tick S + 58."""
    assert _cowboy_state("TimeBullet")["props"]["super_level"] == 2
    match = _match(starting_meter="2")
    cowboy = match._core.p1
    assert cowboy.supers_available == 2
    _draw_then(match, ("TimeBullet", False))  # cancels a drawn gun ("Gun" category); not "fast"
    start = match.current_tick
    _tick(match, 5)
    assert cowboy.supers_available == 0
    (frozen,) = _objects(match, "frozen_bullet.tscn")
    assert cowboy.temporal_round == frozen.obj_name
    _tick(match, 51)
    assert match.current_tick == start + 56 and not _objects(match, "NewTimeBullet.tscn")
    _tick(match)
    assert len(_objects(match, "NewTimeBullet.tscn")) == 1 and not frozen.disabled
    _tick(match)
    assert frozen.disabled


# ---------------------------------------------------------------------------------------- Foresight
def test_foresight_after_image_position_and_lifetime():
    """Foresight.gd process_projectile (projectile_tick 3): offset = data / 100 * 200 (MAX_DIST),
    x times 1.5, y times 1.25, rounded; never below the floor.  Data (-24, -44) from (-55, 0):
    (-55 + round(-72), 0 + round(-110)) = (-127, -110) (the numbers of Mutant_vs_Cowboy_s142
    tick 1139).  ForesightDefault.gd disables it once its frame passes LIFETIME 100: spawned on
    tick 4, its frame 100 is tick 105 and it is gone on tick 106 (in the traces an after-image
    shows st -1 to 100)."""
    match = _match()
    cowboy = match._core.p1
    _submit(match, ("ForesightNeutral", {"x": -24, "y": -44}))
    _tick(match, 4)
    (image,) = _objects(match, "AfterImage.tscn")
    assert cowboy.after_image_object == image.obj_name
    assert (image.get_pos()["x"], image.get_pos()["y"]) == (-127, -110)
    _tick(match, 101)
    assert not image.disabled and image.current_state().current_tick == 100
    _tick(match)
    assert image.disabled and cowboy.after_image_object is None


def test_detonated_after_image_explodes_five_frames_later():
    """ForesightDefault.gd: detonating (the ``detonate`` extra), rift_frames 5 count down; at 0 an
    AfterImageExplosion appears 18 px above the after-image, which is disabled.  The extra reaches
    the after-image in the Cowboy's tick (SwordGuy.gd tick), after the objects ticked: the count
    starts on the next tick, so the explosion comes 6 ticks after the decision (as in
    Cowboy_vs_Cowboy_s112: detonate chosen at tick 242, explosion at frame 0 on tick 248)."""
    match = _match()
    cowboy = match._core.p1
    _submit(match, ("ForesightNeutral", {"x": 50, "y": 0}))
    _tick(match, 4)
    (image,) = _objects(match, "AfterImage.tscn")
    match.advance()
    match.submit(1, "Continue", None, dict(EXTRA, detonate=True))
    match.submit(2, "Continue", None, EXTRA)
    ticks = 0
    while not image.disabled:
        _tick(match)
        ticks += 1
    assert ticks == 6
    (explosion,) = _objects(match, "AfterImageExplosion.tscn")
    position = image.get_pos()
    assert explosion.get_pos() == {"x": position["x"], "y": position["y"] - 18}
    assert cowboy.after_image_object is None


# ---------------------------------------------------------------------------------------- 1000 Cuts
def test_thousand_cuts_costs_three_bars_and_its_lifetime():
    """1000Cuts (super_level 3 in SwordGuy.tscn) spawns the 1000Cuts object on its frame 2 (tick 3
    when chosen at tick 0) and raises the air speed to MAX_AIR_SPEED_1KCUTS "12";
    1000CutsDefault.gd disables it when total_ticks passes LIFETIME 150, which puts the air speed
    back to "9".  Its state (anim_length 23, not endless) wraps back into Default with the
    fallback's first frame in the same tick (BaseObj.gd state_tick), so ``_tick`` counts twice on
    the object's ticks 24, 47, 70, 93, 116 and 139: total_ticks is 151 on its 145th tick, game
    tick 3 + 145 = 148."""
    assert _cowboy_state("1000Cuts")["props"]["super_level"] == 3
    match = _match(starting_meter="3")
    cowboy = match._core.p1
    _submit(match, ("1000Cuts", None))
    _tick(match, 3)
    (cuts,) = _objects(match, "1000cuts/1000Cuts.tscn")
    assert cowboy.supers_available == 0 and cowboy.cut_projectile == cuts.obj_name
    assert cowboy.max_air_speed == "12" and cowboy.has_1k_cuts()
    _tick(match, 144)
    assert match.current_tick == 147 and not cuts.disabled and cuts.total_ticks == 150
    _tick(match)
    assert cuts.disabled and cowboy.cut_projectile is None and cowboy.max_air_speed == "9"


def test_time_splitter_hitboxes_follow_each_other():
    """WeebCut.gd setup_hitboxes: the 12 hitboxes of TimeSplitter start on frames 6, 7, ... 17
    (HITBOX_START_FRAME 6, one a frame, in scene order); the table gives them no start_tick."""
    state = create_match("Cowboy", "Cowboy")._core.p1.get_state("TimeSplitter")
    children = _cowboy_state("TimeSplitter")["children"]
    assert [c["props"].get("start_tick", 0) for c in children] == [0] * 12
    assert [h.start_tick for h in state.path_hitboxes] == list(range(6, 18))
    assert state.earliest_hitbox == 6


# ---------------------------------------------------------------------------------------- the gun
def test_thrown_gun_leaves_the_hand():
    """GunThrow.gd frame 7 spawns Gun.tscn at projectile_pos (25, -16) and the Cowboy has no gun
    (so no Shoot2, Brandish or PistolWhip; GunReel instead): chosen at tick 0, the gun is there
    on tick 8 at (-55 + 25, -16) before its first move."""
    match = _match()
    cowboy = match._core.p1
    _submit(match, ("GunThrow", {"x": 1, "y": 0}))
    _tick(match, 8)
    (gun,) = _objects(match, "Gun.tscn")
    assert not cowboy.has_gun and cowboy.gun_projectile == gun.obj_name
    assert match.state()["objects"][0]["px"] == -30 and match.state()["objects"][0]["py"] == -16
    match.advance()
    while match.current_tick < 16:  # GunThrow: anim_length 16, free on its last frame
        _submit(match, ("Continue", None), ("Continue", None))
        match.advance()
    legal = match.legal_actions(1)
    assert "GunReel" in legal and "Brandish" not in legal and "GunThrow" not in legal


# ---------------------------------------------------------------------------------------- legality
LEGAL_ARTIFACTS = [
    ("Cowboy_vs_Ninja_s110.jsonl.gz", 321, 1, "grounded"),  # the Cowboy in the air, the image on the floor
    ("Ninja_vs_Cowboy_s102.jsonl.gz", 434, 2, "grounded"),
    pytest.param("Mutant_vs_Cowboy_s142.jsonl.gz", 1180, 2, "aerial",  # on the floor, the image in the air
                 marks=pytest.mark.slow),
]


@pytest.mark.parametrize("name, tick, player, flag", LEGAL_ARTIFACTS)
def test_shift_toggle_renames_air_categories(name, tick, player, flag):
    """CowboyExtra.gd: with the Shift (Tp) toggle on, ``input_grounded`` is "the after-image is on
    the floor" and the action panel lists the grounded moves of an airborne Cowboy
    (ActionButtons.update_cancel_category_air_type).  At this turn the game's panel list was taken
    with the toggle on (after-image at y 0, the Cowboy in the air) while the submitted extra has it
    off again: the engine's list with the flag the toggle sets is exactly the recorded one."""
    files = trace_files(name)
    lines = read_jsonl(files[0])
    _, header = next(lines)
    match = create_match(header["p1"], header["p2"], header["seed"], header["match_settings"])
    for _, record in lines:
        if record["t"] == "tick":
            match.tick()
        elif record["t"] == "turn":
            if record["tick"] == tick:
                break
            for index in (1, 2):
                side = record[f"p{index}"]
                match.submit(index, side["action"], side["data"], side["extra"])
    expected = sorted(record["legal"][f"p{player}"])
    assert match.legal_actions(player) != expected
    assert match.legal_actions(player, flag == "grounded", flag == "aerial") == expected
