"""``yomi bench`` reaches every per-case option (--env, --trainer), repeats its figures and lines up
its tables; ``scripts/gpu_check.sh --cpu`` (integration/tools/gpu_check.py) runs its steps on the CPU."""
from __future__ import annotations

import io
import json
import re
import subprocess

import pytest
import torch

from integration.tools import bench, gpu_check
from support.data import REPO
from support.training import TOY


def test_env_bench_options_reach_the_case(tmp_path, capsys):
    out = tmp_path / "env.json"
    assert bench.main(["--env", "--backend", "c", "--envs", "2", "--seconds", "0.2", "--repeats", "2",
                       "--workers", "1", "--p1", "cowboy", "--p2", "ninja", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert (data["p1"], data["p2"], data["seconds"]) == ("cowboy", "ninja", 0.2)
    [case] = data["cases"]
    assert (case["backend"], case["envs"], case["workers"], case["runs"]) == ("c", 2, 1, 2)
    median, low, high = case["cpu"]
    assert 0 < low <= median <= high
    assert "cowboy vs ninja" in capsys.readouterr().out


def test_env_bench_splits_the_c_step(tmp_path):
    """The C env's step split into its parts: together they are at most the step's wall time (each is a
    stretch of it), and every match step (two agent steps) advances at least one tick."""
    out = tmp_path / "env.json"
    assert bench.main(["--env", "--backend", "c", "--envs", "4", "--seconds", "0.2", "--repeats", "1",
                       "--workers", "1", "--json", str(out)]) == 0
    [case] = json.loads(out.read_text())["cases"]
    split = case["split"]
    assert set(split) == {"act", "advance", "observe", "restart", "ticks"}
    assert min(split.values()) >= 0 and split["advance"] > 0
    wall_per_agent_step = 1e6 / case["wall"][0]
    assert sum(split[k] for k in ("act", "advance", "observe", "restart")) <= wall_per_agent_step * (1 + 1e-9)
    assert split["ticks"] >= 0.5


def test_env_bench_python_backend_has_no_split(tmp_path):
    out = tmp_path / "env.json"
    assert bench.main(["--env", "--backend", "python", "--envs", "1", "--seconds", "0.1", "--repeats", "1",
                       "--workers", "1", "--json", str(out)]) == 0
    [case] = json.loads(out.read_text())["cases"]
    assert case["split"] is None


def test_env_bench_rejects_a_bad_option():
    with pytest.raises(SystemExit):
        bench.main(["--env", "--repeats", "0"])


def test_trainer_bench_figures(tmp_path):
    out = tmp_path / "trainer.json"
    assert bench.main(["--trainer", "--env", TOY, "--workers", "1", "--envs-per-worker", "4", "--updates", "2",
                       "--set", "horizon=4", "--json", str(out)]) == 0
    [row] = json.loads(out.read_text())
    assert (row["workers"], row["num_envs"], row["batch"], row["updates"]) == (1, 4, 4 * 2 * 4, 2)
    assert 0 < row["sps"][1] <= row["sps"][0] <= row["sps"][2]
    assert set(row["split"]) >= {"env", "forward", "update"}


def test_gpu_check_cpu_mode(tmp_path, capsys):
    """Every step but the test files (this is one), on the toy env: each option's training run
    finishes with finite losses and the throughput figures come for 1 and 2 env workers, and for
    2 workers in two halves (double_buffer)."""
    out = tmp_path / "check.json"
    rc = gpu_check.main(["--cpu", "--skip-tests", "--env", TOY, "--updates", "2", "--num-envs", "4",
                         "--envs-per-worker", "2", "--out", str(out)])
    report = json.loads(out.read_text())
    assert rc == 0 and report["ok"], report
    assert [r["name"] for r in report["training"]] == ["plain", "cuda_graphs", "cuda_graph_update", "bf16",
                                                     "async_update"]
    assert all(r["finite_losses"] and r["updates"] == 2 for r in report["training"])
    assert [(r["workers"], r["double_buffer"]) for r in report["throughput"]] == [(1, False), (2, False), (2, True)]
    table = capsys.readouterr().out
    assert "train cuda_graph_update" in table and "throughput 2 workers" in table
    halves = [line for line in table.splitlines() if line.startswith("throughput 2 workers, halves")]
    plain, double = report["throughput"][1]["sps"][0], report["throughput"][2]["sps"][0]
    assert halves and halves[-1].endswith(f", x{double / plain:.2f} the plain case")
    assert "env_ceiling" not in report  # the toy env has no ceiling step: it is the game's env's


def test_gpu_check_env_ceiling():
    """The game's env alone in 2 processes of 2 matches: its rate, and the best successful training
    figure (here a made-up 1,000, beside a failed case that must not count) as a share of it."""
    throughput = [dict(ok=True, sps=(1000.0, 900.0, 1100.0)), dict(ok=False, error="x")]
    r = gpu_check.env_ceiling(2, 2, quick=True, throughput=throughput)
    assert r["ok"] and (r["workers"], r["num_envs"]) == (2, 2)
    assert r["sps"][1] <= r["sps"][0] <= r["sps"][2] and r["sps"][0] > 1000
    assert r["training_share"] == round(1000.0 / r["sps"][0], 3)
    assert "env alone, 2 procs" in gpu_check._ceiling_line(r)


@pytest.mark.skipif(torch.cuda.is_available(), reason="this machine has a GPU")
def test_gpu_check_without_gpu_says_so(tmp_path, capsys):
    assert gpu_check.main(["--out", str(tmp_path / "x.json")]) == 2
    assert "no CUDA device" in capsys.readouterr().err


def test_gpu_check_script_help():
    proc = subprocess.run([str(REPO / "scripts" / "gpu_check.sh"), "--help"], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0 and "--cpu" in proc.stdout


# ----- the tables line up -------------------------------------------------------------------------
def _cells(line: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of each cell of a table line: cells are two or more spaces apart."""
    return [(m.start(), m.end(), m.group()) for m in re.finditer(r"\S+(?: \S+)*", line)]


def _assert_lines_up(lines: list[str]) -> list[list[str]]:
    """Each line has the header's cells; the first column starts where the header's does and every
    other column ends where the header's does.  Returns the rows' cell texts."""
    header = _cells(lines[0])
    rows = []
    for line in lines[1:]:
        cells = _cells(line)
        assert len(cells) == len(header), (lines[0], line)
        assert cells[0][0] == header[0][0], (lines[0], line)
        assert [c[1] for c in cells[1:]] == [h[1] for h in header[1:]], "\n".join([lines[0], line])
        rows.append([c[2] for c in cells])
    return rows


def test_format_table_fits_the_widest_cell():
    from integration.tools.columns import format_table

    lines = format_table(["name", "n", "rate"], [["c (run_script, in C)", "154,714", "1,902,234 (1,800,000-2,000,000)"],
                                                 ["py", "302", "3 (2-4)"]])
    assert lines == ["name                        n                             rate",
                     "c (run_script, in C)  154,714  1,902,234 (1,800,000-2,000,000)",
                     "py                        302                          3 (2-4)"]
    with pytest.raises(ValueError):
        format_table(["a", "b"], [["1"]])


def test_engine_table_lines_up_with_thousands_separators():
    """The run_script row counts every replay (hundreds of thousands of ticks): its figures, with
    separators, fit their columns like the others'."""
    out = io.StringIO()
    bench.run([("Ninja", "Ninja")], 1, 300, 1, out=out, repeats=1, python_repeats=1, min_seconds=0.05)
    lines = out.getvalue().splitlines()
    table = lines[next(i for i, x in enumerate(lines) if x.startswith("engine")):]
    assert len(table) == 4
    rows = _assert_lines_up(table)
    assert [r[0] for r in rows] == ["python (interface)", "c (interface, per decision)", "c (run_script, in C)"]
    for row in rows:
        for cell in row[1:]:
            for number in re.findall(r"[\d,]+", cell):
                assert number == f"{int(number.replace(',', '')):,}", (cell, row)  # separators, consistently
    assert int(rows[2][2].replace(",", "")) >= 1000 and "," in rows[2][2]


def test_env_table_lines_up_and_names_each_column(capsys):
    assert bench.main(["--env", "--backend", "c", "--envs", "2", "--seconds", "0.1", "--repeats", "1",
                       "--workers", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith("backend"))
    split_title = next(i for i, x in enumerate(lines) if x.startswith("where the C env's step goes"))
    table = lines[start:split_title]
    assert [c[2] for c in _cells(table[0])] == ["backend", "envs", "workers", "env agent steps/s",
                                                "env agent steps per CPU-s", "matches (cut short)"]
    [row] = _assert_lines_up(table)
    assert re.fullmatch(r"[\d,]+ \([\d,]+\)", row[-1]), row
    split = lines[split_title + 1:]
    assert [c[2] for c in _cells(split[0])] == ["envs", "workers", "act", "advance", "ticks", "observe", "restart"]
    [row] = _assert_lines_up(split)
    assert all(re.fullmatch(r"\d+\.\d\d", x) for x in row[2:]), row
