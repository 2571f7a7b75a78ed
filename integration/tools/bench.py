"""``yomi bench``: the engines' speed on the same random legal matches.

Random matches are recorded once (moves drawn uniformly among the legal ones, data and
extras drawn in the shape of the move's panel), then replayed by both engines:

* the Python reference engine, through the engine interface (``create_match``);
* the C engine through the same interface (``create_match(engine="c")``: one Python call per
  decision, as a Python caller sees it);
* the C engine alone (``MatchBatch.run_script``: the whole match in one call, the recorded
  decisions pre-compiled into action codes), the engine's own speed on one core.

Every figure is single-threaded (one core). The replays are checked: the C engine must end
each match exactly like the Python engine (same final state), so the figures compare the
same work.

The environment benchmark (``yomi bench --env``) is :mod:`integration.tools.env_bench`; the
comparison of builds of the extension (``yomi bench --builds A.so B.so``) is
:mod:`integration.tools.build_bench`.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from integration.engine import DEFAULT_SETTINGS, create_match
from integration.tools.columns import format_table
from integration.options import OptionParser

# ------------------------------------------------------------------ random legal play

_GENERIC = ("ui/ActionSelector/ActionUIData/ActionUIData.gd", "ui/ActionSelector/ActionUIData/ParryActionUIData.gd")


def _panels(character: str) -> dict:
    from states import data
    from states.scene import character_module, load_table
    doc = load_table(character_module(character).TABLE)
    scenes = data.load_ui()["scenes"]
    out = {}
    for name, entry in doc["states"].items():
        scene = entry["props"].get("data_ui_scene")
        out[name] = scenes.get(scene) if scene else None
    return out


_PANEL_CACHE: dict = {}


def panels(character: str) -> dict:
    if character not in _PANEL_CACHE:
        _PANEL_CACHE[character] = _panels(character)
    return _PANEL_CACHE[character]


def _widget_value(widget: dict, rng: random.Random):
    kind = widget["kind"]
    props = widget.get("props", {})
    if kind == "XYPlot":
        return {"x": rng.randint(-100, 100), "y": rng.randint(-100, 100)}
    if kind == "8Way":
        return {"x": rng.choice((-1, 0, 1)), "y": rng.choice((-1, 0, 1))}
    if kind == "BlockHeight":
        return {"x": 0, "y": rng.choice((0, 1))}
    if kind == "HorizSlider":
        return {"x": rng.randint(props.get("min_value", 0), props.get("max_value", 100))}
    if kind == "CountOption":
        return {"count": rng.randint(max(props.get("min_value", 1), 1), props.get("max_value", 20))}
    if kind == "CheckButton":
        return rng.random() < 0.5
    if kind == "OptionButton":  # items: (text, icon, disabled, id, metadata) per entry
        items = widget.get("native", {}).get("items", [])
        entries = [(items[i], items[i + 3]) for i in range(0, len(items) - 4, 5) if not items[i + 2]]
        if not entries:
            raise ValueError("option button without items")
        text, item_id = rng.choice(entries)
        return {"id": item_id, "name": text}
    raise ValueError(kind)


def random_data(character: str, move: str, rng: random.Random):
    """Data in the shape of the move's panel (None for a move without one; an OptionButton gives
    {"id": item id, "name": item text}); raises ValueError for a widget it cannot draw."""
    scene = panels(character).get(move)
    if scene is None:
        return None
    widgets = scene["widgets"]
    if len(widgets) == 1:
        return _widget_value(widgets[0], rng)
    return {w["name"]: _widget_value(w, rng) for w in widgets}


# the character extras random play draws at random (any other extra stays at its default; the
# differential tests draw the Cowboy's gun extras themselves: tests/support/side_by_side.cowboy_choice)
SAFE_EXTRAS = {
    "Ninja": {"explode": "bool", "pull": "bool", "detach": "bool", "release": "bool", "release_dir": "dir",
              "store": "bool"},
    "Cowboy": {"shift": "bool"},
    "Wizard": {"hover": "bool", "fast_fall": "bool", "detonate": "bool", "orb_push": "dir", "lock_orb": "bool"},
    "Robot": {"fly_dir": "8way", "fly_enabled": "bool", "armor_enabled": "bool", "loic_dir": "8way",
              "nade_activated": "bool", "bounce": "8way", "pull_enabled": "bool", "drive_cancel": "bool",
              "force_fly": "bool"},
    "Mutant": {"juke_dir": "8way_or_none", "spike_enabled": "bool"},
}


def random_extra(character: str, rng: random.Random, character_extras: bool = True) -> dict:
    extra = {"DI": {"x": rng.randint(-100, 100), "y": rng.randint(-100, 100)},
             "reverse": rng.random() < 0.15, "feint": rng.random() < 0.1, "prediction": -1}
    if character_extras:
        for key, shape in SAFE_EXTRAS.get(character, {}).items():
            if shape == "bool":
                extra[key] = rng.random() < 0.3
            elif shape == "dir":
                extra[key] = {"x": rng.randint(-100, 100), "y": rng.randint(-100, 100)}
            elif shape == "8way":
                extra[key] = {"x": rng.choice((-1, 0, 1)), "y": rng.choice((-1, 0, 1))}
            elif shape == "8way_or_none":
                extra[key] = None if rng.random() < 0.7 else {"x": rng.choice((-1, 0, 1)),
                                                               "y": rng.choice((-1, 0, 1))}
    return extra


def random_choice(match, player: int, character: str, rng: random.Random, allowed: set | None,
                  character_extras: bool = True):
    """(action, data, extra): a random legal move (among ``allowed``) with random data and extra."""
    legal = match.legal_actions(player)
    moves = [m for m in legal if allowed is None or m in allowed]
    rng.shuffle(moves)
    extra = random_extra(character, rng, character_extras)
    for move in moves:
        if move == "Continue":
            return move, None, extra
        try:
            return move, _panel_limits(match, player, character, move, random_data(character, move, rng), rng), extra
        except ValueError:
            continue
    return "Continue", None, extra


def _panel_limits(match, player: int, character: str, move: str, data, rng: random.Random):
    """Data within what a custom panel's fighter_update offers: the Wizard's Geyser counts 1 to
    max(geyser_charge, 1) charges (GeyserActionUIData.gd); beyond 3 both engines raise IndexError."""
    if character == "Wizard" and move == "Geyser" and isinstance(data, dict):
        charge = match.state()["p1" if player == 1 else "p2"]["res"]["geyser_charge"]
        data["Charge"]["count"] = rng.randint(1, max(charge, 1))
    return data


def record_match(p1: str, p2: str, seed: int, rng_seed: int, settings: dict | None = None,
                 allowed: dict | None = None, engine: str = "python", max_decisions: int = 10 ** 6):
    """Play a random match; returns (decisions, final state, result). ``allowed``: character -> moves."""
    rng = random.Random(rng_seed)
    match = create_match(p1, p2, seed, settings, engine)
    decisions = []
    match.advance()
    while match.result() is None and len(decisions) < max_decisions:
        pair = []
        for player, character in ((1, p1), (2, p2)):
            choice = random_choice(match, player, character, rng, (allowed or {}).get(character))
            match.submit(player, *choice)
            pair.append(choice)
        decisions.append(tuple(pair))
        match.advance()
    return decisions, match.state(), match.result()


def replay(match, decisions) -> tuple[int, int]:
    """Replay recorded decisions through the engine interface; (ticks, decisions)."""
    start = match.current_tick
    match.advance()
    n = 0
    for pair in decisions:
        if match.result() is not None:
            break
        for player, choice in ((1, pair[0]), (2, pair[1])):
            match.submit(player, *choice)
        n += 1
        match.advance()
    return match.current_tick - start, n


# ------------------------------------------------------------------ the benchmark

def _compile(batch, p1: str, p2: str, decisions, cache: dict):
    import numpy as np

    codes = np.empty((len(decisions), 2), dtype=np.int32)
    for i, pair in enumerate(decisions):
        for p, (character, (action, data, extra)) in enumerate(((p1, pair[0]), (p2, pair[1]))):
            key = (character, action, repr(data), repr(extra))
            code = cache.get(key)
            if code is None:
                code = cache[key] = batch.register_action(character, action, data, extra)
            codes[i, p] = code
    return codes


def run(pairs, matches_per_pair: int, game_length: int, seed: int, out=sys.stdout, repeats: int = 5,
        python_repeats: int = 3, min_seconds: float = 0.5) -> dict:
    """Record the random matches, replay them each way; returns, per engine, the median and spread
    (lowest, highest) of ticks per wall second and per CPU second over the repetitions."""
    from yomi import _native

    settings = dict(DEFAULT_SETTINGS)
    settings["game_length"] = game_length
    scripts = []
    skipped: dict = {}
    for p1, p2 in pairs:
        for k in range(matches_per_pair):
            match_seed = seed + 1000 * len(scripts) + k
            try:
                decisions, final, result = record_match(p1, p2, match_seed, match_seed, settings)
                # both engines must end it alike; a match where they raise (the game's own crashes) is left out
                replay(create_match(p1, p2, match_seed, settings, "c"), decisions)
            except Exception as exc:  # noqa: BLE001 - the game's own crashes (IndexError, FixedError) too
                skipped[type(exc).__name__] = skipped.get(type(exc).__name__, 0) + 1
                continue
            scripts.append((p1, p2, match_seed, decisions, final, result))
    if skipped:
        why = ", ".join(f"{n} {name}" for name, n in sorted(skipped.items()))
        print(f"(random matches left out: {why}: a state the C engine does not have yet "
              f"(EngineUnavailable) or the game's own crashes, which both engines raise)", file=out)

    def clocks():
        return time.perf_counter(), time.process_time()

    def through_interface(engine: str):
        ticks = dec = 0
        w0, c0 = clocks()
        for p1, p2, match_seed, decisions, final, result in scripts:
            m = create_match(p1, p2, match_seed, settings, engine)
            t, d = replay(m, decisions)
            ticks += t
            dec += d
            if engine == "c" and (m.state() != final or m.result() != result):
                raise AssertionError(f"the C engine ended {p1} vs {p2} seed {match_seed} differently")
        w1, c1 = clocks()
        return ticks, dec, w1 - w0, c1 - c0

    batch = _native.MatchBatch(1)
    cache: dict = {}
    compiled = [(p1, p2, s, _compile(batch, p1, p2, decisions, cache), final)
                for p1, p2, s, decisions, final, result in scripts]

    def in_c():
        # the scripts are replayed until min_seconds of CPU time are spent, so that a repetition is
        # long enough to time reliably (one pass is a few milliseconds, a few scheduler time slices)
        ticks = dec = 0
        wall = cpu = 0.0
        while cpu < min_seconds or ticks == 0:
            for p1, p2, match_seed, codes, final in compiled:
                batch.reset(0, p1, p2, match_seed, settings)
                w0, c0 = clocks()
                t, status, d = batch.run_script(0, codes)
                w1, c1 = clocks()
                wall += w1 - w0
                cpu += c1 - c0
                if status not in (0, 1):
                    raise AssertionError(f"run_script status {status} for {p1} vs {p2}")
                ticks += t
                dec += d
                if batch.state(0) != final:
                    raise AssertionError(f"run_script ended {p1} vs {p2} seed {match_seed} differently")
        return ticks, dec, wall, cpu

    # key -> one (ticks, decisions, wall seconds, CPU seconds) per repetition
    figures = {"python": [through_interface("python") for _ in range(python_repeats)],
               "c_api": [through_interface("c") for _ in range(repeats)],
               "c_native": [in_c() for _ in range(repeats)]}

    def rate(runs, i, clock):  # (median, lowest, highest) of runs' item i per second of clock (2: wall, 3: CPU)
        values = [r[i] / max(r[clock], 1e-9) for r in runs]
        return statistics.median(values), min(values), max(values)

    py_cpu_tps = rate(figures["python"], 0, 3)[0]
    print(f"{len(scripts)} random legal matches ({', '.join(f'{a}-{b}' for a, b in pairs)}), "
          f"game_length {game_length}, one core; per CPU-second = per second of this process's CPU time "
          f"(what a free core does on a shared machine); median (lowest-highest) of the repetitions "
          f"({python_repeats} Python, {repeats} C; run_script at least {min_seconds:g} CPU-s each)", file=out)
    labels = {"python": "python (interface)", "c_api": "c (interface, per decision)",
              "c_native": "c (run_script, in C)"}
    summary = {}
    rows = []
    for key in ("python", "c_api", "c_native"):
        runs = figures[key]
        wall, cpu, dcpu = rate(runs, 0, 2), rate(runs, 0, 3), rate(runs, 1, 3)
        summary[key] = dict(runs=len(runs), ticks=runs[0][0], decisions=runs[0][1], ticks_per_s=wall,
                            ticks_per_cpu_s=cpu, decisions_per_cpu_s=dcpu, x_python=cpu[0] / py_cpu_tps)
        rows.append([labels[key], f"{len(runs):,}", f"{runs[0][0]:,}", f"{runs[0][1]:,}",
                     f"{wall[0]:,.0f} ({wall[1]:,.0f}-{wall[2]:,.0f})", f"{cpu[0]:,.0f} ({cpu[1]:,.0f}-{cpu[2]:,.0f})",
                     f"{dcpu[0]:,.0f}", f"{cpu[0] / py_cpu_tps:,.0f}"])
    header = ["engine", "runs", "ticks", "decisions", "ticks/s (wall)", "ticks/CPU-s", "dec/CPU-s", "x python"]
    for line in format_table(header, rows):
        print(line, file=out)
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = OptionParser(prog="yomi bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", nargs="+", default=["Ninja-Ninja"],
                        help="character pairs P1-P2 (default: Ninja-Ninja); 'all' for the 25 pairings")
    parser.add_argument("--matches", type=int, default=4, help="random matches per pair (default 4)")
    parser.add_argument("--game-length", type=int, default=3000, help="match length in ticks (default 3000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random matches")
    parser.add_argument("--repeats", type=int, default=5, help="repetitions of each C figure (default 5)")
    parser.add_argument("--python-repeats", type=int, default=3, help="repetitions of the Python figure (default 3)")
    parser.add_argument("--min-seconds", type=float, default=0.5,
                        help="CPU seconds of run_script per repetition, at least (default 0.5)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    parser.add_argument("--env", action="store_true",
                        help="benchmark the environment instead; every option after it goes to "
                             "integration.tools.env_bench (yomi bench --env --help)")
    parser.add_argument("--trainer", action="store_true",
                        help="benchmark training (rollout + update) instead; every option after it goes to "
                             "integration.tools.trainer_bench (yomi bench --trainer --help)")
    parser.add_argument("--builds", action="store_true",
                        help="compare builds of the C extension in one process instead; every option after it "
                             "goes to integration.tools.build_bench (yomi bench --builds --help)")
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--builds" in argv:
        from integration.tools import build_bench
        return int(build_bench.main([a for a in argv if a != "--builds"]) or 0)
    if "--trainer" in argv:
        from integration.tools import trainer_bench
        return int(trainer_bench.main([a for a in argv if a != "--trainer"]) or 0)
    if "--env" in argv:
        try:
            from integration.tools import env_bench
        except ImportError as exc:  # a dependency of the environment missing from this installation
            print(f"yomi bench --env: the environment benchmark (integration.tools.env_bench) cannot be "
                  f"imported: {exc}", file=sys.stderr)
            return 2
        return int(env_bench.main([a for a in argv if a != "--env"]) or 0)
    args = parser.parse_args(argv)
    from integration.env.checks import MAX_GAME_LENGTH
    from integration.options import check_output, check_ranges

    check_ranges(parser.error, [("--repeats", args.repeats, 1, 1000), ("--python-repeats", args.python_repeats, 1, 1000),
                                ("--matches", args.matches, 1, 4096), ("--min-seconds", args.min_seconds, 0, 3600),
                                ("--game-length", args.game_length, 1, MAX_GAME_LENGTH),
                                ("--seed", args.seed, 0, 2**63 - 1)])
    check_output(parser.error, "--json", args.json)
    names = ("Ninja", "Cowboy", "Wizard", "Robot", "Mutant")
    if args.pairs == ["all"]:
        pairs = [(a, b) for a in names for b in names]
    else:
        pairs = [tuple(p.split("-", 1)) for p in args.pairs]
        by_lower = {n.lower(): n for n in names}
        bad = [p for p, pair in zip(args.pairs, pairs) if len(pair) != 2 or any(c.lower() not in by_lower for c in pair)]
        if bad:
            print(f"yomi bench: {', '.join(bad)}: a pair is P1-P2 of {', '.join(names)} (or 'all')", file=sys.stderr)
            return 2
        pairs = [tuple(by_lower[c.lower()] for c in pair) for pair in pairs]
    summary = run(pairs, args.matches, args.game_length, args.seed, repeats=args.repeats,
                  python_repeats=args.python_repeats, min_seconds=args.min_seconds)
    if args.json:
        from integration.options import write_json
        write_json(parser.error, "--json", args.json, summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
