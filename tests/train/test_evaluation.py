"""Choosing the run's agent (integration/train/evaluation.py: the rule), by hand."""
from __future__ import annotations

from integration.train.evaluation import DUEL, KEEP, REPLACE, duel_replaces, qualifies, verdict

NAMES = ["search", "scripted"]


def fig(search: float, search_low: float, scripted: float = 1.0, scripted_low: float = 0.97) -> dict:
    return {"search": {"score": search, "low": search_low, "high": 1.0, "matches": 16},
            "scripted": {"score": scripted, "low": scripted_low, "high": 1.0, "matches": 128}}


def test_a_policy_qualifies_by_beating_every_yardstick():
    assert qualifies(fig(0.56, 0.31), NAMES, 0.5)
    assert not qualifies(fig(0.5, 0.27), NAMES, 0.5)  # even is not above the bar
    assert not qualifies(fig(0.9, 0.7, scripted=0.45, scripted_low=0.36), NAMES, 0.5)
    assert not qualifies({"scripted": fig(0.9, 0.7)["scripted"]}, NAMES, 0.5)  # the search was not played
    assert not qualifies(fig(1.0, 0.81), NAMES, None)  # no bar: a best response


def test_the_first_policy_evaluated_is_the_agent():
    assert verdict(fig(0.06, 0.01), None, NAMES, 0.5) == REPLACE
    assert verdict(fig(0.06, 0.01), {}, NAMES, 0.5) == REPLACE


def test_a_qualifying_policy_beats_one_that_does_not():
    # the 60-minute run's agent scored 1.00 against the search over 16 (lower end 0.81); the final
    # policy 0.61 over 32 (0.44): only the lower ends would keep the first
    first, final = fig(1.0, 0.806), fig(0.609, 0.437)
    assert verdict(final, first, NAMES, 0.5) == DUEL
    assert verdict(final, first, NAMES, 1.0) == KEEP  # bar 1: the lower ends alone
    assert verdict(fig(0.44, 0.23), first, NAMES, 0.5) == KEEP
    assert verdict(first, fig(0.44, 0.23), NAMES, 0.5) == REPLACE


def test_below_the_bar_the_higher_lower_ends_win_in_yardstick_order():
    agent = fig(0.31, 0.14, 0.82, 0.745)
    assert verdict(fig(0.44, 0.23, 0.73, 0.64), agent, NAMES, 0.5) == REPLACE  # search decides first
    assert verdict(fig(0.31, 0.14, 0.90, 0.83), agent, NAMES, 0.5) == REPLACE  # then scripted
    assert verdict(fig(0.31, 0.14, 0.82, 0.745), agent, NAMES, 0.5) == KEEP  # equals keep the agent
    assert verdict(fig(0.25, 0.10, 1.0, 0.97), agent, NAMES, 0.5) == KEEP


def test_a_best_response_is_chosen_by_its_target_alone():
    agent = {"opponent": {"score": 0.98, "low": 0.97, "high": 0.99, "matches": 512}}
    better = {"opponent": {"score": 0.99, "low": 0.98, "high": 1.0, "matches": 512}}
    assert verdict(better, agent, ["opponent"], None) == REPLACE
    assert verdict(agent, better, ["opponent"], None) == KEEP


def test_the_head_to_head_must_be_won():
    assert duel_replaces(33 / 64)
    assert not duel_replaces(0.5)  # an even head-to-head keeps the agent
    assert not duel_replaces(0.2)


def test_the_plans_cost_is_measured_per_kind_and_nothing_between_periodic_evaluations(tmp_path):
    from support.training import small

    from integration.train.trainer import Trainer

    trainer = Trainer(small(eval_interval=4, final_eval_rounds=1), run_dir=tmp_path, display=False)
    evaluation, pool = trainer.evaluation, trainer.selfplay
    assert evaluation.periodic_s(3, pool) == 0.0  # update 3 does not evaluate
    plan = evaluation.plan(False, None, 4, pool)
    assert [o.name for o in plan][:2] == ["random", "scripted"]
    evaluation.seconds_per_match.update({o.kind: 0.5 for o in plan})
    assert evaluation.periodic_s(4, pool) == sum(0.5 * o.matches * o.rounds for o in plan)
    # the latest periodic evaluation stands for the final one where it evaluated this update once
    # (the toy env has no search yardstick)
    evaluation.last = {"update": 4}
    assert evaluation.played_final(4) and not evaluation.played_final(5)
    trainer.close()
