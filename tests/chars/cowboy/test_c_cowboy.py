"""The Cowboy in the C engine (csrc/chars/cowboy/): its moves, projectiles, objects and resources
compute exactly what the Python engine computes.

* the Cowboy traces replay identically through ``engine="c"`` (the mirror and every mixed trace);
* scripted duels that drive each of the Cowboy's objects and resources on purpose (Shoot2 bullets
  meeting in the air -- the reseeded bullet-vs-bullet draw --, the Temporal Round fired by
  Shoot2's ActivateTemporal,
  the thrown gun with its pop-up shot and the reel, the lasso's catch / pull / reel into Izuna
  Drop, Foresight after-images detonated, shifted to, drifted and hindsighted, 1000 Cuts, Time
  Splitter, Impale's teleport, bullet-cancelling), both engines compared field by field after
  every tick;
* a targeted differential check: random matches where the Cowboy mostly plays its own moves with
  random extras, compared after every tick, plus a check that every Cowboy object scene and the
  resources were actually exercised.
"""
from __future__ import annotations

import functools

import copy

import pytest

from support.side_by_side import (Both, check_mirror_trace, check_trace_through_c, long_matches, needs_trace,
    play_character, prefer_own, short_matches, trace_ids)
from support.data import trace_files
from integration.tools import bench

native = pytest.importorskip("yomi._native")
if not hasattr(native, "Match") or "Cowboy" not in native.characters():
    pytest.skip("the C engine is not built (uv sync)", allow_module_level=True)

OBJECT_SCENES = {"NewBullet", "NewTimeBullet", "bullet", "gun_throw_bullet", "frozen_bullet", "frozen_bullet_fast",
                 "Gun", "Lasso", "AfterImage", "AfterImageExplosion", "1000Cuts"}
EXTRA = {"DI": {"x": 0, "y": 0}, "reverse": False, "feint": False, "prediction": -1, "gun_cancel": False,
         "detonate": False, "shift": False, "drift": False, "hindsight": False, "input_aerial": False,
         "input_grounded": False}

# Shoot2ActionUIData.gd / ShootDodge2ActionUIData.gd get_data: the game sends x, y, ActivateTemporal
# and holster (ShootDodge2 always holsters), not the widgets' dict.
_CUSTOM_PANELS = {"characters/swordandgun/ActionUIData/Shoot2ActionUIData.gd": "shoot2",
                  "characters/swordandgun/ActionUIData/ShootDodge2ActionUIData.gd": "shootdodge2"}


def _game_data(move: str, data):
    panel = bench.panels("Cowboy").get(move) or {}
    custom = _CUSTOM_PANELS.get(panel.get("root", {}).get("script"))
    if custom and isinstance(data, dict) and "Direction" in data:
        return {"x": data["Direction"]["x"], "y": data["Direction"]["y"], "ActivateTemporal": data["ActivateTemporal"],
                "holster": data.get("Holster", True) if custom == "shoot2" else True}
    return data


# ------------------------------------------------------------------ traces
COWBOY_TRACES = trace_files("*Cowboy*")


@needs_trace("Cowboy_vs_Cowboy_s112.jsonl.gz")
def test_mirror_trace_identical_through_c():
    """Cowboy_vs_Cowboy_s112 (well under a second in C): sword strings, guns thrown and reeled,
    NewBullets and ricochets, lassos, Foresight after-images and their explosions, Shift, 1000 Cuts."""
    check_mirror_trace(trace_files("Cowboy_vs_Cowboy_s112.jsonl.gz")[0], 3002, legal=544)


@pytest.mark.slow
@pytest.mark.parametrize("path", COWBOY_TRACES, ids=trace_ids(COWBOY_TRACES))
def test_cowboy_traces_identical_through_c(path):
    """Every trace with a Cowboy side: identical through C (the Shift-toggle legal lists of three
    traces are accepted by the parity tool as for the Python engine)."""
    check_trace_through_c(path)


# ------------------------------------------------------------------ both engines, tick by tick
class Duel(Both):
    """One scripted match on both engines, compared after every tick (fighters with the Cowboy's res,
    and every object); records the object scenes, the fighters' states and the Cowboy resources
    seen. Its submit / tick / advance script the duel (a move only when legal, Continue at the
    decisions nobody scripted, no engine expected to raise)."""

    def __init__(self, p1="Cowboy", p2="Cowboy", seed=7, **settings):
        super().__init__(p1, p2, seed, settings or None)
        self.scenes = set()
        self.states = set()
        self.res = {}

    def _compare(self):
        sc = self.compare()
        for obj in sc["objects"]:
            self.scenes.add(obj["scene"])
        for side, character in (("p1", self.p1), ("p2", self.p2)):
            self.states.add(sc[side]["state"])
            if character == "Cowboy":
                for key, value in sc[side]["res"].items():
                    self.res.setdefault(key, set()).add(value if not isinstance(value, str) else "obj")

    def _character(self, player):
        return self.p1 if player == 1 else self.p2

    def submit(self, player, action, data=None, extra=None):
        """Submit to both; False (nothing submitted) when the move is not legal now."""
        if self._character(player) == "Cowboy":
            extra = dict(EXTRA, **(extra or {}))
        if action not in self.py.legal_actions(player, bool((extra or {}).get("input_grounded")),
                                               bool((extra or {}).get("input_aerial"))):
            return False
        self.history.append((self.py.current_tick, player, action, data, extra))
        self.py.submit(player, action, copy.deepcopy(data), copy.deepcopy(extra))
        self.c.submit(player, action, copy.deepcopy(data), copy.deepcopy(extra))
        return True

    def tick(self, count=1):
        """Tick both (holding with Continue at decisions nobody scripted)."""
        for _ in range(count):
            if self.py.result() is not None:
                return
            while self.py.is_waiting():
                assert self.c.is_waiting()
                for player in (1, 2):
                    assert self.c.legal_actions(player) == self.py.legal_actions(player)
                    if self.py.needs_action(player):
                        self.submit(player, "Continue")
            assert not self.c.is_waiting()
            self.py.tick()
            self.c.tick()
            self._compare()

    def advance(self):
        """Tick to the next decision."""
        while not self.py.is_waiting() and self.py.result() is None:
            self.tick()

    def decide(self, p1=None, p2=None, max_decisions=8):
        """At the next decisions, play p1 / p2 ((move, data, extra)) as soon as each is legal
        (Continue meanwhile); True when both were played."""
        pending = {1: p1, 2: p2}
        for _ in range(max_decisions):
            self.advance()
            if self.py.result() is not None:
                return False
            for player in (1, 2):
                if not self.py.needs_action(player):
                    continue
                choice = pending.get(player)
                if choice is not None and self.submit(player, *choice):
                    pending[player] = None
                else:
                    self.submit(player, "Continue")
            if pending[1] is None and pending[2] is None:
                return True
            self.tick()
        return False


SHOOT_RIGHT = {"x": 100, "y": 0, "ActivateTemporal": False, "holster": True}
SHOOT_LEFT = {"x": -100, "y": 0, "ActivateTemporal": False, "holster": True}


def test_bullets_meet_in_the_air():
    """Two Shoot2 NewBullets fired at each other: the first victim draws the reseeded random
    angle (randi_range(0, 361)) and both vanish; the second pair finds its hitter disabled. The
    draw's result is never visible (both bullets are gone), so what is compared is everything
    around it, tick by tick."""
    duel = Duel(seed=7, char_distance=300)
    assert duel.decide(("Brandish", None, None), ("Brandish", None, None))
    assert duel.decide(("Shoot2", SHOOT_RIGHT, None), ("Shoot2", SHOOT_LEFT, None))
    seen = 0
    for _ in range(40):
        duel.tick()
        seen = max(seen, sum(o["scene"] == "NewBullet" for o in duel.c.state()["objects"]))
    assert seen == 2 and not [o for o in duel.c.state()["objects"] if o["scene"] == "NewBullet"]
    assert {o["hp"] for o in (duel.c.state()["p1"], duel.c.state()["p2"])} == {1500}


def test_new_bullets_ricochet_and_hit():
    """Shoot2 at angles (ricochets off the floor, the walls and the ceiling), with the gun kept out
    (NewShoot's persistent interrupt_into / interrupt_exceptions rewrite, the repeat startup lag),
    PointBlank, ShootDodge2 (into TechRoll), and the owner's DI bending the ricochets into the foe."""
    duel = Duel(seed=11, has_ceiling=True, ceiling_height=200, stage_width=300)
    assert duel.decide(("Brandish", None, None))
    assert duel.decide(("Shoot2", {"x": 60, "y": 80, "ActivateTemporal": False, "holster": False},
                        {"DI": {"x": 80, "y": -60}}), ("Continue", None, {"DI": {"x": -50, "y": 20}}))
    assert duel.decide(("Shoot2", {"x": 90, "y": -45, "ActivateTemporal": False, "holster": False}, None))
    assert duel.decide(("Shoot2", {"x": -30, "y": -95, "ActivateTemporal": False, "holster": True}, None))
    duel.tick(40)
    assert duel.decide(("Brandish", None, None))
    assert duel.decide(("PointBlank", {"x": 100, "y": 10, "ActivateTemporal": False, "holster": True}, None))
    duel.tick(20)
    assert duel.decide(("Brandish", None, None))
    assert duel.decide(("ShootDodge2", {"x": 70, "y": 70, "ActivateTemporal": False, "holster": True}, None))
    duel.tick(40)
    assert "NewBullet" in duel.scenes and "TechRoll" in duel.states
    assert {6, 5, 4, 3, 2} <= duel.res["bullets_left"]
    assert min(s["hp"] for s in (duel.c.state()["p2"],)) < 1500  # a ricochet found the foe


def test_temporal_round_fired_by_shoot2_and_by_its_clock():
    """TimeBullet (two bars) leaves a frozen bullet; Shoot2's ActivateTemporal fires it early
    (Bullet.shoot -> shoot_timer -> f1 aims, f2 a NewTimeBullet along the DI, f3); a fast one fires
    itself on its frames 16..19, a slow one on 49..52."""
    duel = Duel(seed=5, starting_meter="1000", char_distance=150, infinite_resources=True)
    assert duel.decide(("Brandish", None, None))
    assert duel.decide(("TimeBullet", False, {"DI": {"x": 0, "y": -100}}))
    duel.tick(12)
    assert duel.decide(("Brandish", None, None))
    assert duel.decide(("Shoot2", {"x": 100, "y": 0, "ActivateTemporal": True, "holster": True}, None))
    duel.tick(40)
    assert duel.decide(("Brandish", None, None))
    assert duel.decide(("TimeBullet", True, None))
    duel.tick(30)
    assert duel.decide(("Brandish", None, None))
    assert duel.decide(("TimeBullet", False, {"DI": {"x": 30, "y": 60}}))
    duel.tick(70)
    assert {"frozen_bullet", "frozen_bullet_fast", "NewTimeBullet"} <= duel.scenes


def test_thrown_gun_pops_up_shoots_and_comes_back():
    """GunThrow: the gun hits, pops up, shoots a gun_throw_bullet 18 frames later, boomerangs back
    and is caught; GunReel pulls a thrown gun back (reset_hitbox)."""
    duel = Duel(seed=9, char_distance=60)
    assert duel.decide(("GunThrow", {"x": 1, "y": 0}, None))
    duel.tick(90)
    assert duel.decide(("GunThrow", {"x": 1, "y": 1}, None), ("Jump", {"x": 100, "y": -50}, None))
    duel.tick(20)
    assert duel.decide(("GunReel", None, None))
    duel.tick(80)
    assert {"Gun", "gun_throw_bullet"} <= duel.scenes and "GunReel" in duel.states
    assert {True, False} <= duel.res["has_gun"]


def test_lasso_catch_pull_and_reel():
    """Lasso catches the foe (LassoDefault -> the Lasso state's on_lasso_hit -> LassoHit), then
    LassoPull yanks it, or LassoReel draws it into IzunaDrop; a missed lasso is let go."""
    for seed, follow in ((13, ("LassoPull", {"x": 0, "y": -100}, None)), (14, ("LassoReel", None, None))):
        duel = Duel(seed=seed, char_distance=60)
        assert duel.decide(("Lasso", {"x": 100, "y": -30}, None), ("Taunt", None, None))
        assert duel.decide(follow)
        duel.tick(80)
        assert "Lasso" in duel.scenes and {"LassoHit", follow[0]} <= duel.states
        if follow[0] == "LassoReel":
            assert "IzunaDrop" in duel.states
    duel = Duel(seed=15, char_distance=300)
    assert duel.decide(("Lasso", {"x": 50, "y": -100}, None))
    duel.tick(60)


def test_foresight_detonate_shift_drift_hindsight():
    """Foresight after-images: detonated by the extra (the rift relaunches the owner's liveliest
    NewBullet), shifted to (Shift replays the last input), drifted (a super bar, the milk toggle),
    hindsighted (a new one where the Cowboy stands) and outliving their 100 frames."""
    duel = Duel(seed=21, starting_meter="1000", char_distance=120)
    assert duel.decide(("ForesightNeutral", {"x": 40, "y": -60}, None))
    assert duel.decide(("Brandish", None, None))
    assert duel.decide(("Shoot2", SHOOT_RIGHT, None))
    assert duel.decide(("Continue", None, {"detonate": True}))
    duel.tick(20)
    assert "AfterImageExplosion" in duel.scenes
    assert duel.decide(("ForesightNeutral", {"x": -80, "y": -50}, None))
    assert duel.decide(("3Combo", None, {"shift": True}))
    duel.tick(30)
    assert "Shift" in duel.states and True in duel.res["shifting"]
    assert duel.decide(("ForesightNeutral", {"x": 60, "y": -80}, None))
    assert duel.decide(("Continue", None, {"drift": True}))
    duel.tick(20)
    assert True in duel.res["milk_toggled"]
    assert duel.decide(("Continue", None, {"hindsight": True}))
    duel.tick(120)
    assert "AfterImage" in duel.scenes


def test_thousand_cuts_time_splitter_and_fatal_cut():
    """1000 Cuts (the slashes follow the Cowboy, air speed 12), Time Splitter's twelve path
    hitboxes, the Fatal Cut ending, and AirDash1k while it lasts."""
    duel = Duel(seed=31, starting_meter="1000", char_distance=80, infinite_resources=True)
    assert duel.decide(("1000Cuts", None, None))
    duel.tick(8)
    assert duel.decide(("TimeSplitter", {"x": 100, "y": 0}, None))
    duel.tick(50)
    assert duel.decide(("1000Cuts", None, None))
    duel.tick(8)
    assert duel.decide(("Jump", {"x": 30, "y": -100}, None))
    duel.decide(("AirDash1k", {"x": 1, "y": 0}, None))
    assert duel.decide(("1000CutsEnd", None, None))
    duel.tick(40)
    assert "1000Cuts" in duel.scenes and {"TimeSplitter", "1000CutsEnd"} <= duel.states


def test_impale_teleport_and_sword_strings():
    """ImpaleTeleport appears behind the foe (its lag frames over 200 px), the sword strings and
    their lunges and lifts (3Combo, HSlash, VSlash, UpwardSwipe, DownwardCleave, LightningSlice,
    BackSlash, PistolWhip), bullet-cancelling armed by gun_cancel, the dashes and air dashes."""
    duel = Duel(seed=41, char_distance=250)
    played = set()
    for move, data in (("ImpaleTeleport", None), ("3Combo", None), ("HSlash2", {"x": 1, "y": -1}),
                       ("VSlash", None), ("UpwardSwipe", None), ("DownwardCleaveGround", None),
                       ("LightningSliceNeutral", None), ("BackSlash", None), ("PistolWhipGround", None),
                       ("Dash", None), ("Jump", {"x": 60, "y": -100}), ("AirDash2", {"x": -1, "y": 0}),
                       ("DownwardCleave", None), ("HAirSlash", None), ("UpwardSwipeAir", None)):
        if duel.decide((move, data, {"gun_cancel": True})):
            played.add(move)
        duel.tick(25)
    assert len(played) >= 10, played
    assert True in duel.res["bullet_cancelling"]


# ------------------------------------------------------------------ targeted random check
def _own(match, player, rnd, own, action, data, extra):
    """Mostly the Cowboy's own moves (with random extras)."""
    action, data = prefer_own(match, player, "Cowboy", rnd, own, 0.75, action, data)
    data = _game_data(action, data) if action != "Continue" else data
    for key, p in (("gun_cancel", 0.3), ("detonate", 0.15), ("shift", 0.15), ("drift", 0.1), ("hindsight", 0.05)):
        extra[key] = rnd.random() < p
    return action, data, extra


def _note(seen, state, p1, p2):
    for obj in state["objects"]:
        seen["scenes"].add(obj["scene"])
    for side, character in (("p1", p1), ("p2", p2)):
        if character == "Cowboy":
            res = state[side]["res"]
            seen["bullets_left"].add(res["bullets_left"])
            for flag in ("bullet_cancelling", "shifting", "milk_toggled", "detonating"):
                seen[flag] |= res[flag]
            seen["gun_out"] |= not res["has_gun"]


# One match on both engines, compared after every tick (a Cowboy's legal moves also with
# input_grounded / input_aerial); returns the ticks played.
_play = functools.partial(play_character, "Cowboy", _own, _note)


def _seen():
    return {"scenes": set(), "bullets_left": set(), "bullet_cancelling": False, "shifting": False,
            "milk_toggled": False, "detonating": False, "gun_out": False}


def _objects_and_resources(mirrors: int, others: int) -> None:
    """Short matches per pairing with the Cowboy on each side, ``mirrors`` of the mirror and
    ``others`` of each other pairing: every tick identical, and the Cowboy's objects and resources
    were exercised."""
    seen = _seen()
    total = 0
    for k, i, p1, p2, rnd in short_matches("Cowboy", 5000, others=others, mirrors=mirrors):
        settings = {"game_length": 700, "char_distance": rnd.choice((20, 55, 120)),
                    "starting_meter": rnd.choice(("0", "500", "1000"))}
        total += _play(p1, p2, 37 * k + i, settings, rnd, 710, seen)
    assert total > 2000
    assert {"NewBullet", "Gun", "Lasso", "AfterImage", "AfterImageExplosion"} <= seen["scenes"], seen["scenes"]
    assert len(seen["bullets_left"]) >= 3 and seen["gun_out"] and seen["bullet_cancelling"]


def test_cowboy_objects_and_resources_match_python():
    """10 short matches: 2 of the mirror, 1 of each other pairing with the Cowboy on either side
    (every object and resource checked is reached in them)."""
    _objects_and_resources(mirrors=2, others=1)


@pytest.mark.slow
def test_cowboy_objects_and_resources_match_python_32():
    """32 short matches: 8 of the mirror, 3 of each other pairing."""
    _objects_and_resources(mirrors=8, others=3)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(8))
def test_cowboy_long_matches_match_python(block):
    """Long matches (full game length) with the Cowboy on one side, 5 per block, with varied
    settings (infinite resources, ceilings, small stages, turbo)."""
    seen = _seen()
    for p1, p2, seed, rnd in long_matches("Cowboy", block, 5, 70000):
        settings = {"game_length": 3600, "char_distance": rnd.choice((20, 55, 120)),
                    "infinite_resources": rnd.random() < 0.2, "starting_meter": rnd.choice(("0", "1000")),
                    "has_ceiling": rnd.random() < 0.3, "ceiling_height": rnd.choice((150, 300, 800)),
                    "stage_width": rnd.choice((250, 500, 800)), "turbo_mode": rnd.random() < 0.1}
        _play(p1, p2, seed, settings, rnd, 3610, seen)
    assert seen["scenes"] & OBJECT_SCENES
