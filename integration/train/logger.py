"""Metrics on disk (CSV and JSON lines), PNG plots, and the progress shown while training.

The rates a run reports, each under one name everywhere (summary, live display, metrics, docs):

* ``agent steps/s (training)`` (:data:`RATE_TRAINING`, metrics key ``sps``): one update's agent
  steps over the wall time of its rollout and PPO update, evaluation left out;
* ``agent steps/s (run)`` (:data:`RATE_RUN`, metrics key ``sps_run``): all agent steps so far over
  the run's wall clock so far (evaluations, checkpoints and start-up included).

``yomi bench --env`` measures a third, ``env agent steps/s`` and ``env agent steps per CPU-s``
(``env.step`` alone, random legal actions); ``yomi bench --trainer`` measures the first.
"""
from __future__ import annotations

import csv
import json
import math
import re
import sys
import time
from collections import deque
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

RATE_TRAINING = "agent steps/s (training)"
RATE_RUN = "agent steps/s (run)"

# Columns of metrics.csv (metrics.jsonl holds every key, these are the ones worth a spreadsheet).
CSV_COLUMNS = [
    "update", "global_step", "wall_s", "sps", "sps_run", "lr",
    "train/return", "train/win_rate_vs_pool", "train/draw_rate_vs_pool", "train/p1_win_rate_self",
    "train/episode_length", "train/matches",
    "eval/win_rate_random", "eval/win_rate_scripted", "eval/elo", "eval/elo_scripted", "eval/elo_search",
    "eval/score_scripted", "eval/score_scripted_low", "eval/score_scripted_high", "eval/elo_vs_scripted",
    "eval/score_search", "eval/score_search_low", "eval/score_search_high", "eval/elo_vs_search",
    "eval/matches_search",
    "loss/policy", "loss/value", "loss/entropy", "loss/approx_kl", "loss/clipfrac", "loss/explained_variance",
    "time/env", "time/forward", "time/update", "time/eval", "time/other",
    "policy_lag",
]
TIME_PARTS = ("env", "forward", "update", "eval", "other")  # the time/* columns, where an update's time goes


LOGS = ("metrics.jsonl", "metrics.csv", "eval.jsonl")
MAX_LOG_BYTES = 512 << 20  # a log of a run: about 2 KB an update


def check_run_logs(run_dir: Path) -> None:
    """A resumed run folder's logs are regular files within MAX_LOG_BYTES (UnsafeFileError, a
    ValueError of one line, otherwise): never a FIFO or a device that reading or appending would
    block on, never gigabytes to read.  Checked before a resumed run builds anything."""
    from integration.safefile import check_output, open_input

    for name in LOGS:
        path = Path(run_dir) / name
        if path.exists() or path.is_symlink():
            check_output(path, "the run's log")
            open_input(path, MAX_LOG_BYTES, "the run's log").close()


def _rows(path: Path) -> list[dict]:
    """The rows of a JSON-lines log (a regular file within MAX_LOG_BYTES): each an object with an
    integer update; other lines are left out (the log is rewritten from the rows kept)."""
    from integration.safefile import read_text_input

    rows = []
    for line in read_text_input(path, MAX_LOG_BYTES, "the run's log").splitlines():
        try:
            row = json.loads(line) if line.strip() else None
        except (ValueError, RecursionError):
            continue
        if isinstance(row, dict) and type(row.get("update")) is int:
            rows.append(row)
    return rows


class MetricsLog:
    def __init__(self, run_dir: Path):
        self.run_dir = run_dir
        self.jsonl = run_dir / "metrics.jsonl"
        self.csv = run_dir / "metrics.csv"
        self.rows: list[dict] = []
        check_run_logs(run_dir)
        if self.jsonl.exists():  # a resumed run appends to its files
            self.rows = _rows(self.jsonl)
        if not self.csv.exists():
            with open(self.csv, "w", newline="") as f:
                csv.writer(f).writerow(CSV_COLUMNS)
        else:  # a run folder from a version with other columns: rewritten, so its rows stay aligned
            with open(self.csv, newline="") as f:
                header = next(csv.reader(f), None)
            if header != CSV_COLUMNS:
                self._rewrite_csv()

    def _rewrite_csv(self) -> None:
        with open(self.csv, "w", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(CSV_COLUMNS)
            for r in self.rows:
                writer.writerow([_fmt(r.get(c)) for c in CSV_COLUMNS])

    def truncate_after(self, update: int) -> None:
        """Drop rows and evaluations past a checkpoint (a resumed run re-does those updates)."""
        evals = read_evaluations(self.run_dir)
        kept = [e for e in evals if e["update"] <= update]
        if len(kept) < len(evals):
            (self.run_dir / "eval.jsonl").write_text("".join(json.dumps(e) + "\n" for e in kept))
        keep = [r for r in self.rows if r["update"] <= update]
        if len(keep) == len(self.rows):
            return
        self.rows = keep
        self.jsonl.write_text("".join(json.dumps(r) + "\n" for r in keep))
        self._rewrite_csv()

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


# ----- evaluations ---------------------------------------------------------------------------------
# Fixed opponents, rated by the score against each alone: they do not change over the run.
YARDSTICKS = ("random", "scripted", "search", "opponent", "reference")
_SNAPSHOT = re.compile(r"u(\d+)$")


def read_evaluations(run_dir: Path) -> list[dict]:
    """Every evaluation of a run folder (``eval.jsonl``: periodic ones and the final one)."""
    path = Path(run_dir) / "eval.jsonl"
    if not path.exists():
        return []
    return _rows(path)


def eval_results(ev: dict) -> dict[str, dict]:
    """The opponents of one evaluation (its ``eval/*`` keys) by name: ``score``, ``low``, ``high``
    (the score's 95 % Wilson interval), ``matches``, ``win_rate``, ``elo_vs`` with ``elo_vs_low`` and
    ``elo_vs_high`` (the Elo difference the score implies against that opponent alone, and the same
    of the interval's ends; None where unbounded), ``seconds`` (what playing it took)."""
    out = {}
    for key, value in ev.items():
        if not key.startswith("eval/score_") or key.endswith(("_low", "_high")) or value is None:
            continue
        name = key[len("eval/score_"):]
        out[name] = dict(score=value, low=ev.get(f"{key}_low"), high=ev.get(f"{key}_high"),
                         matches=ev.get(f"eval/matches_{name}"), win_rate=ev.get(f"eval/win_rate_{name}"),
                         elo_vs=ev.get(f"eval/elo_vs_{name}"), elo_vs_low=ev.get(f"eval/elo_vs_{name}_low"),
                         elo_vs_high=ev.get(f"eval/elo_vs_{name}_high"), seconds=ev.get(f"eval/seconds_{name}"))
    return out


def yardstick_series(evals: list[dict], name: str, x: str) -> list[dict]:
    """One opponent's results over the evaluations that played it, as plotted: ``x`` (the
    evaluation's ``global_step`` or ``wall_s``), ``final`` and the fields of :func:`eval_results`."""
    points = []
    for e in evals:
        results = eval_results(e)
        if name in results and e.get(x) is not None:
            points.append({"x": e[x], "final": bool(e.get("final")), **results[name]})
    return points


def snapshot_update(name: str) -> int | None:
    """The update of a past snapshot's name (``u40`` -> 40); None for any other opponent."""
    m = _SNAPSHOT.match(name)
    return int(m.group(1)) if m else None


# ----- plots -------------------------------------------------------------------------------------
def make_plots(run_dir: Path, rows: list[dict], update_beside: bool = False) -> list[Path]:
    """The run folder's PNGs from its metrics rows and its evaluations (eval.jsonl, the final one
    included): progress, yardsticks, snapshots, losses, timing.  `update_beside`: the run's updates
    ran beside its rollouts (the overlapped loop), so timing draws the update as a line over the
    stacked rest instead of on top of it."""
    if not rows:
        return []
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(run_dir) / "plots"
    out.mkdir(exist_ok=True)
    evals = read_evaluations(run_dir)
    axes_x = (("global_step", "agent steps"), ("wall_s", "wall-clock seconds"))

    def series(key, x="global_step", source=rows):
        pts = [(r[x], r[key]) for r in source if r.get(key) is not None and r.get(x) is not None
               and not _isnan(r[key])]
        return [p[0] for p in pts], [p[1] for p in pts]

    def final_point(ax, key, x, color=None):
        finals = [e for e in evals if e.get("final") and e.get(key) is not None and e.get(x) is not None]
        if finals:
            ax.plot([finals[-1][x]], [finals[-1][key]], marker="*", markersize=12, linestyle="none",
                    color=color, label="final evaluation" if color is None else None)

    paths = []
    # 1. return, win rates and the Elo fit, against agent steps and against wall-clock time
    fig, axes = plt.subplots(2, 3, figsize=(15, 8))
    for col, (x, xlabel) in enumerate(axes_x):
        ax = axes[col, 0]
        ax.plot(*series("train/return", x), label="learner return")
        ax.set_xlabel(xlabel), ax.set_title("training return"), ax.legend()
        ax = axes[col, 1]
        ax.plot(*series("train/win_rate_vs_pool", x), label="train vs pool")
        for key, label in (("eval/win_rate_random", "eval vs random"), ("eval/win_rate_scripted", "eval vs scripted"),
                           ("eval/win_rate_search", "eval vs search")):
            line, = ax.plot(*series(key, x, evals), marker=".", label=label)
            final_point(ax, key, x, line.get_color())
        ax.set_ylim(-0.02, 1.02), ax.set_xlabel(xlabel), ax.set_title("win rate (stars: final evaluation)")
        ax.legend()
        ax = axes[col, 2]
        for key, label in (("eval/elo", "learner"), ("eval/elo_scripted", "scripted"), ("eval/elo_search", "search")):
            line, = ax.plot(*series(key, x, evals), marker=".", label=label)
            final_point(ax, key, x, line.get_color())
        anchor = "reference" if any("eval/score_reference" in e for e in evals) else "random"
        ax.set_xlabel(xlabel), ax.set_title(f"Elo, all results ({anchor} = 0)"), ax.legend()
    paths.append(_save(fig, out / "progress.png"))

    # 2. the fixed yardsticks: score with its 95 % interval, and the Elo difference it implies
    fig, axes = plt.subplots(2, 2, figsize=(12, 8))
    for col, (x, xlabel) in enumerate(axes_x):
        for name in ("scripted", "scripted_worst", "search", "opponent", "reference"):
            pts = yardstick_series(evals, name, x)
            if not pts:
                continue
            label = "vs scripted, worst pairing" if name == "scripted_worst" else f"vs {name}"
            ax = axes[0, col]
            bars = ax.errorbar([p["x"] for p in pts], [p["score"] for p in pts],
                               yerr=_yerr(pts, "score", "low", "high", 0.0, 1.0), marker=".", capsize=3,
                               label=label)
            color = bars.lines[0].get_color()
            finals = [(p["x"], p["score"]) for p in pts if p["final"]]
            if finals:
                ax.plot(*zip(*finals), marker="*", markersize=12, linestyle="none", color=color)
            ax = axes[1, col]
            finite = [p for p in pts if p["elo_vs"] is not None]
            if finite:
                ax.errorbar([p["x"] for p in finite], [p["elo_vs"] for p in finite],
                            yerr=_yerr(finite, "elo_vs", "elo_vs_low", "elo_vs_high", None, None),
                            marker=".", capsize=3, color=color, label=label)
            # a perfect score (or none) bounds the difference on one side only: that end of its
            # interval, as a triangle pointing the unbounded way
            for end, marker, what in (("elo_vs_low", "^", "at least"), ("elo_vs_high", "v", "at most")):
                bounded = [(p["x"], p[end]) for p in pts if p["elo_vs"] is None and p[end] is not None]
                if bounded:
                    ax.plot(*zip(*bounded), marker=marker, linestyle="none", color=color,
                            label=f"{label}: {what} (score {'1' if marker == '^' else '0'})")
        axes[0, col].axhline(0.5, color="grey", linewidth=0.5)
        axes[0, col].set_ylim(-0.02, 1.02)
        axes[0, col].set_title("score vs the fixed yardsticks (95% Wilson interval; stars: final)")
        axes[1, col].axhline(0.0, color="grey", linewidth=0.5)
        axes[1, col].set_title("Elo difference to each yardstick (learner - yardstick)")
        for ax in axes[:, col]:
            ax.set_xlabel(xlabel)
            if ax.get_legend_handles_labels()[0]:
                ax.legend(fontsize="small")
    paths.append(_save(fig, out / "yardsticks.png"))

    # 3. head-to-heads against past snapshots: score against each, coloured by its age in updates
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
    for ax, (x, xlabel) in zip(axes, axes_x):
        pts = []
        for e in evals:
            for name, r in eval_results(e).items():
                sid = snapshot_update(name)
                if sid is not None and e.get(x) is not None:
                    pts.append((e[x], r, e["update"] - sid))
        if pts:
            ages = sorted({p[2] for p in pts})
            cmap = plt.get_cmap("viridis")
            for i, age in enumerate(ages):
                sel = [p for p in pts if p[2] == age]
                ax.errorbar([p[0] for p in sel], [p[1]["score"] for p in sel],
                            yerr=_yerr([p[1] for p in sel], "score", "low", "high", 0.0, 1.0), marker=".",
                            linestyle="none", capsize=2, color=cmap(i / max(len(ages) - 1, 1)),
                            label=f"{age} updates older")
            ax.legend(fontsize="small", ncol=2)
        ax.axhline(0.5, color="grey", linewidth=0.5)
        ax.set_ylim(-0.02, 1.02), ax.set_xlabel(xlabel)
        ax.set_title("score vs past snapshots (95% Wilson interval)")
    paths.append(_save(fig, out / "snapshots.png"))

    # 4. PPO diagnostics
    keys = ["loss/policy", "loss/value", "loss/entropy", "loss/approx_kl", "loss/clipfrac", "loss/explained_variance"]
    fig, axes = plt.subplots(2, 3, figsize=(15, 8))
    for ax, key in zip(axes.flat, keys):
        ax.plot(*series(key)), ax.set_title(key), ax.set_xlabel("agent steps")
    paths.append(_save(fig, out / "losses.png"))

    # 5. throughput and where the time goes
    fig, axes = plt.subplots(1, 2, figsize=(12, 4))
    axes[0].plot(*series("sps"), label=RATE_TRAINING)
    axes[0].plot(*series("sps_run"), label=RATE_RUN)
    axes[0].set_title("agent steps per second"), axes[0].set_xlabel("agent steps"), axes[0].legend()
    parts = [f"time/{n}" for n in TIME_PARTS if not (update_beside and n == "update")]
    xs = [r["global_step"] for r in rows]
    axes[1].stackplot(xs, *[[r.get(k) or 0.0 for r in rows] for k in parts], labels=[p[5:] for p in parts])
    if update_beside:
        axes[1].plot(xs, [r.get("time/update") or 0.0 for r in rows], color="black", label="update (beside)")
    axes[1].set_title("seconds per update"), axes[1].set_xlabel("agent steps"), axes[1].legend(loc="upper left")
    paths.append(_save(fig, out / "timing.png"))
    return paths


def _yerr(results: list[dict], key: str, low: str, high: str, floor, ceiling):
    """Error bar lengths below and above each point; an unbounded end is drawn to the axis limit
    given (floor, ceiling), or not at all where there is none."""
    below, above = [], []
    for r in results:
        lo = r[low] if r[low] is not None else floor
        hi = r[high] if r[high] is not None else ceiling
        below.append(r[key] - lo if lo is not None else 0.0)
        above.append(hi - r[key] if hi is not None else 0.0)
    return [below, above]


def _save(fig, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    import matplotlib.pyplot as plt

    plt.close(fig)
    return path


def _isnan(v) -> bool:
    return isinstance(v, float) and math.isnan(v)


# ----- progress on the terminal --------------------------------------------------------------------
@dataclass
class Status:
    """Where a run stands: its phase (``training``, ``evaluation @ update N``, ``final evaluation``,
    ``recording``, ``plots``, ``done``), how far that phase is (0..1), the seconds left until the
    whole run ends (None: not known yet), what the phase is doing now (e.g. ``vs search``) and the
    run's clock."""

    phase: str = "training"
    progress: float = 0.0
    eta_s: float | None = None
    detail: str = ""
    run_s: float | None = None  # the run's clock now (None: the last update's), which the end phases keep moving


def duration(seconds: float | None) -> str:
    """``45s``, ``3m05s``, ``1h02m``; ``-`` when unknown."""
    if seconds is None or _isnan(seconds):
        return "-"
    s = max(0, int(round(seconds)))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


def _num(value, fmt: str) -> str:
    if value is None or _isnan(value):
        return "-"
    return fmt.format(int(value) if fmt.endswith("d}") else value)


def _elo_text(r: dict) -> str:
    """The Elo difference to one opponent: a number, or a bound when the score is perfect (or nil)."""
    if r.get("elo_vs") is not None:
        return f"{r['elo_vs']:+.0f}"
    if r.get("elo_vs_low") is not None:
        return f">= {r['elo_vs_low']:+.0f}"
    if r.get("elo_vs_high") is not None:
        return f"<= {r['elo_vs_high']:+.0f}"
    return "-"


class Display:
    """A live view on a terminal (rich); a plain line every ``interval_s`` seconds otherwise (logs, CI).

    The live view keeps every value within 80 columns: a head line (phase, its progress, time
    left and the clock time the run ends), the phase's progress bar on a line of its own, the
    training figures, the losses, where the time goes, and a table of the latest score against
    each evaluation opponent (the fixed yardsticks first, then the past snapshots)."""

    WIDTH = 80  # the narrowest terminal every line is laid out for
    TIME_ROWS = 10  # the time split is the mean of this many latest updates, as the summary's rate

    def __init__(self, enabled: bool = True, interval_s: float = 10.0, budget: str = ""):
        self.enabled = enabled
        self.interval_s = interval_s
        self.budget = budget
        self.tty = enabled and sys.stdout.isatty()
        self.live = None
        self.last_print = 0.0
        self.last_draw = 0.0
        self.row: dict = {}
        # whether the PPO update runs beside the rollout (the overlapped and asynchronous loops): the
        # trainer sets it; then an update's time is not a part of the rollout's, and is shown apart
        self.update_beside = False
        self.recent_times: deque[dict[str, float]] = deque(maxlen=self.TIME_ROWS)
        self.state = Status()
        self.yardsticks: dict[str, tuple[int, dict]] = {}  # name -> (update, results): the latest of each
        self.snapshots: tuple[int, dict[str, dict]] = (0, {})  # the latest evaluation's past snapshots
        self.elo: dict = {}

    def __enter__(self):
        if self.tty:
            from rich.live import Live

            self.live = Live(self.render(), refresh_per_second=2, transient=False)
            self.live.__enter__()
        return self

    def __exit__(self, *exc):
        if self.live is not None:
            self.live.__exit__(*exc)
            self.live = None

    # ----- what the trainer tells it ---------------------------------------------------------------
    def update(self, row: dict, status: Status) -> None:
        """After an update: its metrics row and where the run stands."""
        self.row = dict(row)
        times = {n: row.get(f"time/{n}") or 0.0 for n in TIME_PARTS}
        if sum(times.values()):
            self.recent_times.append(times)
        self.state = status
        self._show(force=True)

    def status(self, status: Status) -> None:
        """Progress within a phase (an evaluation, the recording): redrawn at most twice a second."""
        self.state = status
        self._show(force=False)

    def evaluation(self, ev: dict) -> None:
        """An evaluation's flat ``eval/*`` record (``Evaluation.last``)."""
        update = ev.get("update", 0)
        snaps = {}
        for name, r in eval_results(ev).items():
            if snapshot_update(name) is None:
                self.yardsticks[name] = (update, r)
            else:
                snaps[name] = r
        self.snapshots = (update, snaps)
        self.elo = {k: ev.get(f"eval/elo{k}") for k in ("", "_scripted", "_search")}

    def message(self, text: str) -> None:
        if not self.enabled:
            return
        if self.live is not None:
            self.live.console.print(text)
        else:
            print(text, flush=True)

    # ----- drawing ----------------------------------------------------------------------------------
    def _show(self, force: bool) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if self.live is not None:
            if force or now - self.last_draw >= 0.5:
                self.last_draw = now
                self.live.update(self.render())
        elif now - self.last_print >= self.interval_s:
            self.last_print = now
            print(self.plain_line(), flush=True)

    def head(self) -> str:
        st = self.state
        text = f"yomi | {st.phase} {100 * st.progress:.0f}%"
        if st.detail:
            text += f" {st.detail}"
        if st.eta_s is not None:
            end = (datetime.now() + timedelta(seconds=max(st.eta_s, 0.0))).strftime("%H:%M:%S")
            text += f" | {duration(st.eta_s)} left, ends {end}"
        return text

    def counters(self) -> str:
        r = self.row
        clock = self.state.run_s if self.state.run_s is not None else r.get("wall_s")
        return (f"update {_num(r.get('update'), '{:d}')} | agent steps {_num(r.get('global_step'), '{:,d}')} | "
                f"run time {duration(clock)}")

    def rates_line(self) -> str:
        r = self.row
        return f"{RATE_TRAINING} {_num(r.get('sps'), '{:,.0f}')} | {RATE_RUN} {_num(r.get('sps_run'), '{:,.0f}')}"

    def training_line(self) -> str:
        r = self.row
        return (f"training: return {_num(r.get('train/return'), '{:+.2f}')}  win vs pool "
                f"{_num(r.get('train/win_rate_vs_pool'), '{:.2f}')}  match length "
                f"{_num(r.get('train/episode_length'), '{:.0f}')} turns")

    def losses_line(self) -> str:
        r = self.row
        return (f"losses: pg {_num(r.get('loss/policy'), '{:.3f}')}  vf {_num(r.get('loss/value'), '{:.3f}')}  "
                f"ent {_num(r.get('loss/entropy'), '{:.2f}')}  kl {_num(r.get('loss/approx_kl'), '{:.4f}')}  "
                f"clip {_num(r.get('loss/clipfrac'), '{:.2f}')}  EV {_num(r.get('loss/explained_variance'), '{:.2f}')}")

    def time_line(self) -> str:
        """Where an update's wall time goes, over the latest TIME_ROWS updates (one alone, such as
        the last update of an overlapped run, which has no rollout beside it, would mislead).  In
        one process the parts follow each other and are shares of their sum; with the update beside
        the rollout, env, forward, eval and other make up the wall time and the update is its share
        of that same time, shown apart."""
        if not self.recent_times:
            return "time per update: -"
        mean = {n: sum(t[n] for t in self.recent_times) / len(self.recent_times) for n in TIME_PARTS}
        shown = [n for n in TIME_PARTS if not (self.update_beside and n == "update")]
        total = sum(mean[n] for n in shown) or 1e-9
        parts = [f"{n} {100 * mean[n] / total:.0f}%" for n in shown]
        if self.update_beside:
            parts.append(f"update beside {100 * mean['update'] / total:.0f}%")
        line = "time per update: " + "  ".join(parts)
        return line if len(line) <= self.WIDTH else "time per update: " + " ".join(parts)

    def eval_rows(self) -> list[tuple[str, ...]]:
        """(opponent, score, 95% interval, Elo difference, matches, update) of the latest results."""
        rows = []
        order = [n for n in YARDSTICKS if n in self.yardsticks] + sorted(set(self.yardsticks) - set(YARDSTICKS))
        entries = [(n, *self.yardsticks[n]) for n in order]
        update, snaps = self.snapshots
        entries += [(n, update, snaps[n]) for n in sorted(snaps, key=snapshot_update, reverse=True)]
        for name, upd, r in entries:
            interval = "-" if r["low"] is None else f"[{r['low']:.2f}, {r['high']:.2f}]"
            rows.append((name, f"{r['score']:.2f}", interval, _elo_text(r), _num(r["matches"], "{:d}"), str(upd)))
        return rows

    def elo_line(self) -> str:
        e = self.elo
        parts = [f"learner {_num(e.get(''), '{:.0f}')}", f"scripted {_num(e.get('_scripted'), '{:.0f}')}"]
        if e.get("_search") is not None:
            parts.append(f"search {_num(e.get('_search'), '{:.0f}')}")
        return "Elo, all results (random = 0): " + ", ".join(parts)

    def render(self):
        from rich.console import Group
        from rich.progress_bar import ProgressBar
        from rich.table import Table
        from rich.text import Text

        bar = Table.grid(padding=(0, 1))
        bar.add_column(width=self.WIDTH - 6)
        bar.add_column(justify="right", width=5)
        bar.add_row(ProgressBar(total=1.0, completed=min(max(self.state.progress, 0.0), 1.0)),
                    f"{100 * self.state.progress:.0f}%")
        lines = (self.counters(), self.rates_line(), self.training_line(), self.losses_line(), self.time_line())
        parts = [Text(self.head(), style="bold", overflow="fold"), bar]
        parts += [Text(line, overflow="fold") for line in lines]
        rows = self.eval_rows()
        if rows:
            table = Table(box=None, padding=(0, 1), header_style="bold", pad_edge=False)
            for title, justify in (("vs", "left"), ("score", "right"), ("95% interval", "left"),
                                   ("Elo difference", "right"), ("matches", "right"), ("@ update", "right")):
                table.add_column(title, justify=justify, style="cyan" if title == "vs" else None, no_wrap=True)
            for r in rows:
                table.add_row(*r)
            parts += [table, Text(self.elo_line(), overflow="fold")]
        parts.append(Text(self.budget, style="dim", overflow="fold"))
        return Group(*parts)

    def plain_line(self) -> str:
        """One line for logs: the head, the counters, and the latest scores against the yardsticks."""
        scores = [f"vs {n} {r['score']:.2f}" for n, (_, r) in self.yardsticks.items()]
        return " | ".join([self.head(), self.counters(), self.rates_line(), self.training_line()]
                          + ([", ".join(scores)] if scores else []))
