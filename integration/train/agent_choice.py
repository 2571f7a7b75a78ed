"""Choosing the run's agent (``checkpoints/best.safetensors``) among the policies a run evaluates.

Self-play cycles: a policy's score against a fixed yardstick swings over a run by far more than
its interval, and a policy that scores best against the yardsticks can be one that every later
policy beats (a style the search handles badly, e.g. throwing shuriken on half its turns).  So the
yardsticks decide only while they separate the policies; once both the candidate and the agent so
far beat every yardstick more often than they lose to it, the two play each other and the winner
is the agent (the gating of AlphaGo Zero, which kept a new network only if it beat the current
one).

The rule, for a candidate (the policy just evaluated) against the agent so far:

* no agent yet: the candidate becomes the agent;
* one of the two *qualifies* (its score against every yardstick is above ``bar``) and the other
  does not: the qualifying one is the agent;
* both qualify: the head-to-head decides; the candidate replaces the agent if it scores above one
  half against it (draws count half);
* neither qualifies: the one whose lower 95 % interval ends are higher, yardstick by yardstick in
  order, is the agent (ties keep the agent), so a score over few matches must be higher to win.

``bar`` None (a best response, whose one yardstick is its target) leaves only the last rule.
"""
from __future__ import annotations

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
