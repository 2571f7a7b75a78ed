"""A stand-in for YomiEnv used by the trainer's tests: a tiny simultaneous-move duel with the
same interface, on which the trainer learns in seconds.  It is not a product; the trainer names
it as ``--env support.toyenv:ENV`` (with tests/ on the path).  Everything is numpy-vectorised over ``num_envs`` matches,
agent ``2*i`` is P1 and ``2*i+1`` is P2 of match i, one ``step`` is one turn.

The game, in the mould of YOMI: two fighters on a 1-D stage of cells
[-4, 4], 10 HP, a meter 0..4 (filled by hitting, being hit, blocking and
walking in).  Each turn both choose a move:

  0 Continue  (uses DI: drift while in hit/block stun; the only legal move when stunned)
  1 Walk      (uses direction: step -2..+2 towards the opponent; walls and the opponent limit it)
  2 Jab       fast (speed 3), reach 2, 1 damage
  3 Heavy     slow (speed 1), reach 3, 3 damage; flag=1 charges it (5 damage, speed 0, 1 meter);
              whiffing it costs a turn of recovery
  4 Block     stops strikes and projectiles (Heavy and Super chip 1)
  5 Throw     speed 2, reach 1, beats Block; direction: 4 = push away, 0 = swap sides
  6 Fireball  uses scalar: hits at target distance s+1 (+-1); costs 2 meter
  7 Super     speed 4, reach 4, 4 damage; costs the full meter, long recovery on whiff

Of two attacks that would both land, the faster lands and interrupts the other;
equal speeds trade, except two throws, where P1 wins (seat asymmetry, as is
P1 walking first).  KO, or the 30-turn limit (higher HP wins) ends a match.
Illegal actions (a policy that ignores the masks, e.g. PuffeRL's default one)
are made legal: an illegal move becomes Continue, an illegal data value the
head's first legal value; ``illegal_actions`` counts them.
"""
from __future__ import annotations

import gymnasium
import numpy as np
import pufferlib
import torch

from integration.env.spec import ActionSpec
from integration.train.envs import EnvEntry

MOVES = ("Continue", "Walk", "Jab", "Heavy", "Block", "Throw", "Fireball", "Super")
CONTINUE, WALK, JAB, HEAVY, BLOCK, THROW, FIREBALL, SUPER = range(8)
HEAD_NAMES = ("move", "direction", "scalar", "flag", "di")
HEAD_SIZES = (len(MOVES), 5, 5, 2, 5)
DIR, SCALAR, FLAG, DI = 0, 5, 10, 12  # offsets of the data heads in the D = 17 data values
HEAD_USED = np.zeros((len(MOVES), len(HEAD_SIZES)), dtype=bool)
HEAD_USED[:, 0] = True
HEAD_USED[CONTINUE, 4] = HEAD_USED[WALK, 1] = HEAD_USED[THROW, 1] = True
HEAD_USED[HEAVY, 3] = HEAD_USED[FIREBALL, 2] = True

W, MAX_HP, MAX_METER, MAX_TURNS = 4, 10, 4, 30
#                       Cont Walk Jab Heavy Block Throw Fire Super
SPEED = np.array([0, 0, 3, 1, 0, 2, 2, 4])
REACH = np.array([0, 0, 2, 3, 0, 1, 0, 4])
DAMAGE = np.array([0, 0, 1, 3, 0, 2, 2, 4])
HITSTUN = np.array([0, 0, 1, 2, 0, 1, 1, 2])
WHIFF_RECOVERY = np.array([0, 0, 0, 1, 0, 0, 0, 2])
FEATURES = 11 + 2 * len(MOVES)


def make_spec() -> ActionSpec:
    return ActionSpec(HEAD_NAMES, HEAD_SIZES, FEATURES, HEAD_USED, move_names=MOVES)


class ToyDuel(pufferlib.PufferEnv):
    def __init__(self, num_envs: int = 64, seed: int | None = 0, buf=None, p1: str = "toy", p2: str = "toy", **_):
        self.num_envs = num_envs
        self.num_agents = 2 * num_envs
        self.action_spec = make_spec()
        obs_size = self.action_spec.obs_size
        self.single_observation_space = gymnasium.spaces.Box(-1.0, 1.0, (obs_size,), dtype=np.float32)
        self.single_action_space = gymnasium.spaces.MultiDiscrete(HEAD_SIZES)
        super().__init__(buf)
        self.rng = np.random.default_rng(seed)
        m = num_envs
        self.x = np.zeros((m, 2), np.int64)
        self.hp = np.zeros((m, 2), np.int64)
        self.meter = np.zeros((m, 2), np.int64)
        self.stun = np.zeros((m, 2), np.int64)
        self.last_move = np.zeros((m, 2), np.int64)
        self.turn = np.zeros(m, np.int64)
        self.match_id = np.zeros(m, np.int64)  # counts matches per slot (tests use it)
        self.illegal_actions = 0
        assert np.shares_memory(self.observations.reshape(num_envs, 2, -1), self.observations)

    # ----- PufferEnv API ---------------------------------------------------------------
    def reset(self, seed: int | None = None):
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self._new_matches(np.ones(self.num_envs, bool))
        self.match_id[:] = 0
        self.rewards[:] = 0
        self.terminals[:] = False
        self.truncations[:] = False
        self._observe()
        return self.observations, []

    def step(self, actions):
        a = np.asarray(actions, dtype=np.int64).reshape(self.num_envs, 2, len(HEAD_SIZES))
        move_mask, data_mask = self._masks()
        move, data = self._legalize(a, move_mask, data_mask)
        winner, ended = self._resolve(move, data)
        reward = np.zeros((self.num_envs, 2), np.float32)
        reward[winner == 0, 0], reward[winner == 0, 1] = 1.0, -1.0
        reward[winner == 1, 0], reward[winner == 1, 1] = -1.0, 1.0
        self.rewards[:] = reward.reshape(-1)
        self.terminals[:] = np.repeat(ended, 2)
        self.truncations[:] = False  # the turn limit is a rule of the game, so a terminal
        infos = []
        if ended.any():
            infos.append(dict(matches=int(ended.sum()), length=float(self.turn[ended].mean()),
                              p1_win=float((winner[ended] == 0).mean()), draw=float((winner[ended] == 2).mean()),
                              illegal_actions=self.illegal_actions))
            self._new_matches(ended)
            self.match_id[ended] += 1
        self._observe()
        return self.observations, self.rewards, self.terminals, self.truncations, infos

    def close(self):
        pass

    # ----- state snapshots: what makes --resume exact ------------------------------------
    def get_state(self) -> dict:
        names = ("x", "hp", "meter", "stun", "last_move", "turn", "match_id")
        state = {n: getattr(self, n).copy() for n in names}
        state["rng"] = self.rng.bit_generator.state
        state["observations"] = self.observations.copy()
        return state

    def set_state(self, state: dict) -> None:
        for name, value in state.items():
            if name == "rng":
                self.rng.bit_generator.state = value
            elif name == "observations":
                self.observations[:] = value
            else:
                getattr(self, name)[:] = value

    # ----- the game ----------------------------------------------------------------------
    def _new_matches(self, which: np.ndarray) -> None:
        n = int(which.sum())
        self.x[which, 0] = -self.rng.integers(1, 4, n)
        self.x[which, 1] = self.rng.integers(1, 4, n)
        self.hp[which] = MAX_HP
        self.meter[which] = 0
        self.stun[which] = 0
        self.last_move[which] = CONTINUE
        self.turn[which] = 0

    def _toward(self) -> np.ndarray:
        """+1 or -1 per fighter: the direction of the opponent."""
        return np.sign(self.x[:, ::-1] - self.x)

    def _masks(self) -> tuple[np.ndarray, np.ndarray]:
        m, k1 = self.num_envs, len(MOVES)
        free = self.stun == 0
        move_mask = np.repeat(free[..., None], k1, axis=2)
        move_mask[..., CONTINUE] = True
        move_mask[..., FIREBALL] &= self.meter >= 2
        move_mask[..., SUPER] &= self.meter >= MAX_METER
        data_mask = np.ones((m, 2, k1, 17), bool)  # heads a move does not use: anything goes
        toward, dist = self._toward(), np.abs(self.x[:, :1] - self.x[:, 1:])
        steps = np.arange(5) - 2
        new_x = self.x[..., None] + steps * toward[..., None]
        data_mask[:, :, WALK, DIR:DIR + 5] = (np.abs(new_x) <= W) & (steps <= dist[..., None] - 1)
        data_mask[:, :, THROW, DIR:DIR + 5] = False
        data_mask[:, :, THROW, DIR + 4] = True
        data_mask[:, :, THROW, DIR + 0] = np.abs(self.x - toward) <= W
        data_mask[:, :, HEAVY, FLAG + 1] = self.meter >= 1
        data_mask[:, :, FIREBALL, SCALAR:SCALAR + 5] = np.arange(1, 6) <= dist[..., None] + 1
        data_mask[:, :, CONTINUE, DI:DI + 5] = ~free[..., None]
        data_mask[:, :, CONTINUE, DI + 2] = True
        return move_mask, data_mask

    def _legalize(self, a, move_mask, data_mask):
        move = a[..., 0]
        legal_move = np.take_along_axis(move_mask, move[..., None], 2)[..., 0]
        illegal = ~legal_move
        move = np.where(legal_move, move, CONTINUE)
        chosen = np.take_along_axis(data_mask, move[..., None, None], 2)[:, :, 0]  # [m, 2, 17]
        data = a[..., 1:].copy()
        for h, (off, size) in enumerate(zip((DIR, SCALAR, FLAG, DI), HEAD_SIZES[1:])):
            head_mask = chosen[..., off:off + size]
            value = np.clip(data[..., h], 0, size - 1)
            ok = np.take_along_axis(head_mask, value[..., None], 2)[..., 0]
            illegal |= ~ok & HEAD_USED[move, h + 1]
            data[..., h] = np.where(ok, value, head_mask.argmax(-1))
        self.illegal_actions += int(illegal.sum())  # agent actions with any illegal part
        return move, data

    def _walk(self, seat: int, step: np.ndarray) -> None:
        """Move one fighter `step` cells towards the opponent, stopping at walls and one cell short."""
        x, opp = self.x[:, seat], self.x[:, 1 - seat]
        toward = np.sign(opp - x)
        new = np.clip(x + step * toward, -W, W)
        self.x[:, seat] = np.where(toward > 0, np.minimum(new, opp - 1), np.maximum(new, opp + 1))

    def _resolve(self, move, data):
        stunned = self.stun > 0
        for seat in (0, 1):  # P1 walks first: a seat asymmetry
            walk = np.where(move[:, seat] == WALK, data[:, seat, 0] - 2, 0)
            drift = np.where((move[:, seat] == CONTINUE) & stunned[:, seat], np.clip(data[:, seat, 3] - 2, -1, 1), 0)
            self._walk(seat, walk + drift)
        dist = np.abs(self.x[:, 0] - self.x[:, 1])[:, None]

        charged = (move == HEAVY) & (data[..., 2] == 1)
        speed = np.where(charged, 0, SPEED[move])
        damage = np.where(charged, 5, DAMAGE[move])
        cost = np.select([charged, move == FIREBALL, move == SUPER], [1, 2, MAX_METER], 0)
        in_range = np.where(move == FIREBALL, np.abs(dist - (data[..., 1] + 1)) <= 1, dist <= REACH[move])
        attacking = SPEED[move] > 0
        blocking = (move == BLOCK)[:, ::-1]  # does my opponent block?
        blocked = attacking & in_range & blocking & (move != THROW)
        lands = attacking & in_range & ~blocked
        # Both would land: the faster one interrupts the slower; two throws: P1 wins.
        both = lands[:, 0] & lands[:, 1]
        slower = speed < speed[:, ::-1]
        throw_tie = both & (move[:, 0] == THROW) & (move[:, 1] == THROW)
        lands[:, 0] &= ~(both & slower[:, 0])
        lands[:, 1] &= ~(both & (slower[:, 1] | throw_tie))  # otherwise equal speeds trade

        hit = lands[:, ::-1]  # was I hit?
        advance = (move == WALK) & (data[..., 0] > 2)  # walking in builds meter, as in YOMI
        self.meter = np.clip(self.meter - cost + lands + hit + blocked[:, ::-1] + advance, 0, MAX_METER)
        chip = blocked[:, ::-1] & ((move[:, ::-1] == SUPER) | (move[:, ::-1] == HEAVY))
        self.hp -= np.where(hit, damage[:, ::-1], 0) + chip
        whiff = attacking & ~in_range
        recovery = np.where(whiff, WHIFF_RECOVERY[move], np.maximum(self.stun - 1, 0))
        self.stun = np.where(hit, HITSTUN[move[:, ::-1]], recovery)
        self._knockback(move, data, hit, blocked)
        self.last_move = move
        self.turn += 1

        ko = self.hp <= 0
        timeout = self.turn >= MAX_TURNS
        ended = ko.any(1) | timeout
        winner = np.full(self.num_envs, 2)  # 0 = P1, 1 = P2, 2 = draw
        by_hp = np.where(self.hp[:, 0] > self.hp[:, 1], 0, np.where(self.hp[:, 1] > self.hp[:, 0], 1, 2))
        winner[ended] = by_hp[ended]  # a double KO (a trade) goes to the higher HP too
        return winner, ended

    def _knockback(self, move, data, hit, blocked):
        for seat in (0, 1):  # seat = the fighter who is pushed
            attacker = 1 - seat
            thrown = hit[:, seat] & (move[:, attacker] == THROW)
            swap = thrown & (data[:, attacker, 0] == 0)
            push = np.where(thrown & ~swap, 2, np.where(hit[:, seat] | blocked[:, attacker], 1, 0))
            self._walk(seat, -push)
            ax = self.x[:, attacker]
            self.x[:, seat] = np.where(swap, ax - np.sign(self.x[:, seat] - ax), self.x[:, seat])

    def _observe(self) -> None:
        m, k1, f = self.num_envs, len(MOVES), FEATURES
        obs = self.observations.reshape(m, 2, -1)
        side = np.array([1, -1])
        eye = np.eye(k1, dtype=np.float32)
        obs[..., 0] = self.x * side / W
        obs[..., 1] = self.x[:, ::-1] * side / W
        obs[..., 2] = np.abs(self.x[:, :1] - self.x[:, 1:]) / (2 * W)
        obs[..., 3], obs[..., 4] = self.hp / MAX_HP, self.hp[:, ::-1] / MAX_HP
        obs[..., 5], obs[..., 6] = self.meter / MAX_METER, self.meter[:, ::-1] / MAX_METER
        obs[..., 7], obs[..., 8] = self.stun / 2, self.stun[:, ::-1] / 2
        obs[..., 9] = (self.turn / MAX_TURNS)[:, None]
        obs[..., 10] = np.array([1.0, 0.0])
        obs[..., 11:11 + k1] = eye[self.last_move]
        obs[..., 11 + k1:f] = eye[self.last_move[:, ::-1]]
        move_mask, data_mask = self._masks()
        self.action_spec.pack_masks(move_mask.reshape(2 * m, k1), data_mask.reshape(2 * m, k1, -1),
                                    out=self.observations[:, f:])


# ----- the scripted baseline (a pluggable `policy(obs, masks) -> actions`) -------------------
def scripted_policy(obs: torch.Tensor, masks: tuple[torch.Tensor, torch.Tensor],
                    generator: torch.Generator | None = None) -> torch.Tensor:
    """A sensible, fixed game plan: punish blocks with throws, poke in range, close the gap
    (deterministic: `generator`, part of the baseline interface, is not needed)."""
    move_mask, data_mask = masks
    dist = torch.round(obs[:, 2] * 2 * W)
    meter = torch.round(obs[:, 5] * MAX_METER)
    opp_blocked = obs[:, 11 + len(MOVES) + BLOCK] > 0.5
    move = torch.full_like(dist, WALK, dtype=torch.long)
    move = torch.where((dist <= 3) & (meter < 2), torch.full_like(move, HEAVY), move)
    move = torch.where(dist <= 2, torch.full_like(move, JAB), move)
    move = torch.where((dist <= 1) & opp_blocked, torch.full_like(move, THROW), move)
    move = torch.where((dist > 1) & (meter >= 2), torch.full_like(move, FIREBALL), move)
    move = torch.where((dist <= 4) & (meter >= MAX_METER), torch.full_like(move, SUPER), move)
    move = torch.where(move_mask.gather(1, move[:, None])[:, 0], move, torch.zeros_like(move))
    actions = torch.zeros(obs.shape[0], len(HEAD_SIZES), dtype=torch.long, device=obs.device)
    actions[:, 0] = move
    actions[:, 1] = 4  # walk in / push away
    actions[:, 2] = (dist - 1).clamp(0, 4).long()  # fireball at the opponent's distance
    actions[:, 4] = 2
    return legalize(actions, masks, make_spec())


def legalize(actions: torch.Tensor, masks, spec: ActionSpec) -> torch.Tensor:
    """Replace every illegal data value of a used head by the head's first legal value."""
    _, data_mask = masks
    chosen = data_mask[torch.arange(actions.shape[0], device=actions.device), actions[:, 0]]
    for h, (off, size) in enumerate(zip(spec.data_offsets, spec.data_sizes)):
        head_mask = chosen[:, off:off + size]
        ok = head_mask.gather(1, actions[:, h + 1:h + 2])[:, 0]
        actions[:, h + 1] = torch.where(ok, actions[:, h + 1], head_mask.float().argmax(1))
    return actions


# The trainer's name for this env: ``--env support.toyenv:ENV`` (envs.entry resolves it).
ENV = EnvEntry("support.toyenv:ToyDuel", "support.toyenv:scripted_policy")
