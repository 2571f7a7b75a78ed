"""`yomi tournament`: the statistics against hand calculations, the same table for a fixed seed
whatever the number of processes, and bad arguments as one line with exit code 2."""
from __future__ import annotations

import csv
import json
import math
import os

import numpy as np
import pytest

from integration.env import action_layout as AL
from integration.tools.cli import main as yomi
from integration.tools.tournament import tables
from integration.train.stats import bradley_terry, bradley_terry_covariance, rating_intervals, wilson_interval


# ----- statistics ---------------------------------------------------------------------------------
def test_wilson_interval_against_a_hand_value():
    # 8 of 10: p = 0.8, z = 1.959964, z^2 = 3.841459; centre (0.8 + 0.192073) / 1.384146 = 0.716740,
    # half-width 1.959964 / 1.384146 * sqrt(0.016 + 0.0096036) = 1.416010 * 0.160011 = 0.226578
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.490162, abs=1e-5) and high == pytest.approx(0.943318, abs=1e-5)
    assert wilson_interval(6 + 0.5 * 4, 10) == (low, high)      # 6 wins and 4 draws score 8 of 10
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)



def test_wilson_interval_holds_the_observed_rate():
    """A perfect score's upper end is exactly 1 (and a nil score's lower end exactly 0): rounding
    gave 1 - 1e-16 for 512 wins in 512, which the plots drew as a negative error bar."""
    assert wilson_interval(512, 512)[1] == 1.0 and wilson_interval(0, 512)[0] == 0.0
    for n in (1, 2, 7, 16, 32, 64, 128, 512, 2048):
        for k in range(0, 2 * n + 1):
            low, high = wilson_interval(k / 2, n)
            assert 0.0 <= low <= k / 2 / n <= high <= 1.0, (k, n)

def test_bradley_terry_two_players_by_hand():
    # A beats B 3 times in 4: the fit has P(A beats B) = 0.75, so gamma_A / gamma_B = 3, and the
    # Elo difference is 400 * log10(3) = 190.85.  Fisher information of the difference (natural-log
    # units): n p (1 - p) = 4 * 0.75 * 0.25 = 0.75, so its sd is sqrt(1 / 0.75) = 1.1547, i.e.
    # 1.1547 * 400 / ln(10) = 200.59 Elo, and the 95 % interval is 190.85 +- 1.96 * 200.59.
    score, games = np.array([[0.0, 3.0], [0.0, 0.0]]), np.array([[0.0, 4.0], [0.0, 0.0]])
    elo = bradley_terry(score, games, prior=0)
    assert elo[0] - elo[1] == pytest.approx(400 * math.log10(3), abs=1e-6)
    rel, low, high = rating_intervals(elo, bradley_terry_covariance(elo, games, prior=0), anchor=1)
    sd = math.sqrt(1 / 0.75) * 400 / math.log(10)
    assert rel[0] == pytest.approx(190.849, abs=1e-3) and rel[1] == 0 and low[1] == high[1] == 0
    assert low[0] == pytest.approx(190.849 - 1.959964 * sd, abs=1e-2)
    assert high[0] == pytest.approx(190.849 + 1.959964 * sd, abs=1e-2)
    # the same matches entered from B's side give the same fit
    elo_t = bradley_terry(np.array([[0.0, 0.0], [1.0, 0.0]]), games.T, prior=0)
    assert elo_t[0] - elo_t[1] == pytest.approx(400 * math.log10(3), abs=1e-6)


def test_bradley_terry_prior_keeps_a_perfect_record_finite():
    # 4 of 4 and the prior (one virtual win and loss each against a 0-rated player): A's equation
    # 5 / (4 / (gA + gB) + 2 / (gA + 1)) = gA and B's 1 / (4 / (gA + gB) + 2 / (gB + 1)) = gB hold
    score, games = np.array([[0.0, 4.0], [0.0, 0.0]]), np.array([[0.0, 4.0], [0.0, 0.0]])
    ga, gb = 10 ** (bradley_terry(score, games, prior=1.0) / 400)
    assert 5 / (4 / (ga + gb) + 2 / (ga + 1)) == pytest.approx(ga, rel=1e-8)
    assert 1 / (4 / (ga + gb) + 2 / (gb + 1)) == pytest.approx(gb, rel=1e-8)
    assert ga > 1 > gb


def test_tables_count_both_sides_and_draws_half():
    rec = lambda p1, p2, score: dict(c1="Ninja", c2="Ninja", p1=p1, p2=p2, match=0, score=score, turns=1,  # noqa: E731
                                     error=False)
    # A beats B twice as P1 and draws once as P2: 2.5 of 3
    records = [rec("a", "b", 1.0), rec("a", "b", 1.0), rec("b", "a", 0.5), rec("random", "a", 0.0),
               rec("random", "b", 0.0), rec("a", "random", 1.0)]
    out = tables(["a", "b", "random"], records)
    cell = next(c for c in out["crosstable"] if (c["player"], c["opponent"]) == ("a", "b"))
    assert (cell["wins"], cell["draws"], cell["losses"], cell["matches"]) == (2, 1, 0, 3)
    assert cell["score"] == pytest.approx(2.5 / 3)
    assert (cell["ci_low"], cell["ci_high"]) == wilson_interval(2.5, 3)
    back = next(c for c in out["crosstable"] if (c["player"], c["opponent"]) == ("b", "a"))
    assert back["score"] == pytest.approx(0.5 / 3)
    ratings = {r["player"]: r for r in out["ratings"]}
    assert ratings["random"]["elo"] == 0 and out["anchor"] == "random"
    assert ratings["a"]["elo"] > ratings["b"]["elo"] > 0
    assert [r["player"] for r in out["ratings"]] == ["a", "b", "random"]



def test_anchor_fixes_an_entrants_rating_by_hand():
    """A beats B 3 times in 4, with the prior (one virtual win and one virtual loss each against a
    0-rated player).  By symmetry gB = 1 / gA, and A's equation 4 / (4 / (gA + gB) + 2 / (gA + 1))
    = gA becomes x^3 - x - 2 = 0 for x = gA, whose real root (Cardano) is
    cbrt(1 + sqrt(26/27)) + cbrt(1 - sqrt(26/27)) = 1.52138: the difference is 400 log10(x^2)
    = 145.8 Elo, less than the 190.8 of 3 in 4 without the prior, which pulls both toward 0."""
    rec = lambda p1, p2, score: dict(c1="Ninja", c2="Ninja", p1=p1, p2=p2, match=0, score=score, turns=1,  # noqa: E731
                                     error=False)
    records = [rec("a", "b", 1.0), rec("a", "b", 1.0), rec("b", "a", 0.0), rec("b", "a", 1.0)]
    r = math.sqrt(26 / 27)
    x = np.cbrt(1 + r) + np.cbrt(1 - r)
    assert x ** 3 - x - 2 == pytest.approx(0, abs=1e-12)
    diff = 800 * math.log10(x)
    assert diff == pytest.approx(145.8, abs=0.05)
    elo = lambda out: {row["player"]: row for row in out["ratings"]}  # noqa: E731
    default = elo(tables(["a", "b"], records))                          # no random: mean 0
    assert default["a"]["elo"] == pytest.approx(diff / 2, abs=1e-6) and default["b"]["elo"] == pytest.approx(-diff / 2)
    on_b = tables(["a", "b"], records, anchor="b")
    b = elo(on_b)["b"]
    assert on_b["anchor"] == "b" and b["elo"] == 0 == b["elo_low"] == b["elo_high"]
    assert elo(on_b)["a"]["elo"] == pytest.approx(diff, abs=1e-6)
    at_1000 = elo(tables(["a", "b"], records, anchor="a", anchor_elo=1000))
    assert at_1000["a"]["elo"] == 1000 == at_1000["a"]["elo_low"] and at_1000["b"]["elo"] == pytest.approx(1000 - diff)
    # the interval is of the difference to the anchor, whichever way round
    width = elo(on_b)["a"]["elo_high"] - elo(on_b)["a"]["elo_low"]
    assert at_1000["b"]["elo_high"] - at_1000["b"]["elo_low"] == pytest.approx(width)
    with pytest.raises(ValueError, match="not an entrant"):
        tables(["a", "b"], records, anchor="c")


def test_the_plot_codes_the_entrants_and_grows_with_them(tmp_path):
    """tournament.png names entrants by code (A, B, ..., Z, AA) on its axes, with the key below,
    and is taller and no narrower with more entrants, so cells and rows keep their size."""
    import matplotlib.image

    from integration.tools.tournament import entrant_code, plot

    assert [entrant_code(i) for i in (0, 1, 25, 26, 27, 52)] == ["A", "B", "Z", "AA", "AB", "BA"]
    rec = lambda p1, p2, score: dict(c1="Ninja", c2="Ninja", p1=p1, p2=p2, match=0, score=score, turns=1,  # noqa: E731
                                     error=False)
    sizes = []
    for n in (2, 6):
        names = ["random", "scripted"] + [f"runs/2026120{i}-101010/checkpoints/best.safetensors" for i in range(n - 2)]
        records = [rec(a, b, 1.0 if i > j else 0.5) for i, a in enumerate(names) for j, b in enumerate(names) if a != b]
        path = plot(tmp_path / f"t{n}.png", names, tables(names, records, anchor="scripted"))
        sizes.append(matplotlib.image.imread(path).shape[:2])
    assert sizes[1][0] > sizes[0][0] and sizes[1][1] >= sizes[0][1]


def test_meta_nash_weighs_a_cycle_evenly_and_a_dominant_entrant_alone():
    rec = lambda p1, p2, score: dict(c1="Ninja", c2="Ninja", p1=p1, p2=p2, match=0, score=score, turns=1,  # noqa: E731
                                     error=False)
    # rock-paper-scissors: each beats the next, whichever side; by symmetry the only equilibrium is 1/3 each
    cycle = [rec("a", "b", 1.0), rec("b", "c", 1.0), rec("c", "a", 1.0),
             rec("b", "a", 0.0), rec("c", "b", 0.0), rec("a", "c", 0.0)]
    nash = tables(["a", "b", "c"], cycle)["nash"]
    assert [r["player"] for r in nash] == ["a", "b", "c"]
    assert [r["weight"] for r in nash] == pytest.approx([1 / 3] * 3, abs=1e-9)
    # a beats b 2 of 2, b beats c 3 of 4, c beats a 3 of 4: payoffs (score - 0.5) +0.5, +0.25, +0.25.
    # By hand, x pays 0 against every column: against a, -0.5 x_b + 0.25 x_c = 0; against b,
    # 0.5 x_a - 0.25 x_c = 0; so x_c = 2 x_a = 2 x_b: (0.25, 0.25, 0.5)
    lopsided = [rec("a", "b", 1.0), rec("b", "a", 0.0),
                rec("b", "c", 1.0), rec("c", "b", 1.0), rec("b", "c", 1.0), rec("c", "b", 0.0),
                rec("c", "a", 1.0), rec("a", "c", 0.0), rec("c", "a", 1.0), rec("a", "c", 1.0)]
    nash = tables(["a", "b", "c"], lopsided)["nash"]
    assert [r["weight"] for r in nash] == pytest.approx([0.25, 0.25, 0.5], abs=1e-9)
    # a beats everyone: all the weight on it, however the others fare among themselves
    ladder = [rec("a", "b", 1.0), rec("a", "c", 1.0), rec("b", "c", 0.5), rec("random", "a", 0.0)]
    nash = tables(["a", "b", "c", "random"], ladder)["nash"]
    assert [r["weight"] for r in nash] == pytest.approx([1.0, 0.0, 0.0, 0.0])


def test_by_pairing_takes_each_policys_character_from_its_side():
    rec = lambda c1, c2, p1, p2, score, error=False: dict(c1=c1, c2=c2, p1=p1, p2=p2, match=0,  # noqa: E731
                                                          score=score, turns=1, error=error)
    # a plays Ninja against b's Robot from both sides: a win as P1, a draw as P2 (1.5 of 2); as Robot
    # against b's Ninja it loses once as P2 (0 of 1), in a match cut short
    records = [rec("Ninja", "Robot", "a", "b", 1.0), rec("Robot", "Ninja", "b", "a", 0.5),
               rec("Ninja", "Robot", "b", "a", 1.0, error=True)]
    rows = tables(["a", "b"], records)["by_pairing"]
    got = {(r["character"], r["opponent_character"]): (r["score"], r["matches"], r["errors"]) for r in rows}
    assert got == {("Ninja", "Robot"): (0.75, 2, 0), ("Robot", "Ninja"): (0.0, 1, 1)}
    assert all(r["player"] == "a" and r["opponent"] == "b" for r in rows)
    ninja = next(r for r in rows if r["character"] == "Ninja")
    assert (ninja["ci_low"], ninja["ci_high"]) == wilson_interval(1.5, 2)


# ----- the command ---------------------------------------------------------------------------------
NINJA_MOVES = set(filter(None, AL.unified_move_names("Ninja")))


def _rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def _table(out):
    data = json.loads((out / "tournament.json").read_text())
    with open(out / "matches.csv") as f:
        matches = list(csv.DictReader(f))
    return data["crosstable"], data["ratings"], matches


def test_move_table_names_each_characters_moves_most_chosen_first():
    from integration.tools.tournament import move_table

    names = AL.unified_move_names("Ninja")
    fireball, cont = names.index("Fireball"), names.index("Continue")
    counts = np.zeros(AL.K1, dtype=np.int64)
    counts[fireball], counts[cont] = 3, 1
    only_continue = np.zeros(AL.K1, dtype=np.int64)
    only_continue[cont] = 2
    rows = move_table(["b", "a"], {("a", "Ninja"): counts, ("b", "Ninja"): only_continue})
    assert [(r["player"], r["move"], r["count"], r["decisions"], r["share"]) for r in rows] == [
        ("b", "Continue", 2, 2, 1.0),                               # in the order the policies were named
        ("a", "Fireball", 3, 4, 0.75), ("a", "Continue", 1, 4, 0.25)]


def test_labels_shorten_every_checkpoint_path_and_keep_a_search_recognisable():
    from integration.tools.tournament import labels_of

    a = "/home/u/runs/a/checkpoints/best.safetensors"
    names = ["scripted", a, a + ":u400", f"search:k=8,rollout={a},value={a},turns=2", f"search:agent={a}"]
    short = "a/checkpoints/best.safetensors"  # the run's folder, checkpoints, the file
    assert list(labels_of(names).values()) == [
        "scripted", short, short + ":u400", f"search:k=8,rollout={short},value={short},turns=2",
        f"search:agent={short}"]
    # two runs' folders of the same name would read alike: both keep their full names
    twins = ["x/runs/a/checkpoints/best.safetensors", "y/runs/a/checkpoints/best.safetensors", "random"]
    assert list(labels_of(twins).values()) == twins


def test_fixed_seed_gives_the_same_table_whatever_the_processes(tmp_path, capsys):
    args = ["tournament", "random", "scripted", "--matches", "3", "--chunk", "2", "--seed", "11", "--quiet"]
    assert yomi(args + ["--jobs", "2", "--out", str(tmp_path / "a")]) == 0
    assert yomi(args + ["--jobs", "1", "--out", str(tmp_path / "b")]) == 0
    printed = capsys.readouterr().out
    assert "crosstable" in printed and "Bradley-Terry" in printed
    a, b = _table(tmp_path / "a"), _table(tmp_path / "b")
    assert a == b
    cross, ratings, matches = a
    assert len(matches) == 2 * 3                       # 3 matches per ordered pair, sides swapped
    assert {(m["p1"], m["p2"]) for m in matches} == {("random", "scripted"), ("scripted", "random")}
    assert sum(c["matches"] for c in cross) == 2 * 6  # each match in both players' rows
    for name in ("crosstable.csv", "ratings.csv", "tournament.png"):
        assert (tmp_path / "a" / name).stat().st_size > 0
    moves = [_rows(tmp_path / d / "moves.csv") for d in ("a", "b")]
    assert moves[0] == moves[1]                        # the moves are part of the deterministic result
    for player in ("random", "scripted"):
        rows = [r for r in moves[0] if r["player"] == player]
        assert rows and {r["character"] for r in rows} == {"Ninja"}
        assert sum(int(r["count"]) for r in rows) == int(rows[0]["decisions"])
        assert all(r["move"] in NINJA_MOVES for r in rows)
    assert "moves: each policy's 5 most chosen" in printed
    # another seed plays other matches (the seed reaches the games)
    assert yomi(args[:-3] + ["--seed", "12", "--quiet", "--jobs", "1", "--out", str(tmp_path / "c")]) == 0
    assert [m["turns"] for m in _table(tmp_path / "c")[2]] != [m["turns"] for m in matches]


@pytest.mark.parametrize("argv, message", [
    (["random"], "at least two policies"),
    (["random", "random"], "a policy is named twice"),
    (["random", "{missing}"], "no checkpoint file at"),
    (["random", "search:k=0"], "policy 'search:k=0': k must be in 1..64"),
    (["random", "serch"], "unknown policy 'serch'"),
    (["random", "scripted", "--matches", "0"], "--matches must be at least 1"),
    (["random", "scripted", "--jobs", "0"], "--jobs must be at least 1"),
    (["random", "scripted", "--c1", "Foo"], "unknown character 'Foo'"),
    (["random", "scripted", "--anchor", "search"], "--anchor 'search' is not one of the entrants"),
    (["random", "scripted", "--anchor-elo", "100"], "--anchor-elo needs --anchor"),
    (["random", "scripted", "--anchor", "random", "--anchor-elo", "nan"], "--anchor-elo must be a finite number"),
])
def test_bad_arguments_are_one_line_and_exit_2(tmp_path, capsys, argv, message):
    argv = [a.format(missing=tmp_path / "none.safetensors") for a in argv]
    assert yomi(["tournament", *argv, "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert not (tmp_path / "out").exists()


def test_bad_option_value_exits_2(capsys):
    with pytest.raises(SystemExit) as exc:
        yomi(["tournament", "random", "scripted", "--pairings", "some"])
    assert exc.value.code == 2 and "invalid choice: 'some'" in capsys.readouterr().err


def test_a_checkpoint_on_another_pairing_is_refused_before_any_match(tmp_path, capsys):
    """A checkpoint trained on the Ninja mirror, entered on Robot vs Ninja: one line, exit 2,
    nothing written; with --any-pairing the check passes."""
    import torch

    from integration.train import checkpoint as ckpt
    from integration.train.policy import MaskedActorCritic

    torch.manual_seed(0)
    path = tmp_path / "mirror.safetensors"
    ckpt.save_atomic({"policy": MaskedActorCritic(AL.action_spec(), 16, 1).state_dict(), "spec": AL.action_spec().describe(),
                      "config": {"hidden": 16, "layers": 1, "p1": "ninja", "p2": "ninja"}}, path)
    argv = ["tournament", "random", str(path), "--c1", "robot", "--c2", "ninja", "--out", str(tmp_path / "out")]
    assert yomi(argv) == 2
    err = capsys.readouterr().err
    assert "was trained on ninja vs ninja, not Robot vs Ninja" in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "out").exists()
    from integration.tools.tournament import check_policy_name

    check_policy_name(str(path), [("robot", "ninja")], any_pairing=True)  # --any-pairing: no error


# ----- the output folder and the number of processes, before any match --------------------------
def _no_matches(monkeypatch):
    """Make playing a match fail the test: the checks below must come before any."""
    from integration.tools import tournament

    def refuse(*args, **kwargs):
        raise AssertionError("a match was played")

    monkeypatch.setattr(tournament, "run", refuse)


@pytest.mark.parametrize("out, message", [
    ("{file}", "--out {file}: is not a folder"),
    ("{file}/sub", "--out {file}/sub: {file} is not a folder"),
    pytest.param("/proc/nope", "--out /proc/nope: cannot create files in /proc",
                 marks=pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux's /proc")),
])
def test_a_bad_out_folder_is_one_line_before_any_match(tmp_path, capsys, monkeypatch, out, message):
    _no_matches(monkeypatch)
    file = tmp_path / "afile"
    file.write_text("kept")
    out, message = out.format(file=file), message.format(file=file)
    before = sorted(tmp_path.rglob("*"))
    assert yomi(["tournament", "random", "scripted", "--matches", "1", "--out", out]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"yomi tournament: error: {message}") and err.count("\n") == 1, err
    assert sorted(tmp_path.rglob("*")) == before and file.read_text() == "kept"


def test_an_out_folder_holding_a_fifo_is_refused_before_any_match(tmp_path, capsys, monkeypatch):
    """The files the tournament writes are new or regular files: a FIFO in their place (which
    writing would block on, after every match was played) is one line before any match."""
    _no_matches(monkeypatch)
    out = tmp_path / "out"
    out.mkdir()
    os.mkfifo(out / "crosstable.csv")
    assert yomi(["tournament", "random", "scripted", "--matches", "1", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "crosstable.csv is a FIFO, not a regular file" in err and err.count("\n") == 1, err


def test_an_unwritable_out_folder_is_refused_before_anything_is_made(tmp_path, monkeypatch):
    """The write check tries a file in the nearest existing folder; when it fails, no folder is made."""
    from integration import tracefile
    from integration.tools import tournament

    def no_space(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tracefile.tempfile, "mkstemp", no_space)
    with pytest.raises(tournament.TournamentError, match="cannot create files in .*No space left on device"):
        tournament.prepare_out(tmp_path / "a" / "b")
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    tournament.prepare_out(tmp_path / "a" / "b")
    assert (tmp_path / "a" / "b").is_dir()
    tournament.prepare_out(tmp_path / "a" / "b")  # an existing folder is fine


def test_worker_count_never_exceeds_the_chunks():
    from integration.tools.tournament import worker_count

    assert worker_count(9999, 2) == 2    # random scripted --matches 2: two chunks, two processes
    assert worker_count(4, 100) == 4
    assert worker_count(1, 100) == 1     # 1: played in this process
    assert worker_count(8, 1) == 1
    assert worker_count(8, 0) == 1


def test_max_jobs_is_eight_per_usable_core(monkeypatch):
    from integration.tools import tournament

    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 3, 5}, raising=False)
    assert tournament.usable_cores() == 3 and tournament.max_jobs() == 24


def test_the_pool_gets_no_more_processes_than_chunks(monkeypatch):
    """run() asks the pool for worker_count(jobs, chunks) processes (a stand-in pool: none start)."""
    from integration.tools import tournament

    asked = []

    class FakePool:
        def __init__(self, processes, initializer=None):
            asked.append(processes)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def imap_unordered(self, func, work):
            return map(func, work)

    class Context:
        Pool = FakePool

    monkeypatch.setattr(tournament.multiprocessing, "get_context", lambda method: Context)
    records, _ = tournament.run(["random", "scripted"], [("Ninja", "Ninja")], matches=2, jobs=9999, seed=0,
                                chunk=8, progress=False)
    assert asked == [2] and len(records) == 4


def test_too_many_jobs_is_one_line_naming_the_maximum(tmp_path, capsys, monkeypatch):
    from integration.tools import tournament

    _no_matches(monkeypatch)
    limit = tournament.max_jobs()
    assert yomi(["tournament", "random", "scripted", "--matches", "2", "--jobs", str(limit + 1),
                 "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err == (f"yomi tournament: error: --jobs must be at most {limit} (8 x the {tournament.usable_cores()} "
                   f"cores this process may use), got {limit + 1}\n"), err
    assert not (tmp_path / "out").exists()


def test_reference_adds_the_shipped_agent_alone_and_with_search_and_anchors_at_it(tmp_path):
    from integration.tools.tournament import TournamentError, parse_args, with_reference
    from integration.train.reference import reference_for

    path = str(reference_for("ninja", "ninja").path)
    args = parse_args(["random", "scripted", "--reference"])
    with_reference(args)
    assert args.policies == ["random", "scripted", path, f"search:agent={path}"] and args.anchor == path
    args = parse_args(["random", path, "--reference", "--anchor", "random"])  # each entrant once; a named anchor stays
    with_reference(args)
    assert args.policies == ["random", path, f"search:agent={path}"] and args.anchor == "random"
    other = str(reference_for("wizard", "robot").path)  # the all-pairings agent: every pairing has one
    args = parse_args(["random", "scripted", "--reference", "--c1", "wizard", "--c2", "robot"])
    with_reference(args)
    assert other != path and args.policies == ["random", "scripted", other, f"search:agent={other}"]
    with pytest.raises(TournamentError, match="no reference agent for wizard vs robot"):
        with_reference(parse_args(["random", "scripted", "--reference", "--c1", "wizard", "--c2", "robot"]),
                       folder=tmp_path)  # an agents folder without one
