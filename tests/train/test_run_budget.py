"""What a run spends and leaves: a time budget is the whole run's (the final evaluation,
recording and plots included), evaluations rate the learner against the fixed yardsticks, and the
run folder's metrics and plots carry them."""
from __future__ import annotations

import csv
import importlib
import json

import pytest

from integration.env.action_layout import CHARACTERS
from integration.train.logger import read_evaluations, yardstick_series
from integration.train.trainer import Trainer
from support.training import small


pytestmark = pytest.mark.usefixtures("one_torch_thread")  # tests/conftest.py


@pytest.fixture(autouse=True, scope="module")
def dynamo_imported():
    # The first optimizer of a process imports torch._dynamo (seconds): a run's clock counts it,
    # so it is imported here, where the budget test does not pay it.
    importlib.import_module("torch._dynamo")


def test_a_time_budget_ends_the_whole_run(tmp_path):
    """A 12-second budget on the toy env: training stops early enough that the final evaluation
    (4 rounds of the baselines) ends within the budget too, plus a little slack for what the
    clock cannot see (the summary's file, closing the envs)."""
    budget_s = 12.0
    trainer = Trainer(small(steps=None, minutes=budget_s / 60, eval_interval=4, eval_matches=32), run_dir=tmp_path,
                      display=False)
    summary = trainer.run()
    trainer.close()
    # The run's own clock is the contract (the summary's run_minutes, from building the envs to
    # the summary); the wall clock around the call would also time the interpreter's work outside
    # the run, which no budget governs.
    # Within the budget, less than one final round of the toy's baselines over it at worst (the
    # final evaluation keeps at least one round, however late it starts)
    assert summary["run_minutes"] * 60 <= budget_s + 2.0
    assert summary["train_minutes"] < summary["run_minutes"]  # the final phase had its time
    # at most half the budget is kept back for the end (less the one update that would not fit)
    assert summary["train_minutes"] * 60 >= 0.4 * budget_s
    # The final evaluation ran, in whole rounds of 32 matches: as many of the 4 as the time left
    # allowed (the reserve estimated from the periodic evaluations can fall short when matches
    # take longer at the end, and the final evaluation then drops rounds rather than overrun).
    final = [e for e in read_evaluations(tmp_path) if e["final"]]
    assert len(final) == 1
    assert final[0]["eval/matches_scripted"] in (32, 64, 96, 128)


def test_the_final_evaluation_shrinks_to_the_time_left(tmp_path):
    trainer = Trainer(small(steps=None, minutes=1.0), run_dir=tmp_path, display=False)
    trainer.evaluation.seconds_per_match.update(random=0.01, scripted=0.01, snapshot=0.01)
    trainer.budget.now = lambda: 1000.0  # a clock that stands still
    trainer.budget.restart(0.0)  # the run's clock starts now
    assert trainer.evaluation.final_rounds(trainer.budget, trainer.update_count, trainer.selfplay) == (4, 2)  # 2 x 4 x 8 matches of 0.01 s fit in a minute
    trainer.evaluation.seconds_per_match.update(random=0.5, scripted=0.5)  # 2 x 4 x 8 x 0.5 = 32 s a full one
    trainer.budget.restart(60.0 - 5.0 - 18.0)  # 18 s are left after plots (5 s); snapshots take none yet
    assert trainer.evaluation.final_rounds(trainer.budget, trainer.update_count, trainer.selfplay) == (2, 1)  # 8 x 0.5 x 2 x 2 = 16 s fit in 18
    trainer.close()


def test_evaluations_rate_the_learner_against_the_yardsticks(tmp_path):
    trainer = Trainer(small(eval_interval=2, eval_matches=16, plots=True), run_dir=tmp_path, display=False)
    summary = trainer.run(max_updates=4)
    trainer.close()
    rows = trainer.metrics.rows
    assert [r["update"] for r in rows if "eval/score_scripted" in r] == [2, 4]
    for r in rows[1::2]:
        result = (r["eval/score_scripted"], r["eval/score_scripted_low"], r["eval/score_scripted_high"])
        assert 0.0 <= result[1] <= result[0] <= result[2] <= 1.0
        assert r["eval/matches_scripted"] == 16 and "eval/elo_vs_scripted" in r
        assert r["sps"] > 0 and r["sps_run"] > 0
    with open(tmp_path / "metrics.csv") as f:
        header = next(csv.reader(f))
    for column in ("sps", "sps_run", "eval/score_scripted", "eval/score_scripted_low", "eval/score_scripted_high",
                   "eval/elo_vs_scripted", "eval/score_search", "eval/elo_vs_search"):
        assert column in header
    evals = read_evaluations(tmp_path)
    assert [(e["update"], e["final"]) for e in evals] == [(2, False), (4, False), (4, True)]
    assert summary["yardsticks"]["scripted"]["matches"] == 4 * 16  # the final evaluation: 4 rounds
    assert summary["yardsticks"]["scripted"]["score"] == evals[-1]["eval/score_scripted"]
    # the plots: the yardstick's series over steps and over the clock, the final evaluation included
    names = {p.split("/")[-1] for p in summary["plots"]}
    assert names == {"progress.png", "yardsticks.png", "snapshots.png", "losses.png", "timing.png"}
    series = yardstick_series(evals, "scripted", "global_step")
    assert [p["x"] for p in series] == [e["global_step"] for e in evals] and series[-1]["final"]
    assert [p["score"] for p in series] == [e["eval/score_scripted"] for e in evals]
    assert [p["low"] for p in series] == [e["eval/score_scripted_low"] for e in evals]
    assert [p["x"] for p in yardstick_series(evals, "scripted", "wall_s")] == [e["wall_s"] for e in evals]
    assert json.loads((tmp_path / "summary.json").read_text())["yardsticks"] == summary["yardsticks"]


def test_the_search_yardstick_on_the_real_game(tmp_path):
    """The search is played at the first periodic evaluation and in the final one, on as many
    matches as asked, and rated like the other yardsticks."""
    cfg = small(env="yomi", num_envs=4, horizon=4, eval_interval=1, eval_matches=2, eval_snapshots=0,
                eval_search_matches=2, eval_search_every=2, final_eval_rounds=1, final_search_rounds=1,
                record_matches=False)
    trainer = Trainer(cfg, run_dir=tmp_path, display=False)
    summary = trainer.run(max_updates=2)
    trainer.close()
    evals = read_evaluations(tmp_path)
    assert [(e["update"], e["final"], "eval/score_search" in e) for e in evals] == [
        (1, False, True), (2, False, False), (2, True, True)]  # every 2nd periodic evaluation, and the final
    assert summary["yardsticks"]["search"]["matches"] == 2 and summary["elo_search"] is not None
    assert trainer.evaluation.seconds_per_match["search"] > 0


def test_a_run_folder_with_other_csv_columns_is_rewritten_aligned(tmp_path):
    """Resuming a run folder written with other metrics columns: metrics.csv gets today's header,
    and its rows (from metrics.jsonl, which holds every key) line up with it."""
    from integration.train.logger import CSV_COLUMNS, MetricsLog

    (tmp_path / "metrics.csv").write_text("update,global_step,sps\n1,128,1000\n")
    (tmp_path / "metrics.jsonl").write_text(json.dumps({"update": 1, "global_step": 128, "sps": 1000.0}) + "\n")
    log = MetricsLog(tmp_path)
    log.write({"update": 2, "global_step": 256, "sps": 2000.0, "sps_run": 900.0})
    with open(tmp_path / "metrics.csv") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == CSV_COLUMNS
    assert [(r["update"], r["sps"], r["sps_run"]) for r in rows] == [("1", "1000", ""), ("2", "2000", "900")]


def test_a_run_over_several_pairings_plays_scripted_in_each(tmp_path):
    """--p1 random against the Ninja: five pairings of P1's and P2's characters, so scripted is
    played in each (eval_pairing_matches each, sides alternating), and the learner's worst pairing
    is rated as the yardstick ``scripted_worst``, which the run's agent is chosen by (it must beat
    scripted in every pairing)."""
    cfg = small(env="yomi", p1="random", p2="ninja", num_envs=4, horizon=4, eval_interval=1,
                eval_matches=2, eval_pairing_matches=2, eval_snapshots=0, eval_search=None, final_eval_rounds=1,
                record_matches=False)
    trainer = Trainer(cfg, run_dir=tmp_path, display=False)
    assert trainer.evaluation.pairings == tuple((c, "Ninja") for c in CHARACTERS)
    assert trainer.evaluation.yardstick_names() == ["scripted", "scripted_worst"]
    summary = trainer.run(max_updates=1)
    trainer.close()
    for e in read_evaluations(tmp_path):
        assert e["eval/matches_scripted"] == 5 * 2 and e["eval/matches_random"] == 2
        # as the learner's character against the opponent's: each pairing from both sides
        by_pairing = e["eval/scripted_by_pairing"]
        assert set(by_pairing) == {f"{c}-Ninja" for c in CHARACTERS} | {f"Ninja-{c}" for c in CHARACTERS}
        worst = e["eval/scripted_worst_pairing"]
        assert by_pairing[worst] == e["eval/score_scripted_worst"] == min(by_pairing.values())
        assert e["eval/matches_scripted_worst"] == (2 if worst == "Ninja-Ninja" else 1)
    assert summary["yardsticks"]["scripted_worst"]["pairing"] == worst
    assert set(summary["agent"]["yardsticks"]) == {"scripted", "scripted_worst"}
    # the summary names the agent played with search, a policy name that parses (its checkpoint exists)
    from integration.train.policies import parse_policy_name

    assert summary["agent_with_search"] == f"search:agent={tmp_path / 'checkpoints' / 'best.safetensors'}"
    assert parse_policy_name(summary["agent_with_search"]).search.prior == summary["agent"]["checkpoint"]


def test_each_pairings_matches_count_for_the_learners_character(tmp_path, monkeypatch):
    """The learner is P1 in the even slots and P2 in the odd ones: with every even slot won and
    every odd one lost, the Ninja mirror scores one half, each character as P1 against the Ninja
    wins all, and the Ninja as P2 against each loses all."""
    from collections import defaultdict

    import numpy as np

    from integration.train import evaluation
    from integration.train.evaluate import Result

    trainer = Trainer(small(env="yomi", p1="random", p2="ninja", num_envs=4, horizon=4, eval_pairing_matches=4,
                            eval_search=None), run_dir=tmp_path, display=False)
    monkeypatch.setattr(evaluation, "play_slots", lambda env, *a, **k: np.array([1, -1, 1, -1], dtype=np.int8))
    by_pairing = defaultdict(Result)
    total = trainer.evaluation.play_pairings(trainer.evaluation.pairings, None, None, 0, by_pairing, lambda f: None)
    trainer.close()
    assert total == Result(10, 10, 0)
    others = [c for c in CHARACTERS if c != "Ninja"]
    assert dict(by_pairing) == {("Ninja", "Ninja"): Result(2, 2, 0), **{(c, "Ninja"): Result(2, 0, 0) for c in others},
                                **{("Ninja", c): Result(0, 2, 0) for c in others}}


@pytest.mark.parametrize("opponent, kind, per_match", [("search:k=2,turns=0", "opponent_search", 4.0),
                                                       ("scripted", "opponent", 0.02)])
def test_a_searching_opponent_reserves_a_searchs_time_for_the_final_evaluation(tmp_path, opponent, kind, per_match):
    """Until a best response has measured its opponent, the budget reserves the final evaluation's
    time from a prior per match: a search's seconds, not a network's hundredths (which would
    reserve seconds for an evaluation that takes minutes)."""
    from integration.train.evaluation import PRIOR_SECONDS_PER_MATCH, PRIOR_SECONDS_PER_MATCH_OTHER

    trainer = Trainer(small(env="yomi", num_envs=4, horizon=4, opponent=opponent, eval_search=None),
                      run_dir=tmp_path, display=False)
    (opp,) = [o for o in trainer.evaluation.plan(True, None, trainer.update_count, trainer.selfplay) if o.name == "opponent"]
    assert opp.kind == kind
    assert PRIOR_SECONDS_PER_MATCH.get(kind, PRIOR_SECONDS_PER_MATCH_OTHER) == per_match
    assert trainer.evaluation.estimate(opp) == pytest.approx(per_match * opp.matches * opp.rounds)
    trainer.close()
