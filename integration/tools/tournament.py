"""``yomi tournament``: a round robin between policies, with win rates and Bradley-Terry ratings.

::

    uv run yomi tournament random scripted search search:k=12,turns=3 runs/x/checkpoints/latest.safetensors --matches 16
    uv run yomi tournament random scripted --pairings all --matches 8 --jobs 2 --out runs/t1

Policies are named as everywhere (:mod:`integration.train.policies`): ``random``, ``scripted``,
``search[:options]`` or a checkpoint path.  Every ordered pair of distinct policies (A as P1 against B as P2, and B as P1 against A as P2: sides
swapped) plays ``--matches`` matches on each character pairing: ``--c1``/``--c2`` (default the Ninja
mirror), or all 25 ordered pairings with ``--pairings all``; a checkpoint plays only the
pairings it was trained on unless ``--any-pairing`` (checked before any match).  Matches run on the C engine through
:class:`integration.env.env.YomiEnv`, in chunks of up to ``--chunk`` matches played side by side in one
env, one worker process per core (``--jobs``, at most one per chunk, and refused above 8 per core this
process may use).  The ``--out`` folder is made, and checked to be writable, before any match is played.

Determinism: a chunk's game seeds and its policies' random generator are derived from the base
``--seed`` and the chunk's identity (pairing, P1 policy, P2 policy, chunk number) by a hash, never
from which worker ran it or when, so the same arguments give the same table whatever ``--jobs``.

Output (printed, and saved in ``--out``): the crosstable (A's score against B over both sides and
every pairing, with its 95 % Wilson interval), each policy's overall score, the meta-game's
equilibrium (below), and Bradley-Terry
ratings on the Elo scale anchored at ``random`` = 0 (at mean 0 when random does not play; ``--anchor
NAME [--anchor-elo ELO]`` fixes another entrant instead, at 0 or ELO, so that tournaments sharing it
give comparable ratings), with
95 % normal intervals from the Fisher information of the fit (its prior, one virtual win and one
virtual loss per player against a 0-rated player, keeps perfect records finite; the anchor's own
interval is [0, 0]: the others' are of their difference to it).  A draw counts as half a win throughout.  A
match cut short by an engine error is scored by the reward the env gives it (0, a draw, unless the
env adjudicates it) and counted in the ``errors`` column.  Files: ``crosstable.csv``,
``ratings.csv``, ``pairings.csv`` (each pair of policies on each pairing of their characters, also
printed when there is more than one pairing), ``matches.csv`` (one line per match), ``moves.csv`` (what
each policy chose at its decisions with more than one legal move, per character: its style, the
first thing to read when one policy beats another outright; the top five are printed),
``tournament.json`` (all of it) and ``tournament.png`` (the crosstable and the ratings).

The meta-game's equilibrium (``nash`` in ``tournament.json``): the mixture of the entrants that no
entrant beats on average, found by treating the crosstable as a symmetric zero-sum matrix game
(payoff: the row's score minus 0.5; a pair that never met counts as even) and solving it
(:func:`integration.train.search.solve_matrix_game`).  It is PSRO's meta-strategy and the Nash
averaging of Balduzzi et al. (2018): where ratings rank a cycle (A beats B beats C beats A) by
whom each entrant happened to meet, the equilibrium weighs the whole cycle.  Its weights, in the
entrants' order, are what ``yomi mixture --weights`` takes (for checkpoint entrants) to play the
population as one agent.  Where the game has several equilibria it is the one the linear program
finds.
"""
from __future__ import annotations

import csv
import hashlib
import json
import multiprocessing
import sys
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import numpy as np

from integration.train.config import usable_cores
from integration.train.search import solve_matrix_game
from integration.train.stats import bradley_terry, bradley_terry_covariance, rating_intervals, wilson_interval
from integration.options import OptionParser

DEFAULT_CHUNK = 8
TOP_MOVES = 5  # moves per policy and character in the printed summary (moves.csv has them all)
MAX_TURNS = 100_000
JOBS_PER_CORE = 8  # --jobs above this many per usable core only adds processes that wait for a core


class TournamentError(ValueError):
    """A bad argument: reported as one line, exit code 2."""


# ------------------------------------------------------------------------------------------------
# policies by name: the one place that turns a name into a playing policy
# ------------------------------------------------------------------------------------------------
def load_policy(name: str, generator, seed: int, characters=None, any_pairing: bool = False):
    """A batched policy ``(obs, masks) -> actions`` with ``bind(env, agents)`` for a policy name
    (:mod:`integration.train.policies`); random, scripted and checkpoints sample with ``generator``, the
    search draws from ``seed``.  With ``characters``, a checkpoint trained on another pairing is
    refused unless ``any_pairing``."""
    from integration.train.policies import make_policy

    return make_policy(name, generator=generator, seed=seed, characters=characters, any_pairing=any_pairing)


def check_policy_name(name: str, pairings=(None,), any_pairing: bool = False) -> None:
    """Raise TournamentError when ``name`` does not name a policy, or names a checkpoint trained on
    none of ``pairings`` (unless ``any_pairing``).  A checkpoint is loaded here, so that a damaged
    file, another action layout or another pairing is found before any match is played (the
    workers then load it without the pairing check)."""
    import torch

    try:
        for characters in pairings:
            load_policy(name, torch.Generator().manual_seed(0), 0, characters, any_pairing)
    except (OSError, ValueError, KeyError, TypeError) as exc:  # PolicyNameError is a ValueError
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        message = str(message) if str(message).startswith("policy ") else f"policy {name!r}: {message}"
        raise TournamentError(message) from None


# ------------------------------------------------------------------------------------------------
# the schedule
# ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Chunk:
    """Matches ``first .. first + count - 1`` of policy ``a`` (P1, character c1) against ``b``
    (P2, character c2)."""
    c1: str
    c2: str
    a: int
    b: int
    first: int
    count: int

    def seed(self, base: int, names: list[str], salt: str) -> int:
        key = f"{base}|{self.c1}|{self.c2}|{names[self.a]}|{names[self.b]}|{self.first}|{salt}"
        return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "little") & (2 ** 62 - 1)


def schedule(n_policies: int, pairings: list[tuple[str, str]], matches: int, chunk: int) -> list[Chunk]:
    """Every ordered pair of distinct policies on every pairing, cut into chunks of `chunk` matches."""
    out = []
    for c1, c2 in pairings:
        for a in range(n_policies):
            for b in range(n_policies):
                if a != b:
                    out += [Chunk(c1, c2, a, b, first, min(chunk, matches - first))
                            for first in range(0, matches, chunk)]
    return out


def play_chunk(job: tuple) -> tuple[Chunk, list[dict], np.ndarray]:
    """Play one chunk (in a worker): its matches side by side in one env, each slot's first match
    counted.  Returns one record per match (P1's score: 1, 0.5, 0; turns; engine error) and each
    seat's move counts ``int64[2, K1]`` (unified move indices) over its decisions with a choice:
    those where more than one move was legal, in the counted matches."""
    chunk, names, base_seed = job
    import torch

    from integration.env.env import YomiEnv
    from integration.train.policy import random_policy

    n = chunk.count
    env = YomiEnv(num_envs=n, seed=chunk.seed(base_seed, names, "env"), p1=chunk.c1, p2=chunk.c2)
    spec = env.action_spec
    policy_seed = chunk.seed(base_seed, names, "policies")
    gen = torch.Generator().manual_seed(policy_seed)
    policies = (load_policy(names[chunk.a], gen, policy_seed), load_policy(names[chunk.b], gen, policy_seed + 1))
    idle = random_policy(spec, torch.Generator().manual_seed(0))  # slots whose match is counted
    obs_np, _ = env.reset(seed=chunk.seed(base_seed, names, "env"))
    score = np.full(n, np.nan)
    turns = np.zeros(n, dtype=np.int64)
    error = np.zeros(n, dtype=bool)
    moves = np.zeros((2, spec.num_moves), dtype=np.int64)
    try:
        for _ in range(MAX_TURNS):
            live = np.isnan(score)
            obs = torch.as_tensor(obs_np)
            masks = spec.decode_masks(obs)
            actions = idle(obs, masks)
            for seat, policy in enumerate(policies):
                agents = 2 * np.flatnonzero(live) + seat
                rows = torch.as_tensor(agents)
                policy.bind(env, agents)  # only the matches still counted: the search clones these
                actions[rows] = torch.as_tensor(policy(obs[rows], tuple(m[rows] for m in masks))).to(actions.dtype)
                choice = (masks[0][rows].sum(1) > 1).numpy()
                moves[seat] += np.bincount(actions[rows, 0].numpy()[choice], minlength=spec.num_moves)
            obs_np, rewards, terminals, truncations, _ = env.step(actions.numpy().astype(np.int32))
            turns[live] += 1
            ended = live & (terminals[0::2] | truncations[0::2])
            p1_reward = rewards[0::2]
            score[ended] = np.where(p1_reward[ended] > 0, 1.0, np.where(p1_reward[ended] < 0, 0.0, 0.5))
            error[ended] = truncations[0::2][ended]
            if not np.isnan(score).any():
                break
    finally:
        env.close()
    return chunk, [dict(score=float(score[i]) if not np.isnan(score[i]) else 0.5, turns=int(turns[i]),
                        error=bool(error[i] or np.isnan(score[i]))) for i in range(n)], moves


def max_jobs() -> int:
    """The largest ``--jobs`` accepted: more processes than this per core only wait for one."""
    return JOBS_PER_CORE * usable_cores()


def worker_count(jobs: int, chunks: int) -> int:
    """How many worker processes play ``chunks`` chunks for ``--jobs`` ``jobs``: never more than
    there are chunks (a process beyond them would start, import torch and play nothing); 1 means
    the chunks are played in this process."""
    return max(1, min(jobs, chunks))


def _init_worker() -> None:
    import torch

    torch.set_num_threads(1)  # one process per core: no thread oversubscription


# ------------------------------------------------------------------------------------------------
# running it, with progress
# ------------------------------------------------------------------------------------------------
class Progress:
    """``matches done/total, rate, ETA`` on stderr: one rewritten line on a terminal, else a line
    every `interval` seconds."""

    def __init__(self, total: int, enabled: bool = True, interval: float = 10.0):
        self.total, self.done, self.enabled = total, 0, enabled
        self.tty = sys.stderr.isatty()
        self.interval = 0.5 if self.tty else interval
        self.start = self.last = time.perf_counter()

    def line(self) -> str:
        elapsed = time.perf_counter() - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - self.done) / rate if rate > 0 else float("nan")
        eta_text = "?" if eta != eta else f"{int(eta // 60)}m{int(eta % 60):02d}s"
        return (f"tournament: {self.done}/{self.total} matches ({100 * self.done / max(self.total, 1):.0f}%), "
                f"{rate:.2f} matches/s, ETA {eta_text}")

    def add(self, k: int) -> None:
        self.done += k
        now = time.perf_counter()
        if self.enabled and (now - self.last >= self.interval or self.done == self.total):
            self.last = now
            end = "\n" if not self.tty or self.done == self.total else ""
            print(("\r" if self.tty else "") + self.line(), end=end, file=sys.stderr, flush=True)


def run(names: list[str], pairings: list[tuple[str, str]], matches: int, jobs: int, seed: int,
        chunk: int = DEFAULT_CHUNK, progress: bool = True) -> tuple[list[dict], list[dict]]:
    """Play the whole round robin.  Returns one record per match, in schedule order (not finishing
    order), and the moves table (:func:`move_table`)."""
    chunks = schedule(len(names), pairings, matches, chunk)
    bar = Progress(sum(c.count for c in chunks), progress)
    results: dict[Chunk, tuple[list[dict], np.ndarray]] = {}
    work = [(c, names, seed) for c in chunks]
    processes = worker_count(jobs, len(chunks))
    if processes == 1:
        _init_worker()
        for c, recs, moves in map(play_chunk, work):
            results[c] = recs, moves
            bar.add(c.count)
    else:
        # spawn: the workers start clean (no copy of the parent's torch threads or engine state)
        with multiprocessing.get_context("spawn").Pool(processes, initializer=_init_worker) as pool:
            for c, recs, moves in pool.imap_unordered(play_chunk, work):
                results[c] = recs, moves
                bar.add(c.count)
    records = []
    counts: dict[tuple[str, str], np.ndarray] = {}
    for c in chunks:
        recs, moves = results[c]
        for k, rec in enumerate(recs):
            records.append(dict(c1=c.c1, c2=c.c2, p1=names[c.a], p2=names[c.b], match=c.first + k, **rec))
        for seat, (policy, character) in enumerate(((names[c.a], c.c1), (names[c.b], c.c2))):
            key = (policy, character)
            counts[key] = counts.get(key, 0) + moves[seat]
    return records, move_table(names, counts)


def move_table(names: list[str], counts: dict) -> list[dict]:
    """What each policy chose where it had a choice: for each policy and character it played, each
    move it chose (by the character's own move names), how often, and its share of those decisions;
    most chosen first.  ``counts``: (policy, character) -> int64[K1] over unified move indices."""
    from integration.env import action_layout as AL

    order = {p: i for i, p in enumerate(names)}
    rows = []
    for (policy, character), c in sorted(counts.items(), key=lambda kv: (order[kv[0][0]], kv[0][1])):
        total = int(c.sum())
        move_names = AL.unified_move_names(character)
        for m in np.argsort(-c, kind="stable"):
            if c[m] == 0:
                break
            rows.append(dict(player=policy, character=character, move=move_names[m], count=int(c[m]),
                             decisions=total, share=float(c[m] / total)))
    return rows


# ------------------------------------------------------------------------------------------------
# the tables
# ------------------------------------------------------------------------------------------------
def tables(names: list[str], records: list[dict], prior: float = 1.0, anchor: str | None = None,
           anchor_elo: float = 0.0) -> dict:
    """Crosstable, overall scores and Bradley-Terry ratings (with 95 % intervals) of the records.

    The ratings are anchored at entrant ``anchor`` = ``anchor_elo`` (its interval is that point:
    the others' are of their difference to it); without ``anchor``, at ``random`` = 0 where random
    plays, else at mean 0 (``anchor_elo`` then unused).  Contract: ``anchor`` is one of ``names``."""
    n = len(names)
    index = {p: i for i, p in enumerate(names)}
    wdl = np.zeros((n, n, 3))              # [A, B] -> A's wins, draws, losses against B, both sides
    errors = np.zeros((n, n), dtype=np.int64)
    for r in records:
        a, b = index[r["p1"]], index[r["p2"]]
        k = {1.0: 0, 0.5: 1, 0.0: 2}[r["score"]]
        wdl[a, b, k] += 1
        wdl[b, a, 2 - k] += 1
        errors[a, b] += r["error"]
        errors[b, a] += r["error"]
    games = wdl.sum(-1)
    score = wdl[..., 0] + 0.5 * wdl[..., 1]
    cross = []
    for a in range(n):
        for b in range(n):
            if a != b and games[a, b] > 0:
                lo, hi = wilson_interval(score[a, b], games[a, b])
                cross.append(dict(player=names[a], opponent=names[b], matches=int(games[a, b]),
                                  wins=int(wdl[a, b, 0]), draws=int(wdl[a, b, 1]), losses=int(wdl[a, b, 2]),
                                  errors=int(errors[a, b]), score=score[a, b] / games[a, b], ci_low=lo, ci_high=hi))
    # Bradley-Terry on the orientation-free table (each match counted once, in the upper triangle)
    upper_score, upper_games = np.triu(score, 1), np.triu(games, 1)
    if anchor is not None and anchor not in index:
        raise ValueError(f"the anchor {anchor!r} is not an entrant")
    if anchor is None:
        anchor_elo = 0.0
    anchor = index[anchor] if anchor is not None else index.get("random")
    raw = bradley_terry(upper_score, upper_games, prior)
    elo, low, high = (x + anchor_elo if anchor is not None else x
                      for x in rating_intervals(raw, bradley_terry_covariance(raw, upper_games, prior), anchor))
    ratings = []
    for i in np.argsort(-elo, kind="stable"):
        total = games[i].sum()
        s = score[i].sum()
        lo, hi = wilson_interval(s, total)
        ratings.append(dict(player=names[i], elo=float(elo[i]), elo_low=float(low[i]), elo_high=float(high[i]),
                            matches=int(total), score=float(s / max(total, 1)), score_low=lo, score_high=hi))
    return dict(crosstable=cross, ratings=ratings, nash=meta_nash(names, score, games),
                by_pairing=by_pairing(names, records), prior=prior,
                anchor=names[anchor] if anchor is not None else None, anchor_elo=float(anchor_elo))


def meta_nash(names: list[str], score: np.ndarray, games: np.ndarray) -> list[dict]:
    """The meta-game's equilibrium (module docstring): one weight per entrant, in ``names``' order,
    from ``score[a, b]`` (A's wins + draws / 2 against B, both sides) over ``games[a, b]``."""
    payoff = np.where(games > 0, score / np.maximum(games, 1), 0.5) - 0.5
    np.fill_diagonal(payoff, 0.0)
    weights, _ = solve_matrix_game(payoff)
    return [dict(player=name, weight=float(w)) for name, w in zip(names, weights)]


def by_pairing(names: list[str], records: list[dict]) -> list[dict]:
    """A's score against B for each pair of policies (A before B in ``names``) and each pairing of
    their characters as A sees it (A's character, B's character; A on either side), with its 95 %
    Wilson interval: how a policy trained on many pairings does on each."""
    order = {p: i for i, p in enumerate(names)}
    cells: dict[tuple, list[float]] = {}
    for r in records:
        if order[r["p1"]] < order[r["p2"]]:
            key, s = (r["p1"], r["p2"], r["c1"], r["c2"]), r["score"]
        else:
            key, s = (r["p2"], r["p1"], r["c2"], r["c1"]), 1.0 - r["score"]
        cell = cells.setdefault(key, [0.0, 0, 0])
        cell[0] += s
        cell[1] += 1
        cell[2] += int(r["error"])
    rows = []
    for (a, b, ca, cb), (s, n, errors) in sorted(cells.items(), key=lambda kv: (order[kv[0][0]], order[kv[0][1]],
                                                                                  kv[0][2], kv[0][3])):
        lo, hi = wilson_interval(s, n)
        rows.append(dict(player=a, opponent=b, character=ca, opponent_character=cb, matches=n, errors=errors,
                         score=s / n, ci_low=lo, ci_high=hi))
    return rows


def _short_path(path: str) -> str:
    """A checkpoint path shortened to its last three parts (run folder, ``checkpoints``, file)."""
    p = Path(path)
    return path if len(p.parts) <= 3 else str(Path(*p.parts[-3:]))


def short_name(name: str) -> str:
    """A policy name shortened for tables: every checkpoint path in it (the policy's own, or a
    search's ``rollout=``, ``value=``, ``prior=`` or ``agent=`` option) cut to its last three parts;
    the rest kept as written, so that a search stays recognisable as one."""
    head, sep, rest = name.partition(":")
    if head == "search" and sep:
        return "search:" + ",".join(
            f"{key}={_short_path(value)}" if eq and key.strip() in ("rollout", "value", "prior", "agent")
            else key + eq + value
            for key, eq, value in (part.partition("=") for part in rest.split(",")))
    return _short_path(name)


def labels_of(names: list[str]) -> dict[str, str]:
    """Each entrant's label in the tables and the plot: its :func:`short_name`, or its full name
    where two entrants' short names coincide (two runs' folders of the same name), so that no two
    rows read alike."""
    short = {name: short_name(name) for name in names}
    count: dict[str, int] = {}
    for label in short.values():
        count[label] = count.get(label, 0) + 1
    return {name: label if count[label] == 1 else name for name, label in short.items()}


def format_tables(names: list[str], result: dict) -> str:
    label_of = labels_of(names)
    labels = [label_of[p] for p in names]
    width = max(8, *(len(x) for x in labels))
    index = {p: i for i, p in enumerate(names)}
    grid = [["" for _ in names] for _ in names]
    for c in result["crosstable"]:
        grid[index[c["player"]]][index[c["opponent"]]] = f"{c['score']:.2f}"
    lines = ["crosstable: the row's score against the column (wins + draws/2 per match, both sides, all pairings)",
             " " * width + "".join(f"  {entrant_code(j):>6}" for j in range(len(names)))]
    for i, label in enumerate(labels):
        lines.append(f"{label:<{width}}" + "".join(f"  {grid[i][j] or '-':>6}" for j in range(len(names)))
                     + f"   ({entrant_code(i)})")
    lines += ["", "pairs with 95% Wilson intervals:"]
    for c in result["crosstable"]:
        if index[c["player"]] < index[c["opponent"]]:
            lines.append(f"  {label_of[c['player']]} vs {label_of[c['opponent']]}: {c['score']:.3f} "
                         f"[{c['ci_low']:.3f}, {c['ci_high']:.3f}]  ({c['wins']}-{c['draws']}-{c['losses']} W-D-L"
                         + (f", {c['errors']} cut short by an engine error" if c["errors"] else "") + ")")
    pairings = {(r["character"], r["opponent_character"]) for r in result.get("by_pairing", [])}
    if len(pairings) > 1:
        lines += ["", "by pairing (the first policy's character vs the second's), with 95% Wilson intervals:"]
        for r in result["by_pairing"]:
            lines.append(f"  {label_of[r['player']]} vs {label_of[r['opponent']]}, "
                         f"{r['character']:>6} vs {r['opponent_character']:<6}: {r['score']:.3f} "
                         f"[{r['ci_low']:.3f}, {r['ci_high']:.3f}] over {r['matches']}"
                         + (f" ({r['errors']} cut short)" if r["errors"] else ""))
    if result.get("moves"):
        lines += ["", f"moves: each policy's {TOP_MOVES} most chosen, with their share of its decisions with a choice "
                  "(more than one legal move); all in moves.csv:"]
        shown: dict = {}
        for r in result["moves"]:
            key = (r["player"], r["character"])
            if shown.get(key, 0) < TOP_MOVES:
                if key not in shown:
                    lines.append(f"  {label_of[r['player']]} ({r['character']}, {r['decisions']} decisions):")
                shown[key] = shown.get(key, 0) + 1
                lines[-1] += f" {r['move']} {r['share']:.2f}" + ("," if shown[key] < TOP_MOVES else "")
        lines = [x.rstrip(",") for x in lines]
    lines += ["", "the meta-game's equilibrium (the mixture of entrants no entrant beats on average; the others weigh 0):"]
    lines += [f"  {label_of[r['player']]:<{width}} {r['weight']:.3f}" for r in result["nash"] if r["weight"] > 0]
    lines.append("  all weights in the entrants' order (yomi mixture --weights): "
                 + " ".join(f"{r['weight']:.3f}" for r in result["nash"]))
    lines += ["", f"Bradley-Terry ratings (Elo scale, {anchor_text(result, label_of)}; 95% intervals from "
              f"the Fisher information; prior: {result['prior']:g} virtual win and loss each against a 0-rated "
              "player):"]
    for r in result["ratings"]:
        lines.append(f"  {label_of[r['player']]:<{width}} {r['elo']:7.0f}  [{r['elo_low']:6.0f}, {r['elo_high']:6.0f}]"
                     f"   score {r['score']:.3f} [{r['score_low']:.3f}, {r['score_high']:.3f}] over {r['matches']} matches")
    return "\n".join(lines)


def anchor_text(result: dict, label_of: dict | None = None) -> str:
    """What the ratings are anchored at: ``random = 0``, ``NAME = 1000`` or ``mean 0``."""
    anchor = result["anchor"]
    if not anchor:
        return "mean 0"
    return f"{(label_of or {}).get(anchor, anchor)} = {result.get('anchor_elo', 0.0):g}"


def prepare_out(out: Path, shown: str | None = None) -> None:
    """Check the output folder ``out`` (:func:`integration.tracefile.output_folder_problem`, which
    creates nothing), then make it with its missing parents, so that a bad ``--out`` is found
    before any match is played.  Raises TournamentError ``--out SHOWN: <reason>``."""
    from integration.tracefile import output_folder_problem

    from integration.safefile import UnsafeFileError, check_output

    shown = shown or str(out)
    why = output_folder_problem(out)
    for name in OUTPUTS if why is None else ():  # what save() writes: new or regular files, never a FIFO
        try:
            check_output(out / name, "--out")
        except UnsafeFileError as exc:
            why = str(exc).removeprefix("--out ")
    if why is None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            why = f"cannot create it ({exc.strerror or exc})"
    if why:
        raise TournamentError(f"--out {shown}: {why}")


OUTPUTS = ("crosstable.csv", "ratings.csv", "pairings.csv", "matches.csv", "moves.csv", "tournament.json",
           "tournament.png")


def save(out: Path, names: list[str], records: list[dict], result: dict, settings: dict) -> list[Path]:
    """Write the tables, JSON and plot into ``out``, a folder :func:`prepare_out` has made."""
    from integration.safefile import open_output, write_output

    written = []
    for file, rows in (("crosstable.csv", result["crosstable"]), ("ratings.csv", result["ratings"]),
                       ("pairings.csv", result["by_pairing"]), ("matches.csv", records),
                       ("moves.csv", result.get("moves"))):
        if not rows:
            continue
        with open_output(out / file, "w", "--out", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        written.append(out / file)
    doc = dict(settings=settings, policies=names, **result)
    write_output(out / "tournament.json", json.dumps(doc, indent=2), "--out")
    written.append(out / "tournament.json")
    written.append(plot(out / "tournament.png", names, result))
    return written


def entrant_code(i: int) -> str:
    """The plot's and the crosstable's code of entrant ``i``: A .. Z, then AA, AB, ..."""
    return chr(65 + i) if i < 26 else entrant_code(i // 26 - 1) + chr(65 + i % 26)


def plot(path: Path, names: list[str], result: dict) -> Path:
    """``tournament.png``, legible at its real size whatever the entrants' names: the crosstable
    as a heat map (each cell the row's score against the column, with its 95 % interval while
    the cells have room), the ratings as points with their 95 % whiskers on an axis that holds
    them all, each labelled with its value, and below both the key from each entrant's code (A,
    B, ...) to its full name.  Codes stand in for names on the axes because real names (checkpoint
    paths, ``search:agent=...``) are far longer than an axis label can be; the figure grows with
    the number of entrants so that cells and rows keep their size."""
    import textwrap

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = len(names)
    code = {p: entrant_code(i) for i, p in enumerate(names)}
    index = {p: i for i, p in enumerate(names)}
    grid = np.full((n, n), np.nan)
    interval = {}
    for c in result["crosstable"]:
        grid[index[c["player"]], index[c["opponent"]]] = c["score"]
        interval[index[c["player"]], index[c["opponent"]]] = (c["ci_low"], c["ci_high"])
    cell = 0.75 if n <= 8 else max(0.32, 6.0 / n)      # inches per crosstable cell
    side = cell * n + 1.6                              # the heat map with its labels and colour bar
    width = max(11.0, side + 6.5)
    key_lines = []
    wrap_at = int(width * 100 / 8) - 8                 # monospace characters across the figure at 9 pt
    anchor = result.get("anchor")
    for p in names:
        text = p + ("   (the ratings' anchor)" if p == anchor else "")
        wrapped = textwrap.wrap(text, wrap_at, break_long_words=True, break_on_hyphens=False) or [""]
        key_lines += [f"{code[p]:>2}  {wrapped[0]}"] + [f"    {more}" for more in wrapped[1:]]
    key_h = 0.3 + 0.2 * len(key_lines)
    top_h = max(side, 0.42 * n + 1.6, 3.2)
    gap = 0.8                                          # inches under the top panels for their x labels
    total = top_h + gap + key_h + 0.5
    fig = plt.figure(figsize=(width, total), dpi=100)
    gs = fig.add_gridspec(2, 2, width_ratios=[side, width - side], height_ratios=[top_h, key_h],
                          left=0.07, right=0.97, top=1 - 0.45 / total, bottom=0.05 / total, wspace=0.25,
                          hspace=gap / ((top_h + key_h) / 2))
    ax1, ax2, ax3 = fig.add_subplot(gs[0, 0]), fig.add_subplot(gs[0, 1]), fig.add_subplot(gs[1, :])

    image = ax1.imshow(grid, cmap="RdYlGn", vmin=0, vmax=1)
    font = 10 if n <= 8 else 8
    for i in range(n):
        for j in range(n):
            if np.isnan(grid[i, j]):
                continue
            ink = "white" if grid[i, j] < 0.15 or grid[i, j] > 0.85 else "black"
            if n <= 6:  # room for the interval under the score
                ax1.text(j, i - 0.12, f"{grid[i, j]:.2f}", ha="center", va="center", fontsize=font, color=ink)
                lo, hi = interval[i, j]
                ax1.text(j, i + 0.22, f"[{lo:.2f}, {hi:.2f}]", ha="center", va="center", fontsize=7, color=ink)
            else:
                ax1.text(j, i, f"{grid[i, j]:.2f}", ha="center", va="center", fontsize=font, color=ink)
    codes = [code[p] for p in names]
    ax1.set_xticks(range(n), codes, fontsize=font)
    ax1.set_yticks(range(n), codes, fontsize=font)
    ax1.set_xlabel("opponent (column)")
    ax1.set_ylabel("player (row)")
    ax1.set_title("score of the row against the column\n(wins + draws/2; 95% interval)", fontsize=10)
    bar = fig.colorbar(image, ax=ax1, fraction=0.046, pad=0.03)
    bar.set_label("score", fontsize=9)

    rows = result["ratings"][::-1]                     # the strongest at the top
    y = np.arange(len(rows))
    elo = np.array([r["elo"] for r in rows])
    low = np.array([r["elo_low"] for r in rows])
    high = np.array([r["elo_high"] for r in rows])
    ax2.errorbar(elo, y, xerr=np.maximum([elo - low, high - elo], 0), fmt="o", capsize=4, color="tab:blue")
    span = max(float(high.max() - low.min()), 100.0)
    left, right = float(low.min()) - 0.05 * span, float(high.max()) + 0.05 * span
    for yi, e, lo, hi in zip(y, elo, low, high):     # the values beside each whisker's right end
        ax2.text(hi + 0.02 * span, yi, f"{e:.0f} [{lo:.0f}, {hi:.0f}]", va="center", fontsize=9)
    ax2.set_xlim(left, right + 0.3 * span)             # room for the values written right of the whiskers
    ax2.set_ylim(-0.6, len(rows) - 0.4)
    ax2.set_yticks(y, [code[r["player"]] for r in rows], fontsize=10)
    ax2.set_ylabel("entrant")
    ax2.set_xlabel(f"Elo (Bradley-Terry; {anchor_text(result)}) with its 95% interval")
    ax2.set_title("ratings", fontsize=10)
    if anchor:
        ax2.axvline(result.get("anchor_elo", 0.0), color="grey", linestyle="--", linewidth=1)
    ax2.grid(axis="x", alpha=0.3)

    ax3.axis("off")
    ax3.text(0.0, 1.0, "entrants\n" + "\n".join(key_lines), transform=ax3.transAxes, va="top", ha="left",
             family="monospace", fontsize=9)
    fig.savefig(path)
    plt.close(fig)
    return path


# ------------------------------------------------------------------------------------------------
# the command
# ------------------------------------------------------------------------------------------------
# Bounds of what the options make the tournament allocate and loop over (its schedule holds every
# match): a match count past these is a typo, not a plan
MAX_MATCHES = 100_000  # per ordered pair of policies and pairing
MAX_TOTAL_MATCHES = 10_000_000
MAX_CHUNK = 4096  # matches of one env (a C match is about 360 KB)


def parse_args(argv):
    ap = OptionParser(prog="yomi tournament",
                                 description="Round robin between policies (sides swapped): crosstable, win rates "
                                             "with 95% Wilson intervals, Bradley-Terry ratings.")
    ap.add_argument("policies", nargs="+", metavar="POLICY",
                    help="two or more of: random, scripted, search[:k=K,turns=T,...] or a checkpoint .safetensors")
    ap.add_argument("--c1", default="ninja", help="P1's character (default ninja)")
    ap.add_argument("--c2", default="ninja", help="P2's character (default ninja)")
    ap.add_argument("--pairings", choices=["one", "all"], default="one",
                    help="all: every ordered pairing of the five characters (25); one (default): --c1/--c2")
    ap.add_argument("--matches", type=int, default=32, help="matches per ordered pair of policies and pairing (default 32)")
    ap.add_argument("--jobs", type=int, default=usable_cores(),
                    help=f"worker processes (default: the cores this process may use; at most {JOBS_PER_CORE} "
                         "per core, and never more than the chunks of work)")
    ap.add_argument("--seed", type=int, default=0, help="base seed of every match (default 0)")
    ap.add_argument("--chunk", type=int, default=DEFAULT_CHUNK,
                    help="matches played side by side in one env (part of each match's identity)")
    ap.add_argument("--out", help="output folder (default runs/tournament-<timestamp>)")
    ap.add_argument("--quiet", action="store_true", help="no progress line")
    ap.add_argument("--anchor", metavar="POLICY",
                    help="the entrant whose rating is fixed (at --anchor-elo), so that the ratings of tournaments "
                         "that share it are comparable (default: random = 0 where it plays, else mean 0)")
    ap.add_argument("--anchor-elo", type=float, default=0.0, metavar="ELO",
                    help="the anchor's rating (default 0; needs --anchor)")
    ap.add_argument("--any-pairing", action="store_true",
                    help="let a checkpoint play character pairings it was not trained on")
    ap.add_argument("--reference", action="store_true",
                    help="add the pairing's reference agent from agents/, alone and searching each turn "
                         "(search:agent=...), and anchor the ratings at it unless --anchor says otherwise")
    return ap.parse_args(argv)


def with_reference(args, folder=None) -> None:
    """--reference: the pairing's shipped agent (integration/train/reference.py; ``folder``: another
    agents folder than the repository's) and that agent with search join the entrants (each once),
    the plain agent the anchor unless one is named, so that tournaments of different days rate their
    entrants against the same fixed point."""
    if not args.reference:
        return
    from integration.train.reference import AGENTS_DIR, reference_for

    c1, c2 = ("random", "random") if args.pairings == "all" else (args.c1, args.c2)
    agent = reference_for(c1, c2, AGENTS_DIR if folder is None else folder)
    if agent is None:
        raise TournamentError(f"--reference: agents/ holds no reference agent for {c1} vs {c2}")
    for name in (str(agent.path), f"search:agent={agent.path}"):
        if name not in args.policies:
            args.policies.append(name)
    if args.anchor is None:
        args.anchor = str(agent.path)


def validate(args) -> tuple[list[str], list[tuple[str, str]]]:
    """The policy names and the pairings, or a TournamentError saying what is wrong."""
    from integration.env import action_layout as AL

    names = list(args.policies)
    if len(names) < 2:
        raise TournamentError("a tournament needs at least two policies")
    if len(set(names)) != len(names):
        raise TournamentError(f"a policy is named twice: {sorted({p for p in names if names.count(p) > 1})}")
    for what, value, low, high in (("--matches", args.matches, 1, MAX_MATCHES), ("--jobs", args.jobs, 1, None),
                                   ("--chunk", args.chunk, 1, MAX_CHUNK), ("--seed", args.seed, 0, 2**63 - 1)):
        if value < low:
            raise TournamentError(f"{what} must be at least {low}, got {value}")
        if high is not None and value > high:
            raise TournamentError(f"{what} must be at most {high:,}, got {value}")
    if args.anchor is not None and args.anchor not in names:
        raise TournamentError(f"--anchor {args.anchor!r} is not one of the entrants ({', '.join(names)})")
    if args.anchor is None and args.anchor_elo != 0.0:
        raise TournamentError("--anchor-elo needs --anchor (the entrant it fixes)")
    if not np.isfinite(args.anchor_elo):
        raise TournamentError(f"--anchor-elo must be a finite number, got {args.anchor_elo}")
    if args.jobs > max_jobs():
        raise TournamentError(f"--jobs must be at most {max_jobs()} ({JOBS_PER_CORE} x the {usable_cores()} cores "
                              f"this process may use), got {args.jobs}")
    if args.pairings == "all":
        pairings = [(a, b) for a in AL.CHARACTERS for b in AL.CHARACTERS]
    else:
        try:
            pairings = [(AL.canonical_character(args.c1), AL.canonical_character(args.c2))]
        except (KeyError, ValueError) as exc:
            raise TournamentError(exc.args[0] if exc.args else str(exc)) from None
    total = len(names) * (len(names) - 1) * len(pairings) * args.matches
    if total > MAX_TOTAL_MATCHES:
        raise TournamentError(f"the tournament would play {total:,} matches (policies x opponents x pairings x "
                              f"--matches), more than the limit of {MAX_TOTAL_MATCHES:,}")
    for name in names:
        check_policy_name(name, pairings, args.any_pairing)
    return names, pairings


def main(argv=None) -> int:
    args = parse_args(argv)
    shown = args.out or str(Path("runs") / f"tournament-{datetime.now().strftime('%Y%m%d-%H%M%S')}")
    out = Path(shown)
    try:
        with_reference(args)
        names, pairings = validate(args)
        prepare_out(out, shown)  # last: a bad argument leaves no folder behind
    except TournamentError as exc:
        print(f"yomi tournament: error: {exc}", file=sys.stderr)
        return 2
    processes = worker_count(args.jobs, len(schedule(len(names), pairings, args.matches, args.chunk)))
    start = time.perf_counter()
    records, moves = run(names, pairings, args.matches, args.jobs, args.seed, args.chunk, progress=not args.quiet)
    result = tables(names, records, anchor=args.anchor, anchor_elo=args.anchor_elo)
    result["moves"] = moves
    settings = dict(matches=args.matches, pairings=[list(p) for p in pairings], seed=args.seed, chunk=args.chunk,
                    jobs=args.jobs, processes=processes, seconds=round(time.perf_counter() - start, 1))
    print(format_tables(names, result))
    written = save(out, names, records, result, settings)
    plural = "es" if processes > 1 else ""
    print(f"\n{len(records)} matches in {settings['seconds']:.0f} s on {processes} process{plural}; "
          f"saved {', '.join(p.name for p in written)} in {out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
