"""The physics body FGObject (yomi/body.py and csrc/engine/body.c), against the game's library.

* the whole fgobject vectors shipped in tests/data/parity through both engines;
* hand calculations of the rules stated in yomi/body.py;
* the ``yomi parity fgobject`` command (last line, exit codes);
* a differential test: random call sequences through both engines agree after every call.
"""
from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from integration.tools.cli import main as yomi_main
from integration.tools.parity import fgobject as parity
from integration.tools.parity.common import open_text
from yomi import fixed
from yomi.body import FIELDS, PUSHBACK_FRIC, ArgumentTypeError, BodyError, FGObject
from yomi.fixed import FixedError


def c_body():
    from yomi._native import Body
    return Body()


ENGINES = {"python": FGObject, "c": c_body}


@pytest.fixture(params=sorted(ENGINES))
def make(request):
    return ENGINES[request.param]


# --------------------------------------------------------------------------- the reference vectors

@pytest.mark.parametrize("engine", ["python", "c"])
def test_every_vector_call_matches(engine, fgobject_vectors):
    out = io.StringIO()
    matched, total = parity.check_file(str(fgobject_vectors), engine, out=out)
    with open_text(fgobject_vectors) as handle:
        header = json.loads(handle.readline())
    assert total == header["calls"]
    assert matched == total, out.getvalue()


# --------------------------------------------------------------------------- hand calculations

def raw(text: str) -> int:
    return fixed.parse(text)


def test_defaults(make):
    b = make()
    assert b.raw_state() == (0, 0, 0, 0, 0, 0, 0, 65536, 65536, 65536, 65536, 65536, 65536, 65536, 1, True, True, 1)
    assert b.get_data() == {"object_data": {
        "position_float": (0.0, 0.0), "position_x": 0, "position_y": 0, "vel_x": "0", "vel_y": "0",
        "facing": 1, "grounded": True, "snap_to_ground": True}}
    assert list(b.get_data()["object_data"]) == ["position_float", "position_x", "position_y", "vel_x", "vel_y",
                                                 "facing", "grounded", "snap_to_ground"]
    assert b.get_facing() == {"Right": {}}


def test_friction_formula(make):
    b = make()
    b.set_max_ground_speed("3")
    b.set_ground_friction("0.5")
    b.set_vel("1", "0")
    b.apply_fric()
    # |1| / 3 truncates to raw 21845; * 0.5 floors to raw 10922; times sign +1.
    assert b.vel_x_raw == 65536 - 10922
    b.set_vel("-1", "0")
    b.apply_fric()
    assert b.vel_x_raw == -(65536 - 10922)  # the sign is exact, so the rule is symmetric
    # no clamp: friction above the max speed overshoots through zero
    b.set_ground_friction("3")
    b.set_max_ground_speed("1")
    b.set_vel("1", "0")
    b.apply_fric()
    assert b.get_data()["object_data"]["vel_x"] == "-2"
    # airborne bodies use the air parameters
    b.set_grounded(False)
    b.set_max_air_speed("0")
    with pytest.raises(FixedError) as err:
        b.apply_fric()
    assert err.value.kind == "division_by_zero"
    assert b.vel_x_raw == raw("-2")  # unchanged


def test_x_and_y_friction_are_strict(make):
    b = make()
    b.set_vel("0.5", "-2")
    b.apply_x_fric("0.5")  # |0.5| > 0.5 is false: unchanged
    b.apply_y_fric("0.5")  # -2 - (-2 * 0.5) = -1
    assert (b.vel_x_raw, b.vel_y_raw) == (raw("0.5"), raw("-1"))


def test_min_speed_is_one_256th_per_axis(make):
    b = make()
    b.set_snap_to_ground(False)
    b.set_grounded(False)
    for speed in ("set_max_air_speed", "set_max_fall_speed"):
        getattr(b, speed)("100")
    b.set_y(-1000)
    b.set_vel("0.0038", "-0.0038")  # raw 249 each: the squares floor to 0, |v| = 0 < 0.0001
    b.apply_forces()
    assert (b.vel_x_raw, b.vel_y_raw) == (0, 0)
    b.set_vel("0.0039", "0")  # raw 256: the square is raw 1, |v| = 1 << 8 = 1/256
    b.apply_forces()
    assert b.get_data()["object_data"]["vel_x"] == "0.0039"
    b.vel_x_raw, b.vel_y_raw = 255, -255
    b.apply_forces()
    assert (b.vel_x_raw, b.vel_y_raw) == (0, 0)


def test_speed_caps_use_grounded_flag_before_the_move(make):
    b = make()
    b.set_max_ground_speed("5")
    b.set_max_air_speed("2")
    b.set_max_fall_speed("3")
    b.set_vel("9", "-9")  # grounded: x capped to 5, no vertical cap
    b.apply_forces()
    assert (b.vel_x_raw, b.vel_y_raw, b.pos_y_raw) == (raw("5"), raw("-9"), raw("-9"))
    assert not b.is_grounded()  # grounded = y >= 0 after the move
    b.set_vel("-9", "9")  # airborne now: x capped to -2, fall capped to 3
    b.apply_forces()
    assert (b.vel_x_raw, b.vel_y_raw, b.pos_y_raw) == (raw("-2"), raw("3"), raw("-6"))


def test_pushback_decays_by_0_55(make):
    assert PUSHBACK_FRIC == 36045
    b = make()
    b.add_pushback("2")
    xs = []
    for _ in range(5):
        b.apply_pushback(1)
        xs.append(b.pos_x_raw)
    # moves by 2, then 2 - 0.55 (raw 95027), then raw 58982, then raw 22937 (<= 0.55 so the pushback becomes 0)
    assert xs == [131072, 131072 + 95027, 131072 + 95027 + 58982, 131072 + 95027 + 58982 + 22937,
                  131072 + 95027 + 58982 + 22937]
    b.add_pushback("9.9")
    b.add_pushback("15")  # |9.9| < 10 before the add: overshoots to 24.9
    b.add_pushback("1")  # ignored now
    b.apply_pushback(0)  # dir 0 does not move but still decays
    assert b.pos_x_raw == xs[-1]
    assert b.pushback_vel_raw == raw("9.9") + raw("15") - 36045
    b.reset_pushback()
    assert b.pushback_vel_raw == 0


def test_setting_does_not_snap_moving_does(make):
    b = make()
    b.set_position(3, 5)  # below the floor, kept
    assert (b.pos_y_raw, b.is_grounded()) == (raw("5"), True)
    b.set_grounded(False)
    b.move_directly(0, 0)  # the move snaps, but does not ground
    assert (b.pos_y_raw, b.is_grounded()) == (0, False)
    b.update_grounded()
    assert b.is_grounded()
    b.set_snap_to_ground(False)
    b.move_directly_str("0", "1.5")
    assert b.get_data()["object_data"]["position_y"] == 2  # 1.5 rounds away from zero
    b.set_position_str("-2.5", "-0.5")
    d = b.get_data()["object_data"]
    assert (d["position_x"], d["position_y"], d["position_float"]) == (-3, -1, (-3.0, -1.0))


def test_forces_and_gravity(make):
    b = make()
    b.apply_force(1, 4)  # grounded: the downward part is dropped
    b.set_facing(-1)
    b.apply_force_relative_str("2", "-1")  # facing Left: x negated
    b.apply_forces()
    assert (b.vel_x_raw, b.vel_y_raw) == (raw("-1"), raw("-1"))
    b.set_grounded(False)
    b.set_gravity("0.5")
    b.set_gravity_modifier("2")
    b.set_max_fall_speed("-1")
    b.apply_grav()  # vy -1 < max_fall -1 is false: no gravity
    b.set_max_fall_speed("10")
    b.apply_grav()  # adds 0.5 * 2
    b.apply_grav_custom("0.25", "0")  # adds 0.25 * 2
    assert (b.accel_x_raw, b.accel_y_raw) == (0, raw("1.5"))
    b.reset_momentum()
    assert (b.vel_x_raw, b.vel_y_raw, b.accel_y_raw) == (0, 0, 0)


def test_apply_forces_no_limit_grounds_before_moving(make):
    b = make()
    b.set_snap_to_ground(False)
    b.set_y(-3)
    b.set_vel("0", "5")
    b.apply_forces_no_limit()  # grounded from y = -3 (False), then move to 2, vy kept
    assert (b.is_grounded(), b.pos_y_raw, b.vel_y_raw) == (False, raw("2"), raw("5"))
    b.apply_forces_no_limit()  # grounded from y = 2 (True), move to 7, then vy zeroed
    assert (b.is_grounded(), b.pos_y_raw, b.vel_y_raw) == (True, raw("7"), 0)


def test_failures_change_nothing(make):
    b = make()
    b.set_vel("1", "2")
    before = b.raw_state()
    with pytest.raises(BodyError) as err:
        b.set_facing(0)
    assert err.value.kind == "invalid_facing"
    with pytest.raises(FixedError):
        b.set_vel("3", "x")  # the second string fails: nothing assigned
    with pytest.raises(ArgumentTypeError):
        b.set_x(1.5)
    with pytest.raises(ArgumentTypeError):
        b.set_grounded(1)
    with pytest.raises(ArgumentTypeError):
        b.add_pushback(3)
    with pytest.raises(ArgumentTypeError):
        b.apply_force("1", 2)
    with pytest.raises(BodyError) as err:
        b.copy_to(b)
    assert err.value.kind == "borrow_failed"
    for bad in (None, 3, "A"):
        with pytest.raises(BodyError):
            b.copy_to(bad)
    assert b.raw_state() == before
    b.set_x(2 ** 32 + 5)  # i32 arguments wrap
    b.set_y(2 ** 31)
    assert (b.pos_x_raw, b.pos_y_raw) == (5 << 16, -(2 ** 31) << 16)


def test_copy_to_and_clone(make):
    a, b = make(), make()
    a.set_facing(-1)
    a.apply_force(3, 0)
    a.add_pushback("4")
    a.set_air_friction("0.3")
    a.copy_to(b)
    assert b.raw_state() == a.raw_state()
    c = a.clone()
    assert c.raw_state() == a.raw_state() and c is not a
    b.apply_forces()  # the accel came along
    assert b.vel_x_raw == raw("1")  # grounded, capped at max_ground_speed 1
    assert a.raw_state() == c.raw_state()


# --------------------------------------------------------------------------- the command

def write_lines(tmp_path, lines) -> str:
    path = tmp_path / "vectors.jsonl"
    path.write_text("".join(line if line.endswith("\n") else line + "\n" for line in lines))
    return str(path)


def test_cli_all_match(fgobject_vectors, capsys):
    for engine in ("python", "c"):
        assert yomi_main(["parity", "fgobject", str(fgobject_vectors), "--engine", engine]) == 0
        last = capsys.readouterr().out.strip().splitlines()[-1]
        assert last == "fgobject: 16300/16300 calls match"


def test_cli_reports_mismatches(fgobject_vectors, tmp_path, capsys):
    with open_text(fgobject_vectors) as handle:
        lines = handle.read().splitlines()[:3]
    seq = json.loads(lines[1])
    seq["calls"][6]["state"]["data"]["position_x"] += 1
    lines[1] = json.dumps(seq)
    path = write_lines(tmp_path, lines)
    assert parity.main([path]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("MISMATCH seq 0 call 6 (line 2) A.move_directly_relative_str")
    assert "state.data.position_x expected 32, got 31" in out[0]
    total = len(seq["calls"]) + len(json.loads(lines[2])["calls"])
    assert out[-1] == f"fgobject: {total - 1}/{total} calls match"


def test_cli_bad_input(tmp_path, capsys):
    assert parity.main([str(tmp_path / "missing.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert parity.main([write_lines(tmp_path, ['{"format": "fgobject-vectors/1"}', "{not json"])]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert parity.main([write_lines(tmp_path, ['{"seq": 0, "calls": [{"m": "set_x"}]}'])]) == 2
    assert "malformed" in capsys.readouterr().err
    assert parity.main([write_lines(tmp_path, ['{"format": "fixedmath"}'])]) == 2
    assert parity.main([write_lines(tmp_path, ['{"format": "fgobject-vectors/1"}'])]) == 1  # nothing to check
    assert capsys.readouterr().out.strip() == "fgobject: 0/0 calls match"


# --------------------------------------------------------------------------- Python and C agree

_numbers = st.one_of(
    st.integers(-(2 ** 20), 2 ** 20).map(fixed.to_str),                 # values the game prints
    st.integers(-(2 ** 40), 2 ** 40).map(fixed.to_str),
    st.sampled_from(["0", "-0", "0.55", "10", "0.0001", "0.0038", "0.0039", "-9.99999", "+1.", ".5"]),
    st.sampled_from(["", "-", "1.2.3", "x", "1e3", "99999999999999999999"]),  # failures
)
_ints = st.one_of(st.integers(-300, 300), st.integers(-(2 ** 40), 2 ** 40), st.sampled_from([-1, 0, 1, 2]))
_bad = st.sampled_from([1.5, None, True])

_SIGNATURES = {
    "set_position": "ii", "set_x": "i", "set_y": "i", "set_position_str": "ss", "move_directly": "ii",
    "move_directly_str": "ss", "move_directly_relative": "ii", "move_directly_relative_str": "ss",
    "apply_force": "ii", "apply_force_str": "ss", "apply_force_relative": "ii", "apply_force_relative_str": "ss",
    "apply_grav": "", "apply_grav_custom": "ss", "apply_fric": "", "apply_x_fric": "s", "apply_y_fric": "s",
    "apply_forces": "", "apply_forces_no_limit": "", "reset_momentum": "", "set_vel": "ss", "add_pushback": "s",
    "apply_pushback": "i", "reset_pushback": "", "set_gravity": "s", "set_ground_friction": "s",
    "set_air_friction": "s", "set_max_ground_speed": "s", "set_max_air_speed": "s", "set_max_fall_speed": "s",
    "set_gravity_modifier": "s", "set_facing": "i", "set_grounded": "b", "update_grounded": "",
    "set_snap_to_ground": "b", "copy_to": "o",
}
_ARG = {"i": _ints, "s": _numbers, "b": st.booleans(), "o": st.sampled_from(["other", "self", None])}


@st.composite
def _call(draw):
    method = draw(st.sampled_from(sorted(_SIGNATURES)))
    args = [draw(_ARG[kind]) if draw(st.integers(0, 19)) else draw(_bad) for kind in _SIGNATURES[method]]
    return method, args


def _outcome(body, other, method, args):
    args = [{"other": other, "self": body}.get(a, a) if isinstance(a, str) and method == "copy_to" else a
            for a in args]
    try:
        getattr(body, method)(*args)
        return None
    except (FixedError, BodyError) as exc:
        return type(exc).__name__, exc.kind
    except ArgumentTypeError:
        return "ArgumentTypeError"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_call(), min_size=5, max_size=40))
def test_python_and_c_agree(calls):
    py, py_other = FGObject(), FGObject()
    cc, cc_other = c_body(), c_body()
    for method, args in calls:
        assert _outcome(py, py_other, method, args) == _outcome(cc, cc_other, method, args), (method, args)
        assert py.raw_state() == cc.raw_state(), (method, args)
        assert py_other.raw_state() == cc_other.raw_state(), (method, args)
        assert py.get_data() == cc.get_data()
        assert (py.get_x_vel_int(), py.get_facing()) == (cc.get_x_vel_int(), cc.get_facing())


def test_python_and_c_agree_on_a_long_seeded_run():
    """A fixed long run, so every rule is exercised on every test run (hypothesis varies)."""
    import random
    rnd = random.Random(20240611)
    numbers = ["0", "0.55", "-0.55", "1", "-1", "2.5", "-3.25", "10", "0.0038", "-0.0039", "17.287", "0.6",
               "0.1", "-12", "9.9", "15", "0.5", "x", "", "-0.0001", "123456.789", "-2"]
    py, cc = FGObject(), c_body()
    py_other, cc_other = FGObject(), c_body()
    for step in range(20000):
        method = rnd.choice(sorted(_SIGNATURES))
        args = []
        for kind in _SIGNATURES[method]:
            args.append({"i": lambda: rnd.randint(-40, 40), "s": lambda: rnd.choice(numbers),
                         "b": lambda: rnd.random() < 0.5, "o": lambda: rnd.choice(["other", "self"])}[kind]())
        assert _outcome(py, py_other, method, args) == _outcome(cc, cc_other, method, args), (step, method, args)
        assert py.raw_state() == cc.raw_state(), (step, method, args)
        if step % 97 == 0:
            py_other.copy_to(py)
            cc_other.copy_to(cc)


def test_raw_fields_match_between_engines():
    c = c_body()
    assert [name for name in FIELDS if not hasattr(c, name)] == []
    c.pos_x_raw = 123
    c.grounded = False
    assert c.raw_state()[0] == 123 and c.raw_state()[15] is False
