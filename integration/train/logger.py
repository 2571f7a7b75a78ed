"""Metrics on disk (CSV and JSON lines), PNG plots, and the progress shown while training."""
from __future__ import annotations

import csv
import json
import math
import sys
import time
from pathlib import Path

# Columns of metrics.csv (metrics.jsonl holds every key, these are the ones worth a spreadsheet).
CSV_COLUMNS = [
    "update", "global_step", "wall_s", "sps", "lr",
    "train/return", "train/win_rate_vs_pool", "train/draw_rate_vs_pool", "train/p1_win_rate_self",
    "train/episode_length", "train/matches",
    "eval/win_rate_random", "eval/win_rate_scripted", "eval/elo", "eval/elo_scripted",
    "loss/policy", "loss/value", "loss/entropy", "loss/approx_kl", "loss/clipfrac", "loss/explained_variance",
    "time/env", "time/forward", "time/update", "time/eval", "time/other", "policy_lag",
]


class MetricsLog:
    def __init__(self, run_dir: Path):
        self.run_dir = run_dir
        self.jsonl = run_dir / "metrics.jsonl"
        self.csv = run_dir / "metrics.csv"
        self.rows: list[dict] = []
        if self.jsonl.exists():  # a resumed run appends to its files
            self.rows = [json.loads(line) for line in self.jsonl.read_text().splitlines() if line.strip()]
        if not self.csv.exists():
            with open(self.csv, "w", newline="") as f:
                csv.writer(f).writerow(CSV_COLUMNS)

    def truncate_after(self, update: int) -> None:
        """Drop rows past a checkpoint (a resumed run re-does those updates)."""
        keep = [r for r in self.rows if r["update"] <= update]
        if len(keep) == len(self.rows):
            return
        self.rows = keep
        self.jsonl.write_text("".join(json.dumps(r) + "\n" for r in keep))
        with open(self.csv, "w", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(CSV_COLUMNS)
            for r in keep:
                writer.writerow([_fmt(r.get(c)) for c in CSV_COLUMNS])

    def write(self, row: dict) -> None:
        self.rows.append(row)
        with open(self.jsonl, "a") as f:
            f.write(json.dumps(row) + "\n")
        with open(self.csv, "a", newline="") as f:
            csv.writer(f).writerow([_fmt(row.get(c)) for c in CSV_COLUMNS])


def _fmt(value):
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    return value


# ----- plots -------------------------------------------------------------------------------------
def make_plots(run_dir: Path, rows: list[dict]) -> list[Path]:
    if not rows:
        return []
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = run_dir / "plots"
    out.mkdir(exist_ok=True)

    def series(key, x="global_step"):
        pts = [(r[x], r[key]) for r in rows if r.get(key) is not None and not _isnan(r[key])]
        return [p[0] for p in pts], [p[1] for p in pts]

    paths = []
    # 1. return and win rates, against env steps and against wall-clock time
    fig, axes = plt.subplots(2, 3, figsize=(15, 8))
    for col, x, xlabel in ((0, "global_step", "agent steps"), (1, "wall_s", "wall-clock seconds")):
        ax = axes[col, 0]
        ax.plot(*series("train/return", x), label="learner return")
        ax.set_xlabel(xlabel), ax.set_title("training return"), ax.legend()
        ax = axes[col, 1]
        for key, label in (("train/win_rate_vs_pool", "train vs pool"), ("eval/win_rate_random", "eval vs random"),
                           ("eval/win_rate_scripted", "eval vs scripted")):
            ax.plot(*series(key, x), marker="." if key.startswith("eval") else None, label=label)
        ax.set_ylim(-0.02, 1.02), ax.set_xlabel(xlabel), ax.set_title("win rate"), ax.legend()
        ax = axes[col, 2]
        ax.plot(*series("eval/elo", x), marker=".", label="learner")
        ax.plot(*series("eval/elo_scripted", x), marker=".", label="scripted")
        ax.set_xlabel(xlabel), ax.set_title("Elo (random = 0)"), ax.legend()
    paths.append(_save(fig, out / "progress.png"))

    # 2. PPO diagnostics
    keys = ["loss/policy", "loss/value", "loss/entropy", "loss/approx_kl", "loss/clipfrac", "loss/explained_variance"]
    fig, axes = plt.subplots(2, 3, figsize=(15, 8))
    for ax, key in zip(axes.flat, keys):
        ax.plot(*series(key)), ax.set_title(key), ax.set_xlabel("agent steps")
    paths.append(_save(fig, out / "losses.png"))

    # 3. throughput and where the time goes
    fig, axes = plt.subplots(1, 2, figsize=(12, 4))
    axes[0].plot(*series("sps")), axes[0].set_title("agent steps per second"), axes[0].set_xlabel("agent steps")
    parts = ["time/env", "time/forward", "time/update", "time/eval", "time/other"]
    xs = [r["global_step"] for r in rows]
    axes[1].stackplot(xs, *[[r.get(k) or 0.0 for r in rows] for k in parts], labels=[p[5:] for p in parts])
    axes[1].set_title("seconds per update"), axes[1].set_xlabel("agent steps"), axes[1].legend(loc="upper left")
    paths.append(_save(fig, out / "timing.png"))
    return paths


def _save(fig, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    import matplotlib.pyplot as plt

    plt.close(fig)
    return path


def _isnan(v) -> bool:
    return isinstance(v, float) and math.isnan(v)


# ----- progress on the terminal --------------------------------------------------------------------
class Display:
    """A live rich table on a terminal; a plain line every few seconds otherwise (logs, CI)."""

    COLUMNS = [("update", "upd", "{:d}"), ("global_step", "steps", "{:,d}"), ("wall_s", "time", "{:.0f}s"),
               ("sps", "SPS", "{:,.0f}"), ("train/return", "return", "{:+.2f}"),
               ("train/win_rate_vs_pool", "win/pool", "{:.2f}"), ("eval/win_rate_random", "win/rand", "{:.2f}"),
               ("eval/win_rate_scripted", "win/script", "{:.2f}"), ("eval/elo", "Elo", "{:.0f}"),
               ("loss/policy", "pg", "{:.3f}"), ("loss/value", "vf", "{:.3f}"), ("loss/entropy", "ent", "{:.2f}"),
               ("loss/approx_kl", "kl", "{:.4f}"), ("loss/clipfrac", "clip", "{:.2f}"),
               ("loss/explained_variance", "EV", "{:.2f}"), ("split", "env/fwd/upd/eval %", "{}")]

    def __init__(self, enabled: bool = True, interval_s: float = 10.0, budget: str = ""):
        self.enabled = enabled
        self.interval_s = interval_s
        self.budget = budget
        self.tty = enabled and sys.stdout.isatty()
        self.live = None
        self.last_print = 0.0
        self.recent: list[dict] = []
        self.last_eval: dict = {}

    def __enter__(self):
        if self.tty:
            from rich.live import Live

            self.live = Live(self._render(0.0), refresh_per_second=2, transient=False)
            self.live.__enter__()
        return self

    def __exit__(self, *exc):
        if self.live is not None:
            self.live.__exit__(*exc)
            self.live = None

    def update(self, row: dict, progress: float) -> None:
        for key in ("eval/win_rate_random", "eval/win_rate_scripted", "eval/elo"):
            if row.get(key) is not None:
                self.last_eval[key] = row[key]
        row = {**self.last_eval, **row}
        parts = [row.get(k) or 0.0 for k in ("time/env", "time/forward", "time/update", "time/eval")]
        total = sum(parts) + (row.get("time/other") or 0.0)
        row["split"] = "/".join(f"{100 * p / total:.0f}" for p in parts) if total else "-"
        self.recent = (self.recent + [row])[-12:]
        if not self.enabled:
            return
        if self.live is not None:
            self.live.update(self._render(progress))
        elif time.monotonic() - self.last_print >= self.interval_s:
            self.last_print = time.monotonic()
            print(f"[{100 * progress:5.1f}%] " + "  ".join(
                f"{name}={self._cell(row, key, fmt)}" for key, name, fmt in self.COLUMNS), flush=True)

    def message(self, text: str) -> None:
        if not self.enabled:
            return
        if self.live is not None:
            self.live.console.print(text)
        else:
            print(text, flush=True)

    @staticmethod
    def _cell(row, key, fmt) -> str:
        value = row.get(key)
        if value is None or _isnan(value):
            return "-"
        return fmt.format(int(value) if fmt.endswith("d}") else value)

    def _render(self, progress: float):
        """A progress bar and the latest values, three per line: fits an 80-column terminal."""
        from rich.console import Group
        from rich.progress_bar import ProgressBar
        from rich.table import Table
        from rich.text import Text

        row = self.recent[-1] if self.recent else {}
        head = Text(f"yomi self-play {100 * progress:5.1f}%  " + "  ".join(
            f"{name} {self._cell(row, key, fmt)}" for key, name, fmt in self.COLUMNS[:4]), style="bold")
        table = Table(box=None, show_header=False, padding=(0, 1))
        for _ in range(3):
            table.add_column(style="cyan")
            table.add_column(justify="right")
        cells = [(name, self._cell(row, key, fmt)) for key, name, fmt in self.COLUMNS[4:]]
        for i in range(0, len(cells), 3):
            chunk = cells[i:i + 3] + [("", "")] * (3 - len(cells[i:i + 3]))
            table.add_row(*(x for pair in chunk for x in pair))
        return Group(head, ProgressBar(total=1.0, completed=progress, width=72), table, Text(self.budget, style="dim"))
