"""More objects at once than the C match holds inline (csrc/engine/match.c: the object pool), and
a hitbox that hits more objects than its inline hit list holds (csrc/engine/hitbox.c: the spill).

The game has no limit on objects (game.objects is a list) nor on the objects a hitbox hits, and
neither has the Python engine. The C match keeps its first YOMI_INLINE_OBJECTS (32) object slots
inside the struct and the rest in a pool it owns, which grows as needed; a hitbox's hit list past
its inline room goes on in the pool's spill list. In a Ninja mirror with infinite resources, P2
lays a field of caltrops (more than 48 live objects, counted in the Python engine) and P1's
summoned clones slide through it, each hitting more than 16 of them. The tests play it on both
engines with the same decisions and compare the full state tick for tick to its end, then check
that every way a match is copied (Match.clone; EnvBatch.get_state / set_state, a snapshot's round
trip through another env, and clone_from, on an env crowded the same way) carries the pool: the
copy plays on exactly like the original.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from integration.env import action_layout as AL
from integration.env import obs as O
from integration.env.baselines import random_legal_actions
from integration.env.env import YomiEnv
from integration.tools import bench
from support.side_by_side import Both

native = pytest.importorskip("yomi._native")

INLINE = native.engine_info()["inline_objects"]
SETTINGS = {"infinite_resources": True}
SEED = 1
WAIT = 20  # P1's decisions spent waiting while P2 lays the field
COPY_AT = 375  # the copies are taken at the first decision from this tick: P1's clones slid through the field


def _live_objects(python_match) -> int:
    """Objects alive in the Python engine (game.objects less the disabled ones)."""
    return sum(1 for o in python_match._core.objects if not o.disabled)


def _choose(match, player: int, decision: int, rnd: random.Random) -> tuple:
    """P2 throws caltrops whenever it can; P1 waits WAIT decisions, then summons sliding clones
    (Summon with x 0), whose hitbox runs through the field and hits more objects than a hitbox's
    inline hit list holds. Whoever cannot, continues."""
    legal = match.legal_actions(player)
    if player == 2 and "Caltrops" in legal:
        return "Caltrops", bench.random_data("Ninja", "Caltrops", rnd), None
    if player == 1 and decision > WAIT and "Summon" in legal:
        return "Summon", {"x": 0, "y": 1}, None
    return "Continue", None, None


@pytest.fixture(scope="module")
def field():
    """The whole match on both engines, compared after every tick (Both), to its end: the decisions
    made (tick, player, action, data, extra) and the most live objects the Python engine held."""
    both = Both("Ninja", "Ninja", SEED, SETTINGS)
    rnd = random.Random(3)
    decision = most = 0
    while both.py.result() is None:
        if both.py.is_waiting():
            decision += 1
            for player in (1, 2):
                if both.py.needs_action(player):
                    assert both.submit(player, _choose(both.py, player, decision, rnd))
            continue
        assert both.tick() is not None, "the match stopped"
        most = max(most, _live_objects(both.py))
    assert both.c.result() == both.py.result()
    return both.history, most


def test_more_objects_than_inline_slots_play_alike_on_both_engines(field):
    _, most = field
    assert most > INLINE + 16, most  # far past the inline slots, in the Python engine


def _replay(history: list, until: int) -> "native.Match":
    """A C match given the recorded decisions up to the first decision from tick ``until``."""
    m = native.Match("Ninja", "Ninja", SEED, SETTINGS)
    pending = list(history)
    while True:
        m.advance()
        if m.current_tick >= until or not pending:
            return m
        while pending and m.is_waiting() and pending[0][0] == m.current_tick:
            _, player, action, data, extra = pending.pop(0)
            m.submit(player, action, data, extra)
        assert not m.is_waiting(), "the replay diverged"


def _play_on(a, b, history: list) -> None:
    """a and b (C matches in the same state) given the rest of the recorded decisions: equal states
    after every tick, to the end."""
    pending = [h for h in history if h[0] >= a.current_tick]
    while a.result() is None:
        if a.is_waiting():
            while pending and pending[0][0] == a.current_tick and a.is_waiting():
                _, player, action, data, extra = pending.pop(0)
                a.submit(player, action, data, extra)
                b.submit(player, action, data, extra)
            assert not a.is_waiting(), "the replay diverged"
            continue
        a.tick()
        b.tick()
        assert a.state() == b.state(), a.current_tick
    assert a.result() == b.result()


def test_a_clone_with_pool_objects_plays_on_like_the_original(field):
    history, _ = field
    m = _replay(history, COPY_AT)
    assert len(m.state()["objects"]) > INLINE
    copy = m.clone()
    del m  # the copy owns its own pool: freeing the original leaves it intact
    _play_on(_replay(history, COPY_AT), copy, history)


# ------------------------------------------------------------------ the environment
# the Ninja's moves that spawn objects (Fireball throws the shuriken, Summon a clone or a kunai thrower)
SPAWNERS = ("Caltrops", "Summon", "Fireball", "StickyBomb")
CROWD = INLINE + 6  # live objects in slot 0 before the copies are taken


def _spawning_actions(observations: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """random_legal_actions among the SPAWNERS where one is legal (the move mask narrowed to them)."""
    obs = np.array(observations, copy=True)
    moves = obs[:, O.FEATURE_SIZE + 1:O.FEATURE_SIZE + 1 + AL.K1]
    wanted = np.array([name in SPAWNERS for name in AL.unified_move_names("Ninja")])
    narrowed = np.where(wanted, moves, 0.0)
    some = narrowed.max(axis=1) > 0.5
    moves[some] = narrowed[some]
    return random_legal_actions(obs, rng)


def _env(n=2) -> YomiEnv:
    return YomiEnv(num_envs=n, seed=4, p1="ninja", p2="ninja", settings=SETTINGS, backend="c")


@pytest.fixture(scope="module")
def crowded_env():
    """An env whose slot 0 holds more live objects than the inline slots, and the rng to go on."""
    env = _env()
    env.reset()
    rng = np.random.default_rng(2)
    for _ in range(3000):
        if len(env.backend.batch.match(0).state()["objects"]) >= CROWD:
            return env, rng
        env.step(_spawning_actions(env.observations, rng))
    pytest.fail("no crowd in slot 0")


def _steps(env: YomiEnv, actions: list) -> list:
    out = []
    for a in actions:
        obs, rew, term, trunc, _ = env.step(a)
        out.append((obs.copy(), rew.copy(), term.copy(), trunc.copy()))
    return out


def test_env_snapshot_and_clone_with_pool_objects(crowded_env):
    env, rng = crowded_env
    state = env.get_state()
    batch = env.backend.batch
    before = batch.match(0).state()
    assert len(before["objects"]) > INLINE
    # a snapshot of a crowded match is longer than the struct: the pool's slots follow it
    assert len(batch.get_state()) > native.EnvBatch.snapshot_layout()["match"] * 2
    # clone_from into another batch: the same match, pool included
    twin = _env()
    twin.reset()
    twin.backend.batch.clone_from(batch, np.array([0, 1], dtype=np.int64))
    assert twin.backend.batch.match(0).state() == before
    # the snapshot restored elsewhere plays on exactly like the original
    actions = []
    probe = _env()
    probe.set_state(state)
    assert probe.backend.batch.match(0).state() == before
    for _ in range(60):
        actions.append(_spawning_actions(probe.observations, rng))
        probe.step(actions[-1])
    restored = _env()
    restored.set_state(state)
    expected, got = _steps(env, actions), _steps(restored, actions)
    for (a, b) in zip(expected, got):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)
    for i in range(2):
        assert restored.backend.batch.match(i).state() == batch.match(i).state()


# ------------------------------------------------------------------ parried names past the inline list
# A fighter's parried_hitboxes (a list of names in the game, with no limit) keeps its first
# YOMI_MAX_PARRIED names in the fighter and the rest in the match's pool; a snapshot carries them
# after the pool's slots and hit entries. A real match rarely holds many (a parried projectile mostly
# fizzles, and names of objects gone are dropped), so the list is crafted into a snapshot: at the first
# decision, P1 is told it parried throws (names the game never finds again, so they stay) and P2's
# hitboxes (all inactive while P2 waits, so the game's clean_parried_hitboxes drops them on the next
# tick), interleaved, more than the inline room.
INLINE_PARRIED = 48  # csrc/engine/ytypes.h YOMI_MAX_PARRIED
THROW_NAME = -2  # a throw state's name: YHBD_STATE_NAME and the state's symbol
HEADER_BYTES = 56  # csrc/env/batch.h yenv_snap_header: payload size at 40, checksum at 48


def _parried_snapshot(snapshot: bytes, names: list, tail: bool = True) -> bytes:
    """A batch's snapshot (no match with a pool) with P1's parried names of match 0 set to ``names``
    (without ``tail``, those past the inline ones are left out: a count without its names)."""
    import struct

    layout = native.EnvBatch.snapshot_layout()
    blob = bytearray(snapshot)
    n = struct.unpack_from("=Q", blob, 24)[0]
    base = HEADER_BYTES + layout["scalars"] + n * 2 * layout["mask"] * 4 + n * 2
    assert len(blob) == base + n * layout["match"], "a match with a pool"
    off, size = layout["fields"]["n_parried"]
    struct.pack_into("=i", blob, base + off, len(names))
    at, entry = layout["fields"]["parried"]
    for k, (owner, index) in enumerate(names[:INLINE_PARRIED]):
        struct.pack_into("=ii", blob, base + at + k * entry, owner, index)
    past = b"".join(struct.pack("=ii", *name) for name in names[INLINE_PARRIED:])
    end = base + layout["match"]  # match 0 without a pool: its struct, then the names past the inline ones
    if tail:
        blob[end:end] = past
    struct.pack_into("=Q", blob, 40, len(blob) - HEADER_BYTES)
    struct.pack_into("=Q", blob, 48, native.EnvBatch.snapshot_checksum(bytes(blob[HEADER_BYTES:])))
    return bytes(blob)


def _parried_names(snapshot: bytes, match_bytes: int) -> list:
    """P1's parried names of match 0 in a snapshot whose match 0 may carry a tail of them."""
    import struct

    layout = native.EnvBatch.snapshot_layout()
    n = struct.unpack_from("=Q", snapshot, 24)[0]
    base = HEADER_BYTES + layout["scalars"] + n * 2 * layout["mask"] * 4 + n * 2
    count = struct.unpack_from("=i", snapshot, base + layout["fields"]["n_parried"][0])[0]
    at, entry = layout["fields"]["parried"]
    names = [struct.unpack_from("=ii", snapshot, base + at + k * entry) for k in range(min(count, INLINE_PARRIED))]
    tail = base + match_bytes
    names += [struct.unpack_from("=ii", snapshot, tail + 8 * k) for k in range(max(0, count - INLINE_PARRIED))]
    return names


def test_parried_names_past_the_inline_list_are_kept_copied_and_cleaned():
    env = YomiEnv(num_envs=2, seed=5, p1="ninja", p2="cowboy", backend="c")
    env.reset()
    batch = env.backend.batch
    match_bytes = native.EnvBatch.snapshot_layout()["match"]
    throws = [(THROW_NAME, 1000 + k) for k in range(INLINE_PARRIED + 12)]
    p2_hitboxes = [(2, k) for k in range(20)]
    names = []
    for k, throw in enumerate(throws):  # interleaved, P2's names also in the pool's part
        names.append(throw)
        if k % 3 == 0 and p2_hitboxes:
            names.append(p2_hitboxes.pop(0))
    assert len(names) > INLINE_PARRIED + 20
    plain = batch.get_state()
    crafted = _parried_snapshot(plain, names)
    batch.set_state(crafted)
    assert batch.get_state() == crafted  # the names past the inline ones round-trip
    assert _parried_names(crafted, match_bytes) == names
    twin = YomiEnv(num_envs=2, seed=5, p1="ninja", p2="cowboy", backend="c")
    twin.reset()
    twin.backend.batch.clone_from(batch, np.array([0, 1], dtype=np.int64))
    assert twin.backend.batch.get_state() == crafted  # clone_from copies them too
    # a count without its names past the inline ones is refused and changes nothing
    with pytest.raises(ValueError, match="EnvBatch.set_state"):
        batch.set_state(_parried_snapshot(plain, names, tail=False))
    assert batch.get_state() == crafted
    # both wait a tick (Continue): P2's hitboxes, inactive, leave P1's list; the throws stay, in order
    actions = np.zeros_like(random_legal_actions(env.observations, np.random.default_rng(0)))
    env.step(actions)
    twin.step(actions)
    after = batch.get_state()
    assert _parried_names(after, match_bytes) == throws
    assert twin.backend.batch.get_state() == after  # the clone went the same way, byte for byte
