"""The Robot's mechanics (``characters/robo/``), each checked against a number of the game: a
trace, the frame-data tables, or a hand calculation from the game's script (explained where it
is made).  The engine's own output is never the expectation."""
from __future__ import annotations

import functools

import pytest

from support.data import trace_files
from integration.tools.parity.trace import replay
from states.data import load_table
from states.robot.drive import _fixed_map
from support import scenes

EXTRA = {"DI": {"x": 0, "y": 0}, "reverse": False, "feint": False, "prediction": -1, "fly_dir": None,
         "fly_enabled": False, "armor_enabled": False, "nade_activated": False, "pull_enabled": False,
         "loic_dir": {"x": 0, "y": 0}, "drive_cancel": False, "bounce": {"x": 0, "y": 0}}
GRENADE = "characters/robo/projectiles/RobotGrenade.tscn"
NADE_EXPLOSION = "characters/robo/projectiles/NadeExplosion.tscn"
ORBITAL_STRIKE = "characters/robo/projectiles/orbital_strike.tscn"
GROUND_FIRE = "characters/robo/projectiles/GroundFire.tscn"
MISSILE = "characters/robo/projectiles/Missile.tscn"


def _extra(**changes) -> dict:
    extra = dict(EXTRA)
    extra.update(changes)
    return extra


_match = functools.partial(scenes.mirror_match, "Robot")
_submit = functools.partial(scenes.submit, extra=EXTRA)
_tick = functools.partial(scenes.hold, extra=EXTRA)


def _objects(match, scene: str) -> list:
    return [o for o in match._core.objects if o.scene == scene and not o.disabled]


def _robot_state(name: str) -> dict:
    return load_table("robot.json")["states"][name]


# ---------------------------------------------------------------------------------------- parity
MIRROR = trace_files("Robot_vs_Robot_s136.jsonl.gz")


def test_mirror_trace_identical():
    """Robot_vs_Robot_s136 (about 1.5 s): flight, armor, bombs and magnet, missiles, LOIC,
    the chainsaw, ground slams, BOUNDS CHECK, OVERFLOW, KILL PROCESS and the Drive stance."""
    report = replay(MIRROR[0], "python", set())
    assert report.divergence is None, str(report.divergence)
    assert report.ticks_ok == report.ticks_total == 1957
    assert report.legal_ok == report.legal_total > 0, report.legal_first_mismatch
    assert report.end_ok


# ---------------------------------------------------------------------------------------- the body
def test_damage_taken_modifier():
    """Robot.tscn: damage_taken_modifier "0.90".  take_damage(100) from full hp outside a combo:
    no staling, guts 1, no sadness modifier, then 100 * 0.9 = 90 (0.9 is 58982/65536 in fixed
    point: 89.99878, rounded to 90)."""
    match = _match()
    robot = match._core.p2
    robot.take_damage(100)
    assert robot.hp == 1500 - 90


# ---------------------------------------------------------------------------------------- armor
def test_armor_pip_startup():
    """Robot.gd: choosing a move with armor_enabled buffers the armor; leaving the old state
    spends the pip and adds ARMOR_STARTUP_TICKS (3); the upkeep counts them down after each
    tick, and the armor comes on when they reach 0: ticks 1, 2, 3 -> 2, 1, 0 (active)."""
    match = _match()
    robot = match._core.p1
    assert robot.armor_pips == 1
    _submit(match, ("Punch", None), extra1=_extra(armor_enabled=True))
    seen = []
    for _ in range(3):
        _tick(match)
        seen.append((robot.armor_startup_ticks, robot.armor_active, robot.armor_pips))
    assert seen == [(2, False, 0), (1, False, 0), (0, True, 0)]
    assert robot.has_autoblock_armor() and not robot.has_armor()  # super armor needs KILL PROCESS


# ---------------------------------------------------------------------------------------- flight
def test_flight_drains_fuel_and_lasts_25_ticks():
    """Robot.gd: flying costs DRAIN_AIR_OPTION_BAR_AMOUNT (20) fuel a tick for FLY_TICKS (25)
    ticks, then stops by itself."""
    match = _match()
    robot = match._core.p1
    _submit(match, ("Jump", {"x": 0, "y": -100}))
    match.advance()
    while robot.is_grounded():  # hold until the first decision in the air
        _submit(match, ("Continue", None), ("Continue", None))
        match.advance()
    fuel = robot.air_option_bar
    flying = _extra(fly_enabled=True, fly_dir={"x": 1, "y": 0})
    match.submit(1, "Continue", None, flying)
    match.submit(2, "Continue", None, EXTRA)
    flying_ticks = 0
    for _ in range(40):
        _tick(match, extra1=flying)  # (a decision with fly_enabled off would stop the flight)
        if robot.flying_dir is None:
            break
        flying_ticks += 1
    assert flying_ticks == 24  # the 25th flying tick ends flight in the same upkeep
    assert fuel - robot.air_option_bar == 25 * 20


# ---------------------------------------------------------------------------------------- bomb
def test_grenade_fuse_and_explosion():
    """RobotGrenade.gd: LIFETIME 900 ticks counted down after each of its ticks; the
    ``nade_activated`` extra arms it: ticks_left = min(ticks_left, ACTIVATE_TIME = 30); at 0 it
    explodes into NadeExplosion 8 px above it, and Robot may throw a new bomb.  Armed at 30, it
    explodes on its 30th tick after."""
    match = _match()
    robot = match._core.p1
    _submit(match, ("Grenade", {"x": 50, "y": -50}))
    _tick(match, 9)  # projectile_tick 7: the move's frame 7 is tick 8; the bomb first ticks at tick 9
    (bomb,) = _objects(match, GRENADE)
    assert robot.grenade_object == bomb.obj_name and not bomb.active
    assert bomb.ticks_left == 899
    _tick(match, 5)
    assert bomb.ticks_left == 894
    match.advance()
    match.submit(1, "Wait", None, _extra(nade_activated=True))
    match.submit(2, "Continue", None, EXTRA)
    _tick(match)
    assert bomb.active and bomb.ticks_left == 30  # armed in Robot's tick_before, after the bomb ticked
    _tick(match, 29)
    assert not bomb.disabled and bomb.ticks_left == 1
    _tick(match)
    assert bomb.disabled and robot.grenade_object is None
    (explosion,) = _objects(match, NADE_EXPLOSION)
    position = bomb.get_pos()  # where its last tick left it
    assert explosion.get_pos() == {"x": position["x"], "y": position["y"] - 8}


# ---------------------------------------------------------------------------------------- LOIC
@pytest.mark.parametrize("self_, delay, aim_ticks", [
    # LOIC.gd: aim_ticks = round(Delay / 100 * (85 - min) + min), min 14 (or 20 on oneself).
    (False, 50, 50),   # 0.5 * 71 + 14 = 49.5 -> 50 (halves round away from zero)
    (True, 50, 53),    # 0.5 * 65 + 20 = 52.5 -> 53
    (False, 0, 14),
    (False, 100, 85),
])
def test_loic_aim_ticks(self_, delay, aim_ticks):
    match = _match()
    robot = match._core.p1
    robot.loic_meter = 1000
    robot.supers_available = 3
    _submit(match, ("Wait", None))
    _tick(match)
    assert robot.can_loic  # Robot.gd: a full meter and more than one bar
    match.advance()
    start = match.current_tick
    _submit(match, ("LOIC", {"Self": self_, "Delay": {"x": delay}}))
    _tick(match, 7)  # projectile_tick 6: the move's frame 6 is the 7th tick after the choice
    assert match.current_tick == start + 7
    (strike,) = _objects(match, ORBITAL_STRIKE)
    assert strike.aim_ticks == aim_ticks and strike.self_ == self_
    assert robot.supers_available == 1  # super_level 2
    assert robot.orbital_strike_projectile == strike.obj_name and robot.loic_draining


def test_loic_meter_drains_while_aiming_then_fires():
    """orbital_strike_default.gd: loic_meter = round(1000 * (1 - tick / aim_ticks)); past
    aim_ticks the strike fires, and OrbitalStrikeFire's active time is 20 + (aim - 14) * 3.
    With aim 50 at the strike's frame 10: 1 - 10/50 (0.2 is 13107/65536) -> 800.003 -> 800."""
    match = _match()
    robot = match._core.p1
    robot.loic_meter = 1000
    robot.supers_available = 3
    _submit(match, ("Wait", None))
    _tick(match)
    match.advance()
    _submit(match, ("LOIC", {"Self": False, "Delay": {"x": 50}}))
    _tick(match, 7)
    (strike,) = _objects(match, ORBITAL_STRIKE)
    while strike.current_state().current_tick < 10:
        _tick(match)
    assert robot.loic_meter == 800
    while strike.current_state().name != "Fire":
        _tick(match)
    assert strike.current_state().get_child("Hitbox").active_ticks == 20 + (50 - 14) * 3


# ---------------------------------------------------------------------------------------- supers
def test_kill_process_spends_every_bar():
    """AirGrabSuper.gd: the bars on hand (5) become kill_process_super_level and are all spent on
    entry; RobotState then spends super_level (3) more on frame 0, which with no bar left
    empties the meter as well (BaseChar.use_super_bar)."""
    match = _match()
    robot = match._core.p1
    robot.supers_available = 5
    robot.super_meter = 60
    _submit(match, ("KillProcess", None))
    _tick(match)
    assert robot.kill_process_super_level == 5
    assert robot.supers_available == 0 and robot.super_meter == 0


@pytest.mark.parametrize("bars, combo, level", [(5, 0, 5), (9, 0, 200), (9, 2, 11)])
def test_kill_process_level(bars, combo, level):
    """AirGrabSuper.gd: 9 bars count as level 200 in neutral, 11 in a combo."""
    match = _match()
    robot = match._core.p1
    robot.supers_available = bars
    robot.combo_count = combo
    robot.change_state("KillProcess")
    assert robot.kill_process_super_level == level


def test_kill_process_landing_damage():
    """KillProcessLanding.gd at level 5 outside a combo: damage 150 + 75 * 5 = 525, in combo
    150 + 30 * 5 = 300, minimum damage 20 * 5 = 100; Robot is invulnerable with super armor."""
    match = _match()
    robot = match._core.p1
    robot.kill_process_super_level = 5
    robot.change_state("KillProcessLanding")
    hitbox = robot.current_state().get_child("Hitbox")
    assert (hitbox.damage, hitbox.damage_in_combo, hitbox.minimum_damage) == (525, 300, 100)
    assert robot.invulnerable and robot.super_armor_installed


def test_kill_process_grab_spin_and_landing():
    """KILL PROCESS with 4 bars catches an airborne opponent (ThrowBox -> KillProcessSpin), falls
    with it until landing (KillProcessLanding) and hits for 150 + 75 * 4 = 450 outside a combo;
    the Robot victim takes 450 * 0.9 = 405."""
    match = _match()
    robot, opponent = match._core.p1, match._core.p2
    robot.supers_available = 4
    opponent.set_pos(40, -70)
    opponent.update_data()
    opponent.change_state("Fall")  # (its enter updates the grounded flag)
    _submit(match, ("KillProcess", None), ("Fall", None))
    seen = []
    for _ in range(80):
        _tick(match)
        name = robot.current_state().name
        if not seen or seen[-1] != name:
            seen.append(name)
    assert seen[:3] == ["KillProcess", "KillProcessSpin", "KillProcessLanding"]
    assert opponent.hp == 1500 - 405


def test_launch_fires_three_missiles_four_frames_apart():
    """Missile.gd (LAUNCH): projectile_tick 5; each launch drains 1000 / 12 = 83 fuel and, while
    missiles are left, sends the state back to frame 1, so the next launch comes 4 frames later:
    frames 5, 9, 13 of the move (frame 0 is tick 1), i.e. ticks 6, 10, 14."""
    match = _match()
    robot = match._core.p1
    robot.supers_available = 1  # super_level_ 1
    _submit(match, ("Missile", None))
    launches = []
    for _ in range(20):
        before = len(_objects(match, MISSILE))
        _tick(match)
        if len(_objects(match, MISSILE)) > before:
            launches.append(match.current_tick)
    assert launches == [6, 10, 14]
    assert robot.get_state("Missile").missiles_left == 0


@pytest.mark.parametrize("fuel, usable", [(249, False), (250, True)])
def test_launch_needs_a_quarter_of_the_fuel(fuel, usable):
    """Missile.gd: usable when air_option_bar >= air_option_bar_max / 4 = 250 (and 1 bar)."""
    match = _match()
    robot = match._core.p1
    robot.supers_available = 1
    robot.air_option_bar = fuel
    assert robot.get_state("Missile").is_usable() == usable


# ---------------------------------------------------------------------------------------- fire
def test_ground_fire_burns_two_a_tick_and_lasts_120_ticks():
    """Flamethrower spawns GroundFire 100 px ahead on frame 11 (tick 12; Robot.tscn); GroundFire.gd burns a
    grounded opponent closer than width 100: take_damage(2) -> 2 * 0.9 = 1.8 -> 2 hp a tick;
    past FIRE_TIME (120) it ends and Flamethrower is usable again."""
    match = _match()
    robot, opponent = match._core.p1, match._core.p2
    _submit(match, ("Flamethrower", None))
    _tick(match, 12)
    (fire,) = _objects(match, GROUND_FIRE)
    assert fire.get_pos()["x"] == robot.get_pos()["x"] + 100
    assert not robot.can_flamethrower
    _tick(match, 2)
    hp = opponent.hp
    _tick(match, 5)
    assert hp - opponent.hp == 5 * 2
    while not fire.disabled:
        _tick(match)
    assert fire.current_state().current_tick == 121
    assert robot.can_flamethrower


# ---------------------------------------------------------------------------------------- chainsaw
def test_chainsaw_timing_from_its_exports():
    """Chainsaw.gd _ready: both boxes start at chainsaw_start_tick + 1 (11) and last
    chainsaw_end_tick - chainsaw_start_tick + 1 (10) checks; iasa_on_hit = chainsaw_end_tick (19)."""
    props = _robot_state("Chainsaw")["props"]
    assert (props["chainsaw_start_tick"], props["chainsaw_end_tick"]) == (10, 19)
    state = _match()._core.p1.get_state("Chainsaw")
    for name in ("Hitbox", "Hitbox2"):
        assert (state.get_child(name).start_tick, state.get_child(name).active_ticks) == (11, 10)
    assert state.iasa_on_hit == 19


def test_chainsaw_sweep_start():
    """Chainsaw.gd on its frame 10 (t = 0): the arm points at Start; Start (100, 0) facing right
    is angle 0, so the outer box sits 48 px ahead of the hurtbox centre (x 0, y -17) and 6 px
    higher: (48, -23); the inner one at 24; the first knockback direction is (1, -1)."""
    match = _match()
    robot = match._core.p1
    _submit(match, ("Chainsaw", {"Start": {"x": 100, "y": 0}, "End": {"x": 0, "y": -100}}))
    while robot.current_state().current_tick < 10:
        _tick(match)
    state = robot.current_state()
    outer, inner = state.get_child("Hitbox"), state.get_child("Hitbox2")
    assert (outer.x, outer.y, inner.x, inner.y) == (48, -23, 24, -23)
    assert (outer.dir_x, outer.dir_y) == ("1", "-1")


# ---------------------------------------------------------------------------------------- drive
def test_drive_jump_height_from_the_slider():
    """DriveJump.gd: the vertical force maps the slider's -10 * x / 100 from [0, -10] onto
    [-5, -10]: x = 0 -> -5, x = 100 -> -10, x = 75 -> -7.5 -> t 0.75 -> -8.75."""
    assert _fixed_map("0.0", "-10", "-5", "-10", "0") == "-5"
    assert _fixed_map("0.0", "-10", "-5", "-10", "-10") == "-10"
    assert _fixed_map("0.0", "-10", "-5", "-10", "-7.5") == "-8.75"


def test_drive_cancel_from_a_host_command():
    """Robot.gd try_drive_cancel: Slap's HostCommand at frame 7 (Robot.tscn) changes state to
    DriveCancel when the ``drive_cancel`` extra was given; the new state gets its frame 0 in
    the same tick (BaseObj.state_tick) and enters the Drive stance."""
    commands = [c["props"] for c in _robot_state("Slap")["children"] if c["kind"] == "HostCommand"]
    assert [(c["tick"], c["command"]) for c in commands] == [(7, "try_drive_cancel")]
    match = _match()
    robot = match._core.p1
    _submit(match, ("Slap", None), extra1=_extra(drive_cancel=True))
    _tick(match, 7)
    assert (robot.current_state().name, robot.current_state().current_tick) == ("Slap", 6)
    _tick(match)
    assert (robot.current_state().name, robot.current_state().current_tick) == ("DriveCancel", 0)
    assert robot.stance == "Drive" and not robot.drive_cancel


def test_earthquake_grab_once_per_combo():
    """GroundPound.gd: the grab box (Hitbox4, follow-up EarthquakeThrow) lasts 3 checks, or 0
    once EarthquakeThrow was used in this combo (reset with the combo)."""
    match = _match()
    robot = match._core.p1
    state = robot.get_state("GroundPound")
    robot.change_state("GroundPound")
    robot.state_tick()
    assert state.get_child("Hitbox4").active_ticks == 3
    robot.used_earthquake_grab = True
    robot.change_state("GroundPound")
    robot.state_tick()
    assert state.get_child("Hitbox4").active_ticks == 0
    robot.reset_combo()
    assert not robot.used_earthquake_grab


def test_a_state_left_during_its_frame_hands_over_the_tick(monkeypatch):
    """StateMachine.gd tick calls _tick() on the machine's current state, read anew after
    _tick_shared: DriveWheelie's try_drive_cancel (HostCommand, frame 10) enters UnDriveCancel
    in the middle of the frame, so DriveWheelie's own _tick (forces, friction) does not run on
    frame 10, and UnDriveCancel gets its frame 0 in the same tick."""
    from states.robot.drive import DriveWheelie

    frames = []
    original = DriveWheelie.tick

    def recording_tick(self):
        frames.append(self.current_tick)
        return original(self)

    monkeypatch.setattr(DriveWheelie, "tick", recording_tick)
    robot = _match()._core.p1
    robot.stance = "Drive"
    robot.change_state("DriveWheelie")
    robot.drive_cancel = True  # (leaving Wait cleared it: Robot.on_state_ended)
    for _ in range(11):
        robot.state_tick()
    assert frames == list(range(10))
    assert (robot.current_state().name, robot.current_state().current_tick) == ("UnDriveCancel", 0)
    assert robot.stance == "Normal"
