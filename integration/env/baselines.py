"""Baseline policies for YomiEnv: ``policy(obs, masks) -> actions`` (the trainer's PolicyFn).

``obs`` is ``[B, OBS_SIZE]`` (torch or numpy), ``masks`` the spec's ``decode_masks(obs)``
``(move_mask bool[B, K1], data_mask bool[B, K1, D])`` (computed here when ``None``); the result is
``int64[B, N_HEADS]`` in the unified action layout (torch when ``obs`` is torch, else numpy), and
every action is legal under the masks.

* :func:`random_policy`: uniform over the legal moves, then uniform over the legal values of each
  head given the move (heads the move does not use: 0).
* :func:`scripted_policy`: a fixed, readable game plan that plays the real game sensibly:

  1. busy (only Continue / Burst-like choices offered): hold;
  2. the opponent has started an attack (its state is an attack, special or super, at most
     ``THREAT_TICKS`` ticks in) within ``THREAT_RANGE`` px: block (ParryHigh, high or low at random);
  3. the opponent blocks (a defense state) within grab range: grab;
  4. a legal attack of ours reaches the opponent (its farthest damaging hitbox, from the frame
     data, covers the distance): the one with the most damage per tick of startup
     (``damage / (startup + 4)``, +-10 % at random);
  5. otherwise approach (DashForward at full speed, else the character's forward option: Step for
     the Robot, ChargeDash), or hold when nothing else fits.

  Data heads: aim directions straight at the opponent (``dir`` bin 17) when allowed, sliders at
  their largest legal value for movement, everything else at its first legal value.
"""
from __future__ import annotations

import functools

import numpy as np

from integration.env import action_layout as AL
from integration.env import obs as O
from states.data import load_character

ATTACK, SPECIAL, SUPER, DEFENSE = 1, 2, 3, 4
THREAT_TICKS = 12
THREAT_RANGE = 140.0
GRAB_RANGE = 40.0
REACH_SLACK = 12.0          # about half a fighter's hurtbox width
APPROACH = ("DashForward", "Step", "ChargeDash")
EXCLUDED = {"Burst", "DefensiveBurst", "OffensiveBurst", "Taunt", "InstantCancel", "WhiffInstantCancel",
            "ForwardThrow", "BackThrow", "AirForwardThrow", "AirBackThrow", "AirDownThrow"}


def _u(name: str) -> int:
    return 1 + AL.BASE_MOVES.index(name)


@functools.lru_cache(maxsize=None)
def move_tables() -> dict:
    """Per character and unified move: is_attack, reach (px), startup (ticks), is_grab; approach move."""
    attack = np.zeros((AL.N_CHARS, AL.K1), dtype=bool)
    reach = np.zeros((AL.N_CHARS, AL.K1), dtype=np.float32)
    startup = np.full((AL.N_CHARS, AL.K1), 99.0, dtype=np.float32)
    grab = np.zeros((AL.N_CHARS, AL.K1), dtype=bool)
    damage = np.zeros((AL.N_CHARS, AL.K1), dtype=np.float32)
    approach = np.zeros(AL.N_CHARS, dtype=np.int64)
    for ci, c in enumerate(AL.CHARACTERS):
        states = load_character(c)["states"]
        names = AL.unified_move_names(c)
        for u, m in enumerate(names):
            if m is None or m == "Continue" or m in EXCLUDED:
                continue
            s = states[m]
            t = int(s["props"].get("type", 0))
            boxes = [ch for ch in s["children"]
                     if "Hitbox" in ([ch["kind"]] + list(ch.get("extends") or [])) or ch["kind"] == "ThrowBox"]
            hurt = [b for b in boxes if b["props"].get("hitbox_type", 0) != 6
                    and (b["kind"] == "ThrowBox" or int(b["props"].get("damage", 0) or 0) > 0)]
            if t in (ATTACK, SPECIAL) and hurt:
                attack[ci, u] = True
                reach[ci, u] = max(float(b["props"].get("x", 0)) + float(b["props"].get("width", 0)) for b in hurt)
                startup[ci, u] = min(max(int(b["props"].get("start_tick", 0)), 1) for b in hurt)
                grab[ci, u] = any(b["kind"] == "ThrowBox" for b in hurt)
                damage[ci, u] = max([int(b["props"].get("damage", 0) or 0) for b in hurt] + [60 if grab[ci, u] else 0])
        approach[ci] = next((names.index(a) for a in APPROACH if a in names), 0)
    return dict(attack=attack, reach=reach, startup=startup, grab=grab, damage=damage, approach=approach)


def _as_torch(obs, masks):
    """``(obs tensor, move_mask bool[B, K1], row_of, is_numpy)``; ``row_of(move)`` is the data mask
    row ``bool[B, D]`` of each agent's chosen move.  Without ``masks``, only those rows are decoded
    from the packed tail (one gather per row instead of the whole ``[B, K1, D]`` mask: the search's
    rollouts call this every turn)."""
    import torch

    is_np = not isinstance(obs, torch.Tensor)
    t = torch.as_tensor(np.asarray(obs)) if is_np else obs
    n = t.shape[0]
    if masks is None:
        tail = t[:, O.FEATURE_SIZE:]
        char = tail[:, 0].round().long().clamp(0, AL.N_CHARS - 1)
        move_mask = tail[:, 1:1 + AL.K1] > 0.5
        bank = torch.cat([torch.zeros((n, 1), dtype=torch.bool, device=t.device),
                          torch.ones((n, 1), dtype=torch.bool, device=t.device), tail[:, 1 + AL.K1:] > 0.5], 1)
        index = _gather_index(t.device)

        def row_of(move):
            return torch.gather(bank, 1, index[char, move])
        return t, move_mask, row_of, is_np
    move_mask, data_mask = masks
    if not isinstance(move_mask, torch.Tensor):
        move_mask = torch.as_tensor(np.asarray(move_mask), device=t.device)
        data_mask = torch.as_tensor(np.asarray(data_mask), device=t.device)

    def row_of(move):
        return data_mask[torch.arange(n, device=t.device), move]
    return t, move_mask, row_of, is_np


@functools.lru_cache(maxsize=None)
def _gather_index(device):
    import torch

    return torch.as_tensor(AL.GATHER_INDEX, dtype=torch.long, device=device)     # [5, K1, D]


def _data_heads(move, rows, prefer: dict):
    """A legal value for every data head of the chosen moves (``rows``: their data masks [B, D]):
    the first preferred bin that is legal, else the first legal bin; heads the move does not use: 0."""
    import torch

    n = move.shape[0]
    out = torch.zeros((n, AL.N_HEADS), dtype=torch.long, device=move.device)
    out[:, 0] = move
    for h, (off, size) in enumerate(zip(AL.DATA_OFFSETS, AL.DATA_SIZES)):
        m = rows[:, off:off + size]
        pick = m.to(torch.int8).argmax(1)                                   # first legal
        for b in reversed(prefer.get(AL.HEAD_NAMES[h + 1], ())):
            pick = torch.where(m[:, b], torch.full_like(pick, b), pick)
        out[:, h + 1] = pick
    used = torch.as_tensor(AL.HEAD_USED, device=move.device)[move]
    return out * used


def random_policy(obs, masks=None, generator=None):
    """Uniform over legal moves, then uniform over each head's legal values given the move."""
    import torch

    t, move_mask, row_of, is_np = _as_torch(obs, masks)
    n = move_mask.shape[0]
    u = torch.rand(move_mask.shape, device=t.device, generator=generator)
    move = torch.where(move_mask, u, torch.full_like(u, -1.0)).argmax(1)
    rows = row_of(move)
    out = torch.zeros((n, AL.N_HEADS), dtype=torch.long, device=t.device)
    out[:, 0] = move
    for h, (off, size) in enumerate(zip(AL.DATA_OFFSETS, AL.DATA_SIZES)):
        m = rows[:, off:off + size]
        r = torch.rand(m.shape, device=t.device, generator=generator)
        out[:, h + 1] = torch.where(m, r, torch.full_like(r, -1.0)).argmax(1)
    out = out * torch.as_tensor(AL.HEAD_USED, device=t.device)[move]
    return out.cpu().numpy() if is_np else out


def scripted_policy(obs, masks=None, generator=None):
    """The scripted baseline (see the module docstring)."""
    import torch

    t, move_mask, row_of, is_np = _as_torch(obs, masks)
    dev = t.device
    tab = {k: torch.as_tensor(v, device=dev) for k, v in move_tables().items()}
    n = t.shape[0]
    L = O.LAYOUT
    char = t[:, O.FEATURE_SIZE].round().long().clamp(0, AL.N_CHARS - 1)
    dist = t[:, L["dx"]].abs() * 800.0
    opp_type = t[:, L.slice("opp.state_type")]
    opp_st = t[:, L["opp.st"]] * 60.0
    threat = (opp_type[:, ATTACK] + opp_type[:, SPECIAL] + opp_type[:, SUPER] > 0.5) & (opp_st <= THREAT_TICKS) \
        & (dist <= THREAT_RANGE)
    opp_blocks = opp_type[:, DEFENSE] > 0.5
    rows = torch.arange(n, device=dev)

    def legal(u):
        return move_mask[:, u]

    move = torch.zeros(n, dtype=torch.long, device=dev)
    decided = torch.zeros(n, dtype=torch.bool, device=dev)
    # 1. busy: only the busy options are offered
    n_legal = move_mask.sum(1)
    busy = n_legal <= 4
    decided |= busy
    # 2. block a starting attack
    parry = _u("ParryHigh")
    do = ~decided & threat & legal(parry)
    move = torch.where(do, torch.full_like(move, parry), move)
    decided |= do
    # 3. grab a blocking opponent
    g = _u("Grab")
    do = ~decided & opp_blocks & (dist <= GRAB_RANGE) & legal(g)
    move = torch.where(do, torch.full_like(move, g), move)
    decided |= do
    # 4. the fastest attack that reaches
    reach = tab["reach"][char]
    ok = move_mask & tab["attack"][char] & (reach + REACH_SLACK >= dist[:, None])
    noise = 1.0 + 0.2 * torch.rand(ok.shape, device=dev, generator=generator)
    value = tab["damage"][char] / (tab["startup"][char] + 4.0) * noise
    score = torch.where(ok, value, torch.full_like(noise, -1e9))
    best = score.argmax(1)
    do = ~decided & ok.any(1)
    move = torch.where(do, best, move)
    decided |= do
    # 5. approach, else hold
    ap = tab["approach"][char]
    do = ~decided & move_mask[rows, ap] & (dist > 30.0)
    move = torch.where(do, ap, move)
    decided |= do
    # hold: Continue if legal, else Wait, else the first legal move
    wait = _u("Wait")
    first = move_mask.to(torch.int8).argmax(1)
    hold = torch.where(move_mask[:, 0], torch.zeros_like(move),
                       torch.where(move_mask[:, wait], torch.full_like(move, wait), first))
    move = torch.where(decided, move, hold)
    move = torch.where(move_mask[rows, move], move, hold)
    # data heads
    low = torch.rand(n, device=dev, generator=generator) < 0.25
    drow = row_of(move)
    out = _data_heads(move, drow, {"dir": (17,), "di": (0,)})
    # sliders: the largest legal value for the approach move (full-speed dash)
    srow = drow[:, AL.DATA_OFFSETS[AL.HEAD_POS["scalar"] - 1]:][:, :AL.DATA_SIZES[AL.HEAD_POS["scalar"] - 1]]
    idx = torch.arange(srow.shape[1], device=dev)
    largest = torch.where(srow, idx, torch.full_like(idx, -1)).max(1).values.clamp(min=0)
    is_ap = move == ap
    hs = AL.HEAD_POS["scalar"]
    out[:, hs] = torch.where(is_ap & torch.as_tensor(AL.HEAD_USED, device=dev)[move, hs], largest, out[:, hs])
    # block height: low a quarter of the time (when allowed)
    hf = AL.HEAD_POS["flag1"]
    frow = drow[:, AL.DATA_OFFSETS[hf - 1] + 1]
    out[:, hf] = torch.where((move == parry) & low & frow, torch.ones_like(move), out[:, hf])
    return out.cpu().numpy() if is_np else out


def random_legal_actions(obs: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Uniform random legal actions for a batch of observations (vectorised numpy): the move
    uniformly among the legal ones, then every head uniformly among its legal values given the
    move (heads the move does not use: whatever their mask allows, i.e. bin 0)."""
    tail = np.asarray(obs)[:, O.FEATURE_SIZE:]
    n = tail.shape[0]
    char = np.clip(np.rint(tail[:, 0]).astype(np.int64), 0, AL.N_CHARS - 1)
    move_mask = tail[:, 1:1 + AL.K1] > 0.5
    move = np.argmax(np.where(move_mask, rng.random(move_mask.shape), -1.0), axis=1)
    bank = np.concatenate([np.zeros((n, 1), bool), np.ones((n, 1), bool), tail[:, 1 + AL.K1:] > 0.5], axis=1)
    data = np.take_along_axis(bank, AL.GATHER_INDEX[char, move], axis=1)
    score = np.where(data, rng.random(data.shape), -1.0)
    out = np.zeros((n, AL.N_HEADS), dtype=np.int32)
    out[:, 0] = move
    for h, (off, size) in enumerate(zip(AL.DATA_OFFSETS, AL.DATA_SIZES)):
        out[:, h + 1] = np.argmax(score[:, off:off + size], axis=1)
    return out
