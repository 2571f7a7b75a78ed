"""The policy: an MLP trunk with a value head and masked autoregressive action heads.

Sampling an action (see ``MaskedActorCritic.act``):

1. the move from the move head, masked by ``move_mask``;
2. every data head from logits that depend on the chosen move (a move embedding
   is added to the trunk before the data heads), masked by ``data_mask[b, move]``.

The log-probability of an action is log p(move) plus log p(value) of only the
heads the move uses (``head_used[move]``), and the same goes for the entropy:
the game ignores the other heads, so they carry no credit and no bonus.  The
entropy of the data heads is taken at the sampled move, a one-sample estimate
of E_move[H(data | move)].

Masked logits are set to a large negative number, not -inf: the probability is
still exactly 0 in float32, but 0 * (-1e9) is 0 where 0 * (-inf) is NaN, and
gradients stay finite.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

import numpy as np
import torch
import torch.nn as nn

from integration.env.spec import ActionSpec

NEG = -1e9  # masked logit
PAD = 2 * NEG  # padding of short heads: below any masked value, so never sampled

# A policy for evaluation and scripted baselines: (obs, (move_mask, data_mask)) -> actions [B, H]
PolicyFn = Callable[[torch.Tensor, tuple[torch.Tensor, torch.Tensor]], torch.Tensor]


def layer_init(layer: nn.Linear, std: float = np.sqrt(2), bias: float = 0.0) -> nn.Linear:
    """CleanRL's orthogonal initialisation."""
    nn.init.orthogonal_(layer.weight, std)
    nn.init.constant_(layer.bias, bias)
    return layer


class HeadLayout(nn.Module):
    """Pads the D data values into a [Hd, S] grid so all data heads go through one softmax."""

    def __init__(self, spec: ActionSpec):
        super().__init__()
        sizes, d = spec.data_sizes, spec.data_size
        assert sizes, "the move needs at least one data head"
        index = torch.full((len(sizes), max(sizes)), d, dtype=torch.long)  # d = the padding column
        for h, (off, size) in enumerate(zip(spec.data_offsets, sizes)):
            index[h, :size] = torch.arange(off, off + size)
        self.register_buffer("index", index.reshape(-1), persistent=False)
        self.shape = tuple(index.shape)
        self.register_buffer("head_used", torch.as_tensor(spec.head_used[:, 1:]), persistent=False)
        # The same heads in two grids, short heads apart from long ones (the real game's 14 heads:
        # 9 of 2-4 values and 5 of 21-34 take 206 cells instead of 476): the update's log-softmax,
        # entropy and their gradients cost about the cells they run over.  Sampling keeps the one
        # grid (its random draws are taken over its shape).
        order = sorted(range(len(sizes)), key=lambda h: sizes[h])
        cells = lambda k: k * sizes[order[k - 1]] + (len(order) - k) * sizes[order[-1]]  # noqa: E731
        split = min(range(1, len(order) + 1), key=cells)
        self.groups: list[tuple[str, str, tuple[int, int]]] = []
        for g, heads in enumerate((order[:split], order[split:])):
            if not heads:
                continue
            width = max(sizes[h] for h in heads)
            group = torch.full((len(heads), width), d, dtype=torch.long)
            for row, h in enumerate(heads):
                group[row, :sizes[h]] = torch.arange(spec.data_offsets[h], spec.data_offsets[h] + sizes[h])
            self.register_buffer(f"group{g}_index", group.reshape(-1), persistent=False)
            self.register_buffer(f"group{g}_heads", torch.as_tensor(heads, dtype=torch.long), persistent=False)
            self.groups.append((f"group{g}_index", f"group{g}_heads", (len(heads), width)))

    def pad(self, values: torch.Tensor, fill) -> torch.Tensor:
        """[B, D] -> [B, Hd, S], short heads padded with `fill`."""
        return padded_select(values, fill, self.index, self.shape)

    def grouped(self):
        """[(index, heads, shape)] of the two grids (short heads, long heads)."""
        return [(getattr(self, i), getattr(self, h), shape) for i, h, shape in self.groups]


def padded_select(values: torch.Tensor, fill, index: torch.Tensor, shape) -> torch.Tensor:
    """[B, D] -> [B, *shape]: the values at `index`, where index D is the padding `fill`.
    index_select, not values[:, index]: the same values, and its backward (index_add) is several
    times cheaper on the CPU than advanced indexing's (index_put with accumulate)."""
    extra = torch.full_like(values[:, :1], fill)
    return torch.index_select(torch.cat([values, extra], 1), 1, index).reshape(-1, *shape)


def mask_logits(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return torch.where(mask, logits, torch.full_like(logits, NEG))


def masked_log_probs(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """log-softmax over the legal entries only; illegal entries get log p ~ -1e9 (p = 0)."""
    return torch.log_softmax(mask_logits(logits, mask), dim=-1)


def data_log_probs(layout: HeadLayout, logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """[B, D] logits and legal mask -> [B, Hd, S] per-head log-probs (padding never sampled)."""
    return torch.log_softmax(layout.pad(mask_logits(logits, mask), PAD), dim=-1)


def entropy_from_log_probs(logp: torch.Tensor, legal: torch.Tensor | None = None) -> torch.Tensor:
    """-sum p log p.  With `legal` (the mask the log-probs were taken under) the illegal entries'
    p is set to 0 instead of computed as exp(-1e9): the same value, bit for bit, and gradient (0),
    but the CPU's exp takes a slow path on such arguments (several times the cost of the rest)."""
    if legal is None:
        return -(logp.exp() * logp).sum(-1)
    p = torch.where(legal, torch.where(legal, logp, 0.0).exp(), 0.0)
    return -(p * logp).sum(-1)


def gumbel_sample(logp: torch.Tensor, generator: torch.Generator | None = None) -> torch.Tensor:
    """Sample from softmax(logp) with the Gumbel-max trick (no host sync, graph-capturable)."""
    u = torch.rand(logp.shape, device=logp.device, generator=generator).clamp_(1e-20, 1.0 - 1e-7)
    return torch.argmax(logp - torch.log(-torch.log(u)), dim=-1)


class ActionOutput(NamedTuple):
    actions: torch.Tensor  # [B, H] int64
    logprob: torch.Tensor  # [B]
    entropy: torch.Tensor | None  # [B]; None from act() unless asked for
    value: torch.Tensor  # [B]
    move_mask: torch.Tensor | None = None  # bool[B, K+1], the masks acted on: the update reuses
    data_row: torch.Tensor | None = None  # bool[B, D]    them instead of decoding again


class MaskedActorCritic(nn.Module):
    def __init__(self, spec: ActionSpec, hidden: int = 128, layers: int = 2):
        super().__init__()
        self.spec = spec
        self.layout = HeadLayout(spec)
        # The trunk sees the features and the legal moves (decoded, so it does not
        # depend on how an environment packs its masks).
        in_size = spec.feature_size + spec.num_moves
        trunk: list[nn.Module] = []
        for i in range(layers):
            trunk += [layer_init(nn.Linear(in_size if i == 0 else hidden, hidden)), nn.Tanh()]
        self.trunk = nn.Sequential(*trunk)
        self.value_head = layer_init(nn.Linear(hidden, 1), std=1.0)
        self.move_head = layer_init(nn.Linear(hidden, spec.num_moves), std=0.01)
        self.move_embed = nn.Embedding(spec.num_moves, hidden)
        nn.init.normal_(self.move_embed.weight, std=0.1)
        self.data_head = layer_init(nn.Linear(hidden, max(spec.data_size, 1)), std=0.01)

    def encode(self, obs: torch.Tensor, move_mask: torch.Tensor | None = None):
        if move_mask is None:
            move_mask = self.spec.decode_move_mask(obs)
        x = torch.cat([self.spec.features(obs), move_mask.to(obs.dtype)], dim=-1)
        return self.trunk(x), move_mask

    def _data_log_probs(self, hidden, move, data_row):
        """log-probs of every data head given the move: [B, Hd, S]; data_row = data_mask[b, move_b]."""
        logits = self.data_head(torch.tanh(hidden + self.move_embed(move)))
        return data_log_probs(self.layout, logits, data_row)

    def _joint(self, move_logp, move, move_mask, data, grids, entropy: bool = True):
        """The joint log-prob of (move, data) and its entropy (None unless `entropy`), counting only
        the heads the move uses: the move's term, then each grid's heads summed, grid by grid.
        `grids` is [(heads, logp, legal)]: the data heads' log-probs over a grid [B, h, S] (heads:
        their numbers, None for all of them in order) and the legal mask they were taken under (None:
        decoded from the log-probs; only makes the entropy cheaper, entropy_from_log_probs).
        act passes the one grid it samples from, evaluate the two grids of HeadLayout.grouped (which
        cost less to differentiate): the same terms, summed in each caller's grouping."""
        used = self.layout.head_used[move].to(move_logp.dtype)  # [B, Hd]
        logprob = move_logp.gather(1, move[:, None])[:, 0]
        ent = entropy_from_log_probs(move_logp, move_mask) if entropy else None
        for heads, logp, legal in grids:
            u, d = (used, data) if heads is None else (used[:, heads], data[:, heads])
            logprob = logprob + (u * logp.gather(2, d[..., None])[..., 0]).sum(1)
            if entropy:
                ent = ent + (u * entropy_from_log_probs(logp, legal)).sum(1)
        return logprob, ent

    def act(self, obs: torch.Tensor, generator: torch.Generator | None = None, entropy: bool = False) -> ActionOutput:
        """Sample actions (rollouts and evaluation): the move first, then the data heads given it.
        The entropy (None unless asked for) is left out by default: nothing that acts reads it, and
        exponentiating the masked log-probs (-1e9, which the CPU's exp takes a slow path on) was
        about a quarter of a rollout's forward passes."""
        move_mask, row_of = self.spec.decode_lazy(obs)
        hidden, move_mask = self.encode(obs, move_mask)
        move_logp = masked_log_probs(self.move_head(hidden), move_mask)
        move = gumbel_sample(move_logp, generator)
        data_row = row_of(move)
        data_logp = self._data_log_probs(hidden, move, data_row)
        data = gumbel_sample(data_logp, generator)
        data = data * self.layout.head_used[move]  # unused heads: 0, the game ignores them
        legal = self.layout.pad(data_row, False) if entropy else None
        logprob, ent = self._joint(move_logp, move, move_mask, data, [(None, data_logp, legal)], entropy)
        actions = torch.cat([move[:, None], data], 1)
        return ActionOutput(actions, logprob, ent, self.value_head(hidden)[:, 0], move_mask, data_row)

    def evaluate(self, obs: torch.Tensor, actions: torch.Tensor, move_mask: torch.Tensor | None = None,
                 data_row: torch.Tensor | None = None) -> ActionOutput:
        """Log-probs, entropy and values of stored actions (the PPO update); the masks they were
        sampled under may be passed in (else they are decoded from obs).  Where both are passed,
        `obs` may be the features alone ([B, F], in any float dtype), which is all that is read of it."""
        move, data = actions[:, 0], actions[:, 1:]
        hidden, move_mask = self.encode(obs, move_mask)
        if data_row is None:
            data_row = self.spec.decode_data_row(obs, move)
        move_logp = masked_log_probs(self.move_head(hidden), move_mask)
        # the data heads by the two grids (HeadLayout.grouped)
        logits = mask_logits(self.data_head(torch.tanh(hidden + self.move_embed(move))), data_row)
        grids = [(heads, torch.log_softmax(padded_select(logits, PAD, index, shape), dim=-1),
                  padded_select(data_row, False, index, shape)) for index, heads, shape in self.layout.grouped()]
        logprob, entropy = self._joint(move_logp, move, move_mask, data, grids)
        return ActionOutput(actions, logprob, entropy, self.value_head(hidden)[:, 0], move_mask, data_row)

    def value(self, obs: torch.Tensor) -> torch.Tensor:
        return self.value_head(self.encode(obs)[0])[:, 0]

    def as_policy_fn(self, generator: torch.Generator | None = None) -> PolicyFn:
        def policy(obs, masks):
            with torch.no_grad():
                return self.act(obs, generator).actions

        return policy


def network_size(policy, in_size: int) -> tuple[int, int]:
    """``(hidden, layers)`` of a saved :class:`MaskedActorCritic` (its state dict), read from the
    trunk's tensors, whose first layer takes ``in_size`` inputs (features + moves).  Loaders build the
    network from these shapes, not from the size a config names, so a crafted file cannot ask for
    a network larger than the weights it holds.  ValueError where the tensors are no such trunk."""
    def shape(key):
        t = policy.get(key) if isinstance(policy, dict) else None
        return tuple(t.shape) if isinstance(t, torch.Tensor) else None

    first = shape("trunk.0.weight")
    if first is None or len(first) != 2 or first[0] < 1 or first[1] != in_size:
        raise ValueError(f"its policy has no trunk taking {in_size} inputs")
    hidden, layers = first[0], 1
    while (next_shape := shape(f"trunk.{2 * layers}.weight")) is not None:  # Linear, Tanh, Linear, ...
        if next_shape != (hidden, hidden):
            raise ValueError(f"its trunk's layer {layers + 1} is {next_shape}, not ({hidden}, {hidden})")
        layers += 1
    return hidden, layers


def network_from_state(policy, spec: ActionSpec, where: str) -> MaskedActorCritic:
    """The frozen network (eval mode, no gradients) of a saved state dict, its size read from the
    tensors (:func:`network_size`); ValueError with one line naming `where` for anything that is
    no network of this action layout, or whose weights are not all finite."""
    try:
        net = MaskedActorCritic(spec, *network_size(policy, spec.feature_size + spec.num_moves))
        net.load_state_dict(policy)
    except (RuntimeError, TypeError, ValueError, KeyError, AttributeError) as exc:
        raise ValueError(f"{where}: its policy is not a network of this action layout "
                         f"({type(exc).__name__}: {str(exc)[:200]})") from None
    if not all(torch.isfinite(t).all() for t in net.state_dict().values()):
        raise ValueError(f"{where}: its policy holds weights that are not finite (NaN or infinity)")
    return net.eval().requires_grad_(False)


def random_policy(spec: ActionSpec, generator: torch.Generator | None = None) -> PolicyFn:
    """Uniform over legal moves, then uniform over the legal values of each used head."""
    layout = HeadLayout(spec)

    def policy(obs, masks):
        move_mask, data_mask = masks
        layout.to(obs.device)
        zeros = torch.zeros(move_mask.shape, device=obs.device)
        move = gumbel_sample(masked_log_probs(zeros, move_mask), generator)
        mask = data_mask[torch.arange(move.shape[0], device=obs.device), move]
        data_logp = data_log_probs(layout, torch.zeros(mask.shape, device=obs.device), mask)
        data = gumbel_sample(data_logp, generator) * layout.head_used[move]
        return torch.cat([move[:, None], data], 1)

    return policy


class PolicyStack:
    """Frozen policies of one architecture acting in one batched pass: row i of a batch is played
    by policy ``group[i]``.  The self-play pool's snapshots each play a handful of seats per turn,
    and one ``act`` call per snapshot (about 30 small torch ops each) costs twice the learner's own
    forward pass; stacked, each layer is one batched matrix product over the rows padded per policy.

    The actions are drawn from the same distributions as each policy's :meth:`MaskedActorCritic.act`
    (equal up to float rounding: :meth:`log_probs` is what the tests compare), not with the same
    random draws.  The stack copies the weights: build a new one when the policies change."""

    def __init__(self, policies: list[MaskedActorCritic]):
        assert policies, "an empty stack"
        first = policies[0]
        self.spec, self.layout = first.spec, first.layout

        def stacked(get) -> torch.Tensor:
            return torch.stack([get(p).detach() for p in policies])

        def linear(get):  # weights transposed once, [P, in, out], and biases [P, 1, out], for baddbmm
            return stacked(lambda p: get(p).weight.T), stacked(lambda p: get(p).bias)[:, None, :]

        # MaskedActorCritic's trunk is (Linear, Tanh) pairs: log_probs applies tanh after each layer
        self.trunk = [linear(lambda p, i=i: p.trunk[i]) for i, m in enumerate(first.trunk) if isinstance(m, nn.Linear)]
        self.move_head = linear(lambda p: p.move_head)
        self.data_head = linear(lambda p: p.data_head)
        self.move_embed = stacked(lambda p: p.move_embed.weight)  # [P, K+1, hidden]
        self._cast: dict = {}  # (layer, dtype) -> its weights in that dtype (_weights)

    def _weights(self, layer, x: torch.Tensor):
        """A layer's (weight, bias) in the dtype its product runs in.  Under autocast (the CPU's
        bfloat16 products) that is a copy cast once per stack and kept: autocast itself would cast
        all the stacked weights, [P, in, out], at every call, which takes longer than the product
        (docs/experiments/performance-history.md, "Snapshot weights cast once").  The values are the
        ones autocast uses."""
        device = x.device.type
        if not torch.is_autocast_enabled(device):
            return layer
        dtype = torch.get_autocast_dtype(device)
        key = (id(layer[0]), dtype)
        if key not in self._cast:
            self._cast[key] = tuple(t.to(dtype) for t in layer)
        return self._cast[key]

    @staticmethod
    def _slots(group: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, int]:
        """Each row's place in the padded [P, width] grid: (its policy, its position among that
        policy's rows), and the width."""
        order = torch.argsort(group, stable=True)
        counts = torch.bincount(group)
        starts = torch.cumsum(counts, 0) - counts
        pos = torch.empty_like(group)
        pos[order] = torch.arange(len(group), device=group.device) - starts[group[order]]
        return group, pos, int(counts.max())

    def _linear(self, x: torch.Tensor, layer, slots) -> torch.Tensor:
        """Row i through policy group[i]'s layer: [N, in] -> [N, out]."""
        weight, bias = self._weights(layer, x)
        group, pos, width = slots
        padded = x.new_zeros((weight.shape[0], width, x.shape[1]), dtype=weight.dtype)
        padded[group, pos] = x.to(weight.dtype)
        return torch.baddbmm(bias, padded, weight)[group, pos]

    def log_probs(self, obs: torch.Tensor, group: torch.Tensor, move: torch.Tensor | None = None,
                  generator: torch.Generator | None = None):
        """(move log-probs [N, K+1], the move (sampled when not given), the data heads' log-probs
        given it [N, Hd, S]) of each row under its own policy."""
        move_mask, row_of = self.spec.decode_lazy(obs)
        slots = self._slots(group)
        hidden = torch.cat([self.spec.features(obs), move_mask.to(obs.dtype)], dim=-1)
        for layer in self.trunk:
            hidden = torch.tanh(self._linear(hidden, layer, slots))
        logits = self._linear(hidden, self.move_head, slots)
        move_logp = masked_log_probs(logits, move_mask)
        if move is None:
            move = gumbel_sample(move_logp, generator)
        embedded = torch.tanh(hidden + self.move_embed[group, move])
        data_logp = data_log_probs(self.layout, self._linear(embedded, self.data_head, slots), row_of(move))
        return move_logp, move, data_logp

    def act(self, obs: torch.Tensor, group: torch.Tensor, generator: torch.Generator | None = None) -> torch.Tensor:
        """Sampled actions [N, H] (the move, then every data head given it; unused heads 0)."""
        _, move, data_logp = self.log_probs(obs, group, generator=generator)
        data = gumbel_sample(data_logp, generator) * self.layout.head_used[move]
        return torch.cat([move[:, None], data], 1)
