"""YomiEnv (integration/env/env.py) and its layouts (integration/env/obs.py, action_layout.py): buffers, auto-reset, determinism,
masks against the engine, illegal actions, PufferLib vectorisation and PuffeRL."""
from __future__ import annotations

import numpy as np
import pytest

from integration.env import encoding as E
from integration.env import action_layout as AL
from integration.env import obs as O
from integration.engine import create_match
from integration.env.baselines import random_legal_actions
from integration.env.env import (R, IllegalAction, YomiEnv, check_action, check_action_obs,
                             fallback_action, observe_decision)

SHORT = {"game_length": 90}      # matches of a few turns (the time limit ends them)
BACKENDS = ["python", "c"]       # every env test that is not about one backend runs on both


def random_actions(env, rng):
    return random_legal_actions(env.observations, rng)


def fresh_observation(c1: int, c2: int, seed: int, settings=None, engine="python") -> np.ndarray:
    """The first observation of a new match, built straight from the engine."""
    match = create_match(AL.CHARACTERS[c1], AL.CHARACTERS[c2], seed=int(seed), settings=settings, engine=engine)
    match.advance()
    out = np.zeros((2, O.OBS_SIZE), dtype=np.float32)
    observe_decision(match, out, (c1, c2), int((settings or {}).get("game_length", 3600)))
    return out


# ------------------------------------------------------------------------------------------------
# layouts
# ------------------------------------------------------------------------------------------------
def test_layout_sizes():
    assert O.OBS_SIZE == O.FEATURE_SIZE + AL.MASK_SIZE
    assert O.LAYOUT.size == O.FEATURE_SIZE
    assert AL.MASK_SIZE == 1 + AL.K1 + AL.N_DYN
    assert AL.K1 == 1 + len(AL.BASE_MOVES) + max(len(AL.own_moves(c)) for c in AL.CHARACTERS)
    assert len(AL.HEAD_SIZES) == len(AL.HEAD_NAMES) == AL.N_HEADS
    assert AL.D == sum(AL.HEAD_SIZES[1:])
    spec = AL.action_spec()
    assert spec.head_sizes == AL.HEAD_SIZES and spec.mask_size == AL.MASK_SIZE and spec.obs_size == O.OBS_SIZE
    assert spec.head_used.shape == (AL.K1, AL.N_HEADS)
    # every field of the layout is contiguous and inside the features
    end = 0
    for name, off, size, _ in O.LAYOUT.fields:
        assert off == end, name
        end = off + size
    assert end == O.FEATURE_SIZE


@pytest.mark.parametrize("char", AL.CHARACTERS)
def test_unified_layout_maps_every_head_and_move(char):
    cl = AL.char_layout(char)
    sp = E.get_spec(char)
    assert sorted(cl.c2u.tolist()) == sorted(u for u in range(AL.K1) if cl.u2c[u] >= 0)
    assert all(cl.u2c[cl.c2u[m]] == m for m in range(sp.K1))
    for u, name in enumerate(AL.unified_move_names(char)):
        if 1 <= u <= len(AL.BASE_MOVES) and name is not None:
            assert name == AL.BASE_MOVES[u - 1]          # shared moves share an index
    for j, h in enumerate(sp.head_names[1:], start=1):
        assert sp.head_sizes[j] <= AL.HEAD_SIZES[cl.head_to_u[j]], h
    rng = np.random.default_rng(0)
    for _ in range(50):
        heads = [int(rng.integers(s)) for s in sp.head_sizes]
        u = cl.from_char_heads(heads)
        assert cl.to_char_heads(u) == heads
    # the unified gather index reproduces the character's data masks
    assert (cl.gather_index[cl.c2u][:, [AL.DATA_OFFSETS[cl.head_to_u[j] - 1] for j in range(1, len(sp.head_names))]]
            == sp.gather_index[:, sp.data_offsets]).all()


def test_masks_decode_numpy_and_torch_agree_with_encoding():
    torch = pytest.importorskip("torch")
    for c1, c2 in (("Ninja", "Robot"), ("Cowboy", "Wizard"), ("Mutant", "Mutant")):
        m = create_match(c1, c2, seed=3)
        m.advance()
        out = np.zeros((2, O.OBS_SIZE), dtype=np.float32)
        state, sts, fvs, legal = observe_decision(m, out, (AL.CHAR_INDEX[c1], AL.CHAR_INDEX[c2]), 3600)
        mm, dm = AL.decode_masks(out[:, O.FEATURE_SIZE:])
        tm, td = AL.action_spec().decode_masks(torch.as_tensor(out))
        assert (tm.numpy() == mm).all() and (td.numpy() == dm).all()
        for p, c in ((0, c1), (1, c2)):
            cl = AL.char_layout(c)
            sp = cl.spec
            assert (mm[p][cl.c2u] == sts[p].move_mask).all()
            assert not mm[p][[u for u in range(AL.K1) if cl.u2c[u] < 0]].any()
            ref = sts[p].data_mask_reference()
            for j in range(1, len(sp.head_names)):
                ho, hs = AL.DATA_OFFSETS[cl.head_to_u[j] - 1], sp.data_sizes[j - 1]
                co = sp.data_offsets[j - 1]
                assert (dm[p][cl.c2u, ho:ho + hs] == ref[:, co:co + hs]).all()
                assert not dm[p][:, ho + hs:ho + AL.DATA_SIZES[cl.head_to_u[j] - 1]].any()
            # heads the character lacks: bin 0 only
            for hu in range(1, AL.N_HEADS):
                if cl.u_to_head[hu] < 0:
                    o, s = AL.DATA_OFFSETS[hu - 1], AL.DATA_SIZES[hu - 1]
                    assert dm[p][:, o].all() and not dm[p][:, o + 1:o + s].any()


@pytest.mark.parametrize("char", AL.CHARACTERS)
def test_observation_is_mirrored_for_p2(char):
    """At the start of a mirror match both agents see the same thing (only ``seat`` differs)."""
    c = AL.CHAR_INDEX[char]
    obs = fresh_observation(c, c, seed=5)
    diff = np.nonzero(obs[0] != obs[1])[0]
    assert diff.tolist() == [O.LAYOUT["seat"]]
    assert obs[0, O.LAYOUT["seat"]] == 1.0 and obs[1, O.LAYOUT["seat"]] == 0.0
    assert obs[0, O.LAYOUT["own.x"]] < 0 and obs[0, O.LAYOUT["dx"]] > 0   # P1 starts left, looks right
    assert obs[0, O.LAYOUT["own.hp"]] == 1.0 and obs[0, O.LAYOUT["own_char"] + c] == 1.0


def test_observation_fields():
    m = create_match("Ninja", "Robot", seed=2)
    m.advance()
    out = np.zeros((2, O.OBS_SIZE), dtype=np.float32)
    state, *_ = observe_decision(m, out, (0, 3), 3600)
    L = O.LAYOUT
    for p, me, op in ((0, "p1", "p2"), (1, "p2", "p1")):
        side = 1 if p == 0 else -1
        row = out[p]
        assert row[L["own.x"]] == np.float32(side * O.fixed_value(state[me]["x"]) / 800)
        assert row[L["opp.x"]] == np.float32(side * O.fixed_value(state[op]["x"]) / 800)
        assert row[L["own.facing"]] == side * state[me]["facing"]
        st = row[L.slice("own.state")]
        assert st.sum() == 1 and st.argmax() == O.state_index(AL.CHARACTERS[0 if p == 0 else 3], state[me]["state"])
        assert row[L["tick"]] == np.float32(m.current_tick / 3600)
        assert row[O.FEATURE_SIZE] == (0 if p == 0 else 3)
    assert out[:, :O.FEATURE_SIZE].dtype == np.float32 and np.isfinite(out).all()


def test_object_slots():
    """Objects fill slots nearest first, with owner, kind and relative position."""
    state = {"p1": None, "p2": None}
    m = create_match("Ninja", "Ninja", seed=1)
    m.advance()
    st = m.state()
    objs = [dict(name="7", scene="Kunai", owner=2, state="Default", st=3, px=100, py=0, x="100.0", y="0.0",
                 vx="-5.0", vy="0.0", facing=-1),
            dict(name="8", scene="StickyBomb", owner=1, state="Explode", st=1, px=-40, py=-10, x="-40.0",
                 y="-10.0", vx="0.0", vy="0.0", facing=1, active=True)]
    st["objects"] = objs
    state = st
    row = np.zeros(O.OBS_SIZE, dtype=np.float32)
    O.write_features(row, state, 1, ("Ninja", "Ninja"), 0, 3600)
    base = O.LAYOUT["objects"]
    slot0, slot1 = row[base:base + O.OBJECT_SIZE], row[base + O.OBJECT_SIZE:base + 2 * O.OBJECT_SIZE]
    kinds = O.object_tables()[0]["Ninja"]
    # P1 stands at x = -55: the sticky bomb (15 px + 10 px away) comes first
    assert slot0[O.OBJ["present"]] == 1 and slot0[O.OBJ["mine"]] == 1
    assert slot0[O.OBJ["kind"] + kinds["StickyBomb"]] == 1 and slot0[O.OBJ["state"] + 1] == 1
    assert slot0[O.OBJ["active"]] == 1
    assert slot1[O.OBJ["mine"]] == 0 and slot1[O.OBJ["kind"] + kinds["Kunai"]] == 1
    assert slot1[O.OBJ["vx"]] == np.float32(-5.0 / 20)
    assert row[base + 2 * O.OBJECT_SIZE:base + O.N_OBJECTS * O.OBJECT_SIZE].sum() == 0
    row2 = np.zeros(O.OBS_SIZE, dtype=np.float32)
    O.write_features(row2, state, 2, ("Ninja", "Ninja"), 0, 3600)      # P2 at x = 55, mirrored
    s0 = row2[base:base + O.OBJECT_SIZE]
    assert s0[O.OBJ["kind"] + kinds["Kunai"]] == 1 and s0[O.OBJ["mine"]] == 1
    assert s0[O.OBJ["dx"]] == np.float32(-(100 - 55) / 800) and s0[O.OBJ["vx"]] == np.float32(5.0 / 20)


def test_res_layout_covers_every_resource():
    """Every resource the engine reports has a slot (a new one must be added to RES_LAYOUT)."""
    for c in AL.CHARACTERS:
        m = create_match(c, c, seed=1)
        names = {r[0] for r in O.RES_LAYOUT[c]}
        assert set(m.state()["p1"]["res"]) <= names, (c, set(m.state()["p1"]["res"]) - names)
        assert sum(3 if k == "vec" else 1 for _, k, _ in O.RES_LAYOUT[c]) <= O.RES_SLOTS


# ------------------------------------------------------------------------------------------------
# buffers, auto-reset, determinism
# ------------------------------------------------------------------------------------------------
def test_spaces_and_buffers_are_pufferlibs():
    env = YomiEnv(num_envs=3, seed=0)
    assert env.num_agents == 6
    assert env.observations.shape == (6, O.OBS_SIZE) and env.observations.dtype == np.float32
    assert env.actions.shape == (6, AL.N_HEADS)
    assert tuple(env.single_action_space.nvec) == AL.HEAD_SIZES
    buf = dict(observations=np.zeros((6, O.OBS_SIZE), np.float32), rewards=np.zeros(6, np.float32),
               terminals=np.zeros(6, bool), truncations=np.zeros(6, bool), masks=np.zeros(6, bool),
               actions=np.zeros((6, AL.N_HEADS), np.int32), teacher_actions=np.zeros((6, AL.N_HEADS), np.int32))
    env = YomiEnv(num_envs=3, seed=0, buf=buf)
    obs, _ = env.reset()
    assert obs is buf["observations"] and buf["observations"].any() and buf["masks"].all()
    env.step(random_legal_actions(obs, np.random.default_rng(0)))
    assert env.rewards is buf["rewards"] and env.terminals is buf["terminals"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_buffer_integrity_and_auto_reset_order(backend):
    n = 3
    env = YomiEnv(num_envs=n, seed=11, p1="random", p2="random", settings=SHORT, illegal="raise", backend=backend)
    env.reset()
    rng = np.random.default_rng(1)
    partial = 0
    reset_checked = 0
    prev_ended = np.zeros(n, bool)
    for step in range(60):
        actions = random_actions(env, rng)
        ticks_before = env.observations[0::2, O.LAYOUT["tick"]].copy()
        env.observations[:] = np.nan
        env.rewards[:] = np.nan
        env.terminals[:] = True
        env.truncations[:] = True
        obs, rew, term, trunc, infos = env.step(actions)
        assert np.isfinite(obs).all() and np.isfinite(rew).all()
        ended = env.backend.ended.copy()
        for i in range(n):
            r = env.backend.results[i]
            if ended[i]:
                w = r[R["winner"]]
                if w < 0:       # cut short by an engine error (the C engine lacks a move or object)
                    assert trunc[2 * i] and trunc[2 * i + 1] and not term[2 * i:2 * i + 2].any()
                    assert (rew[2 * i:2 * i + 2] == 0).all()
                else:
                    assert term[2 * i] and term[2 * i + 1] and not trunc[2 * i:2 * i + 2].any()
                    want = {0: (0, 0), 1: (1, -1), 2: (-1, 1)}[int(w)]
                    assert tuple(rew[2 * i:2 * i + 2]) == want
                # the observation is already the new match's first one
                c1, c2 = env.backend.chars[i]
                fresh = fresh_observation(int(c1), int(c2), int(env.backend.seeds[i]), SHORT, backend)
                assert (obs[2 * i:2 * i + 2] == fresh).all()
            else:
                assert not term[2 * i:2 * i + 2].any() and not trunc[2 * i:2 * i + 2].any()
                assert (rew[2 * i:2 * i + 2] == 0).all()
                assert obs[2 * i, O.LAYOUT["tick"]] > ticks_before[i]          # the match went on
                if prev_ended[i]:
                    reset_checked += 1          # the step after an auto-reset: fresh rewards/terminals
        if ended.any() and not ended.all():
            partial += 1
        prev_ended = ended
        if infos:
            assert set(infos[0]) >= {"p1_win", "p2_win", "draw", "episode_length", "episode_ticks", "damage_p1",
                                     "damage_p2", "illegal_actions", "n_matches"}
    assert partial >= 1 and reset_checked >= 1 and env.matches_played >= 3


@pytest.mark.parametrize("backend", BACKENDS)
def test_reset_clears_rewards_and_terminals(backend):
    env = YomiEnv(num_envs=2, seed=3, settings=SHORT, backend=backend)
    env.reset()
    rng = np.random.default_rng(0)
    while not (env.terminals.any() or env.truncations.any()):
        env.step(random_actions(env, rng))
    obs, infos = env.reset(seed=3)
    assert not env.terminals.any() and not env.truncations.any() and (env.rewards == 0).all()
    first = YomiEnv(num_envs=2, seed=3, settings=SHORT, backend=backend).reset()[0]
    assert (obs == first).all()


def _rollout(env, steps, seed):
    rng = np.random.default_rng(seed)
    env.reset()                       # the env's own seed (constructor)
    out = [env.observations.copy()]
    for _ in range(steps):
        o, r, d, t, _ = env.step(random_actions(env, rng))
        out += [o.copy(), r.copy(), d.copy(), t.copy()]
    return out


@pytest.mark.parametrize("backend", BACKENDS)
def test_determinism_same_seed_same_actions(backend):
    kw = dict(num_envs=2, p1="random", p2="random", settings=SHORT, backend=backend)
    a = _rollout(YomiEnv(seed=5, **kw), 25, 9)
    b = _rollout(YomiEnv(seed=5, **kw), 25, 9)
    assert all(x.tobytes() == y.tobytes() for x, y in zip(a, b))
    c = _rollout(YomiEnv(seed=6, **kw), 25, 9)
    assert any(x.tobytes() != y.tobytes() for x, y in zip(a, c))


def _vec_rollout(backend, steps=12, seed=4, env_backend="python", timeout=120.0):
    """Obs/rewards/terminals/truncations of a vectorised rollout.  A watchdog fails the test (and
    stops the workers) instead of hanging when a Multiprocessing worker dies."""
    import threading

    import pufferlib.vector

    kw = dict(num_workers=2, batch_size=2) if backend is pufferlib.vector.Multiprocessing else {}
    vec = pufferlib.vector.make(YomiEnv, env_kwargs=dict(num_envs=1, p1="random", p2="random", settings=SHORT,
                                                         backend=env_backend),
                                backend=backend, num_envs=2, seed=seed, **kw)
    out: list = []
    error: list = []

    def run():
        try:
            rng = np.random.default_rng(seed)
            obs, _ = vec.reset(seed=seed)
            out.append(obs.copy())
            for _ in range(steps):
                acts = random_legal_actions(obs, rng)
                obs, r, d, t, infos = vec.step(acts)
                out.extend([obs.copy(), r.copy(), d.copy(), t.copy()])
        except BaseException as exc:  # pragma: no cover - reported below
            error.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout)
    try:
        if worker.is_alive():
            pytest.fail(f"{backend.__name__} rollout did not finish in {timeout:.0f} s (a worker died?)")
        if error:
            raise error[0]
        return out, vec.single_observation_space
    finally:
        vec.close()
        for proc in getattr(vec, "processes", ()):      # PufferLib terminates its workers without joining
            proc.join(5)


@pytest.mark.parametrize("backend", BACKENDS)
def test_serial_and_multiprocessing_are_identical(backend):
    import pufferlib.vector

    serial, space = _vec_rollout(pufferlib.vector.Serial, env_backend=backend)
    multi, _ = _vec_rollout(pufferlib.vector.Multiprocessing, env_backend=backend)
    assert space.shape == (O.OBS_SIZE,)
    assert serial[0].shape == (4, O.OBS_SIZE)
    assert all(x.tobytes() == y.tobytes() for x, y in zip(serial, multi))
    # the same matches as a native env seeded like PufferLib seeds its copies
    native = YomiEnv(num_envs=1, p1="random", p2="random", settings=SHORT, backend=backend)
    native.reset(seed=4)
    assert native.observations.tobytes() == serial[0][:2].tobytes()


def test_puffer_rl_few_steps():
    import warnings

    pytest.importorskip("torch")
    with warnings.catch_warnings():     # pufferl turns every RuntimeWarning into an error on import
        import pufferlib.models
        import pufferlib.pufferl
        import pufferlib.vector

    vec = pufferlib.vector.make(YomiEnv, env_kwargs=dict(num_envs=2, settings=SHORT, p1="random", p2="random"),
                                backend=pufferlib.vector.Serial, num_envs=1, seed=0)
    policy = pufferlib.models.Default(vec.driver_env, hidden_size=32)
    config = dict(seed=0, torch_deterministic=True, batch_size=32, bptt_horizon=8, device="cpu", cpu_offload=False,
                  use_rnn=False, minibatch_size=16, max_minibatch_size=16, update_epochs=1, compile=False,
                  compile_mode="default", compile_fullgraph=False, optimizer="adam", learning_rate=1e-3,
                  adam_beta1=0.9, adam_beta2=0.999, adam_eps=1e-8, total_timesteps=64, precision="float32",
                  prio_alpha=0.0, prio_beta0=1.0, clip_coef=0.2, vf_clip_coef=0.2, vf_coef=0.5, ent_coef=0.01,
                  gamma=0.99, gae_lambda=0.95, vtrace_rho_clip=1.0, vtrace_c_clip=1.0, max_grad_norm=0.5,
                  anneal_lr=False, checkpoint_interval=10 ** 9, data_dir="/tmp", env="yomi")
    with warnings.catch_warnings():
        trainer = pufferlib.pufferl.PuffeRL(config, vec, policy)
    try:
        trainer.evaluate()
        trainer.train()
    finally:
        # PuffeRL starts a non-daemon CPU-monitor thread that loops until stopped: left running,
        # it keeps pytest's process alive after the summary (a CI run that never ends).
        trainer.utilization.stop()
        vec.close()
    assert trainer.global_step >= 32
    # PuffeRL's default policy ignores the masks: its illegal actions are replaced and counted
    assert vec.driver_env.illegal_actions > 0


# ------------------------------------------------------------------------------------------------
# masks and the engine
# ------------------------------------------------------------------------------------------------
def _submit_checks(match, player, action, data, extra):
    """What Match.submit checks before accepting an action (without submitting it)."""
    from fighter.actions import legal_actions, validate_data, validate_extra

    fighter = match._fighter(player)
    ex = extra or {}
    assert action in legal_actions(fighter, bool(ex.get("input_grounded")), bool(ex.get("input_aerial"))), action
    if action != "Continue":
        validate_data(fighter.get_state(action), data)
    validate_extra(fighter.CHARACTER, extra)


@pytest.mark.parametrize("pair", [(c, c) for c in AL.CHARACTERS] + [("Ninja", "Cowboy"), ("Wizard", "Robot"),
                                                                    ("Mutant", "Ninja")],
                         ids=lambda p: f"{p[0]}-{p[1]}")
def test_masks_agree_with_engine_on_random_matches(pair, turns=30):
    """Move mask == legal_actions; every legal move with random legal data passes submit's checks;
    the env submits random masked-legal actions (illegal="raise": a refusal would raise)."""
    env = YomiEnv(num_envs=1, seed=sum(map(ord, "".join(pair))), p1=pair[0], p2=pair[1], illegal="raise",
                  engine_errors="raise", backend="python")
    env.reset()
    rng = np.random.default_rng(0)
    for _ in range(turns):
        be = env.backend
        match = be.matches[0]
        state, sts, fvs, legal = be.decisions[0]
        move, data = AL.decode_masks(env.observations[:, O.FEATURE_SIZE:])
        for p in (0, 1):
            c = int(be.chars[0, p])
            cl = AL.CHAR_LAYOUTS[c]
            names = {cl.spec.moves[cl.u2c[u]] for u in np.nonzero(move[p])[0]}
            assert names == set(match.legal_actions(p + 1)) == set(legal[p])
            for u in np.nonzero(move[p])[0]:
                heads = np.zeros(AL.N_HEADS, dtype=np.int64)
                heads[0] = u
                for h, (off, size) in enumerate(zip(AL.DATA_OFFSETS, AL.DATA_SIZES)):
                    ok = np.nonzero(data[p, u, off:off + size])[0]
                    assert len(ok), (cl.spec.moves[cl.u2c[u]], AL.HEAD_NAMES[h + 1])
                    heads[h + 1] = rng.choice(ok)
                assert check_action(c, sts[p], heads) is None
                assert check_action_obs(env.observations[p], heads) is None
                a, d, x = E.decode(cl.character, cl.to_char_heads(heads), fvs[p], state["p2" if p == 0 else "p1"],
                                   state["objects"])
                _submit_checks(match, p + 1, a, d, x)
        env.step(random_actions(env, rng))


@pytest.mark.parametrize("backend", BACKENDS)
def test_illegal_actions_record_and_raise(backend):
    env = YomiEnv(num_envs=2, seed=0, backend=backend)
    env.reset()
    before = env.observations.copy()
    bad = np.zeros((4, AL.N_HEADS), dtype=np.int32)
    bad[0, 0] = AL.K1 - 1                         # Ninja has no such move
    bad[1, 0] = 1 + AL.BASE_MOVES.index("AirDash")  # aerial move on the ground
    strict = YomiEnv(num_envs=2, seed=0, illegal="raise", backend=backend)
    strict.reset()
    with pytest.raises(IllegalAction, match="agent 0"):
        strict.step(bad)
    assert (strict.observations == before).all()               # nothing was submitted
    assert strict.backend.match(0).current_tick == env.backend.match(0).current_tick
    assert check_action_obs(env.observations[0], bad[0]) and check_action_obs(env.observations[1], bad[1])
    assert check_action_obs(env.observations[2], bad[2]) is None
    obs, rew, term, trunc, _ = env.step(bad)
    assert env.illegal_actions == 2 and env.backend.illegal[0].tolist() == [1, 1]
    assert "agent 1" in env.last_illegal
    if backend == "python":
        assert "AirDash" in env.last_illegal
    # the replacement is the Hold action: same as submitting Continue explicitly
    ref = YomiEnv(num_envs=2, seed=0, backend=backend)
    ref.reset()
    hold = np.zeros((4, AL.N_HEADS), dtype=np.int32)
    hold[2:] = bad[2:]
    ref.step(hold)
    assert (ref.observations == obs).all() and ref.illegal_actions == 0
    pen = YomiEnv(num_envs=1, seed=0, illegal_penalty=-0.1, backend=backend)
    pen.reset()
    _, rew, *_ = pen.step(bad[:2])
    assert rew.tolist() == pytest.approx([-0.1, -0.1])


class _FailingTracer:
    """A tracer whose file cannot be written: at the match's start, at a tick, or at a turn."""

    def __init__(self, at: str):
        self.at = at

    def start(self, i, match, seed):
        if self.at == "start":
            raise IsADirectoryError(21, "Is a directory", "out")

    def tick(self, i, tick, state):
        if self.at == "tick":
            raise OSError(28, "No space left on device")

    def turn(self, i, tick, submitted, legal):
        if self.at == "turn":
            raise OSError(28, "No space left on device")

    def end(self, i, result):
        pass


@pytest.mark.parametrize("at", ["start", "tick", "turn"])
def test_a_tracer_that_cannot_write_is_not_an_engine_error(at, caplog):
    """An OSError from the tracer's file propagates at once, whether the match is starting or
    playing a turn: no other seed is tried, nothing is logged as an engine error, no match is cut
    short."""
    import logging

    env = YomiEnv(num_envs=1, seed=0, settings=SHORT, tracer=_FailingTracer(at), backend="python")
    with caplog.at_level(logging.WARNING), pytest.raises(OSError, match="Is a directory|No space left"):
        env.reset()
        env.step(np.zeros((2, AL.N_HEADS), dtype=np.int32))
    assert env.backend.engine_errors == 0 and env.backend.last_engine_error is None
    assert not caplog.records


@pytest.mark.parametrize("backend", BACKENDS)
def test_unused_heads_are_ignored(backend):
    env = YomiEnv(num_envs=1, seed=0, illegal="raise", backend=backend)
    env.reset()
    a = np.zeros((2, AL.N_HEADS), dtype=np.int32)
    a[:, AL.HEAD_POS["dir2"]] = 20                 # Ninja has no dir2; Continue uses no dir
    a[:, AL.HEAD_POS["option"]] = 3
    env.step(a)
    assert env.illegal_actions == 0


def test_fallback_action_is_legal():
    m = create_match("Robot", "Mutant", seed=0)
    m.advance()
    out = np.zeros((2, O.OBS_SIZE), dtype=np.float32)
    _, sts, _, _ = observe_decision(m, out, (3, 4), 3600)
    for p, c in ((0, 3), (1, 4)):
        a = fallback_action(c, sts[p])
        assert a[0] == 0 and check_action(c, sts[p], a) is None


# ------------------------------------------------------------------------------------------------
# configuration, rewards, snapshots, trainer registry
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("backend", BACKENDS)
def test_character_pools_and_pairings(backend):
    env = YomiEnv(num_envs=6, seed=2, p1="random", p2=["ninja", "ROBOT"], settings=SHORT, backend=backend)
    env.reset()
    chars = env.match_characters()
    assert set(chars[:, 1]) <= {0, 3} and len(set(chars[:, 0])) > 1
    again = YomiEnv(num_envs=6, seed=2, p1="random", p2=["ninja", "ROBOT"], settings=SHORT, backend=backend)
    again.reset()
    assert (again.match_characters() == chars).all()
    for i, (c1, c2) in enumerate(chars):
        assert env.observations[2 * i, O.LAYOUT["own_char"] + c1] == 1
        assert env.observations[2 * i + 1, O.LAYOUT["own_char"] + c2] == 1
    with pytest.raises(KeyError):
        YomiEnv(p1="nobody")


def _pairing_counts(env, resets: int) -> np.ndarray:
    """How often each pairing was drawn over `resets` resets (each draws 2 * num_envs matches)."""
    counts = np.zeros((AL.N_CHARS, AL.N_CHARS), dtype=np.int64)
    for _ in range(resets):
        env.reset()
        for c1, c2 in np.concatenate([env.match_characters(), env.pending[:, :2]]):
            counts[c1, c2] += 1
    return counts


def test_pairing_weights_steer_the_draws():
    """Weights 3 : 1 on two pairings and 0 elsewhere: only those two are drawn, in about that ratio
    (1,280 draws: 960 expected, binomial sd 15.5, the bound is 5 sd); None draws uniformly again."""
    mutant, robot, ninja = (AL.CHAR_INDEX[c] for c in ("Mutant", "Robot", "Ninja"))
    env = YomiEnv(num_envs=64, seed=3, p1="random", p2="random", settings=SHORT, backend="c")
    w = np.zeros((AL.N_CHARS, AL.N_CHARS))
    w[mutant, robot], w[ninja, mutant] = 3.0, 1.0
    env.set_pairing_weights(w)
    counts = _pairing_counts(env, 10)
    assert counts.sum() == 1280 and counts[mutant, robot] + counts[ninja, mutant] == 1280
    assert abs(counts[mutant, robot] - 960) < 5 * 15.5
    env.set_pairing_weights(None)
    assert (_pairing_counts(env, 10) > 0).sum() == AL.N_CHARS ** 2  # 1,280 uniform draws reach all 25


def test_bad_pairing_weights_are_refused_and_change_nothing():
    env = YomiEnv(num_envs=2, seed=3, p1="ninja", p2="random", settings=SHORT, backend="c")
    good = np.ones((AL.N_CHARS, AL.N_CHARS))
    env.set_pairing_weights(good)
    only_robot_p1 = np.zeros((AL.N_CHARS, AL.N_CHARS))
    only_robot_p1[AL.CHAR_INDEX["Robot"], :] = 1.0  # P1 is always the Ninja here
    nan = good.copy()
    nan[0, 0] = np.nan
    for bad, message in ((np.ones((4, 5)), "shape"), (-good, "at least 0"), (nan, "finite"),
                         (only_robot_p1, "no weight"), ("heavy", "numbers"), ([[1, 2], [3]], "numbers|shape")):
        with pytest.raises(ValueError, match=message):
            env.set_pairing_weights(bad)
        assert (env.pairing_weights == good).all()


def test_a_snapshot_keeps_the_pairing_weights():
    """The weights travel in get_state: a restored env draws the next matches as the original does;
    a snapshot with bad weights is refused whole."""
    env = YomiEnv(num_envs=4, seed=5, p1="random", p2="random", settings=SHORT, backend="c")
    w = np.random.default_rng(0).random((AL.N_CHARS, AL.N_CHARS))
    env.set_pairing_weights(w)
    env.reset()
    snap = env.get_state()
    other = YomiEnv(num_envs=4, seed=6, p1="random", p2="random", settings=SHORT, backend="c")
    other.reset()
    other.set_state(snap)
    assert (other.pairing_weights == w).all()
    rng = np.random.default_rng(1)
    for _ in range(40):  # past the first matches' ends: new ones are drawn with the weights
        a = random_actions(env, rng)
        env.step(a)
        other.step(a)
        assert (env.pending == other.pending).all()
    assert env.matches_played > 0
    bad = dict(snap, pairing_weights=-w)
    fresh = YomiEnv(num_envs=4, seed=6, p1="random", p2="random", settings=SHORT, backend="c")
    fresh.reset()
    before = fresh.get_state()
    with pytest.raises(ValueError, match="at least 0"):
        fresh.set_state(bad)
    assert fresh.pairing_weights is None and (fresh.pending == before["pending"]).all()


def test_damage_shaping_is_zero_sum_and_off_by_default():
    rng = np.random.default_rng(0)
    plain = YomiEnv(num_envs=1, seed=8, settings=SHORT, backend="python")
    shaped = YomiEnv(num_envs=1, seed=8, settings=SHORT, shaping={"damage": 1.0}, backend="python")
    plain.reset()
    shaped.reset()
    total = np.zeros(2)
    hp0 = shaped.backend.hp[0].copy()
    for _ in range(200):
        a = random_actions(plain, rng)
        _, r0, d0, _, _ = plain.step(a)
        _, r1, d1, _, _ = shaped.step(a)
        assert r1.sum() == pytest.approx(0.0, abs=1e-6)
        total += r1
        if d1[0]:
            r = shaped.backend.results[0]
            lost = hp0 - np.array([r[R["p1_hp"]], r[R["p2_hp"]]])
            want = (lost[1] - lost[0]) / 1500 + r0[0]
            assert total[0] == pytest.approx(want, abs=1e-5)
            assert r0[0] in (-1, 0, 1)
            break
        assert (r0 == 0).all()
    else:
        pytest.fail("the match did not end")


def test_get_state_set_state_resumes_exactly():
    # both backends snapshot (the C one: tests/env/test_env_state.py); a snapshot loads only into its backend
    c_snap = YomiEnv(num_envs=2, backend="c").get_state()
    assert isinstance(c_snap, dict)
    with pytest.raises(ValueError, match="Python backend"):
        YomiEnv(num_envs=2, backend="python").set_state(c_snap)
    env = YomiEnv(num_envs=2, seed=1, p1="random", p2="random", settings=SHORT, backend="python")
    env.reset()
    rng = np.random.default_rng(0)
    for _ in range(3):
        env.step(random_actions(env, rng))
    snap = env.get_state()
    acts = [random_actions(env, rng)]
    a = [env.step(acts[0])[0].copy()]
    for _ in range(10):
        acts.append(random_actions(env, rng))
        a.append(env.step(acts[-1])[0].copy())
    other = YomiEnv(num_envs=2, seed=99, p1="random", p2="random", settings=SHORT, backend="python")
    other.set_state(snap)
    b = [other.step(x)[0].copy() for x in acts]
    assert all((x == y).all() for x, y in zip(a, b))


def test_trainer_registry_finds_env_and_scripted_baseline():
    torch = pytest.importorskip("torch")
    from integration.train import envs as train_envs
    from integration.train.policy import random_policy as trainer_random

    env = train_envs.make_env("yomi", 2, 0, "ninja", "robot")
    spec = train_envs.action_spec(env)
    obs, _ = env.reset(seed=0)
    scripted = train_envs.scripted_baseline("yomi")
    t = torch.as_tensor(obs)
    masks = spec.decode_masks(t)
    for policy in (scripted, trainer_random(spec, torch.Generator().manual_seed(0))):
        a = policy(t, masks)
        assert a.shape == (4, AL.N_HEADS)
        for k in range(4):
            assert check_action_obs(obs[k], a[k].numpy()) is None
    env.step(a.numpy().astype(np.int32))
    assert env.illegal_actions == 0


@pytest.mark.parametrize("backend", BACKENDS)
def test_baseline_policies_stay_legal(backend):
    torch = pytest.importorskip("torch")
    from integration.env.baselines import random_policy, scripted_policy

    env = YomiEnv(num_envs=3, seed=4, p1="random", p2="random", settings=SHORT, illegal="raise", backend=backend)
    env.reset()
    g = torch.Generator().manual_seed(0)
    spec = env.action_spec
    for step in range(25):
        o = torch.as_tensor(env.observations)
        masks = spec.decode_masks(o)
        a = torch.cat([scripted_policy(o[0::2], tuple(m[0::2] for m in masks), g),
                       random_policy(o[1::2], tuple(m[1::2] for m in masks), g)])
        acts = torch.zeros_like(a)
        acts[0::2], acts[1::2] = a[:3], a[3:]
        env.step(acts.numpy().astype(np.int32))
        # numpy in, numpy out, masks computed when not given
        assert scripted_policy(env.observations[:2], None).shape == (2, AL.N_HEADS)


@pytest.mark.slow
def test_scripted_beats_random():
    torch = pytest.importorskip("torch")
    from integration.env.baselines import random_policy, scripted_policy

    env = YomiEnv(num_envs=6, seed=1, p1="random", p2="random", settings={"game_length": 1200}, backend="python")
    env.reset()
    g = torch.Generator().manual_seed(0)
    results = []
    done = np.zeros(6, bool)
    for _ in range(400):
        o = torch.as_tensor(env.observations)
        masks = env.action_spec.decode_masks(o)
        acts = torch.cat([scripted_policy(o[0::2], tuple(m[0::2] for m in masks), g),
                          random_policy(o[1::2], tuple(m[1::2] for m in masks), g)])
        a = torch.zeros_like(acts)
        a[0::2], a[1::2] = acts[:6], acts[6:]
        _, r, d, _, _ = env.step(a.numpy().astype(np.int32))
        for i in np.nonzero(d[0::2] & ~done)[0]:
            results.append(r[2 * i])
            done[i] = True
        if done.all():
            break
    assert len(results) >= 5 and sum(x > 0 for x in results) >= 0.8 * len(results)
