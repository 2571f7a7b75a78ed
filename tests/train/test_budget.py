"""The run's budget (integration/train/budget.py) by hand, on a fake clock: the one clock, the one
stop rule, the learning rate's progress, the ETA and the final evaluation's rounds."""
from __future__ import annotations

import pytest

from integration.train.budget import RunBudget


class FakeClock:
    """A clock that moves only when told."""

    def __init__(self, t: float = 100.0):
        self.t = t

    def __call__(self) -> float:
        return self.t


def test_the_clock_counts_from_the_budgets_birth_and_continues_after_a_pause():
    now = FakeClock()
    budget = RunBudget(60.0, None, now=now)
    now.t += 3.0  # building the envs counts
    assert budget.clock() == 3.0
    now.t += 2.0
    assert budget.read() == 5.0 and budget.elapsed_s == 5.0
    budget.pause()
    now.t += 50.0  # between two runs: not counted
    assert budget.clock() == 5.0
    now.t += 1.0
    assert budget.clock() == 6.0


def test_a_resumed_clock_continues_from_its_checkpointed_reading():
    now = FakeClock()
    budget = RunBudget(60.0, None, now=now)
    budget.elapsed_s = 40.0  # a checkpoint's reading, loaded before the clock first runs
    now.t += 2.0  # building the resumed run's envs counts too
    assert budget.clock() == 42.0
    budget.restart(10.0)
    assert budget.clock() == 10.0 and budget.elapsed_s == 10.0


def test_the_stop_rule_keeps_the_reserve_and_the_next_updates_time():
    now = FakeClock()
    budget = RunBudget(100.0, None, now=now)
    budget.recent_update_s.extend([4.0, 6.0])  # the next update: 5 s expected
    now.t += 70.0
    budget.plan(end_s=20.0)
    assert (budget.elapsed_s, budget.reserve_s, budget.next_update_s) == (70.0, 20.0, 5.0)
    assert not budget.exhausted(0)  # 70 + 5 + 20 < 100
    assert budget.exhausted(0, ahead=1)  # 70 + 2 x 5 + 20 >= 100: the update after next would not fit
    budget.plan(end_s=20.0, eval_s=5.0)  # the next update evaluates too
    assert budget.next_update_s == 10.0 and budget.exhausted(0)
    budget.plan(end_s=80.0)  # the reserve is at most half the budget
    assert budget.reserve_s == 50.0 and budget.exhausted(0)


def test_a_step_budget_stops_at_its_steps_and_never_by_the_clock():
    now = FakeClock()
    budget = RunBudget(None, 1000, now=now)
    now.t += 1e6
    budget.plan(end_s=30.0)
    assert budget.reserve_s == 30.0  # no time budget to take half of
    assert not budget.exhausted(999, ahead=5)
    assert budget.exhausted(1000)


def test_progress_is_the_larger_fraction_and_a_step_budgets_is_the_steps_alone():
    now = FakeClock()
    steps = RunBudget(None, 1000, now=now)
    now.t += 500.0
    steps.read()
    assert steps.progress(250) == 0.25 and steps.progress(5000) == 1.0
    both = RunBudget(100.0, 1000, now=now)
    now.t += 40.0
    both.plan(end_s=20.0)  # 40 s of the 80 s left for training
    assert both.progress(100) == 0.5 and both.progress(900) == 0.9


def test_the_eta_is_the_sooner_of_the_time_left_and_the_steps_left_at_the_runs_rate():
    now = FakeClock()
    budget = RunBudget(None, 1000, now=now)
    assert budget.eta_s(0, end_s=7.0) is None  # no rate yet
    now.t += 10.0
    budget.read()
    assert budget.eta_s(250, end_s=7.0) == pytest.approx(30.0 + 7.0)  # 750 steps at 25 a second
    timed = RunBudget(60.0, 1000, now=now)
    now.t += 10.0
    timed.read()
    assert timed.eta_s(250, end_s=7.0) == pytest.approx(37.0)  # 50 s of time left: the steps end first
    assert timed.eta_s(10, end_s=7.0) == pytest.approx(50.0)  # 990 steps at 1 a second: the time ends first


def test_the_final_rounds_shrink_to_the_time_left():
    now = FakeClock()
    budget = RunBudget(60.0, None, now=now)
    assert budget.final_rounds((4, 2), fixed_s=1.0, scalable_s=32.0, extra_s=5.0) == (4, 2)  # 38 s fit in 60
    budget.restart(37.0)  # 23 s left: 5 for the rest of the end, none for fixed_s: 18 for 32 s of rounds
    assert budget.final_rounds((4, 2), fixed_s=0.0, scalable_s=32.0, extra_s=5.0) == (2, 1)
    budget.restart(59.0)  # nothing left: one round each still
    assert budget.final_rounds((4, 2), fixed_s=0.0, scalable_s=32.0, extra_s=5.0) == (1, 1)
    assert RunBudget(None, 10, now=now).final_rounds((4, 2), 0.0, 1e9, 0.0) == (4, 2)  # no time budget


def test_a_round_fits_while_it_and_what_follows_it_end_within_the_budget():
    now = FakeClock()
    budget = RunBudget(60.0, None, now=now)
    budget.restart(50.0)
    assert budget.round_fits(round_s=6.0, after_s=4.0)
    assert not budget.round_fits(round_s=6.0, after_s=4.5)
    assert RunBudget(None, 10, now=now).round_fits(1e9, 1e9)


def test_the_budgets_text():
    assert RunBudget(90.0, 5000).text(5000) == "budget 1.5 min in all (final evaluation included) / 5,000 agent steps"
    assert RunBudget(None, 5000).text(5000) == "budget 5,000 agent steps"


def test_the_end_besides_the_final_evaluation_is_the_latest_checkpoint_recording_and_plots():
    budget = RunBudget(60.0, None, recording_s=10.0, plots_s=5.0)
    budget.checkpoint_s = 0.5
    assert budget.finish_extra_s() == 15.5
