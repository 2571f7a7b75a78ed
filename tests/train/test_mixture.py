"""A mixture of networks as one agent (integration/train/mixture.py): members drawn by weight per
decision or per match, each row played as its member; ``yomi mixture`` writes one from a run's
pool; a crafted mixture is one clear error."""
from __future__ import annotations

import math

import numpy as np
import pytest
import torch

from integration.env import action_layout as AL
from integration.env.baselines import random_legal_actions
from integration.env.env import YomiEnv
from integration.tools.cli import main as yomi
from integration.train import checkpoint as ckpt
from integration.train.mixture import PolicyMixture, agent_from_state
from integration.train.opponent import load_opponent
from integration.train.policies import make_policy
from integration.train.policy import MaskedActorCritic
from support.agents import CONFIG, SPEC, net, trainer_checkpoint


def one_move_net(move: int) -> MaskedActorCritic:
    """A network that puts (all but e^-200 of) its mass on `move` wherever that move is legal."""
    n = net(0)
    with torch.no_grad():
        n.move_head.weight.zero_()
        n.move_head.bias.fill_(-100.0)
        n.move_head.bias[move] = 100.0
    return n.eval()


@pytest.fixture(scope="module")
def start_obs() -> torch.Tensor:
    env = YomiEnv(num_envs=1, seed=1, backend="c")
    env.reset()
    return torch.as_tensor(env.observations[:1])


def test_members_are_drawn_by_their_weights():
    """Weights 1, 0, 3: member 1 never plays, member 0 a quarter of the rows (40,000 draws: the
    binomial's standard deviation is sqrt(0.25 * 0.75 / 40000) = 0.0022, the bound 5 of them)."""
    mix = PolicyMixture([net(1), net(2), net(3)], [1, 0, 3])
    counts = torch.bincount(mix.draw(40_000, torch.Generator().manual_seed(0)), minlength=3)
    assert counts[1] == 0
    assert abs(counts[0].item() / 40_000 - 0.25) < 0.011


def test_each_row_is_played_by_its_member(start_obs):
    """Two members that each play one move of the opening's legal menu: over 4,000 copies of the
    opening, equal weights play only those two moves, each about half the time (sd 0.0079, bound
    5 sd); weights 1 and 0 play only the first member's move."""
    legal = np.flatnonzero(SPEC.decode_masks(start_obs)[0][0].numpy())
    assert len(legal) >= 2
    first, second = int(legal[0]), int(legal[-1])
    obs = start_obs.repeat(4000, 1)
    gen = torch.Generator().manual_seed(0)
    moves = PolicyMixture([one_move_net(first), one_move_net(second)], [1.0, 1.0]).as_policy_fn(gen)(obs, None)[:, 0]
    assert set(moves.tolist()) == {first, second}
    assert abs((moves == first).float().mean().item() - 0.5) < 0.04
    only = PolicyMixture([one_move_net(first), one_move_net(second)], [1.0, 0.0]).as_policy_fn(gen)(obs, None)
    assert set(only[:, 0].tolist()) == {first}
    assert PolicyMixture([net(1)], [1.0]).as_policy_fn(gen)(obs[:0], None).shape == (0, AL.N_HEADS)


def test_yomi_mixture_writes_an_agent_every_tool_plays(tmp_path, capsys):
    run = tmp_path / "latest.safetensors"
    trainer_checkpoint(run, [25, 50, 75])
    out = tmp_path / "mix.safetensors"
    assert yomi(["mixture", str(out), str(run), "--pool", "2"]) == 0
    assert "3 members" in capsys.readouterr().out
    state = ckpt.load(out)
    assert state["mixture"]["names"] == [f"{run}:u50", f"{run}:u75", str(run)]
    for key, value in net(99).state_dict().items():  # the newest member is the file's policy (--init)
        assert torch.equal(state["policy"][key], value)
    assert torch.equal(state["mixture"]["policies"][0]["trunk.0.weight"], net(50).state_dict()["trunk.0.weight"])
    # the trainer's opponent loader and the tools' policy names both play it, legally
    env = YomiEnv(num_envs=2, seed=3, backend="c", illegal="raise")
    env.reset()
    gen = torch.Generator().manual_seed(0)
    for policy in (load_opponent(str(out), "yomi", SPEC, gen, torch.device("cpu")),
                   make_policy(str(out), generator=gen, characters=("ninja", "ninja"))):
        for _ in range(5):
            env.step(np.asarray(policy(torch.as_tensor(env.observations), None), dtype=np.int32))
    assert yomi(["play", "--p1", str(out), "--p2", "random", "--settings", '{"game_length": 40}']) == 0
    capsys.readouterr()
    assert state["mixture"]["per"] == "decision"
    assert yomi(["mixture", str(out), str(run), "--pool", "2", "--per", "match"]) == 0
    assert load_opponent(str(out), "yomi", SPEC, gen, torch.device("cpu")).mixture.per == "match"
    assert hasattr(make_policy(str(out), generator=gen).fn, "bind")   # the tools' wrapper passes the agents on
    assert yomi(["play", "--p1", str(out), "--p2", "random", "--settings", '{"game_length": 40}']) == 0
    capsys.readouterr()


@pytest.mark.parametrize("args, message", [
    (["--weights", "1", "2"], "its mixture has 3 members but its weights are not 3 numbers"),
    (["--weights", "1", "-1", "1"], "a mixture weight must be a finite number >= 0"),
    (["--weights", "0", "0", "0"], "its mixture's weights are all zero"),
    (["--pool", "-1"], "--pool must be in 0 .. 256"),
])
def test_a_bad_mixture_command_is_one_line(tmp_path, capsys, args, message):
    run = tmp_path / "latest.safetensors"
    trainer_checkpoint(run, [25, 50])
    out = tmp_path / "mix.safetensors"
    pool = [] if "--pool" in args else ["--pool", "2"]
    assert yomi(["mixture", str(out), str(run), *pool, *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not out.exists()


def _crafted(**mixture):
    members = [net(1).state_dict(), net(2).state_dict()]
    return {"policy": members[-1], "config": CONFIG, "spec": SPEC.describe(),
            "mixture": {"policies": members, "weights": [1.0, 1.0], **mixture}}


@pytest.mark.parametrize("mixture, message", [
    ({"weights": [1.0]}, "weights are not 2 numbers"),
    ({"weights": "1,1"}, "weights are not 2 numbers"),
    ({"weights": [1.0, math.nan]}, "a mixture weight must be a finite number >= 0"),
    ({"weights": [1.0, math.inf]}, "a mixture weight must be a finite number >= 0"),
    ({"weights": [1.0, "1"]}, "a mixture weight must be a finite number >= 0"),
    ({"weights": [0, 0.0]}, "weights are all zero"),
    ({"policies": []}, "holds no list of 1 to 256 policies"),
    ({"policies": {"a": 1}}, "holds no list of 1 to 256 policies"),
    ({"policies": [{}] * 300, "weights": [1.0] * 300}, "holds no list of 1 to 256 policies"),
    ({"policies": [{"trunk.0.weight": torch.zeros(3, 3)}, {}]}, "(mixture member 0): its policy is not a network"),
    ({"policies": [net(1).state_dict(), net(2, hidden=32).state_dict()]}, "members are networks of different sizes"),
    ({"per": "turn"}, "its mixture draws a member per 'turn', not per decision or per match"),
    ({"per": 1}, "its mixture draws a member per 1"),
])
def test_a_crafted_mixture_is_one_clear_error(tmp_path, mixture, message):
    path = tmp_path / "crafted.safetensors"
    ckpt.save_atomic(_crafted(**mixture), path)
    loaders = (lambda: make_policy(str(path), generator=torch.Generator()),
               lambda: load_opponent(str(path), "yomi", SPEC, torch.Generator(), torch.device("cpu")))
    for load in loaders:
        with pytest.raises(ValueError) as info:
            load()
        assert message in str(info.value) and "\n" not in str(info.value)
    assert agent_from_state({**_crafted(), "mixture": None}, SPEC, "x").trunk[0].out_features == 16


def _recording(mix: PolicyMixture) -> list:
    """Record the members each call of ``mix.act`` plays its rows with."""
    calls: list = []
    act = mix.act

    def recorded(obs, group, generator=None):
        calls.append(group.clone())
        return act(obs, group, generator)

    mix.act = recorded
    return calls


def test_a_mixture_per_match_keeps_each_matchs_member_until_it_ends():
    """Per match, P1's member in each of 6 matches (short ones: 30 ticks) changes only at the first
    decision of a new match; over the restarts both members play. Per decision, it changes within
    matches."""
    env = YomiEnv(num_envs=6, seed=4, backend="c", settings={"game_length": 30})
    env.reset()
    rng = np.random.default_rng(0)
    for per in ("match", "decision"):
        mix = PolicyMixture([net(1), net(2)], [1.0, 1.0], per=per)
        calls = _recording(mix)
        fn = mix.as_policy_fn(torch.Generator().manual_seed(0))
        restarted, changed_within, changed_at_start = 0, 0, 0
        ended = np.zeros(6, dtype=bool)
        for _ in range(40):
            actions = random_legal_actions(env.observations, rng)
            actions[0::2] = np.asarray(fn(torch.as_tensor(env.observations[0::2]), None))
            if len(calls) > 1:
                changed = (calls[-1] != calls[-2]).numpy()
                changed_within += int((changed & ~ended).sum())
                changed_at_start += int((changed & ended).sum())
            restarted += int(ended.sum())
            _, _, term, trunc, _ = env.step(actions)
            ended = (term | trunc)[0::2]
        assert restarted >= 6
        if per == "match":
            assert changed_within == 0 and changed_at_start > 0
        else:
            assert changed_within > 0
    # bound to its agents, a call with fewer rows (a tournament's matches still counted) keeps theirs
    mix = PolicyMixture([net(k) for k in range(6)], [1.0] * 6, per="match")
    calls = _recording(mix)
    fn = mix.as_policy_fn(torch.Generator().manual_seed(1))
    obs = torch.as_tensor(env.observations)
    fn.bind(env, [0, 2, 4, 6, 8, 10])
    fn(obs[[0, 2, 4, 6, 8, 10]], None)
    fn.bind(env, [4, 10])
    fn(obs[[4, 10]], None)
    assert torch.equal(calls[1], calls[0][[2, 5]])


def test_the_trainers_opponent_draws_a_per_match_member_when_a_match_starts():
    """``--opponent`` with a per-match mixture: the opponent's member of each match is drawn when
    the match starts (reassign) and plays every decision of it, whatever rows a call holds; an
    exact resume restores the members, and a crafted checkpoint's members are refused."""
    from integration.train.opponent import FixedOpponent

    mix = PolicyMixture([net(1), net(2)], [1.0, 1.0], per="match")
    calls = _recording(mix)
    gen = torch.Generator().manual_seed(0)
    opp = FixedOpponent(8, mix.as_policy_fn(gen), SPEC, gen, np.random.default_rng(0))
    env = YomiEnv(num_envs=8, seed=5, backend="c")
    env.reset()
    before = opp.member.clone()
    actions = torch.zeros((16, AL.N_HEADS), dtype=torch.long)
    opp.opponent_actions(torch.as_tensor(env.observations), actions)
    assert torch.equal(calls[-1], before)
    which = np.zeros(8, dtype=bool)
    which[[1, 6]] = True
    for _ in range(20):                          # redraws until one of the two matches' member differs
        opp.reassign(which)
        if not torch.equal(opp.member, before):
            break
    assert torch.equal(opp.member[~torch.as_tensor(which)], before[~torch.as_tensor(which)])
    assert not torch.equal(opp.member, before)
    saved = opp.state_dict()
    other = FixedOpponent(8, mix.as_policy_fn(gen), SPEC, torch.Generator(), np.random.default_rng(1))
    other.load_state_dict(saved)
    assert torch.equal(other.member, opp.member)
    for bad in (saved["member"][:4], saved["member"] + 2, saved["member"].float(), "0,1", [0] * 8):
        with pytest.raises(ValueError, match="per-match mixture members"):
            other.load_state_dict(dict(saved, member=bad))
