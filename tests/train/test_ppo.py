"""PPO pieces against values worked out by hand."""
from __future__ import annotations

import math

import numpy as np
import pytest
import torch

from integration.train.policy import (
    MaskedActorCritic,
    PolicyStack,
    entropy_from_log_probs,
    gumbel_sample,
    masked_log_probs,
    random_policy,
)
from integration.train.ppo import (
    clipped_policy_loss,
    compute_gae,
    compute_vtrace,
    explained_variance,
    learning_rate,
    normalize,
    ppo_loss,
    value_loss,
)
from integration.env.spec import ActionSpec


# ----- the clipped surrogate ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "adv, ratio, expected, grad",
    [
        # A > 0: making a good move more likely pays until r = 1.2, then the clip removes the incentive.
        (1.0, 1.5, -1.2, 0.0),
        # A > 0, r < 0.8: a good move made *less* likely keeps its full (unclipped) loss and gradient.
        (1.0, 0.5, -0.5, -1.0),
        # A < 0, r > 1.2: a bad move made more likely: penalty -A*r = 1.5 is NOT capped at 1.2,
        # and the gradient still pushes r down.
        (-1.0, 1.5, 1.5, 1.0),
        # A < 0, r < 0.8: a bad move already made less likely: clipped, no further push.
        (-1.0, 0.5, 0.8, 0.0),
        # inside the trust region both terms agree.
        (2.0, 1.1, -2.2, -2.0),
    ],
)
def test_clipped_policy_loss_both_signs(adv, ratio, expected, grad):
    r = torch.tensor([ratio], requires_grad=True)
    loss = clipped_policy_loss(torch.tensor([adv]), r, clip_coef=0.2)
    assert loss.item() == pytest.approx(expected)
    loss.sum().backward()
    assert r.grad.item() == pytest.approx(grad)


def test_clipping_does_not_cap_a_bad_moves_penalty():
    ratios = torch.linspace(1.0, 3.0, 9)
    loss = clipped_policy_loss(-torch.ones(9), ratios, 0.2)
    assert torch.allclose(loss, ratios)  # grows with r without bound: max(-A r, -A clip(r)) = r


def test_value_loss_clipped_is_pessimistic():
    # old 0, new 1, return 0.5, clip 0.2: unclipped (1-0.5)^2 = 0.25, clipped (0.2-0.5)^2 = 0.09 -> 0.5*0.25
    assert value_loss(torch.tensor([1.0]), torch.tensor([0.0]), torch.tensor([0.5]), 0.2).item() == pytest.approx(0.125)
    # new 0.1 (inside the clip): both 0.16 -> 0.08
    assert value_loss(torch.tensor([0.1]), torch.tensor([0.0]), torch.tensor([0.5]), 0.2).item() == pytest.approx(0.08)
    unclipped = value_loss(torch.tensor([1.0]), torch.tensor([0.0]), torch.tensor([0.5]), None)
    assert unclipped.item() == pytest.approx(0.125)


# ----- advantages ------------------------------------------------------------------------------
def test_gae_by_hand():
    """gamma = 0.9, lambda = 0.8 (so gamma * lambda = 0.72), two agents over three turns.

    Agent 0 wins on the last turn (reward 1, done), its bootstrap value 0.7 is cut by the done:
      t=2: delta = 1 + 0.9*0.7*0 - 0.6 = 0.4                 A2 = 0.4
      t=1: delta = 0 + 0.9*0.6 - 0.4 = 0.14                  A1 = 0.14 + 0.72*0.4   = 0.428
      t=0: delta = 0 + 0.9*0.4 - 0.5 = -0.14                 A0 = -0.14 + 0.72*0.428 = 0.16816
    Agent 1's match ends at t=0 (reward 1); a new match follows, unfinished, bootstrapped with 0.5:
      t=2: delta = 0 + 0.9*0.5 - 0.1 = 0.35                  A2 = 0.35
      t=1: delta = 0 + 0.9*0.1 - 0.3 = -0.21                 A1 = -0.21 + 0.72*0.35 = 0.042
      t=0: delta = 1 + (done: no bootstrap) - 0.2 = 0.8      A0 = 0.8 (nothing flows across the done)
    """
    rewards = torch.tensor([[0.0, 1.0], [0.0, 0.0], [1.0, 0.0]])
    values = torch.tensor([[0.5, 0.2], [0.4, 0.3], [0.6, 0.1]])
    dones = torch.tensor([[0.0, 1.0], [0.0, 0.0], [1.0, 0.0]])
    next_value = torch.tensor([0.7, 0.5])
    adv = compute_gae(rewards, values, dones, next_value, gamma=0.9, lam=0.8)
    expected = torch.tensor([[0.16816, 0.8], [0.428, 0.042], [0.4, 0.35]])
    assert torch.allclose(adv, expected, atol=1e-6)


def test_vtrace_with_unit_ratio_is_gae_and_clips_weights():
    g = torch.Generator().manual_seed(0)
    shape = (6, 4)
    rewards, values = torch.randn(shape, generator=g), torch.randn(shape, generator=g)
    dones = (torch.rand(shape, generator=g) < 0.3).float()
    next_value = torch.randn(4, generator=g)
    gae = compute_gae(rewards, values, dones, next_value, 0.99, 0.95)
    unit = compute_vtrace(rewards, values, dones, next_value, torch.ones(shape), 0.99, 0.95, 1.0, 1.0)
    assert torch.allclose(unit, gae)
    # ratios above the clips count as 1: identical to GAE again
    big = torch.full(shape, 3.0)
    assert torch.allclose(compute_vtrace(rewards, values, dones, next_value, big, 0.99, 0.95, 1.0, 1.0), gae)
    # one-step, by hand: rho = 0.5 halves the TD error
    adv = compute_vtrace(torch.tensor([[1.0]]), torch.tensor([[0.2]]), torch.tensor([[1.0]]), torch.tensor([0.0]),
                         torch.tensor([[0.5]]), 0.9, 0.8, 1.0, 1.0)
    assert adv.item() == pytest.approx(0.5 * (1.0 - 0.2))


def test_vtrace_matches_pufferlib_kernel():
    """PufferLib's compute_puff_advantage stores the reward and done that *arrive with* an
    observation (row t+1 in our terms) and leaves the last row at 0; shifted, it is ours."""
    import pufferlib  # noqa: F401

    try:
        from pufferlib import _C  # noqa: F401
    except ImportError:
        pytest.skip("pufferlib._C is not built on this machine")
    g = torch.Generator().manual_seed(1)
    T, N = 7, 3
    rewards, values = torch.randn(T, N, generator=g), torch.randn(T, N, generator=g)
    dones = (torch.rand(T, N, generator=g) < 0.25).float()
    ratio = torch.rand(T, N, generator=g) * 2
    ours = compute_vtrace(rewards, values, dones, values[-1], ratio, 0.97, 0.9, 1.0, 1.0)
    # Puffer layout: [segments, horizon]; rewards/dones shifted one step later.
    p_rewards = torch.zeros(N, T)
    p_dones = torch.zeros(N, T)
    p_rewards[:, 1:] = rewards[:-1].T
    p_dones[:, 1:] = dones[:-1].T
    p_adv = torch.zeros(N, T)
    torch.ops.pufferlib.compute_puff_advantage(values.T.contiguous(), p_rewards, p_dones, ratio.T.contiguous(),
                                               p_adv, 0.97, 0.9, 1.0, 1.0)
    # Rows 0..T-2 agree (theirs never computes the last row; ours bootstraps it).
    ours_without_last = compute_vtrace(rewards[:-1], values[:-1], dones[:-1], values[-1], ratio[:-1],
                                       0.97, 0.9, 1.0, 1.0)
    assert torch.allclose(p_adv.T[:-1], ours_without_last, atol=1e-5)
    assert ours.shape == (T, N)


def test_normalize_and_weights():
    adv = torch.tensor([1.0, 2.0, 3.0, 100.0])
    w = torch.tensor([1.0, 1.0, 1.0, 0.0])  # the padding row must not move the statistics
    out = normalize(adv, w)
    assert out[:3].mean().item() == pytest.approx(0.0, abs=1e-6)
    assert out[:3].pow(2).mean().sqrt().item() == pytest.approx(1.0, abs=1e-5)


def test_ppo_loss_with_zero_weight_padding_matches_unpadded():
    g = torch.Generator().manual_seed(3)
    n = 8
    args = [torch.randn(n, generator=g) for _ in range(7)]
    loss, stats = ppo_loss(*args, torch.ones(n), 0.2, 0.2, 0.5, 0.01)
    padded = [torch.cat([a, torch.randn(3, generator=g)]) for a in args]
    loss_p, stats_p = ppo_loss(*padded, torch.cat([torch.ones(n), torch.zeros(3)]), 0.2, 0.2, 0.5, 0.01)
    assert loss_p.item() == pytest.approx(loss.item(), rel=1e-5)
    assert stats_p["approx_kl"].item() == pytest.approx(stats["approx_kl"].item(), rel=1e-5)


def test_explained_variance():
    target = torch.tensor([1.0, 2.0, 3.0, 4.0])
    w = torch.ones(4)
    assert explained_variance(target, target, w) == pytest.approx(1.0)
    assert explained_variance(torch.full((4,), 2.5), target, w) == pytest.approx(0.0)
    assert math.isnan(explained_variance(target, torch.ones(4), w))


def test_learning_rate_schedules():
    assert learning_rate(1.0, 0.0, "linear") == 1.0
    assert learning_rate(1.0, 0.25, "linear") == pytest.approx(0.75)
    assert learning_rate(1.0, 0.5, "cosine") == pytest.approx(0.5)
    assert learning_rate(1.0, 1.0, "cosine") == pytest.approx(0.0)
    assert learning_rate(1.0, 1.0, "linear", final_frac=0.1) == pytest.approx(0.1)
    assert learning_rate(1.0, 0.7, "constant") == 1.0


# ----- masked autoregressive heads ----------------------------------------------------------------
def tiny_spec() -> ActionSpec:
    """3 moves; data heads a (3 values) and b (2 values). Move 0 uses no data head,
    move 1 uses a, move 2 uses a and b."""
    used = np.array([[1, 0, 0], [1, 1, 0], [1, 1, 1]], dtype=bool)
    return ActionSpec(("move", "a", "b"), (3, 3, 2), feature_size=2, head_used=used)


def obs_with_masks(spec, move_mask, data_mask, batch=1):
    packed = spec.pack_masks(np.array([move_mask] * batch, bool), np.array([data_mask] * batch, bool))
    return torch.cat([torch.zeros(batch, spec.feature_size), torch.as_tensor(packed)], 1)


def constant_policy(spec, move_bias, data_bias):
    """A policy whose logits are constants (the biases): the hand calculation needs no network."""
    policy = MaskedActorCritic(spec, hidden=8, layers=1)
    with torch.no_grad():
        policy.move_head.weight.zero_()
        policy.move_head.bias.copy_(torch.tensor(move_bias))
        policy.data_head.weight.zero_()
        policy.data_head.bias.copy_(torch.tensor(data_bias))
    return policy


def test_masked_log_probs_and_entropy_by_hand():
    logits = torch.tensor([[1.0, 2.0, 3.0]])
    logp = masked_log_probs(logits, torch.tensor([[True, False, True]]))
    z = math.e ** 1 + math.e ** 3
    assert logp.exp()[0, 1].item() == 0.0  # a masked value has exactly zero probability
    assert logp[0, 0].item() == pytest.approx(1 - math.log(z), abs=1e-6)
    assert logp[0, 2].item() == pytest.approx(3 - math.log(z), abs=1e-6)
    p0, p2 = math.e / z, math.e ** 3 / z
    assert entropy_from_log_probs(logp).item() == pytest.approx(-(p0 * math.log(p0) + p2 * math.log(p2)), abs=1e-6)
    assert torch.isfinite(logp).all()  # -1e9, not -inf


def test_entropy_with_the_mask_is_the_same_bit_for_bit():
    """Masked entries' p is 0 either way (exp(-1e9) underflows): values and gradients agree exactly."""
    gen = torch.Generator().manual_seed(0)
    logits = (torch.randn(64, 3, 17, generator=gen) * 4).requires_grad_(True)
    legal = torch.rand(64, 3, 17, generator=gen) < 0.6
    legal[..., 0] = True
    grads = []
    for mask in (None, legal):
        logits.grad = None
        h = entropy_from_log_probs(masked_log_probs(logits, legal), mask)
        h.sum().backward()
        grads.append((h.detach(), logits.grad.clone()))
    assert torch.equal(grads[0][0], grads[1][0]) and torch.equal(grads[0][1], grads[1][1])
    p = torch.softmax(logits.detach().masked_fill(~legal, -math.inf), -1)  # by the definition
    expected = -(p * p.clamp(min=1e-30).log()).sum(-1)
    assert torch.allclose(grads[1][0], expected, atol=1e-5)


def test_acting_leaves_the_entropy_out_unless_asked():
    spec = tiny_spec()
    policy = constant_policy(spec, [0.0, math.log(2.0), 0.0], [0.0] * 5)
    obs = obs_with_masks(spec, [True, True, True], np.ones((3, 5), bool))
    assert policy.act(obs).entropy is None
    out = policy.act(obs, entropy=True)
    assert torch.equal(out.entropy, policy.evaluate(obs, out.actions).entropy)


def eight_heads(seed: int) -> tuple[ActionSpec, torch.Generator]:
    """An action layout of eight heads of the real game's sizes, short and long (a move head of
    6), each move using a random half of them, and the generator that drew it (seeded `seed`)."""
    sizes = (6, 2, 3, 33, 21, 4, 2, 34)
    gen = torch.Generator().manual_seed(seed)
    used = (torch.rand(sizes[0], len(sizes), generator=gen) < 0.5).numpy()
    return ActionSpec(tuple(f"h{i}" for i in range(len(sizes))), sizes, feature_size=4, head_used=used), gen


def random_observations(spec: ActionSpec, gen: torch.Generator, n: int) -> torch.Tensor:
    """`n` observations of 4 random features and random legal masks in which move 0 and one value
    of every head are always legal."""
    move_mask = torch.rand(n, spec.num_moves, generator=gen) < 0.7
    move_mask[:, 0] = True
    data_mask = torch.rand(n, spec.num_moves, spec.data_size, generator=gen) < 0.6
    for off in spec.data_offsets:
        data_mask[..., off] = True  # every head has a legal value
    return torch.cat([torch.randn(n, 4, generator=gen),
                      torch.as_tensor(spec.pack_masks(move_mask.numpy(), data_mask.numpy()))], 1)


def test_the_update_grids_give_the_sampling_grid_s_log_probs_and_entropy():
    """evaluate() runs the data heads in two grids (short heads, long heads); act() in one: the
    same log-probs, entropies and gradients up to float rounding (one function sums them, grid by
    grid: MaskedActorCritic._joint)."""
    spec, gen = eight_heads(1)
    torch.manual_seed(0)
    policy = MaskedActorCritic(spec, hidden=16, layers=1)
    assert [shape for _, _, shape in policy.layout.groups] == [(4, 4), (3, 34)]  # 7 * 34 cells -> 118
    n = 256
    obs = random_observations(spec, gen, n)
    acted = policy.act(obs, torch.Generator().manual_seed(2), entropy=True)
    new = policy.evaluate(obs, acted.actions)
    one_grid = (acted.logprob, acted.entropy)
    assert torch.allclose(new.logprob, one_grid[0], atol=1e-5) and torch.allclose(new.entropy, one_grid[1], atol=1e-5)
    grads = []
    for logprob, entropy in ((new.logprob, new.entropy), one_grid):
        policy.zero_grad()
        (logprob.sum() + entropy.sum()).backward(retain_graph=True)
        grads.append([p.grad.clone() for p in policy.parameters() if p.grad is not None])
    assert len(grads[0]) == len(grads[1]) > 0
    for a, b in zip(*grads):
        assert torch.allclose(a, b, atol=1e-4, rtol=1e-4)


def test_evaluate_with_the_masks_passed_reads_only_the_features():
    """The update passes the masks a rollout acted on and, to gather fewer bytes, the features
    alone, already in bfloat16 under the CPU's autocast: the outputs equal, bit for bit, those
    computed from the whole float32 observation."""
    spec, gen = eight_heads(5)
    torch.manual_seed(0)
    policy = MaskedActorCritic(spec, hidden=16, layers=2)
    n = 64
    obs = random_observations(spec, gen, n)
    out = policy.act(obs, torch.Generator().manual_seed(6))
    for autocast, features in ((False, obs[:, :4]), (True, obs[:, :4].to(torch.bfloat16))):
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=autocast):
            whole = policy.evaluate(obs, out.actions, out.move_mask, out.data_row)
            alone = policy.evaluate(features, out.actions, out.move_mask, out.data_row)
        for a, b in zip(whole[1:4], alone[1:4]):  # logprob, entropy, value
            assert torch.equal(a, b)


@pytest.mark.parametrize("bf16", [False, True])
def test_a_policy_stack_acts_as_each_of_its_policies(bf16):
    """Rows of one batch played by three different policies in one pass (PolicyStack): each row's
    move and data log-probs are its own policy's, and the sampled actions are legal.  Under the
    CPU's bfloat16 autocast (the trainer's rollouts) the same holds to bfloat16's rounding, the
    stack's products taken in bfloat16 as each policy's own are."""
    spec, gen = eight_heads(4)
    torch.manual_seed(0)
    policies = [MaskedActorCritic(spec, hidden=16, layers=2) for _ in range(3)]
    with torch.no_grad():  # heads far from their near-uniform start, so that the policies differ
        for p in policies:
            p.move_head.weight.normal_(std=1.0, generator=gen)
            p.data_head.weight.normal_(std=1.0, generator=gen)
    n = 200
    obs = random_observations(spec, gen, n)
    move_mask, data_mask = spec.decode_masks(obs)
    group = torch.randint(0, 3, (n,), generator=gen)
    group[:5] = 2  # uneven groups: the padding is exercised
    stack = PolicyStack(policies)
    # bfloat16 keeps 8 bits of mantissa: log-probs of a few nats agree to a few hundredths
    atol = 0.05 if bf16 else 1e-5
    with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
        move = torch.randint(0, spec.num_moves, (n,), generator=gen)
        move_logp, _, data_logp = stack.log_probs(obs, group, move)
        for g, policy in enumerate(policies):
            rows = group == g
            hidden, mm = policy.encode(obs[rows])
            own_move = masked_log_probs(policy.move_head(hidden), mm)
            own_data = policy._data_log_probs(hidden, move[rows], spec.decode_data_row(obs[rows], move[rows]))
            for mine, own in ((move_logp[rows].float(), own_move.float()), (data_logp[rows].float(), own_data.float())):
                legal = own > -1e8  # illegal entries: a large negative number in both
                assert torch.equal(mine > -1e8, legal)
                assert torch.allclose(mine[legal], own[legal], atol=atol)
        assert not torch.allclose(move_logp[group == 0][:1], masked_log_probs(
            policies[1].move_head(policies[1].encode(obs[group == 0][:1])[0]), move_mask[group == 0][:1]))
        actions = stack.act(obs, group, torch.Generator().manual_seed(1))
    assert move_mask[torch.arange(n), actions[:, 0]].all()
    rows = data_mask[torch.arange(n), actions[:, 0]]
    for h, off in enumerate(spec.data_offsets):
        head_used = torch.as_tensor(spec.head_used[:, 1:])[actions[:, 0], h]
        chosen = rows[torch.arange(n), off + actions[:, 1 + h]]
        assert (chosen | ~head_used).all() and (actions[~head_used, 1 + h] == 0).all()


def test_joint_log_prob_counts_only_used_heads():
    spec = tiny_spec()
    # move logits [0, ln 2, 0] -> p = [1/4, 1/2, 1/4]; data a: [0, 0, 0] with value 2 masked for move 1
    policy = constant_policy(spec, [0.0, math.log(2.0), 0.0], [0.0] * 5)
    data_mask = np.ones((3, 5), bool)
    data_mask[1, 2] = False  # given move 1, head a's value 2 is illegal -> a is 1/2, 1/2, 0
    obs = obs_with_masks(spec, [True, True, True], data_mask)
    # move 1 uses head a only: log p = ln(1/2) + ln(1/2); head b's value is ignored
    for b in (0, 1):
        out = policy.evaluate(obs, torch.tensor([[1, 0, b]]))
        assert out.logprob.item() == pytest.approx(2 * math.log(0.5), abs=1e-6)
        # H(move) = 1.5 ln 2, H(a | move 1) = ln 2; head b does not count
        assert out.entropy.item() == pytest.approx(2.5 * math.log(2.0), abs=1e-6)
    # move 0 uses no data head: log p = ln(1/4), entropy = H(move) only
    out = policy.evaluate(obs, torch.tensor([[0, 2, 1]]))
    assert out.logprob.item() == pytest.approx(math.log(0.25), abs=1e-6)
    assert out.entropy.item() == pytest.approx(1.5 * math.log(2.0), abs=1e-6)
    # move 2 uses a (3 legal values) and b (2): ln(1/4) + ln(1/3) + ln(1/2)
    out = policy.evaluate(obs, torch.tensor([[2, 2, 1]]))
    assert out.logprob.item() == pytest.approx(math.log(1 / 24), abs=1e-6)
    assert out.entropy.item() == pytest.approx(1.5 * math.log(2) + math.log(3) + math.log(2), abs=1e-6)


def test_illegal_move_has_zero_probability_and_finite_gradients():
    spec = tiny_spec()
    policy = constant_policy(spec, [0.0, 5.0, 0.0], [0.0] * 5)
    obs = obs_with_masks(spec, [True, False, True], np.ones((3, 5), bool))
    out = policy.evaluate(obs, torch.tensor([[2, 0, 0]]))
    assert out.logprob.item() == pytest.approx(math.log(0.5) + math.log(1 / 3) + math.log(0.5), abs=1e-6)
    (out.logprob.sum() + out.entropy.sum()).backward()
    assert all(torch.isfinite(p.grad).all() for p in policy.parameters() if p.grad is not None)


def test_data_heads_are_conditioned_on_the_move():
    spec = tiny_spec()
    policy = MaskedActorCritic(spec, hidden=16, layers=1)
    with torch.no_grad():
        policy.data_head.weight.normal_()
    obs = obs_with_masks(spec, [True, True, True], np.ones((3, 5), bool), batch=2)
    hidden, _ = policy.encode(obs)
    legal = torch.ones(2, spec.data_size, dtype=torch.bool)
    logp = policy._data_log_probs(hidden, torch.tensor([1, 2]), legal)  # same state, two moves
    assert not torch.allclose(logp[0], logp[1])


def test_sampling_respects_move_and_data_masks():
    spec = tiny_spec()
    policy = MaskedActorCritic(spec, hidden=16, layers=1)
    with torch.no_grad():  # strong logits on illegal values: masks must still win
        policy.move_head.bias.copy_(torch.tensor([0.0, 50.0, 0.0]))
        policy.data_head.bias.copy_(torch.tensor([0.0, 0.0, 50.0, 50.0, 0.0]))
    data_mask = np.ones((3, 5), bool)
    data_mask[2, 2] = False  # move 2: head a value 2 illegal
    data_mask[2, 3] = False  # move 2: head b value 0 illegal
    obs = obs_with_masks(spec, [True, False, True], data_mask, batch=4000)
    gen = torch.Generator().manual_seed(0)
    out = policy.act(obs, gen)
    a = out.actions
    assert (a[:, 0] != 1).all()
    m2 = a[:, 0] == 2
    assert m2.any() and (a[m2, 0] == 2).all()
    assert (a[m2, 1] != 2).all() and (a[m2, 2] == 1).all()
    m0 = a[:, 0] == 0
    assert (a[m0, 1:] == 0).all()  # unused heads are zeroed
    # the log-probs sampled are the log-probs evaluated
    assert torch.allclose(out.logprob, policy.evaluate(obs, a).logprob, atol=1e-5)


def test_gumbel_sampling_frequencies():
    logp = torch.log(torch.tensor([[0.2, 0.5, 0.3]])).expand(20000, 3)
    draws = gumbel_sample(logp, torch.Generator().manual_seed(0))
    freq = torch.bincount(draws, minlength=3).float() / len(draws)
    assert torch.allclose(freq, torch.tensor([0.2, 0.5, 0.3]), atol=0.02)


def test_random_policy_is_legal_and_uniform():
    spec = tiny_spec()
    data_mask = np.ones((3, 5), bool)
    data_mask[2, 0] = False
    obs = obs_with_masks(spec, [False, True, True], data_mask, batch=6000)
    masks = spec.decode_masks(obs)
    a = random_policy(spec, torch.Generator().manual_seed(0))(obs, masks)
    assert (a[:, 0] != 0).all()
    assert abs((a[:, 0] == 1).float().mean().item() - 0.5) < 0.03
    assert (a[a[:, 0] == 2, 1] != 0).all()


def test_spec_row_decoding_matches_the_full_table():
    spec = tiny_spec()
    rng = np.random.default_rng(0)
    mm = rng.random((6, 3)) < 0.7
    dm = rng.random((6, 3, 5)) < 0.5
    obs = torch.cat([torch.zeros(6, 2), torch.as_tensor(spec.pack_masks(mm, dm))], 1)
    move = torch.tensor([0, 1, 2, 2, 1, 0])
    full_move, full_data = spec.decode_masks(obs)
    expected = full_data[torch.arange(6), move]
    assert torch.equal(spec.decode_move_mask(obs), full_move)
    assert torch.equal(spec.decode_data_row(obs, move), expected)
    # an env that gives only a full decoder: the lazy path decodes once and picks the rows
    calls = []

    def full_only(o):
        calls.append(1)
        return tiny_spec().decode_masks(o)

    custom = ActionSpec(("move", "a", "b"), (3, 3, 2), 2, spec.head_used, mask_size=spec.mask_size, decoder=full_only)
    move_mask, row_of = custom.decode_lazy(obs)
    assert torch.equal(move_mask, full_move) and torch.equal(row_of(move), expected) and len(calls) == 1
