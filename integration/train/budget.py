"""The run's budget: one clock, one stop rule, the learning rate's progress and the ETA.

A budget is agent steps (``--steps``), minutes (``--minutes``) or both, whichever ends first.
A time budget is the whole run's: building the envs, training, the periodic evaluations, and the
end of the run (final evaluation, recording, plots), so training stops while there is still time
for that end (the *reserve*, estimated by the trainer from the evaluations' measured cost).

Contract:

* :meth:`RunBudget.clock` is the run's one clock: seconds since the budget was built (the trainer
  builds it first, so building the envs counts), continued from :attr:`RunBudget.elapsed_s` after a
  resume (the checkpointed reading) or after :meth:`RunBudget.pause` (between two ``run`` calls);
* :attr:`elapsed_s` is the clock's reading the run keeps (taken before each update, after each,
  and at the end): the learning rate anneals over it and a checkpoint stores it;
* :meth:`RunBudget.exhausted` is the one stop rule, asked before an update (and, by the overlapped
  loop, one update further ahead);
* everything here is arithmetic on the clock and the numbers it is given: the clock itself is
  ``now`` (``time.perf_counter`` unless a test passes its own).
"""
from __future__ import annotations

import time
from collections import deque
from typing import Callable

import numpy as np

# What the end of a run costs besides the final evaluation, before it is measured: recording the
# final matches on the Python engine (2-3 s for four on 2 cores, more for long matches) and
# drawing the plots (about 5 s, matplotlib's import included).
RECORDING_S = 10.0
PLOTS_S = 5.0


class RunBudget:
    """The budget of one run (see the module's contract): ``seconds`` and ``steps`` (either may be
    None), the clock, and the times it plans with."""

    def __init__(self, seconds: float | None, steps: int | None, recording_s: float = 0.0, plots_s: float = 0.0,
                 now: Callable[[], float] = time.perf_counter):
        self.seconds, self.steps = seconds, steps
        self.recording_s, self.plots_s = recording_s, plots_s  # of the end of the run, when it records, plots
        self.now = now
        self.elapsed_s = 0.0  # the clock's kept reading (all phases, start-up included)
        self.reserve_s = 0.0  # of a time budget: kept for the final evaluation, recording and plots
        self.next_update_s = 0.0  # what the next update is expected to take (its evaluation included)
        self.recent_update_s: deque = deque(maxlen=10)  # rollout + update seconds of the latest updates
        self.checkpoint_s = 0.0  # the latest checkpoint's save time
        self._born: float | None = now()  # the clock starts here
        self._origin: float | None = None  # now() - clock(), while the clock runs

    # ----- the clock -----------------------------------------------------------------------------
    def clock(self) -> float:
        """Seconds of this run so far, every phase counted; a resumed run continues its clock
        (from elapsed_s, when the clock first runs)."""
        if self._origin is None:
            start = self._born if self._born is not None else self.now()
            self._born = None
            self._origin = start - self.elapsed_s
        return self.now() - self._origin

    def pause(self) -> None:
        """Stop the clock: it continues from elapsed_s when next read (a later ``run``)."""
        self._origin = None

    def restart(self, elapsed_s: float) -> None:
        """The clock reads `elapsed_s` now and runs on from there."""
        self.elapsed_s = elapsed_s
        self._born = None
        self._origin = self.now() - elapsed_s

    def read(self) -> float:
        """Take the clock's reading as the run's (elapsed_s) and return it."""
        self.elapsed_s = self.clock()
        return self.elapsed_s

    # ----- planning --------------------------------------------------------------------------
    def plan(self, end_s: float, eval_s: float = 0.0) -> None:
        """Before an update: read the clock, keep the reserve for the end of the run (`end_s`, the
        final evaluation's estimate and the rest of the end: at most half a time budget) and expect
        the next update to take the recent updates' mean, plus `eval_s` if it evaluates."""
        self.read()
        self.reserve_s = self.reserve_for(end_s)
        recent = self.recent_update_s
        self.next_update_s = (float(np.mean(recent)) if recent else 0.0) + eval_s

    def reserve_for(self, end_s: float) -> float:
        """The part of a time budget kept for an end of the run that takes `end_s`: at most half
        the budget (without a time budget: `end_s`)."""
        return min(end_s, 0.5 * self.seconds) if self.seconds else end_s

    def exhausted(self, global_step: int, ahead: int = 0) -> bool:
        """The stop rule, before an update (`ahead` 0) or, with `ahead` n, before the update n
        further on: the steps are spent, or the updates up to that one (at next_update_s each)
        would leave less than the reserve.  Uses the latest plan()."""
        if self.steps is not None and global_step >= self.steps:
            return True
        if self.seconds is None:
            return False
        return self.elapsed_s + (1 + ahead) * self.next_update_s + self.reserve_s >= self.seconds

    def progress(self, global_step: int) -> float:
        """How much of the training budget is spent: the larger of the step and the time fractions
        (the time budget less the reserve).  The learning rate anneals over it.  With a step budget
        only, it is a pure function of the step count, which is what makes a resumed run
        bit-identical; a time budget anneals by the (checkpointed) clock."""
        parts = [0.0]
        if self.steps:
            parts.append(global_step / self.steps)
        if self.seconds:
            parts.append(self.elapsed_s / max(self.seconds - self.reserve_s, 1e-9))
        return min(max(parts), 1.0)

    def eta_s(self, global_step: int, end_s: float) -> float | None:
        """Seconds until the whole run ends: what the time budget leaves, or with a step budget the
        steps left at the run's rate so far (by elapsed_s) plus the end of the run (`end_s`); the
        sooner of the two; None with neither known."""
        now = self.clock()
        left = []
        if self.seconds:
            left.append(self.seconds - now)
        if self.steps and global_step > 0:
            rate = global_step / max(self.elapsed_s, 1e-9)
            left.append(max(self.steps - global_step, 0) / rate + end_s)
        return min(left) if left else None

    # ----- the end of the run ----------------------------------------------------------------
    def finish_extra_s(self) -> float:
        """The end of a run besides the final evaluation: checkpoint, recording, plots."""
        return self.checkpoint_s + self.recording_s + self.plots_s

    def final_rounds(self, full: tuple[int, int], fixed_s: float, scalable_s: float,
                     extra_s: float) -> tuple[int, int]:
        """The final evaluation's rounds (baselines, search): `full`, or fewer (at least one each)
        where the time budget leaves less than their cost: `scalable_s` for all `full` rounds,
        besides `fixed_s` that does not scale and `extra_s` for the rest of the end."""
        if not self.seconds:
            return full
        left = self.seconds - self.clock() - extra_s - fixed_s
        if scalable_s <= 0 or scalable_s <= left:
            return full
        scale = max(left, 0.0) / scalable_s
        return max(1, int(full[0] * scale)), max(1, int(full[1] * scale))

    def round_fits(self, round_s: float, after_s: float) -> bool:
        """Whether the final evaluation has time for one more round of `round_s` seconds with
        `after_s` still to come after it."""
        if not self.seconds:
            return True
        return self.clock() + round_s + after_s <= self.seconds

    def text(self, steps: int | None) -> str:
        """The budget as the live display names it (`steps`: the configured agent steps)."""
        parts = []
        if self.seconds:
            parts.append(f"{self.seconds / 60:.1f} min in all (final evaluation included)")
        if steps:
            parts.append(f"{steps:,} agent steps")
        return "budget " + " / ".join(parts)
