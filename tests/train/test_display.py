"""The live display a person watches: every value visible at 80 columns, a progress bar that
ends its line, the phase with its own progress and the time left; plain lines off a terminal."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from integration.train.evaluate import Result, elo_difference
from integration.train.logger import RATE_RUN, RATE_TRAINING, Display, Status, duration
from integration.train.evaluation import result_fields

ROW = {"update": 1234, "global_step": 12_345_678, "wall_s": 754.0, "sps": 9012.4, "sps_run": 7654.0,
       "train/return": 0.123, "train/win_rate_vs_pool": 0.55, "train/episode_length": 131.0,
       "loss/policy": -0.0031, "loss/value": 0.046, "loss/entropy": 4.75, "loss/approx_kl": 0.00051,
       "loss/clipfrac": 0.07, "loss/explained_variance": 0.51,
       "time/env": 1.0, "time/forward": 2.0, "time/update": 6.0, "time/eval": 1.0, "time/other": 0.0}


def evaluation(update: int, results: dict[str, Result]) -> dict:
    ev = {"update": update, "eval/elo": 1161.0, "eval/elo_scripted": 714.0, "eval/elo_search": 1402.0}
    for name, result in results.items():
        ev.update(result_fields(name, result))
    return ev


def render(display: Display, width: int) -> list[str]:
    console = Console(file=io.StringIO(), width=width, force_terminal=True, color_system=None)
    console.print(display.render())
    return console.file.getvalue().splitlines()


@pytest.fixture
def display():
    d = Display(enabled=False, budget="budget 15.0 min in all (final evaluation included); 256 agents on cpu")
    d.update(ROW, Status("training", 0.42, 65.0))
    d.evaluation(evaluation(1200, {"random": Result(wins=16), "scripted": Result(wins=3, losses=1),
                                   "search": Result(wins=5, losses=11), "u1190": Result(wins=30, losses=30, draws=4)}))
    d.evaluation(evaluation(1220, {"random": Result(wins=16), "scripted": Result(wins=3, losses=1),
                                   "u1210": Result(wins=2, losses=2)}))  # the search is played every k-th time
    return d


def test_the_time_split_is_one_line(display):
    """The five parts of an update's time, each its share of their sum, on one line within 80 columns."""
    display.update({**ROW, "time/env": 1.0, "time/forward": 1.5, "time/update": 5.5, "time/eval": 1.0,
                    "time/other": 1.0}, Status("training", 0.42, 65.0))
    line = [line for line in render(display, 80) if line.startswith("time per update:")]
    # the mean of the fixture's row (1, 2, 6, 1, 0) and this one (1, 1.5, 5.5, 1, 1): 1, 1.75, 5.75, 1, 0.5
    # of 10 s
    assert line == ["time per update: env 10%  forward 18%  update 58%  eval 10%  other 5%"]


def test_the_time_split_is_the_mean_of_the_latest_updates():
    """Ten updates make the split; an eleventh pushes out the first.  The last update of an
    overlapped run has no rollout beside it (env 0, forward 0): alone it would read as if the env
    took no time."""
    d = Display(enabled=False)
    for _ in range(9):
        d.update({"time/env": 2.0, "time/forward": 2.0, "time/update": 4.0, "time/eval": 0.0,
                  "time/other": 2.0}, Status())
    d.update({"time/env": 0.0, "time/forward": 0.0, "time/update": 4.0, "time/eval": 0.0,
              "time/other": 2.0}, Status())
    # means over 10: env 1.8, forward 1.8, update 4.0, eval 0, other 2.0 of 9.6 s
    assert d.time_line() == "time per update: env 19%  forward 19%  update 42%  eval 0%  other 21%"
    d.update({"time/env": 2.0, "time/forward": 2.0, "time/update": 4.0, "time/eval": 0.0,
              "time/other": 2.0}, Status())
    assert d.time_line() == "time per update: env 19%  forward 19%  update 42%  eval 0%  other 21%"  # first out, same mean
    for _ in range(9):
        d.update({"time/env": 2.0, "time/forward": 2.0, "time/update": 4.0, "time/eval": 0.0,
                  "time/other": 2.0}, Status())
    assert d.time_line() == "time per update: env 20%  forward 20%  update 40%  eval 0%  other 20%"


def test_an_update_beside_the_rollout_is_shown_apart():
    """Overlapped: env, forward, eval and other make up the wall time (0.5 s here); the update, in
    its own process, is its share of that time (0.45 of 0.5 s), not a part of the sum."""
    d = Display(enabled=False)
    d.update_beside = True
    d.update({"time/env": 0.2, "time/forward": 0.2, "time/update": 0.45, "time/eval": 0.0, "time/other": 0.1},
             Status())
    line = d.time_line()
    assert line == "time per update: env 40%  forward 40%  eval 0%  other 20%  update beside 90%"
    assert len(line) <= Display.WIDTH


@pytest.mark.parametrize("width", [80, 132])
def test_every_value_is_visible(display, width):
    lines = render(display, width)
    assert all(len(line) <= width for line in lines), [line for line in lines if len(line) > width]
    text = "\n".join(lines)
    # the head: the phase, its progress, the time left (65 s) and the clock time the run ends
    assert re.search(r"^yomi \| training 42% \| 1m05s left, ends \d\d:\d\d:\d\d$", lines[0])
    # the bar is a line of its own: it ends with the percentage, the counters start the next line
    assert lines[1].endswith(" 42%") and lines[2].startswith("update 1234")
    for cell in ("agent steps 12,345,678", "run time 12m34s", f"{RATE_TRAINING} 9,012", f"{RATE_RUN} 7,654",
                 "return +0.12", "win vs pool 0.55", "match length 131 turns", "pg -0.003", "vf 0.046",
                 "ent 4.75", "kl 0.0005", "clip 0.07", "EV 0.51", "env 10%", "forward 20%", "update 60%", "eval 10%",
                 "learner 1161", "scripted 714", "search 1402", "15.0 min in all"):
        assert cell in text, cell
    table = {line.split()[0]: line.split()[1:] for line in lines if re.match(r"^(random|scripted|search|u\d+) ", line)}
    # Wilson's 95 % interval and the Elo difference, by hand: 3 wins in 4 give [0.30, 0.95] and
    # 400 log10(3) = +191; 16 of 16 only bounds it, from the interval's lower end 0.806: >= +248;
    # 5 of 16: [0.14, 0.56], 400 log10(5/11) = -137
    assert table["scripted"] == ["0.75", "[0.30,", "0.95]", "+191", "4", "1220"]
    assert table["random"] == ["1.00", "[0.81,", "1.00]", ">=", "+248", "16", "1220"]
    assert table["search"] == ["0.31", "[0.14,", "0.56]", "-137", "16", "1200"]  # the latest it was played
    assert table["u1210"] == ["0.50", "[0.15,", "0.85]", "+0", "4", "1220"]
    assert "u1190" not in table  # past snapshots: the latest evaluation's only


def test_phases_have_their_own_progress(display):
    display.status(Status("final evaluation", 0.25, 200.0, "vs search"))
    lines = render(display, 80)
    assert lines[0].startswith("yomi | final evaluation 25% vs search | 3m20s left") and lines[1].endswith(" 25%")
    display.status(Status("recording", 0.5, 4.0, "match 3 of 4", run_s=800.0))
    lines = render(display, 80)
    assert lines[0].startswith("yomi | recording 50% match 3 of 4 | 4s left")
    assert "run time 13m20s" in lines[2]  # the clock keeps moving after the last update (12m34s)
    display.status(Status("done", 1.0, 0.0, run_s=815.0))
    lines = render(display, 80)
    assert lines[0].startswith("yomi | done 100% | 0s left") and "run time 13m35s" in lines[2]


def test_plain_lines_off_a_terminal(capsys):
    d = Display(enabled=True, interval_s=0.0)
    assert not d.tty  # pytest captures stdout: not a terminal
    with d:
        d.update(ROW, Status("training", 0.42, 65.0))
        d.message("eval @ update 1234")
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("yomi | training 42% | 1m05s left") and f"{RATE_TRAINING} 9,012" in out[0]
    assert "agent steps 12,345,678" in out[0] and out[1] == "eval @ update 1234"


def test_duration_and_elo_difference():
    assert [duration(s) for s in (None, 0.4, 59, 65, 3599, 3720)] == ["-", "0s", "59s", "1m05s", "59m59s", "1h02m"]
    assert elo_difference(0.75) == pytest.approx(400 * 0.47712, abs=0.01)  # 400 log10 3
    assert elo_difference(0.5) == 0.0 and elo_difference(1.0) is None and elo_difference(0.0) is None


def test_the_summary_fits_the_terminal_and_keeps_paths_whole(capsys):
    """At 80 columns every summary line fits, continuation lines sit under the values, and a path
    is never cut; into a file each entry stays one line."""
    from integration.train.cli import SUMMARY_INDENT, print_summary

    run = "runs/20261202-065001"
    summary = dict(run_dir=run, updates=39, agent_steps=319_488, train_minutes=0.5, run_minutes=1.3, sps=9512.0,
                   sps_run=4130.0, opponent=None, elo=910.0, elo_scripted=420.0, elo_search=None,
                   checkpoint=f"{run}/checkpoints/latest.safetensors", interrupted=False,
                   yardsticks={"scripted": dict(score=0.97, low=0.95, high=0.98, win_rate=0.97, elo_vs=620.0,
                                                matches=512)},
                   agent=dict(checkpoint=f"{run}/checkpoints/best.safetensors", update=39,
                              yardsticks={"scripted": dict(score=0.97, low=0.95, high=0.98, matches=512)}),
                   plots=[f"{run}/plots/{n}.png" for n in ("progress", "yardsticks", "snapshots", "losses")],
                   engine_errors=2, matches=[f"{run}/matches/scripted_p1.jsonl.gz"],
                   agent_with_search=f"search:agent={run}/checkpoints/best.safetensors")
    print_summary(summary, width=80)
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
    text = "\n".join(lines)
    for path in summary["plots"] + [summary["checkpoint"], f"{run}/engine_errors.log", summary["agent_with_search"]]:
        assert path in text                                   # whole, on one line
    plots = next(i for i, line in enumerate(lines) if line.startswith("plots"))
    assert lines[plots + 1].startswith(" " * SUMMARY_INDENT + run)   # continued under the values
    print_summary(summary)                                    # not a terminal: one line per entry
    assert any(len(line) > 80 and line.startswith("plots") for line in capsys.readouterr().out.splitlines())


def test_the_summary_names_the_head_to_head_that_chose_the_agent_and_its_yardsticks(capsys):
    from integration.train.cli import print_summary

    run = "runs/x"
    summary = dict(run_dir=run, updates=5400, agent_steps=44_236_800, train_minutes=58.8, run_minutes=59.6,
                   sps=15792.0, sps_run=12369.0, opponent=None, elo=1576.0, elo_scripted=362.0, elo_search=1036.0,
                   checkpoint=f"{run}/checkpoints/latest.safetensors", interrupted=False, yardsticks={},
                   agent=dict(checkpoint=f"{run}/checkpoints/best.safetensors", update=5400,
                              head_to_head=dict(against=5000, score=0.53, low=0.41, high=0.65, matches=64),
                              yardsticks={"search": dict(score=0.97, low=0.84, high=0.99, matches=32),
                                          "scripted": dict(score=1.0, low=0.99, high=1.0, matches=512)}),
                   plots=[], engine_errors=0, matches=[])
    print_summary(summary)
    line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("the run's agent"))
    assert line.endswith("(update 5400: agent of update 5000 0.53 [0.41, 0.65] over 64, search 0.97 [0.84, 0.99] "
                         "over 32, scripted 1.00 [0.99, 1.00] over 512)"), line
