"""yomi watch: the page builder, the divergence finder, the approximate boxes, the command line,
and the page itself rendered in headless Chromium (pixels checked, not just files)."""
from __future__ import annotations

import copy
import html
import json
import os
import shutil
import struct
import subprocess
import tempfile
import zlib
from pathlib import Path

import pytest

from support.data import trace_files
from integration.tracefile import Trace, TraceWriter, read_trace, write_trace
from integration.tools.watch import boxes as boxes_mod
from integration.tools.watch import cli
from integration.tools.watch.diff import diff_runs, diff_tick, first_divergence
from integration.tools.watch.page import build_page, extract_data

P1_BODY = (0xFF, 0x8A, 0x3D)     # COLORS.p1 in viewer.js: fighter bodies are drawn in exactly this colour
P2_BODY = (0x4A, 0xA8, 0xFF)     # COLORS.p2
WARN = (0xFF, 0x3B, 0x5C)        # COLORS.warn: the frame drawn around the stage at the divergence


# ---------------------------------------------------------------- a synthetic match (no game files needed)

def fighter(px: int, py: int = 0, state: str = "Wait", st: int = 0, hp: int = 1500, facing: int = 1) -> dict:
    return {"state": state, "st": st, "px": px, "py": py, "x": str(px), "y": str(py), "vx": "1.5", "vy": "0",
            "facing": facing, "grounded": py == 0, "pushback": "0", "hp": hp, "super_meter": 40, "supers": 1,
            "burst_meter": 300, "bursts": 1, "combo": 0, "hitlag": 0, "hitstun": None, "blockstun": 0,
            "air_moves": 1, "feints": 2, "penalty": 0, "interruptable": True, "hit_cancellable": False,
            "busy": False, "invuln": False, "proj_invuln": False, "di": {"x": "0", "y": "0"},
            "stance": "Normal", "air_option_bar": 0, "res": {"momentum_stores": 0, "bomb_projectile": None}}


def choice(action: str, **extra) -> dict:
    return {"action": action, "data": None,
            "extra": {"DI": {"x": 0, "y": 0}, "reverse": False, "feint": False, "prediction": -1, **extra}}


def synthetic_trace(path: Path, ticks: int = 120) -> Path:
    """Ninja walks right from -160, Wizard jumps in place at 140; a Kunai flies for a while."""
    header = {"game": "synthetic", "p1": "Ninja", "p2": "Wizard", "seed": 1,
              "match_settings": {"stage_width": 800, "ceiling_height": 800, "has_ceiling": True},
              "start": {"tick": -1, "p1": fighter(-160, state="Start", st=-1),
                        "p2": fighter(140, state="Start", st=-1, facing=-1)},
              "notes": "contains </script> and <!-- on purpose: the page must survive it"}
    with TraceWriter(path, header) as w:
        for t in range(ticks):
            p2y = -min(t % 40, 40 - t % 40) * 3
            objects = []
            if 30 <= t < 70:
                objects.append({"name": "5", "scene": "Kunai", "owner": 1, "state": "Default", "st": t - 30,
                                "px": -140 + 6 * (t - 30), "py": -30, "x": "0", "y": "0", "vx": "6", "vy": "0",
                                "facing": 1})
            w.tick(t, {"p1": fighter(-160 + t // 2, state="Walk", st=t, hp=1500 - t),
                       "p2": fighter(140, p2y, state="Jump" if p2y else "Wait", st=t % 40, facing=-1),
                       "objects": objects})
            if t % 30 == 0:
                w.turn(t, choice("DashForward", explode=False), choice("Jump", hover=t == 30),
                       legal={"p1": ["DashForward", "Wait"], "p2": ["Jump", "Wait"]})
        w.end({"winner": 1, "reason": "timeout", "p1_hp": 1500 - ticks + 1, "p2_hp": 1500, "turns": 4})
    return path


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory) -> Path:
    return synthetic_trace(tmp_path_factory.mktemp("watch") / "synthetic.jsonl.gz")


def real_trace() -> Path:
    files = trace_files()
    return files[0]


# ---------------------------------------------------------------- the page's data round-trips

def test_page_embeds_the_match_exactly(synthetic):
    trace = read_trace(synthetic)
    page = build_page(trace)
    assert page.startswith("<!DOCTYPE html>")
    assert "http://" not in page and "https://" not in page       # self-contained: nothing to fetch
    assert page.count("</script>") == page.count("<script")          # the data cannot close its tag
    data = extract_data(page)
    run = data["runs"][0]
    assert run["header"] == trace.header
    assert run["turns"] == trace.turns
    assert run["ticks"] == trace.ticks
    assert run["end"] == trace.end
    assert data["compared"] is False and data["divergence"] is None
    assert len(data["derived_boxes"][0]) == len(trace.ticks)


def test_page_round_trips_a_real_trace(tmp_path):
    trace = read_trace(real_trace())
    short = Trace(header=trace.header, turns=[t for t in trace.turns if t["tick"] < 300],
                  ticks=trace.ticks[:300], end=None, path=trace.path)
    data = extract_data(build_page(short))
    assert data["runs"][0]["ticks"] == short.ticks and data["runs"][0]["turns"] == short.turns
    assert data["runs"][0]["header"] == trace.header


def test_recorded_boxes_take_precedence(tmp_path):
    path = tmp_path / "boxed.jsonl"
    with TraceWriter(path, {"p1": "Robot", "p2": "Mutant", "seed": 1}) as w:
        exact = {"p1": [{"kind": "hit", "x": 5, "y": -20, "w": 10, "h": 4}], "p2": [], "objects": {}}
        w.tick(0, {"p1": fighter(-50), "p2": fighter(50, facing=-1), "objects": [], "boxes": exact})
        w.tick(1, {"p1": fighter(-50), "p2": fighter(50, facing=-1), "objects": []})
    data = extract_data(build_page(read_trace(path)))
    assert data["runs"][0]["ticks"][0]["boxes"] == exact
    assert data["derived_boxes"][0][0] is None                      # the page uses the recorded ones
    assert data["derived_boxes"][0][1]["p1"][0]["kind"] == "collision"


# ---------------------------------------------------------------- the divergence finder

def test_planted_change_is_found_at_its_tick():
    trace = read_trace(real_trace())
    other = copy.deepcopy(trace)
    k = len(trace.ticks) // 2
    tick = trace.ticks[k]["tick"]
    other.ticks[k]["p2"]["x"] = "12345.5"
    first_res = next(iter(other.ticks[k]["p1"]["res"]))
    other.ticks[k]["p1"]["res"][first_res] = "planted"
    other.ticks[k + 5]["p1"]["hp"] += 1                             # a later change must not be reported first
    div = first_divergence(trace, other)
    assert div is not None
    assert div.tick == tick and div.index_a == k and div.index_b == k
    assert sorted(div.fields) == sorted(["p2.x", f"p1.res.{first_res}"])
    x = next(d for d in div.diffs if d.path == "p2.x")
    assert (x.who, x.field, x.a, x.b) == ("p2", "x", trace.ticks[k]["p2"]["x"], "12345.5")
    assert div.turn_diffs == []                                     # same inputs: a real simulation divergence
    assert f"tick {tick}" in div.summary()
    assert first_divergence(trace, copy.deepcopy(trace)) is None
    # ignoring the planted fields moves the divergence to the later change
    later = first_divergence(trace, other, ignore=("p2.x", "p1.res.*"))
    assert later.tick == trace.ticks[k + 5]["tick"] and later.fields == ["p1.hp"]


def test_divergence_kinds(synthetic, tmp_path):
    a = read_trace(synthetic)
    # objects: a field, a missing object, the order
    b = copy.deepcopy(a)
    b.ticks[40]["objects"][0]["px"] += 1
    b.ticks[50]["objects"] = []
    assert first_divergence(a, b).fields == ["objects.5.px"]
    b.ticks[40]["objects"][0]["px"] -= 1
    div = first_divergence(a, b)
    assert div.tick == 50 and div.fields == ["objects.5"] and div.diffs[0].b is None
    two = [{"name": "1", "px": 0}, {"name": "2", "px": 0}]
    assert [d.path for d in diff_tick({"objects": two}, {"objects": two[::-1]})] == ["objects.order"]
    # a shorter run diverges where it stops
    c = copy.deepcopy(a)
    c.ticks = c.ticks[:80]
    div = first_divergence(a, c)
    assert div.tick == 80 and div.fields == ["tick"] and div.index_b is None
    # the start state counts as tick -1
    d = copy.deepcopy(a)
    d.header["start"]["p1"]["px"] = 0
    assert first_divergence(a, d).tick == -1
    # True is not 1, a missing field is a difference, optional keys only count when both have them
    assert [x.path for x in diff_tick({"p1": {"busy": True}, "p2": {}}, {"p1": {"busy": 1}, "p2": {}})] == ["p1.busy"]
    assert diff_tick({"p1": {"hp": 1}, "p2": {}}, {"p1": {}, "p2": {}})[0].b is None
    assert diff_tick({"p1": {}, "p2": {}, "boxes": {"p1": []}}, {"p1": {}, "p2": {}}) == []
    # different inputs are reported alongside
    e = copy.deepcopy(a)
    e.turns[1]["p1"]["action"] = "Wait"
    e.ticks[31]["p1"]["state"] = "Wait"
    div = first_divergence(a, e)
    assert div.tick == 31 and [t.path for t in div.turn_diffs] == ["p1.action"]
    # the end line
    f = copy.deepcopy(a)
    f.end["winner"] = 2
    assert first_divergence(a, f).fields == ["end.winner"]


def test_streaming_diff(synthetic):
    a = read_trace(synthetic)
    b = copy.deepcopy(a.ticks)
    b[7]["p2"]["st"] = 99
    assert diff_runs(a.ticks, a.ticks) is None
    tick, diffs = diff_runs(a.ticks, b)
    assert tick == 7 and [d.path for d in diffs] == ["p2.st"]
    tick, diffs = diff_runs(a.ticks, a.ticks[:10])
    assert tick == 10 and diffs[0].path == "tick"


def test_page_with_against_carries_the_divergence(synthetic, tmp_path):
    a = read_trace(synthetic)
    b = copy.deepcopy(a)
    b.ticks[60]["p1"]["px"] += 40
    other = tmp_path / "other.jsonl.gz"
    write_trace(other, b)
    data = extract_data(build_page(a, other))
    assert data["compared"] is True and len(data["runs"]) == 2
    assert data["runs"][1]["ticks"] == b.ticks
    assert data["divergence"]["tick"] == 60
    assert [d["path"] for d in data["divergence"]["diffs"]] == ["p1.px"]


# ---------------------------------------------------------------- approximate boxes

def test_box_derivation_from_a_table():
    table = {"boxes": {"CollisionBox": {"props": {"x": 0, "y": -14, "width": 12, "height": 14}},
                       "Hurtbox": {"props": {"x": 0, "y": -16, "width": 14, "height": 16}}},
             "states": {"Punch": {"children": [
                 {"name": "Hitbox", "kind": "Hitbox", "props": {"x": 17, "y": -24, "width": 16, "height": 8,
                                                                "start_tick": 4, "active_ticks": 2}},
                 {"name": "Scripted", "kind": "Hitbox", "props": {"x": 1, "y": 1, "start_tick": 0}},
                 {"name": "Low", "kind": "HurtboxState", "props": {"x": 0, "y": -8, "width": 14, "height": 8,
                                                                  "start_tick": 2, "active_ticks": 3}},
                 {"name": "Cmd", "kind": "HostCommand", "props": {}}]}}}
    cb = boxes_mod._normalise("Ninja", table)
    assert cb.source == "tables" and cb.collision == (0, -14, 12, 14) and cb.hurt == (0, -16, 14, 16)

    def kinds(st, facing=1):
        f = {"px": 100, "py": -10, "facing": facing, "state": "Punch", "st": st}
        return boxes_mod.fighter_boxes(cb, f)

    # active when start_tick <= st + 1 < start_tick + active_ticks
    assert [b["kind"] for b in kinds(2)] == ["collision", "hurt"]
    assert [b["kind"] for b in kinds(3)] == ["collision", "hurt", "hit"]
    assert [b["kind"] for b in kinds(4)] == ["collision", "hurt", "hit"]
    assert [b["kind"] for b in kinds(5)] == ["collision", "hurt"]
    hit = kinds(3)[2]
    assert (hit["x"], hit["y"], hit["w"], hit["h"]) == (117, -34, 16, 8)
    assert kinds(3, facing=-1)[2]["x"] == 100 - 17                  # x mirrored by facing, y not
    assert kinds(3)[1]["y"] == -10 - 8                              # the HurtboxState replaces the hurtbox
    assert kinds(9)[1]["y"] == -10 - 16


def test_box_derivation_without_tables(monkeypatch):
    import builtins
    real_import = builtins.__import__

    def no_tables(name, *args, **kwargs):
        if name == "states.data":
            raise ModuleNotFoundError(name)
        return real_import(name, *args, **kwargs)

    boxes_mod.character_boxes.cache_clear()
    monkeypatch.setattr(builtins, "__import__", no_tables)
    try:
        cb = boxes_mod.character_boxes("Robot")
        assert cb.source == "defaults" and cb.hurt == (0, -17, 15, 17) and cb.states == {}
        got = boxes_mod.derive_tick_boxes({"p1": fighter(0), "p2": fighter(40, facing=-1), "objects": []},
                                          "Robot", "Mutant")
        assert [b["kind"] for b in got["p1"]] == ["collision", "hurt"]
        assert got["p2"][1]["w"] == 12
    finally:
        monkeypatch.undo()
        boxes_mod.character_boxes.cache_clear()


def test_boxes_from_the_extracted_tables():
    """Ninja GroundedPunch (NinjaGuy.tscn): x 17, y -24, w 16, h 8, start 4, active 2."""
    boxes_mod.character_boxes.cache_clear()
    cb = boxes_mod.character_boxes("Ninja")
    assert cb.source == "tables"
    f = {"px": 10, "py": 0, "facing": 1, "state": "GroundedPunch", "st": 3}
    hits = [b for b in boxes_mod.fighter_boxes(cb, f) if b["kind"] == "hit"]
    assert [(b["x"], b["y"], b["w"], b["h"]) for b in hits] == [(27, -24, 16, 8)]
    assert boxes_mod.character_boxes("Robot").hurt == (0, -17, 15, 17)


# ---------------------------------------------------------------- the command line

def test_cli_writes_the_page(synthetic, tmp_path, capsys, monkeypatch):
    opened = []
    monkeypatch.setattr(cli.webbrowser, "open", lambda url: opened.append(url))
    out = tmp_path / "page.html"
    assert cli.main([str(synthetic), "--out", str(out)]) == 0
    assert extract_data(out.read_text())["runs"][0]["header"]["p1"] == "Ninja"
    assert opened == []                                             # --out: write only
    assert f"page: {out}" in capsys.readouterr().out

    monkeypatch.setattr(cli.tempfile, "gettempdir", lambda: str(tmp_path))
    assert cli.main([str(synthetic), "--tick", "42"]) == 0
    assert len(opened) == 1 and opened[0].startswith("file://") and opened[0].endswith("synthetic.html#tick=42")
    assert cli.main([str(synthetic), "--no-open"]) == 0
    assert len(opened) == 1

    b = read_trace(synthetic)
    b.ticks[12]["p2"]["hp"] = 1
    other = tmp_path / "b.jsonl"
    write_trace(other, b)
    assert cli.main([str(synthetic), "--against", str(other), "--out", str(tmp_path / "ab.html")]) == 0
    assert "first divergence at tick 12" in capsys.readouterr().out

    assert cli.main([str(tmp_path / "missing.jsonl"), "--out", str(out)]) == 2
    assert "missing.jsonl: no such file" in capsys.readouterr().err


def test_yomi_dispatcher_routes_watch(synthetic, tmp_path):
    from integration.tools.cli import main as yomi
    assert yomi(["watch", str(synthetic), "--out", str(tmp_path / "p.html")]) == 0
    assert (tmp_path / "p.html").stat().st_size > 10_000


# ---------------------------------------------------------------- the page in a real browser

def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    if os.path.exists("/usr/bin/chromium"):
        return "/usr/bin/chromium"
    pytest.skip("chromium is not installed (apt-get install -y chromium): the page's rendering is not checked")


def screenshot(page: Path, fragment: str, out: Path, size=(1400, 900)) -> list[tuple[int, int, int]]:
    """Render page.html#fragment in headless Chromium; return the screenshot's pixels (RGB, row-major)."""
    with tempfile.TemporaryDirectory() as profile:
        cmd = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--hide-scrollbars", f"--user-data-dir={profile}", f"--screenshot={out}",
               f"--window-size={size[0]},{size[1]}", f"{page.resolve().as_uri()}#{fragment}"]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    assert out.exists(), f"chromium wrote no screenshot (rc {proc.returncode}): {proc.stderr[-2000:]}"
    width, height, pixels = read_png(out)
    assert (width, height) == size
    return pixels


def read_png(path: Path) -> tuple[int, int, list[tuple[int, int, int]]]:
    """A small PNG decoder (8-bit RGB/RGBA, not interlaced: what Chromium writes), standard library only."""
    try:
        from PIL import Image  # faster when present (matplotlib brings it)
        with Image.open(path) as im:
            rgb = im.convert("RGB")
            flat = rgb.tobytes()
            return rgb.width, rgb.height, [tuple(flat[i:i + 3]) for i in range(0, len(flat), 3)]
    except ImportError:
        pass
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        ftype, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 255
            elif ftype == 2:
                line[i] = (line[i] + b) & 255
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    pixels = [(r[i], r[i + 1], r[i + 2]) for r in rows for i in range(0, stride, bpp)]
    return width, height, pixels


def colour_stats(pixels, size, colour, region, tolerance=6):
    """(count, mean x) of the pixels within `tolerance` of `colour` inside region (x0, y0, x1, y1)."""
    width = size[0]
    x0, y0, x1, y1 = region
    count = sx = 0
    for y in range(y0, y1):
        row = y * width
        for x in range(x0, x1):
            r, g, b = pixels[row + x]
            if abs(r - colour[0]) <= tolerance and abs(g - colour[1]) <= tolerance and abs(b - colour[2]) <= tolerance:
                count += 1
                sx += x
    return count, (sx / count if count else None)


# The stage canvas: left of the 380-px side panel, below the top bar and the 74-px HUD, above the controls.
STAGE = (0, 130, 1400 - 400, 900 - 60)


def check_both_fighters(pixels, tick: dict, size=(1400, 900)):
    n1, x1 = colour_stats(pixels, size, P1_BODY, STAGE)
    n2, x2 = colour_stats(pixels, size, P2_BODY, STAGE)
    assert n1 > 300, f"P1's body is not on screen ({n1} pixels of its colour)"
    assert n2 > 300, f"P2's body is not on screen ({n2} pixels of its colour)"
    # and they are where the trace puts them: left/right order on screen = order of px in the trace
    if tick["p1"]["px"] != tick["p2"]["px"]:
        assert (x1 < x2) == (tick["p1"]["px"] < tick["p2"]["px"]), (x1, x2, tick["p1"]["px"], tick["p2"]["px"])
    return n1, n2


def test_page_renders_both_fighters_in_chromium(synthetic, tmp_path):
    page = tmp_path / "synthetic.html"
    page.write_text(build_page(read_trace(synthetic)))
    pixels = screenshot(page, "tick=60", tmp_path / "synthetic_60.png")
    check_both_fighters(pixels, read_trace(synthetic).ticks[60])


def _mid_match_tick(trace) -> int:
    """A tick near the middle where both fighters stand on the floor, well apart (a clear picture)."""
    n = len(trace.ticks)
    for k in sorted(range(n // 4, 3 * n // 4), key=lambda k: abs(k - n // 2)):
        t = trace.ticks[k]
        if t["p1"]["py"] == 0 and t["p2"]["py"] == 0 and abs(t["p1"]["px"] - t["p2"]["px"]) > 70:
            return k
    return n // 2


def test_real_match_mid_tick_screenshot(tmp_path):
    source = real_trace()
    trace = read_trace(source)
    k = _mid_match_tick(trace)
    tick = trace.ticks[k]
    page = tmp_path / "real.html"
    page.write_text(build_page(trace))
    out = Path(os.environ.get("YOMI_WATCH_SHOT_DIR", tmp_path)) / f"watch_{source.name.split('.')[0]}_{tick['tick']}.png"
    pixels = screenshot(page, f"tick={tick['tick']}", out)
    check_both_fighters(pixels, tick)


def test_against_page_opens_at_the_divergence(synthetic, tmp_path):
    a = read_trace(synthetic)
    b = copy.deepcopy(a)
    for rec in b.ticks[75:]:
        rec["p2"]["px"] -= 60                                       # B's Wizard drifts left from tick 75
    other = tmp_path / "b.jsonl.gz"
    write_trace(other, b)
    page = tmp_path / "ab.html"
    page.write_text(build_page(a, other))
    # no fragment: the page opens at the divergence and frames the stage in the warning colour
    at_div = screenshot(page, "", tmp_path / "ab_div.png")
    assert colour_stats(at_div, (1400, 900), WARN, (0, 100, 1000, 860), tolerance=4)[0] > 2000
    check_both_fighters(at_div, a.ticks[75])
    at_start = screenshot(page, "tick=10", tmp_path / "ab_10.png")
    frame = colour_stats(at_start, (1400, 900), WARN, (0, 130, 1000, 860), tolerance=4)[0]
    assert frame < 500, "the divergence frame shows on a tick where the runs agree"


HARNESS = """<script>
// test harness appended to the page: drive the controls, write what happened into <pre id="result">
const out = {};
const key = (k, shift) => document.dispatchEvent(new KeyboardEvent("keydown", {key: k, shiftKey: !!shift, bubbles: true}));
const tick = () => RUN.ticks[view.index].tick;
out.start = tick();
key("ArrowRight"); key("ArrowRight"); out.right2 = tick();
key("ArrowLeft"); out.left = tick();
key("ArrowRight", true); out.turnFwd = tick();
key("ArrowRight", true); out.turnFwd2 = tick();
key("ArrowLeft", true); out.turnBack = tick();
key("End"); out.end = tick();
key("Home"); out.home = tick();
document.getElementById("btn-tick-fwd").click(); out.btnTick = tick();
document.getElementById("btn-turn-fwd").click(); out.btnTurn = tick();
document.getElementById("btn-turn-back").click(); out.btnTurnBack = tick();
const scrub = document.getElementById("scrub"); scrub.value = 50; scrub.dispatchEvent(new Event("input")); out.scrub = tick();
document.querySelector("#turn-list li[data-i='2']").click(); out.listClick = tick();
out.hash = location.hash;
out.turnLabel = document.getElementById("turn-label").textContent;
out.p1State = document.querySelector("#card-p1 .state").textContent;
key("+"); out.speed = view.speed;
key("b"); out.boxes = view.showBoxes;
key(" "); out.playing = view.playing;
// Playback advances on animation frames, which a headless browser may deliver late when the CPU
// is contended: look every 100 ms (up to 6 s of the 8 s virtual-time budget) until the tick has moved.
let polls = 0;
const finish = () => {
  // playback that reached the last tick within the wait has stopped by itself; else the key stops it
  out.afterPlay = tick(); if (view.playing) key(" "); out.paused = !view.playing;
  key(" "); key(" "); out.keyPauses = !view.playing; out.errors = window.__errors;
  const pre = document.createElement("pre"); pre.id = "result"; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
};
const poll = () => (tick() > 60 || !view.playing || ++polls >= 60 ? finish() : setTimeout(poll, 100));
setTimeout(poll, 100);
</script>"""


def test_controls_in_chromium(synthetic, tmp_path):
    """Keyboard, buttons, scrub bar, turn list and playback, driven inside headless Chromium."""
    page = build_page(read_trace(synthetic))
    catch = '<script>window.__errors=[];window.addEventListener("error",e=>__errors.push(String(e.message)));</script>'
    page = page.replace("<head>", "<head>" + catch, 1).replace("</body>", HARNESS + "</body>", 1)
    path = tmp_path / "harness.html"
    path.write_text(page)
    with tempfile.TemporaryDirectory() as profile:
        proc = subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                               "--disable-background-networking", "--disable-component-update", "--disable-sync",
                               f"--user-data-dir={profile}", "--virtual-time-budget=8000", "--window-size=1400,900",
                               "--dump-dom", path.resolve().as_uri()], capture_output=True, text=True, timeout=180)
    found = proc.stdout.rsplit('<pre id="result">', 1)                 # the last one: the script names it too
    assert len(found) == 2, f"the harness did not finish: {proc.stderr[-2000:]}"
    out = json.loads(found[1].split("</pre>", 1)[0].replace("&quot;", '"').replace("&amp;", "&"))
    assert out["errors"] == []
    # turns are taken at ticks 0, 30, 60, 90; the match has ticks 0..119
    assert (out["start"], out["right2"], out["left"]) == (0, 2, 1)
    assert (out["turnFwd"], out["turnFwd2"], out["turnBack"]) == (30, 60, 30)
    assert (out["end"], out["home"], out["btnTick"], out["btnTurn"], out["btnTurnBack"]) == (119, 0, 1, 30, 0)
    assert out["scrub"] == 50 and out["listClick"] == 60 and out["hash"] == "#tick=60"
    assert out["turnLabel"] == "turn 3 / 4" and out["p1State"] == "Walk st 60"
    assert out["speed"] == 2 and out["boxes"] is False
    assert out["playing"] is True and out["afterPlay"] > 60 and out["paused"] is True and out["keyPauses"] is True


# ---------------------------------------------------------------- trace data is never run as script

def _payload(field: str) -> str:
    return f"<img src=x onerror=\"window.__pwned.push('{field}')\"><script>window.__pwned.push('{field}')</script>"


def _poisoned_trace(path: Path, tag: str = "") -> Path:
    """Every string or number a fighter, an object, a turn or the header shows replaced by a payload
    that records its field name in window.__pwned if it ever runs."""
    p = lambda field: _payload(tag + field)  # noqa: E731
    header = {"game": p("game"), "game_version": p("game_version"), "p1": "Ninja", "p2": "Wizard", "seed": 1,
              "notes": p("notes"), "start": {"tick": -1, "p1": fighter(-100), "p2": fighter(100, facing=-1)}}

    def poisoned_fighter(who: str, px: int) -> dict:
        f = fighter(px)
        for key in ("state", "st", "px", "py", "x", "y", "vx", "vy", "hp", "super_meter", "burst_meter", "combo",
                    "hitstun", "stance", "pushback"):
            f[key] = p(f"{who}.{key}")
        f["di"] = {"x": p(f"{who}.di.x"), "y": p(f"{who}.di.y")}
        f["res"] = {p(f"{who}.res.key"): p(f"{who}.res.value")}
        return f

    obj = {key: p(f"object.{key}") for key in ("name", "scene", "owner", "state", "st", "px", "py", "hp",
                                               "lifetime", "x", "y")}
    extra = {"DI": {"x": p("DI.x"), "y": p("DI.y")}, p("extra.key"): p("extra.value"), "feint": p("feint")}
    with TraceWriter(path, header) as w:
        for t in range(6):
            w.tick(t, {"p1": poisoned_fighter("p1", -100 + t), "p2": poisoned_fighter("p2", 100),
                       "objects": [obj]})
            if t in (0, 3):
                w.turn(t, {"action": p("p1.action"), "data": p("p1.data"), "extra": extra},
                       {"action": p("p2.action"), "data": {p("data.key"): p("data.value")}, "extra": extra},
                       legal={"p1": [p("legal")], "p2": [p("legal")]})
        w.end({"winner": 1, "reason": p("reason"), "turns": 2})
    return path


INJECTION_HARNESS = """<script>
// drive every tick of the page, then report whether any payload ran
for (let i = 0; i < RUN.ticks.length; i++) setIndex(i, true);
setIndex(3, true);
setTimeout(() => {
  const text = (id) => document.getElementById(id).textContent;
  const out = { pwned: window.__pwned, title: document.title, objects: text("objects-box"), card: text("card-p1"),
                turn: text("turn-detail"), turns: text("turn-list"), banner: text("banner"), diff: text("diff-box"),
                legend: text("legend"), subtitle: text("subtitle"), errors: window.__errors };
  const pre = document.createElement("pre"); pre.id = "result"; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
}, 1500);
</script>"""


def test_trace_data_never_runs_as_script_in_chromium(tmp_path):
    """A trace (and a second run to compare with) with an HTML payload in every field the page
    shows: in headless Chromium no payload runs, and the payloads are on the page as text."""
    named = tmp_path / "x<img src=x onerror=window.__pwned.push('label')>.jsonl"
    a = _poisoned_trace(named)
    b = _poisoned_trace(tmp_path / "y<img src=x onerror=window.__pwned.push('labelB')>.jsonl", tag="B.")
    page = build_page(read_trace(a), read_trace(b))
    catch = ('<script>window.__pwned=[];window.__errors=[];'
             'window.addEventListener("error",e=>__errors.push(String(e.message)));</script>')
    page = page.replace("<head>", "<head>" + catch, 1).replace("</body>", INJECTION_HARNESS + "</body>", 1)
    path = tmp_path / "injection.html"
    path.write_text(page)
    with tempfile.TemporaryDirectory() as profile:
        proc = subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                               "--disable-background-networking", "--disable-component-update", "--disable-sync",
                               f"--user-data-dir={profile}", "--virtual-time-budget=8000", "--window-size=1400,900",
                               "--dump-dom", path.resolve().as_uri()], capture_output=True, text=True, timeout=180)
    found = proc.stdout.rsplit('<pre id="result">', 1)
    assert len(found) == 2, f"the harness did not finish: {proc.stderr[-2000:]}"
    out = json.loads(html.unescape(found[1].split("</pre>", 1)[0]))
    assert out["pwned"] == [], out["pwned"]
    assert not out["title"].startswith("pwned")
    # the payloads were put on the page, as text
    for where, field in (("objects", "object.owner"), ("objects", "object.st"), ("objects", "object.px"),
                         ("objects", "object.py"), ("objects", "object.hp"), ("card", "p1.state"),
                         ("card", "p1.st"), ("card", "p1.res.key"), ("turn", "DI.x"),
                         ("turn", "DI.y"), ("turn", "p1.action"), ("turns", "p2.action"), ("legend", "labelB"),
                         ("subtitle", "label")):
        assert f"window.__pwned.push('{field}')" in out[where], (where, field, out[where][:300])
    assert "field(s) differ" in out["diff"] and "<img src=x onerror=" in out["diff"]
    assert "First divergence" in out["banner"]
