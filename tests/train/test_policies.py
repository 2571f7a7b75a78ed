"""One way to name a policy (integration/policies.py): every name parses, a bad one is one clear
line, and ``yomi play`` exits 2 on it."""
import re

import numpy as np
import pytest
import torch

from integration.env import action_layout as AL
from integration.env import obs as O
from integration.env.env import YomiEnv
from integration.train.policies import PolicyNameError, make_policy, parse_policy_name
from integration.train.search import AGENT_UNIFORM, DEFAULT_K, DEFAULT_TURNS, SearchPolicy


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory):
    """A checkpoint of an untrained learner, in the trainer's format."""
    from integration.train import checkpoint as ckpt
    from integration.train.policy import MaskedActorCritic

    spec = AL.action_spec()
    torch.manual_seed(0)
    net = MaskedActorCritic(spec, 32, 1)
    path = tmp_path_factory.mktemp("ckpt") / ckpt.LATEST
    ckpt.save_atomic({"policy": net.state_dict(), "spec": spec.describe(),
                      "config": {"hidden": 32, "layers": 1, "p1": "ninja", "p2": "ninja"}}, path)
    return str(path)


def test_every_name_parses(checkpoint):
    assert parse_policy_name("random").kind == "random"
    assert parse_policy_name("scripted").kind == "scripted"
    s = parse_policy_name("search")
    assert s.kind == "search" and (s.search.k, s.search.turns, s.search.rollout) == (DEFAULT_K, DEFAULT_TURNS,
                                                                                      "scripted")
    s = parse_policy_name("search:k=16,turns=3")
    assert (s.search.k, s.search.turns) == (16, 3) and s.name == "search:k=16,turns=3"
    s = parse_policy_name(f"search:k=8,turns=2,rollout=random,value={checkpoint}")
    assert (s.search.rollout, s.search.value) == ("random", checkpoint)
    s = parse_policy_name(f"search:rollout={checkpoint},scripted=0")
    assert s.search.rollout == checkpoint and not s.search.scripted
    s = parse_policy_name(f"search:prior={checkpoint}")
    assert (s.search.prior, s.search.rollout, s.search.value, s.search.scripted) == (checkpoint, "scripted", None, True)
    s = parse_policy_name(f"search:k=4,agent={checkpoint}")   # the agent with search: it proposes, plays on, values
    assert (s.search.prior, s.search.rollout, s.search.value, s.search.scripted) == (checkpoint,) * 3 + (False,)
    assert s.search.uniform == AGENT_UNIFORM
    assert s.name == f"search:k=4,turns={DEFAULT_TURNS},agent={checkpoint}"
    assert parse_policy_name(s.name).search == s.search
    narrow = parse_policy_name(f"search:agent={checkpoint},uniform=0")
    assert narrow.search.uniform == 0 and narrow.name == f"search:k={DEFAULT_K},turns={DEFAULT_TURNS},uniform=0,agent={checkpoint}"
    assert parse_policy_name(narrow.name).search == narrow.search        # every name reads back as itself
    c = parse_policy_name(checkpoint)
    assert c.kind == "checkpoint" and c.path == checkpoint


@pytest.mark.parametrize("name, message", [
    ("", "a policy name is a non-empty string"),
    ("randm", "unknown policy 'randm'"),
    ("search:", "no options after 'search:'"),
    ("search:k", "'k' is not KEY=VALUE"),
    ("search:k=x", "k='x' is not an integer"),
    ("search:k=0", "k must be in 1..64"),
    ("search:turns=99", "turns must be in 0..50"),
    ("search:depth=2", "unknown search option 'depth'"),
    ("search:k=2,k=3", "option 'k' given twice"),
    ("search:scripted=yes", "scripted='yes' must be 0 or 1"),
    ("search:rollout=greedy", "no rollout checkpoint file at greedy"),
    ("search:value=none.pt", "no value checkpoint file at none.pt"),
    ("search:prior=none.safetensors", "no prior checkpoint file at none.safetensors"),
    ("search:agent=none.safetensors", "no agent checkpoint file at none.safetensors"),
    ("search:uniform=2", "uniform adds candidates to a prior's: it needs prior= or agent="),
    ("search:uniform=-1", "uniform must be in 0..64"),
    ("search8", "write search options after a colon"),
    ("runs/none/latest.pt", "no checkpoint file at runs/none/latest.pt"),
])
def test_a_bad_name_is_one_clear_line(name, message):
    with pytest.raises(PolicyNameError) as info:
        parse_policy_name(name)
    text = str(info.value)
    assert message in text and "\n" not in text
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("name", ["randm", "search:k=x", "search:depth=2", "none.pt"])
def test_yomi_play_exits_2_on_a_bad_name(capsys, name):
    from integration.tools.cli import main

    assert main(["play", "--p2", name]) == 2
    err = capsys.readouterr().err
    assert err.startswith("yomi play: ") and name in err and err.count("\n") == 1 and "Traceback" not in err


def test_made_policies_act_legally_and_bind(checkpoint):
    env = YomiEnv(num_envs=2, seed=1, backend="c", illegal="raise")
    env.reset()
    gen = torch.Generator().manual_seed(0)
    for name in ("random", "scripted", "search:k=2,turns=1", checkpoint,
                 f"search:k=2,turns=1,rollout={checkpoint},value={checkpoint}", f"search:k=2,turns=1,agent={checkpoint}"):
        pol = make_policy(name, generator=gen)
        assert pol.name == name
        pol.bind(env, [0, 2])
        a = pol(env.observations[[0, 2]], None)
        assert isinstance(a, np.ndarray) and a.shape == (2, AL.N_HEADS)
        pol.bind(env, [0, 2])
        t = pol(torch.as_tensor(env.observations[[0, 2]]), None)
        assert isinstance(t, torch.Tensor) and t.shape == (2, AL.N_HEADS)
        acts = np.zeros((4, AL.N_HEADS), dtype=np.int32)
        acts[[0, 2]] = a
        acts[[1, 3]] = make_policy("scripted")(env.observations[[1, 3]], None)
        env.step(acts)                          # illegal="raise": an illegal action would raise
    assert isinstance(make_policy("search", seed=3), SearchPolicy)


def test_agent_and_the_options_it_sets_are_not_given_together(checkpoint):
    for key in ("prior", "rollout", "value"):
        with pytest.raises(PolicyNameError, match=f"give agent= or {key}=, not both"):
            parse_policy_name(f"search:agent={checkpoint},{key}={checkpoint}")


@pytest.mark.parametrize("shaping", ["1.0", -1.0, float("nan"), float("inf"), True, [1]])
def test_a_value_checkpoint_with_a_bad_shaping_is_one_clear_error(tmp_path, shaping):
    """The search's value= scoring reads the checkpoint's damage shaping: anything but a finite
    number >= 0 is refused by name, before any match."""
    from integration.train import checkpoint as ckpt
    from integration.train.policy import MaskedActorCritic

    spec = AL.action_spec()
    path = tmp_path / "v.safetensors"
    ckpt.save_atomic({"policy": MaskedActorCritic(spec, 32, 1).state_dict(), "spec": spec.describe(),
                      "config": {"hidden": 32, "layers": 1, "p1": "ninja", "p2": "ninja", "shaping_damage": shaping}},
                     path)
    with pytest.raises(ValueError, match="shaping_damage .* is not a finite number >= 0") as info:
        make_policy(f"search:value={path}")
    assert str(path) in str(info.value) and "\n" not in str(info.value)


def _hostile_checkpoint(path, fill: float, value_head_only: bool = False):
    from integration.train import checkpoint as ckpt
    from integration.train.policy import MaskedActorCritic

    spec = AL.action_spec()
    weights = MaskedActorCritic(spec, 32, 1).state_dict()
    for key in weights:
        if key.startswith("value_head") or not value_head_only:
            weights[key] = torch.full_like(weights[key], fill)
    ckpt.save_atomic({"policy": weights, "spec": spec.describe(),
                      "config": {"hidden": 32, "layers": 1, "p1": "ninja", "p2": "ninja", "shaping_damage": 1.0}}, path)
    return str(path)


@pytest.mark.parametrize("fill", [float("nan"), float("inf")])
def test_a_checkpoint_with_weights_that_are_not_finite_is_one_clear_error(tmp_path, fill):
    """NaN or infinite weights are refused where every frozen network is built, by name, whatever
    part of a policy plays them."""
    path = _hostile_checkpoint(tmp_path / "bad.safetensors", fill)
    for name in (path, f"search:value={path}", f"search:agent={path}"):
        with pytest.raises(ValueError, match="weights that are not finite") as info:
            make_policy(name)
        assert path in str(info.value) and "\n" not in str(info.value)


def test_a_value_head_that_overflows_stops_the_search_with_one_clear_error(tmp_path):
    """Finite weights whose value overflows to infinity leave no matrix game to solve: a
    SearchError naming the checkpoint, not the solver's error."""
    from integration.train.search import SearchError

    path = _hostile_checkpoint(tmp_path / "huge.safetensors", 3e38, value_head_only=True)
    env = YomiEnv(num_envs=1, seed=1, backend="c")
    env.reset()
    search = make_policy(f"search:k=3,turns=0,value={path}", seed=1).bind(env, [0])
    with pytest.raises(SearchError, match=f"the value checkpoint {re.escape(path)} gives a non-finite value"):
        search(env.observations[[0]], None)


def test_a_checkpoint_refuses_a_pairing_it_was_not_trained_on(checkpoint):
    """The fixture's learner played the Ninja mirror: Robot vs Ninja is a ValueError naming both
    pairings, also through the search's rollout and value checkpoints, unless any_pairing."""
    gen = torch.Generator().manual_seed(0)
    assert make_policy(checkpoint, generator=gen, characters=("ninja", "ninja")).name == checkpoint
    for name in (checkpoint, f"search:k=2,turns=1,rollout={checkpoint}", f"search:k=2,turns=1,value={checkpoint}"):
        with pytest.raises(ValueError, match="was trained on ninja vs ninja, not robot vs ninja"):
            make_policy(name, generator=gen, characters=("robot", "ninja"))
        make_policy(name, generator=gen, characters=("robot", "ninja"), any_pairing=True)


def test_an_old_pickled_checkpoint_is_refused_by_name(tmp_path):
    """A policy named by an old pickled checkpoint is never unpickled: the refusal names the
    command that converts it."""
    old = tmp_path / "old.pt"
    torch.save({"policy": {}}, old)
    with pytest.raises(ValueError, match="uv run yomi checkpoint convert"):
        make_policy(str(old), generator=torch.Generator().manual_seed(0))


def test_a_checkpoint_network_is_as_large_as_its_weights(tmp_path, checkpoint):
    """A loader builds the network its tensors hold, whatever size the config names: a config that
    asks for a billion units loads the fixture's 32 (no such allocation is attempted), and a trunk
    whose weight claims a billion rows with no data behind it (zero columns) is one clear error."""
    from integration.train import checkpoint as ckpt
    from integration.train.policies import load_checkpoint_net
    from integration.train.opponent import checkpoint_agent, init_size

    state = ckpt.load(checkpoint)
    lying = tmp_path / "lying.safetensors"
    ckpt.save_atomic({**state, "config": {**state["config"], "hidden": 10 ** 9, "layers": 1000}}, lying)
    assert load_checkpoint_net(str(lying)).trunk[0].weight.shape == (32, O.FEATURE_SIZE + AL.K1)
    assert checkpoint_agent(str(lying), AL.action_spec(), torch.device("cpu")).trunk[0].out_features == 32
    assert init_size(str(lying)) == {"hidden": 32, "layers": 1}

    hollow = tmp_path / "hollow.safetensors"
    ckpt.save_atomic({**state, "policy": {**state["policy"], "trunk.0.weight": torch.empty(10 ** 9, 0)}}, hollow)
    for load in (lambda: load_checkpoint_net(str(hollow)),
                 lambda: checkpoint_agent(str(hollow), AL.action_spec(), torch.device("cpu"))):
        # refused by the loader (a shape its entry cannot hold) before any network is built
        with pytest.raises(ValueError, match="is not a network of this action layout|holds an unreadable tree"):
            load()
    assert init_size(str(hollow)) == {}


def test_a_pool_snapshot_is_named_by_its_update(tmp_path):
    """``PATH:u<update>`` is the snapshot of that update in a run's self-play pool, for every loader
    (the tools' names, ``--opponent``, ``--init``, ``yomi mixture``): each builds that snapshot's
    network, not the learner's."""
    from integration.train import checkpoint as ckpt
    from integration.train.mixture import build
    from integration.train.opponent import checkpoint_agent, init_size, load_init
    from integration.train.policies import load_checkpoint_net
    from support.agents import SPEC, net, trainer_checkpoint

    run = tmp_path / ckpt.LATEST
    trainer_checkpoint(run, [25, 50])
    name = f"{run}:u25"
    assert parse_policy_name(name).kind == "checkpoint" and make_policy(name).name == name
    want = net(25).state_dict()["trunk.0.weight"]
    assert torch.equal(load_checkpoint_net(name).trunk[0].weight, want)
    assert torch.equal(checkpoint_agent(name, SPEC, torch.device("cpu")).trunk[0].weight, want)
    assert torch.equal(load_init(name, SPEC, 16, 1)["trunk.0.weight"], want)
    assert init_size(name) == {"hidden": 16, "layers": 1}
    assert torch.equal(build([name])["policy"]["trunk.0.weight"], want)
    assert not torch.equal(load_checkpoint_net(str(run)).trunk[0].weight, want)  # the file alone: the learner


def test_a_missing_pool_snapshot_is_one_clear_line(tmp_path):
    """An update the pool does not hold, a file without a pool, a pool that names a snapshot the
    file does not hold, and a file that does not exist: one line each, from every loader."""
    from integration.train import checkpoint as ckpt
    from integration.train.opponent import load_opponent
    from support.agents import SPEC, trainer_checkpoint

    run = tmp_path / ckpt.LATEST
    trainer_checkpoint(run, [25, 50])
    bare = tmp_path / "bare.safetensors"
    ckpt.save_atomic({**ckpt.load(run), "selfplay": None}, bare)
    hollow = tmp_path / "hollow.safetensors"  # its pool names a snapshot it does not hold
    state = ckpt.load(run)
    ckpt.save_atomic({**state, "selfplay": {**state["selfplay"], "pool": [25, 50, 75]}}, hollow)
    gen = torch.Generator().manual_seed(0)
    for name, message in ((f"{run}:u30", "holds no snapshot of update 30 (2 snapshots, updates 25 to 50)"),
                          (f"{bare}:u25", "holds no self-play pool"),
                          (f"{hollow}:u25", "its pool names snapshots it does not hold"),
                          (f"{tmp_path}/none.safetensors:u25", "no checkpoint")):
        for load in (lambda: make_policy(name, generator=gen),
                     lambda: load_opponent(name, "yomi", SPEC, gen, torch.device("cpu"))):
            with pytest.raises((ValueError, FileNotFoundError), match=re.escape(message)) as err:
                load()
            assert "\n" not in str(err.value)
