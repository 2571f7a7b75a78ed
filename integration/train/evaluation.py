"""The run's evaluations: plan them, play them, rate the learner, and choose the run's agent.

An evaluation plays the learner against the fixed yardsticks (random, scripted, the search on the
real game, a best response's --opponent, the reference agent), recent snapshots, and the run's
agent so far, sides swapped (evaluate.py plays the matches and fits the Elo table); each score gets
its 95 % Wilson interval and the Elo difference it implies.  It uses its own envs and generator,
so it never disturbs training (or an exact resume).

Choosing the run's agent (``checkpoints/best.safetensors``) among the policies a run evaluates:
self-play cycles, so a policy's score against a fixed yardstick swings over a run by far more
than its interval, and a policy that scores best against the yardsticks can be one that every
later policy beats (a style the search handles badly, e.g. throwing shuriken on half its turns).
So the yardsticks decide only while they separate the policies; once both the candidate and the
agent so far beat every yardstick more often than they lose to it, the two play each other and
the winner is the agent (the gating of AlphaGo Zero, which kept a new network only if it beat the
current one).

The rule, for a candidate (the policy just evaluated) against the agent so far:

* no agent yet: the candidate becomes the agent;
* one of the two *qualifies* (its score against every yardstick is above ``bar``) and the other
  does not: the qualifying one is the agent;
* both qualify: the head-to-head decides; the candidate replaces the agent if it scores above one
  half against it (draws count half);
* neither qualifies: the one whose lower 95 % interval ends are higher, yardstick by yardstick in
  order, is the agent (ties keep the agent), so a score over few matches must be higher to win.

``bar`` None (a best response, whose one yardstick is its target) leaves only the last rule.

:class:`Evaluation` holds what the evaluations keep over a run (their envs, the measured cost per
match, the Elo table, the latest figures, the run's agent); the trainer hands it the run's state
(:meth:`Evaluation.evaluate`'s ``run``: policy, update_count, global_step, selfplay, budget,
run_dir, display, status, autocast).
"""
from __future__ import annotations

import copy
import functools
import json
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import torch

from . import checkpoint as ckpt
from .envs import make_env, scripted_baseline
from .evaluate import Ratings, Result, elo_difference, play, play_slots
from .logger import duration
from .opponent import checkpoint_agent, load_opponent
from .policy import MaskedActorCritic, random_policy
from .run_state import save_policy
from .stats import wilson_interval

BEST = "best" + ckpt.SUFFIX  # the run's agent (Evaluation.choose_agent)

# Seconds per match an evaluation opponent is assumed to cost until the run has measured it (the
# budget reserves the final evaluation's time from these).  The default search costs about 1 s a
# match on a core of its own and about 2 s when other processes share the cores, so the prior takes
# the longer; a search as a best response's --opponent may search with a network
# (search:agent=...), which costs about 4 s a match; the other opponents cost 0.01-0.02 s.
PRIOR_SECONDS_PER_MATCH = {"search": 2.0, "opponent_search": 4.0}
PRIOR_SECONDS_PER_MATCH_OTHER = 0.02

# ----- choosing the run's agent (the rule of the module's docstring) -------------------------------
REPLACE, KEEP, DUEL = "replace", "keep", "duel"


def qualifies(figures: dict, names: list[str], bar: float | None) -> bool:
    """Whether `figures` (yardstick name -> {"score", "low", ...}) beat every yardstick in `names`:
    a score above `bar` against each; never with `bar` None."""
    return bar is not None and all(n in figures and figures[n]["score"] > bar for n in names)


def rank(figures: dict, names: list[str]) -> list[float]:
    """The lower interval ends against the yardsticks in order (0 where one was not played)."""
    return [figures[n]["low"] if n in figures else 0.0 for n in names]


def verdict(candidate: dict, agent: dict | None, names: list[str], bar: float | None) -> str:
    """REPLACE, KEEP or DUEL (the two must play each other) for `candidate` against `agent` (the
    yardstick figures of each; None or {}: no agent yet), by the rule of this module's docstring."""
    if not agent:
        return REPLACE
    mine, theirs = qualifies(candidate, names, bar), qualifies(agent, names, bar)
    if mine and theirs:
        return DUEL
    if mine != theirs:
        return REPLACE if mine else KEEP
    return REPLACE if rank(candidate, names) > rank(agent, names) else KEEP


def duel_replaces(score: float) -> bool:
    """Whether the candidate's score against the agent (wins + draws / 2 per match) takes its place."""
    return score > 0.5


# ----- the figures of one opponent ---------------------------------------------------------------
def result_fields(name: str, result: Result) -> dict:
    """An opponent's figures: win rate, score (draws count half) with its 95 % Wilson
    interval, matches, and the Elo difference the score implies (with the interval's ends)."""
    low, high = wilson_interval(result.score * result.games, result.games)
    # a perfect score (or none) leaves that end unbounded: the interval ends at 1 (or 0) exactly
    perfect, nil = result.wins == result.games, result.losses == result.games
    return {f"eval/win_rate_{name}": result.win_rate, f"eval/score_{name}": result.score,
            f"eval/score_{name}_low": low, f"eval/score_{name}_high": high, f"eval/matches_{name}": result.games,
            f"eval/elo_vs_{name}": elo_difference(result.score),
            f"eval/elo_vs_{name}_low": None if nil else elo_difference(low),
            f"eval/elo_vs_{name}_high": None if perfect else elo_difference(high)}


def score_text(out: dict, name: str) -> str:
    low, high = out[f"eval/score_{name}_low"], out[f"eval/score_{name}_high"]
    pairing = out.get(f"eval/{name}_pairing")  # scripted_worst: which pairing is the worst
    return f"{name}{f' ({pairing})' if pairing else ''} {out[f'eval/score_{name}']:.2f} [{low:.2f}, {high:.2f}]"


@dataclass
class EvalOpponent:
    """One opponent of an evaluation: ``name`` as in the metrics keys (random, scripted, opponent,
    search, u40, agent), ``kind`` (its cost is measured per kind: random, scripted, opponent,
    opponent_search (an --opponent that searches), search, snapshot), ``make`` builds the policy,
    ``matches`` per round (the env's size) and ``rounds``;
    ``player`` is its name in the Elo table where that differs (the run's agent: ``u<update>``);
    ``pairings`` (P1's character, P2's) are played one by one, ``matches / len(pairings)`` each,
    where the opponent is played in every pairing (Evaluation.play_pairings), else the env draws them."""

    name: str
    kind: str
    make: Callable
    matches: int
    rounds: int = 1
    player: str | None = None
    pairings: tuple = ()


class Evaluation:
    """The evaluations of one run (see the module's docstring).  Built before the learner's network
    (its envs draw nothing from the global RNG); :meth:`load_reference` builds the reference agent."""

    def __init__(self, cfg, spec, device: torch.device):
        self.cfg, self.spec, self.device = cfg, spec, device
        self.env = make_env(cfg.env, max(2, cfg.eval_matches), cfg.seed + 7919, cfg.p1, cfg.p2)
        self.envs = {max(2, cfg.eval_matches): self.env}  # by size: snapshots and the search play fewer
        # the character pairings the run draws its matches from, where there are several: scripted is
        # then played in each (play_pairings), and the run's agent must beat it in each
        pairings = tuple(self.env.pairings()) if hasattr(self.env, "pairings") else ()
        self.pairings = pairings if len(pairings) > 1 and cfg.eval_pairing_matches else ()
        self.pairing_envs: dict = {}  # (P1's character, P2's) -> its evaluation env
        # the search yardstick clones matches of the real game's C engine: elsewhere it is left out
        self.search_yardstick = (cfg.eval_search if cfg.env == "yomi"
                                 and getattr(self.env, "backend_name", None) == "c" else None)
        self.seconds_per_match: dict[str, float] = {}  # measured, by opponent kind
        self.scripted = scripted_baseline(cfg.env)
        self.reference = self._reference_path()
        self.reference_agent = None
        self.ratings = Ratings(anchor="random")
        self.last: dict = {}  # the latest evaluation's figures (update, global_step, wall_s, eval/...)
        # The run's agent (checkpoints/best.safetensors): of the policies evaluated so far, the one
        # chosen by the yardsticks and head-to-heads (choose_agent); {} until one is, and its
        # weights, which the head-to-heads play.
        self.best: dict = {}
        self.agent_policy: MaskedActorCritic | None = None

    def load_reference(self) -> None:
        """Build the reference agent once: one that cannot be played is refused before training,
        and building it leaves the run's random draws as they were.  The Elo table is then
        anchored at it."""
        if self.reference:
            with torch.random.fork_rng(devices=[]):
                self.reference_agent = checkpoint_agent(self.reference, self.spec, self.device)
        self.ratings = Ratings(anchor="reference" if self.reference_agent is not None else "random")

    def _reference_path(self) -> str | None:
        """The checkpoint of the fixed reference (config.py, eval_reference), or None."""
        name = self.cfg.eval_reference
        if name != "auto":
            return name
        if self.cfg.env != "yomi":
            return None
        from .reference import reference_for

        agent = reference_for(self.cfg.p1, self.cfg.p2)
        return str(agent.path) if agent is not None else None

    def close(self) -> None:
        for env in (*self.envs.values(), *self.pairing_envs.values()):
            env.close()

    # ----- the plan and its cost -------------------------------------------------------------
    def plan(self, final: bool, gen, update: int, selfplay, rounds: tuple[int, int] | None = None) -> list[EvalOpponent]:
        """The opponents of an evaluation at `update`, in the order they play: random, scripted (in
        every pairing where the run has several), the --opponent, the most recent snapshots of
        `selfplay`'s pool, the run's agent (where the evaluation may choose a new one: choose_agent),
        then the search yardstick (at every `eval_search_every`-th periodic evaluation, the first
        included, and in the final one), then the reference.
        `gen` draws the policies' randomness (None: a plan to estimate, never played)."""
        cfg = self.cfg
        rounds = rounds or ((max(1, cfg.final_eval_rounds), cfg.final_search_rounds) if final else (1, 1))
        # the baseline draws its noise from the evaluation's generator, never the global RNG (a
        # resumed run must equal an uninterrupted one, which evaluates on its own schedule)
        per_pairing = cfg.eval_pairing_matches * len(self.pairings)
        plan = [EvalOpponent("random", "random", lambda: random_policy(self.spec, gen), cfg.eval_matches, rounds[0]),
                EvalOpponent("scripted", "scripted", lambda: functools.partial(self.scripted, generator=gen),
                             per_pairing or cfg.eval_matches, rounds[0], pairings=self.pairings)]
        if cfg.opponent:  # a best response's target, played as often as the baselines
            kind = "opponent_search" if cfg.opponent.startswith("search") else "opponent"
            plan.append(EvalOpponent("opponent", kind, lambda: load_opponent(
                cfg.opponent, cfg.env, self.spec, gen, self.device, self.env_of(cfg.eval_matches)),
                cfg.eval_matches, rounds[0]))
        recent = [s for s in selfplay.pool if s != update][-cfg.eval_snapshots:]
        for sid in recent:
            plan.append(EvalOpponent(f"u{sid}", "snapshot",
                                     lambda sid=sid: selfplay.snapshots[sid].policy.as_policy_fn(gen),
                                     cfg.eval_snapshot_matches))
        index = update // cfg.eval_interval - 1 if cfg.eval_interval else 0  # this periodic evaluation's number
        searched = bool(self.search_yardstick) and (final or index % cfg.eval_search_every == 0)
        if self.duels() and (searched or not self.search_yardstick) and self.best["update"] != update:
            plan.append(EvalOpponent("agent", "snapshot", lambda: self.agent_policy.as_policy_fn(gen),
                                     cfg.eval_agent_matches, player=f"u{self.best['update']}"))
        if searched:
            from .policies import make_policy

            plan.append(EvalOpponent("search", "search", lambda: make_policy(
                self.search_yardstick, generator=gen, seed=int(gen.initial_seed()) % 2**31),
                cfg.eval_search_matches, rounds[1]))
        if self.reference_agent is not None:
            plan.append(EvalOpponent("reference", "opponent", lambda: self.reference_agent.as_policy_fn(gen),
                                     cfg.eval_reference_matches, rounds[0]))
        return plan

    def estimate(self, opponent: EvalOpponent, rounds: int | None = None) -> float:
        """Seconds an evaluation opponent is expected to take (its planned rounds, or `rounds`):
        measured, or the prior until then."""
        per_match = self.seconds_per_match.get(opponent.kind)
        if per_match is None:
            per_match = PRIOR_SECONDS_PER_MATCH.get(opponent.kind, PRIOR_SECONDS_PER_MATCH_OTHER)
        return per_match * opponent.matches * (opponent.rounds if rounds is None else rounds)

    def periodic_s(self, update: int, selfplay) -> float:
        """Seconds the periodic evaluation at `update` is expected to take (0 where there is none)."""
        if not (self.cfg.eval_interval and update % self.cfg.eval_interval == 0):
            return 0.0
        return sum(self.estimate(o) for o in self.plan(False, None, update, selfplay))

    def final_s(self, update: int, selfplay) -> float:
        """Seconds the final evaluation is expected to take, with the configured rounds."""
        return sum(self.estimate(o) for o in self.plan(True, None, update, selfplay))

    def final_rounds(self, budget, update: int, selfplay) -> tuple[int, int]:
        """The final evaluation's rounds (baselines, search): the configured ones, fewer where a
        time budget has not enough left for them (at least one each; budget.py)."""
        full = (max(1, self.cfg.final_eval_rounds), self.cfg.final_search_rounds)
        if not budget.seconds:
            return full
        plan = self.plan(True, None, update, selfplay, rounds=full)
        fixed = sum(self.estimate(o) for o in plan if o.rounds == 1 and o.kind == "snapshot")
        scalable = sum(self.estimate(o) for o in plan) - fixed
        return budget.final_rounds(full, fixed, scalable, budget.finish_extra_s())

    def played_final(self, update: int) -> bool:
        """Whether the latest periodic evaluation stands for the final one: it evaluated `update`
        and played everything the final one would, once."""
        return (self.last.get("update") == update and self.cfg.final_eval_rounds <= 1
                and (not self.search_yardstick or ("eval/score_search" in self.last
                                                   and self.cfg.final_search_rounds <= 1)))

    # ----- playing ---------------------------------------------------------------------------
    def env_of(self, matches: int):
        """The evaluation env of `matches` matches (made once per size)."""
        n = max(2, matches)
        if n not in self.envs:
            self.envs[n] = make_env(self.cfg.env, n, self.cfg.seed + 7919 + n, self.cfg.p1, self.cfg.p2)
        return self.envs[n]

    def play_pairings(self, pairings: tuple, learner, policy, seed: int, by_pairing: dict, tick) -> Result:
        """`learner` against `policy` in each of `pairings` (P1's character, P2's), the opponent's
        matches (cfg.eval_pairing_matches) each, sides alternating per slot as :func:`play` does;
        adds each match to `by_pairing` under (the learner's character, the opponent's), so every
        entry holds matches from both sides.  Why: over drawn pairings, a run's weakest pairing
        is a few matches of 128 and cannot be told from noise, and a policy trained on every
        pairing is meant to beat the baseline in each."""
        total = Result()
        for i, (c1, c2) in enumerate(pairings):
            if (c1, c2) not in self.pairing_envs:
                self.pairing_envs[(c1, c2)] = make_env(self.cfg.env, max(2, self.cfg.eval_pairing_matches),
                                                       self.cfg.seed + 7919 + i, c1, c2)
            outcome = play_slots(self.pairing_envs[(c1, c2)], self.spec, learner, policy, seed + 104_729 * i,
                                 self.device, progress=lambda f, i=i: tick((i + f) / len(pairings)))
            for side, key in ((0, (c1, c2)), (1, (c2, c1))):  # the learner is P1 in the even slots
                part = Result.of(outcome[side::2])
                by_pairing[key] += part
                total += part
        return total

    def evaluate(self, run, final: bool = False, rounds: tuple[int, int] | None = None) -> dict:
        """`run`'s learner (run.policy at run.update_count) against the plan's opponents, sides
        swapped; updates the Elo table, appends the figures to <run>/eval.jsonl and may choose a
        new agent (choose_agent).  The final evaluation averages more matches: the baselines are
        played `final_eval_rounds` times over and the search `final_search_rounds` times (fresh
        match seeds each round), as many rounds as the run's time budget leaves."""
        update, budget = run.update_count, run.budget
        seed = self.cfg.seed * 1_000_003 + update
        gen = torch.Generator(self.device).manual_seed(seed)
        me = f"u{update}"
        learner = run.policy.as_policy_fn(gen)
        plan = self.plan(final, gen, update, run.selfplay, rounds=rounds)
        weights = [self.estimate(o) for o in plan]
        total = sum(weights) or 1.0
        phase = "final evaluation" if final else f"evaluation @ update {update}"
        out = {}
        was_training = run.policy.training
        run.policy.eval()
        done, phase_start = 0.0, time.perf_counter()
        for k, opp in enumerate(plan):
            policy, env, result = opp.make(), None if opp.pairings else self.env_of(opp.matches), Result()
            by_pairing: dict = defaultdict(Result)
            start = time.perf_counter()
            for r in range(opp.rounds):
                if final and r > 0:
                    after = (sum(self.estimate(o, rounds=1) for o in plan[k + 1:]) + budget.finish_extra_s()
                             - budget.checkpoint_s)
                    if not budget.round_fits((time.perf_counter() - start) / r, after):
                        break  # the time budget ends before another round would: what was played stands
                base, width = done + weights[k] * r / opp.rounds, weights[k] / opp.rounds

                def tick(fraction, base=base, width=width, name=opp.name):
                    part = (base + width * fraction) / total
                    eta = None
                    if final:  # the phase's time so far, scaled to what is left once a tenth is done
                        spent = time.perf_counter() - phase_start
                        left = spent * (1 - part) / part if part > 0.1 else total * (1 - part)
                        eta = left + budget.finish_extra_s() - budget.checkpoint_s
                    run.display.status(run.status(phase, part, f"vs {name}", eta_s=eta))

                with run.autocast(evaluation=True):
                    if opp.pairings:
                        result += self.play_pairings(opp.pairings, learner, policy, seed + 7 * k + 7919 * r,
                                                     by_pairing, tick)
                    else:
                        result += play(env, self.spec, learner, policy, seed + 7 * k + 7919 * r, self.device,
                                       progress=tick)
            seconds = time.perf_counter() - start
            self.seconds_per_match[opp.kind] = seconds / max(result.games, 1)
            done += weights[k]
            self.ratings.add(me, opp.player or opp.name, result)
            out.update(result_fields(opp.name, result))
            if by_pairing:  # the learner's character against the opponent's, each with its score
                worst = min(by_pairing, key=lambda p: (by_pairing[p].score, by_pairing[p].games))
                out.update(result_fields(f"{opp.name}_worst", by_pairing[worst]))
                out[f"eval/{opp.name}_worst_pairing"] = "-".join(worst)
                out[f"eval/{opp.name}_by_pairing"] = {"-".join(p): round(r.score, 4) for p, r in by_pairing.items()}
            out[f"eval/seconds_{opp.name}"] = seconds  # what this opponent cost (the budget's estimates)
        run.policy.train(was_training)
        elo = self.ratings.elo()
        out["eval/elo"] = elo.get(me)
        out["eval/elo_scripted"] = elo.get("scripted")
        if "search" in elo:
            out["eval/elo_search"] = elo["search"]
        out["eval/matches_per_baseline"] = result_games = out["eval/matches_random"]
        self.last = {"update": update, "global_step": run.global_step, "wall_s": budget.clock(), **out}
        with open(run.run_dir / "eval.jsonl", "a") as f:
            f.write(json.dumps({**self.last, "final": final}) + "\n")
        self.choose_agent(out, run.policy, update, run.global_step, run.run_dir, run.display)
        run.display.evaluation(self.last)
        run.display.message(f"{'final eval' if final else 'eval'} @ update {update} "
                            f"({duration(budget.clock())}, {result_games} matches per baseline): "
                            + ", ".join(score_text(out, name) for name in
                                        ("random", "scripted", "scripted_worst", "search", "opponent",
                                         "reference") if f"eval/score_{name}" in out)
                            + f"; Elo {out['eval/elo']:.0f}")
        return out

    # ----- the run's agent -------------------------------------------------------------------
    def yardstick_names(self) -> list[str]:
        """The fixed opponents the run's agent is chosen by, the decisive one first: a best
        response's own target; else the search yardstick (the strongest fixed opponent), then
        scripted; scripted alone where the run has no search.  A run over several pairings adds
        scripted in its worst pairing (``scripted_worst``, play_pairings): to qualify, the agent
        beats scripted in every pairing."""
        if self.cfg.opponent:
            return ["opponent"]
        names = ["search", "scripted"] if self.search_yardstick else ["scripted"]
        return names + ["scripted_worst"] if self.pairings else names

    def duels(self) -> bool:
        """Whether evaluations play the run's agent so far: in self-play with an agent chosen and
        a bar that a policy can pass."""
        return (not self.cfg.opponent and self.cfg.agent_bar < 1.0 and bool(self.best)
                and self.agent_policy is not None)

    def choose_agent(self, out: dict, policy: MaskedActorCritic, update: int, global_step: int, run_dir: Path,
                     display) -> None:
        """Make `policy` (just evaluated at `update`, figures `out`) the run's agent if it is better
        than the agent so far, by the module's rule: the yardsticks (yardstick_names, in order)
        while they separate the two, else the head-to-head this evaluation played against the agent
        (``eval/score_agent``).  The agent is saved as <run_dir>/checkpoints/best.safetensors, a
        policy-only checkpoint (config, action layout, weights and the figures it was chosen by)
        that every command playing a checkpoint reads.  An evaluation that did not play the
        decisive yardstick (a periodic one between search evaluations) changes nothing."""
        names = self.yardstick_names()
        if f"eval/score_{names[0]}_low" not in out:
            return
        figures = {n: {"score": out[f"eval/score_{n}"], "low": out[f"eval/score_{n}_low"],
                       "high": out[f"eval/score_{n}_high"], "matches": out[f"eval/matches_{n}"]}
                   for n in names if f"eval/score_{n}" in out}
        bar = None if self.cfg.opponent or self.cfg.agent_bar >= 1.0 else self.cfg.agent_bar
        choice = verdict(figures, self.best.get("yardsticks"), names, bar)
        duel = None
        if choice == DUEL:
            if "eval/score_agent" in out:
                duel = {"against": self.best["update"], "score": out["eval/score_agent"],
                        "low": out["eval/score_agent_low"], "high": out["eval/score_agent_high"],
                        "matches": out["eval/matches_agent"]}
                choice = REPLACE if duel_replaces(duel["score"]) else KEEP
            else:  # the agent's weights are not at hand (a checkpoint without them): the yardsticks decide
                choice = verdict(figures, self.best["yardsticks"], names, None)
        if choice != REPLACE:
            return
        if duel is None and self.best.get("update") == update:  # the final evaluation of the agent
            duel = self.best.get("head_to_head")  # itself: its larger sample, the head-to-head that chose it
        self.best = {"update": update, "global_step": global_step, "yardsticks": figures}
        if duel:
            self.best["head_to_head"] = duel
        self.agent_policy = copy.deepcopy(policy).eval().requires_grad_(False)
        save_policy(self.cfg, self.spec, policy, run_dir / "checkpoints" / BEST, update, global_step,
                    chosen_by=figures, **({"head_to_head": duel} if duel else {}))
        why = (f"beats the agent of update {duel['against']} {duel['score']:.2f} [{duel['low']:.2f}, "
               f"{duel['high']:.2f}]; " if duel else "")
        display.message(f"the run's agent is now update {update} ({why}"
                        + ", ".join(score_text(out, n) for n in figures)
                        + f"): {run_dir / 'checkpoints' / BEST}")
