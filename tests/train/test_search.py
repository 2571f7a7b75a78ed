"""The search opponent (integration/search.py): the matrix-game solver, clone-and-simulate on the C
engine, seeded play, every pairing from either side; and the adjudication by hp of a match cut
short by an engine error, in both backends."""
import contextlib
import io

import numpy as np
import pytest

from integration.env import action_layout as AL
from integration.env import obs as O
from integration.env.baselines import random_legal_actions as _random_legal_actions
from integration.env.env import R, YomiEnv, winner_by_hp
from integration.train.policies import make_policy
from integration.train.search import SearchConfig, SearchPolicy, exploitability, solve_matrix_game


# ------------------------------------------------------------------------------------------------
# the matrix-game solver against games solved by hand
# ------------------------------------------------------------------------------------------------
def _both(a):
    a = np.asarray(a, dtype=float)
    x, v = solve_matrix_game(a)
    y, w = solve_matrix_game(-a.T)
    return x, y, v, -w


def test_rock_paper_scissors_is_uniform_with_value_zero():
    rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    x, y, v, w = _both(rps)
    np.testing.assert_allclose(x, [1 / 3] * 3, atol=1e-9)
    np.testing.assert_allclose(y, [1 / 3] * 3, atol=1e-9)
    assert v == pytest.approx(0.0, abs=1e-9) and w == pytest.approx(0.0, abs=1e-9)
    assert exploitability(rps, x, y) == pytest.approx(0.0, abs=1e-9)


def test_dominant_strategy():
    # row 0 beats row 1 against every column; the column player then picks column 1 (2 < 3)
    a = [[3, 2], [1, 0]]
    x, y, v, _ = _both(a)
    np.testing.assert_allclose(x, [1, 0], atol=1e-9)
    np.testing.assert_allclose(y, [0, 1], atol=1e-9)
    assert v == pytest.approx(2.0)
    # a dominant strategy with no saddle-point shortcut for the column player's LP: matching pennies
    # plus a third row that is worse than row 0 everywhere
    x, y, v, _ = _both([[1, -1], [-1, 1], [0.5, -2]])
    np.testing.assert_allclose(x, [0.5, 0.5, 0], atol=1e-9)
    assert v == pytest.approx(0.0, abs=1e-9)


def test_a_2x3_game_solved_by_hand():
    # Row plays (p, 1-p).  Column 1 pays 3p - 2(1-p) = 5p - 2, column 2 -p + (1-p) = 1 - 2p,
    # column 3 2p.  The lower envelope is 5p - 2 for p < 3/7 and 1 - 2p above (column 3's 2p lies
    # above both for p > 1/4), so the maximin is at 5p - 2 = 1 - 2p: p = 3/7, value 1/7.  The
    # column player mixes columns 1 and 2 (q, 1-q) so both rows get the same: 3q - (1-q) =
    # -2q + (1-q) -> q = 2/7, value 4 * 2/7 - 1 = 1/7; column 3 is never played.
    a = [[3, -1, 2], [-2, 1, 0]]
    x, y, v, w = _both(a)
    np.testing.assert_allclose(x, [3 / 7, 4 / 7], atol=1e-9)
    np.testing.assert_allclose(y, [2 / 7, 5 / 7, 0], atol=1e-9)
    assert v == pytest.approx(1 / 7) and w == pytest.approx(1 / 7)


def test_returned_strategies_are_unexploitable():
    rng = np.random.default_rng(0)
    for shape in [(2, 2), (3, 5), (6, 6), (8, 3), (16, 16)]:
        a = rng.uniform(-1, 1, shape)
        x, y, v, w = _both(a)
        assert v == pytest.approx(w, abs=1e-7)              # minimax theorem: both LPs give one value
        assert abs(exploitability(a, x, y)) < 1e-7
        assert x.min() >= 0 and x.sum() == pytest.approx(1.0)


# ------------------------------------------------------------------------------------------------
# clone-and-simulate
# ------------------------------------------------------------------------------------------------
def _mid_match_env(seed=4, turns=12, p1="ninja", p2="cowboy"):
    env = YomiEnv(num_envs=2, seed=seed, p1=p1, p2=p2, backend="c")
    env.reset()
    rng = np.random.default_rng(seed)
    for _ in range(turns):
        env.step(_random_legal_actions(env.observations, rng))
    return env


def test_clone_and_simulate_leaves_the_match_and_equals_playing_the_pair():
    env = _mid_match_env()
    slot, side = 1, 1                         # P2 of the second match searches
    search = SearchPolicy(SearchConfig(k=4, turns=0), seed=1).bind(env, [2 * slot + side])
    rng = np.random.default_rng(2)
    from integration.train.search import draw_candidates

    mine = draw_candidates(env.observations[2 * slot + side, O.FEATURE_SIZE:], 4, rng)
    theirs = draw_candidates(env.observations[2 * slot + 1 - side, O.FEATURE_SIZE:], 4, rng)
    before = env.backend.get_state()
    obs_before = env.observations.copy()
    (scores,) = search.evaluate_pairs([(slot, side, mine, theirs)])
    after = env.backend.get_state()
    assert after["batch"] == before["batch"] and np.array_equal(env.observations, obs_before)
    assert all(np.array_equal(after["arrays"][k], before["arrays"][k]) for k in before["arrays"])
    sc = search._scratch
    for i in range(len(mine)):
        for j in range(len(theirs)):
            env.backend.set_state(before)
            acts = np.zeros((2, 2, AL.N_HEADS), dtype=np.int32)
            acts[0] = [_first_legal(env.observations[0]), _first_legal(env.observations[1])]
            acts[slot, side], acts[slot, 1 - side] = mine[i], theirs[j]
            env.step(acts.reshape(4, AL.N_HEADS))
            k = i * len(theirs) + j
            hp = env.backend.hp[slot]
            if not env.terminals[2 * slot]:
                assert np.array_equal(sc.obs[k], env.observations.reshape(2, 2, -1)[slot])
                assert np.array_equal(sc.hp[k], hp)
            want = (hp[side] - hp[1 - side]) / 1500 if not env.terminals[2 * slot] else env.rewards[2 * slot + side]
            assert scores[i, j] == pytest.approx(want)
    env.backend.set_state(before)


class _ConstantValue:
    """A stand-in value head predicting ``v`` for every position."""

    def __init__(self, v: float):
        self.v = v

    def value(self, obs):
        import torch

        return torch.full((len(obs),), self.v)


def test_value_scoring_adds_the_margin_on_the_board_to_the_predicted_rest():
    """A damage-shaped value head predicts the return still to come (the hp margin still to be gained
    plus the outcome, each margin over a full bar of 1500 hp, times the shaping): a pair's score is
    the margin on the board times the shaping plus that prediction, and an ended pair's the margin
    plus the outcome.  By hand against the hp scoring of the same pairs (hp difference / 1500, or the
    outcome where the match ended), with the head predicting a constant 0.25 and shaping 0.5."""
    env = _mid_match_env()
    slot, side = 0, 0
    rng = np.random.default_rng(5)
    from integration.train.search import draw_candidates

    mine = draw_candidates(env.observations[2 * slot + side, O.FEATURE_SIZE:], 5, rng)
    theirs = draw_candidates(env.observations[2 * slot + 1 - side, O.FEATURE_SIZE:], 5, rng)
    job = [(slot, side, mine, theirs)]
    (hp_scores,) = SearchPolicy(SearchConfig(k=5, turns=1), seed=1).bind(env, [side]).evaluate_pairs(job)
    valued = SearchPolicy(SearchConfig(k=5, turns=1), seed=1, value_net=_ConstantValue(0.25),
                          value_shaping=0.5).bind(env, [side])
    (scores,) = valued.evaluate_pairs(job)
    n = len(mine) * len(theirs)
    sc = valued._scratch
    ended = np.frombuffer(sc.batch.halted(), dtype=np.uint8)[:n].astype(bool).reshape(len(mine), len(theirs))
    margin = ((sc.hp[:n, side] - sc.hp[:n, 1 - side]) / 1500).reshape(len(mine), len(theirs))
    assert np.allclose(scores[~ended], 0.5 * hp_scores[~ended] + 0.25)      # hp_scores is the margin there
    assert np.allclose(scores[ended], 0.5 * margin[ended] + hp_scores[ended])  # hp_scores is the outcome there
    assert len(np.unique(np.round(scores, 9))) > 1                           # the pairs' margins differ


def test_prior_candidates_are_the_policys_distinct_draws_in_order():
    from integration.train.search import _distinct

    a, b, c = (np.full(AL.N_HEADS, x, dtype=np.int32) for x in (1, 2, 3))
    draws = np.stack([b, a, b, c, a])
    assert np.array_equal(_distinct(draws, 2), np.stack([b, a]))
    assert np.array_equal(_distinct(draws, 5), np.stack([b, a, c]))
    assert np.array_equal(_distinct(draws, 2, first=c), np.stack([c, b]))


def test_uniform_adds_distinct_legal_candidates_to_the_priors():
    env = _mid_match_env()
    row = env.observations[0]
    a = _first_legal(row)
    search = SearchPolicy(SearchConfig(k=2, uniform=3, prior="a.safetensors", scripted=False), seed=4)
    out = search._widened(np.stack([a, a, a, a]), row, None)
    assert np.array_equal(out[0], a) and 2 <= len(out) <= 4          # the prior's one action, then up to 3 more
    assert len(np.unique(out, axis=0)) == len(out)
    move_mask, _ = AL.decode_masks(row[O.FEATURE_SIZE:])
    assert all(move_mask[m] for m in out[:, 0])                        # legal moves only
    with pytest.raises(ValueError, match="needs prior= or agent="):
        SearchConfig(uniform=2)


def test_a_prior_with_one_action_is_played_and_the_search_plays_only_what_the_prior_proposes():
    env = _mid_match_env()
    agents = np.array([0, 3])
    only = np.stack([_first_legal(env.observations[i]) for i in range(4)])
    calls = []

    def fixed(obs, masks):            # each row's first legal action, whatever the draw
        calls.append(len(obs))
        rows = [int(np.nonzero((env.observations == o.numpy()).all(1))[0][0]) for o in obs]
        return only[rows]

    search = SearchPolicy(SearchConfig(k=4, turns=1, scripted=False), seed=2, prior_policy=fixed)
    assert np.array_equal(search.bind(env, agents)(env.observations[agents], None), only[agents])
    assert calls == [2 * len(agents) * 2 * 4]    # one batch: both sides of each row, 2k draws each

    rng = np.random.default_rng(3)
    menus = {}

    def two(obs, masks):              # two legal actions per row, drawn at random
        out = []
        for o in obs:
            key = o.numpy().tobytes()
            if key not in menus:
                row = o.numpy()[None]
                menus[key] = [_first_legal(row[0]), _random_legal_actions(np.repeat(row, 2, 0), rng)[0]]
            out.append(menus[key][rng.integers(2)])
        return np.stack(out)

    search = SearchPolicy(SearchConfig(k=4, turns=1, scripted=False), seed=2, prior_policy=two)
    chosen = search.bind(env, agents)(env.observations[agents], None)
    for agent, action in zip(agents, chosen):
        assert any(np.array_equal(action, m) for m in menus[env.observations[agent].tobytes()])


def _first_legal(row):
    """A legal action of one agent: its first legal move with the first legal value of each used head."""
    move, data = AL.decode_masks(row[O.FEATURE_SIZE:])
    u = int(np.nonzero(move)[0][0])
    a = np.zeros(AL.N_HEADS, dtype=np.int32)
    a[0] = u
    for h, (off, size) in enumerate(zip(AL.DATA_OFFSETS, AL.DATA_SIZES)):
        if AL.HEAD_USED[u, h + 1]:
            a[h + 1] = int(np.argmax(data[u, off:off + size]))
    return a


def test_search_needs_a_bound_c_env():
    from integration.train.search import SearchError

    search = SearchPolicy(SearchConfig(k=2, turns=0))
    env = YomiEnv(num_envs=1, seed=0, backend="c")
    env.reset()
    with pytest.raises(SearchError, match="not bound"):
        search(env.observations[:1], None)
    with pytest.raises(SearchError, match="backend='c'"):
        search.bind(YomiEnv(num_envs=1, seed=0, backend="python"), [0])
    search.bind(env, [1])
    with pytest.raises(SearchError, match="not those of its bound agents"):
        search(env.observations[:1] + 1.0, None)


# ------------------------------------------------------------------------------------------------
# play
# ------------------------------------------------------------------------------------------------
def test_fixed_seed_plays_the_same_match_twice(tmp_path):
    from integration.train.play import play_match

    paths = [tmp_path / f"m{k}.jsonl.gz" for k in range(2)]
    results = [play_match("search:k=2,turns=1", "random", "ninja", "wizard", seed=5, record=str(p),
                          settings={"game_length": 300}) for p in paths]
    assert results[0] == results[1] and results[0]["winner"] in (0, 1, 2)
    import gzip

    assert gzip.open(paths[0]).read() == gzip.open(paths[1]).read()
    other = play_match("search:k=2,turns=1", "random", "ninja", "wizard", seed=6, settings={"game_length": 300})
    assert other != results[0]


def test_every_pairing_from_either_side():
    """The search answers legal actions (illegal="raise") for all 25 pairings, as P1 and as P2."""
    chars = [(a, b) for a in AL.CHARACTERS for b in AL.CHARACTERS]
    env = YomiEnv(num_envs=len(chars), seed=3, backend="c", illegal="raise")
    env.backend.reset(np.ones(len(chars), dtype=bool), np.array([AL.CHAR_INDEX[a] for a, _ in chars]),
                      np.array([AL.CHAR_INDEX[b] for _, b in chars]), np.arange(len(chars)))
    env._started = True
    search = make_policy("search:k=3,turns=1", seed=0)
    rng = np.random.default_rng(0)
    for turn in range(4):
        side = turn % 2
        agents = 2 * np.arange(len(chars)) + side
        search.bind(env, agents)
        acts = _random_legal_actions(env.observations, rng)
        acts[agents] = search(env.observations[agents], None)
        env.step(acts)
    assert env.illegal_actions == 0


# ------------------------------------------------------------------------------------------------
# a match cut short by an engine error is adjudicated by hp (both backends)
# ------------------------------------------------------------------------------------------------
def _find_cut_short_match():
    """Random play on the C engine (Ninja mirror) until a match is cut short: its game seed and its
    actions from the start.  With these seeds: game seed 985682912, 195 turns, P1 at 575 hp and P2
    at 1139 when the block pushback divides by zero (both fighters on the same x)."""
    env = YomiEnv(num_envs=32, seed=11, p1="ninja", p2="ninja", backend="c")
    rng = np.random.default_rng(0)
    hist = [[] for _ in range(32)]
    with contextlib.redirect_stderr(io.StringIO()):
        env.reset()
        for _ in range(3000):
            a = _random_legal_actions(env.observations, rng)
            hp = env.backend.hp.copy()
            for i in range(32):
                hist[i].append(a[2 * i:2 * i + 2].copy())
            _, rew, term, trunc, _ = env.step(a)
            if trunc.any():
                i = int(np.nonzero(trunc)[0][0]) // 2
                return dict(seed=int(env.backend.results[i][R["seed"]]), actions=hist[i], hp=hp[i],
                            rewards=rew[2 * i:2 * i + 2].copy(), result=env.backend.results[i].copy(),
                            terminals=term[2 * i:2 * i + 2].copy())
            for i in np.nonzero(term[0::2])[0]:
                hist[i] = []
    raise AssertionError("no match cut short in 3000 turns of 32 random matches")


def test_a_match_cut_short_is_adjudicated_by_hp_in_both_backends():
    case = _find_cut_short_match()
    hp = case["hp"]
    w = winner_by_hp(*hp)
    assert (case["seed"], len(case["actions"]), tuple(hp), w) == (985682912, 195, (575, 1139), 2)
    # the C backend: the player ahead wins, as at the game's time limit
    assert list(case["rewards"]) == [-1.0, 1.0] and not case["terminals"].any()
    r = case["result"]
    assert r[R["winner"]] == 2 and r[R["cut_short"]] == 1 and r[R["ko"]] == 0
    assert (r[R["p1_hp"]], r[R["p2_hp"]], r[R["turns"]]) == (575, 1139, 194)
    # the Python backend plays the same match to the same end: the block pushback's division
    env = YomiEnv(num_envs=1, seed=0, backend="python")
    be = env.backend
    one = np.ones(1, dtype=bool)
    ninja = np.zeros(1, dtype=np.int64)
    be.reset(one, ninja, ninja, np.array([case["seed"]]))
    with contextlib.redirect_stderr(io.StringIO()):
        for a in case["actions"]:
            be.step(a.reshape(1, 2, AL.N_HEADS), ninja, ninja, np.array([1]))
            if be.ended[0]:
                break
    assert be.ended[0] and env.truncations.all() and not env.terminals.any()
    assert list(env.rewards) == [-1.0, 1.0]
    assert np.array_equal(be.results[0, :R["seed"]], r[:R["seed"]]) and be.results[0, R["cut_short"]] == 1
    assert "FixedError: attempt to divide by zero" in be.last_engine_error
    # the env's logs count it as a truncation and a P2 win
    log = YomiEnv._episode_log(be.results[0], be.final_returns[0])
    assert log["truncated"] == 1.0 and log["p2_win"] == 1.0 and log["episode_return"] == -1.0
    # the slot's next match (Ninja mirror, game seed 1) ends normally: no longer marked cut short
    rng = np.random.default_rng(1)
    for _ in range(1000):
        be.step(_random_legal_actions(env.observations, rng).reshape(1, 2, AL.N_HEADS), ninja, ninja, np.array([2]))
        if be.ended[0]:
            break
    assert be.ended[0] and env.terminals.all() and be.results[0, R["cut_short"]] == 0


def test_winner_by_hp_is_the_games_rule():
    # game.gd end_game: the fighter with more hp wins, equal hp is a draw
    assert winner_by_hp(100, 99) == 1 and winner_by_hp(0, 1) == 2 and winner_by_hp(700, 700) == 0
