"""An agent that is a mixture of networks: the average policy of self-play's recent selves.

Self-play against a pool of past snapshots is fictitious play in spirit: each update moves the
learner towards a best response to the pool's mixture.  In two-player zero-sum games it is the
*average* of those iterates that approaches an equilibrium (Brown 1951, Robinson 1951; with
networks, Heinrich, Lanctot and Silver 2015), while the last iterate keeps cycling between styles.
A best response against one iterate counters that one style; against the mixture it has to beat
every member at once.  Measured (docs/experiments/ablations.md): a run's recent selves share one
style and are exploited as fully as its final policy; a mixture of agents of different styles
resists more, and plays weaker.

A mixture file is a trainer checkpoint (:mod:`integration.train.checkpoint`: tensors and plain
data only) whose ``policy`` is its newest member (what ``--init`` starts from and what a search's
``value=`` scores with) and whose ``mixture`` holds every member::

    mixture = {"policies": [state dict, ...], "weights": [float, ...], "names": [str, ...]}

Every name that takes a checkpoint (``--opponent``, ``yomi tournament``, ``yomi play``) plays a
mixture file as the mixture, in one of two ways (``mixture["per"]``, ``yomi mixture --per``):

* ``decision`` (the default): each row of a batch draws its member from the weights, then acts as
  that member (one batched pass, :class:`~.policy.PolicyStack`); the opponent a best response meets
  in each position is the weighted mixture of the members' moves there, so the members' plans mix;
* ``match``: a member is drawn for each match and plays all of it, as a population of agents
  sampled per match (PSRO's meta-strategy) plays.  The policy function keeps each agent's member
  while the agent's match goes on: an agent whose ``tick`` feature goes back has started a new
  match and draws again.  It knows the agents of a call's rows from ``bind(env, agents)``, as
  ``evaluate.play``, ``yomi play`` and ``yomi tournament`` call it (without it, a row's position
  in the batch is its agent); the trainer's ``--opponent`` draws per match itself
  (``opponent.FixedOpponent``).

``yomi mixture OUT.safetensors CHECKPOINT [CHECKPOINT ...] [--pool N] [--weights W ...]`` writes
one: each CHECKPOINT gives its ``policy``, and with ``--pool N`` a trainer checkpoint also gives
the newest N snapshots of its self-play pool (``runs/<run>/checkpoints/latest.safetensors`` holds
the pool: the run's last ``pool_size`` snapshots, one every ``snapshot_interval`` updates).
"""
from __future__ import annotations

import math
import sys

import numpy as np
import torch

from . import checkpoint as ckpt
from .policy import MaskedActorCritic, PolicyFn, PolicyStack, network_from_state
from integration.options import OptionParser

MAX_MEMBERS = 256  # a crafted file cannot make a loader build more networks than this
PER = ("decision", "match")  # what a member is drawn for


class PolicyMixture:
    """Frozen networks of one architecture played as one agent: a member drawn from ``weights``
    (non-negative, not all zero; normalised here) plays each decision, or each match (``per``)."""

    def __init__(self, members: list[MaskedActorCritic], weights: list[float], per: str = "decision"):
        if not members or len(members) != len(weights):
            raise ValueError("a mixture needs one weight per member, and at least one member")
        if per not in PER:
            raise ValueError(f"a mixture draws its member per {' or per '.join(PER)}, not {per!r}")
        self.per = per
        self.members = members
        self.spec = members[0].spec
        device = next(members[0].parameters()).device
        self.weights = torch.tensor([w / sum(weights) for w in weights], dtype=torch.float32, device=device)
        self.stack = PolicyStack(members)

    def draw(self, n: int, generator: torch.Generator | None = None) -> torch.Tensor:
        """int64[n]: the member that plays each of n rows."""
        if n == 0:
            return torch.zeros(0, dtype=torch.int64)
        return torch.multinomial(self.weights, n, replacement=True, generator=generator)

    def act(self, obs: torch.Tensor, group: torch.Tensor, generator: torch.Generator | None = None) -> torch.Tensor:
        """Row b played by member ``group[b]``."""
        with torch.no_grad():
            if len(obs) == 0:
                return torch.zeros((0, len(self.spec.head_sizes)), dtype=torch.int64, device=obs.device)
            return self.stack.act(obs, group.to(obs.device), generator)

    def as_policy_fn(self, generator: torch.Generator | None = None) -> PolicyFn:
        """The mixture as a policy function (its ``mixture`` attribute is this object).  Per match,
        it keeps each agent's member until the agent's ``tick`` goes back (module docstring)."""
        if self.per == "decision":
            def policy(obs, masks):
                return self.act(obs, self.draw(len(obs), generator), generator)

            policy.mixture = self
            return policy
        from integration.env import obs as O  # per match reads the yomi env's tick feature

        rows: dict = {"agents": None}
        last = torch.zeros(0)                          # by key: the tick of its last decision
        member = torch.zeros(0, dtype=torch.int64)     # by key: its match's member, -1 none yet

        def bind(env, agents):
            """The env agents the next calls' rows are (their keys), as ``evaluate.play`` and the
            tournament say; without it a row's key is its position."""
            rows["agents"] = np.asarray(agents, dtype=np.int64).reshape(-1)

        def per_match(obs, masks):
            nonlocal last, member
            tick = torch.as_tensor(obs)[:, O.LAYOUT["tick"]].detach().float().cpu()
            n = len(tick)
            agents = rows["agents"]
            keys = torch.as_tensor(agents if agents is not None and len(agents) == n else np.arange(n))
            size = int(keys.max()) + 1 if n else 0
            if size > len(member):
                last = torch.cat([last, torch.zeros(size - len(last))])
                member = torch.cat([member, torch.full((size - len(member),), -1, dtype=torch.int64)])
            new = (member[keys] < 0) | (tick < last[keys])    # a row's tick goes back: a new match
            member[keys[new]] = self.draw(int(new.sum()), generator)
            last[keys] = tick
            return self.act(obs, member[keys], generator)

        per_match.bind = bind
        per_match.mixture = self
        return per_match


def _weights(raw, n: int, where: str) -> list[float]:
    if not isinstance(raw, (list, tuple)) or len(raw) != n:
        raise ValueError(f"{where}: its mixture has {n} members but its weights are not {n} numbers")
    weights = []
    for w in raw:
        if type(w) not in (int, float) or not math.isfinite(w) or w < 0:
            raise ValueError(f"{where}: a mixture weight must be a finite number >= 0, not {w!r}")
        weights.append(float(w))
    if sum(weights) <= 0:
        raise ValueError(f"{where}: its mixture's weights are all zero")
    return weights


def agent_from_state(state: dict, spec, where: str, device: torch.device | str = "cpu"):
    """The agent a loaded checkpoint holds, frozen: its ``policy`` network, or the
    :class:`PolicyMixture` where it holds a ``mixture``.  ValueError with one line for a crafted
    mixture (members that are no network of this layout, of different sizes, too many, or weights
    that are not finite non-negative numbers)."""
    mixture = state.get("mixture")
    if mixture is None:
        return network_from_state(state.get("policy"), spec, where).to(device)
    policies = mixture.get("policies") if isinstance(mixture, dict) else None
    if not isinstance(policies, list) or not 1 <= len(policies) <= MAX_MEMBERS:
        raise ValueError(f"{where}: its mixture holds no list of 1 to {MAX_MEMBERS} policies")
    weights = _weights(mixture.get("weights"), len(policies), where)
    per = mixture.get("per", "decision")
    if per not in PER:
        raise ValueError(f"{where}: its mixture draws a member per {per!r}, not per {' or per '.join(PER)}")
    members = [network_from_state(p, spec, f"{where} (mixture member {i})").to(device) for i, p in enumerate(policies)]
    shapes = {tuple((k, tuple(v.shape)) for k, v in m.state_dict().items()) for m in members}
    if len(shapes) != 1:
        raise ValueError(f"{where}: its mixture's members are networks of different sizes")
    return PolicyMixture(members, weights, per)


# ------------------------------------------------------------------------------------------------
# yomi mixture
# ------------------------------------------------------------------------------------------------
def _pool_policies(state: dict, n: int, where: str) -> list[tuple[str, dict]]:
    """The newest n snapshots of a trainer checkpoint's self-play pool, oldest first, named by
    their update (``u<update>``); the names of the members are ``PATH:u<update>`` and ``PATH``."""
    snapshots = list(ckpt.pool_policies(state, where).items())
    return [(f"u{update}", policy) for update, policy in (snapshots[-n:] if n > 0 else [])]


def build(sources: list[str], pool: int = 0, weights: list[float] | None = None, per: str = "decision") -> dict:
    """The mixture checkpoint of `sources` (module docstring), as the dict to save."""
    from integration.env import action_layout as AL

    spec = AL.action_spec()
    names, policies, first = [], [], None
    for path in sources:
        state = ckpt.load_agent(path)
        if state.get("spec") is not None and state["spec"] != spec.describe():
            raise ValueError(f"{path} was trained with another action layout (env or characters) than YomiEnv's")
        first = first or state
        members = (_pool_policies(state, pool, path) if pool else []) + [(None, state["policy"])]
        for snapshot, policy in members:
            names.append(f"{path}:{snapshot}" if snapshot else path)
            policies.append(policy)
    weights = [1.0] * len(policies) if weights is None else weights
    out = dict(version=first.get("version"), config=first.get("config", {}), spec=spec.describe(),
               policy=policies[-1], mixture=dict(policies=policies, weights=weights, names=names, per=per))
    agent_from_state(out, spec, "the mixture")  # the checks a loader makes, before anything is written
    return out


def main(argv=None) -> int:
    """``yomi mixture OUT CHECKPOINT [CHECKPOINT ...] [--pool N] [--weights W ...]``."""
    ap = OptionParser(
        prog="yomi mixture",
        description="Write one agent that plays a mixture of networks, each decision (or each match) by a member "
                    "drawn by weight (a run's recent selves, or agents of several runs); docs/experiments/"
                    "ablations.md measures how hard each kind is to exploit.")
    ap.add_argument("out", help="the mixture checkpoint to write (*.safetensors)")
    ap.add_argument("checkpoints", nargs="+", help="checkpoints whose policies are members (a run's "
                                                   "checkpoints/latest.safetensors, best.safetensors, ...)")
    ap.add_argument("--pool", type=int, default=0, metavar="N",
                    help="also the newest N snapshots of each trainer checkpoint's self-play pool (default 0)")
    ap.add_argument("--weights", type=float, nargs="+", metavar="W",
                    help="one weight per member, in order (default: equal)")
    ap.add_argument("--per", choices=PER, default="decision",
                    help="draw a member for each decision (default) or for each match")
    args = ap.parse_args(argv)
    try:
        if not 0 <= args.pool <= MAX_MEMBERS:
            raise ValueError(f"--pool must be in 0 .. {MAX_MEMBERS}, got {args.pool}")
        if not args.out.endswith(ckpt.SUFFIX):
            raise ValueError(f"the mixture is written as a checkpoint: its name ends in {ckpt.SUFFIX}")
        state = build(args.checkpoints, args.pool, args.weights, args.per)
        ckpt.save_atomic(state, args.out)
    except (OSError, ValueError) as exc:
        print(f"yomi mixture: {exc}", file=sys.stderr)
        return 2
    names = state["mixture"]["names"]
    print(f"wrote {args.out}: {len(names)} members ({names[0]} ... {names[-1]})")
    return 0
