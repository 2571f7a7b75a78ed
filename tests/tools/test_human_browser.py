"""yomi play --human in a real browser: headless Chromium driven by Selenium plays a whole match by
clicking moves and widgets, sees the preview and the result, and takes a screenshot.

Needs ``chromium`` and Debian's ``chromium-driver`` (``apt-get install -y chromium chromium-driver``,
as .ci/run does); skipped with the reason when either is missing.  Set ``YOMI_PLAY_SCREENSHOT`` to
a path to keep the screenshot (docs/play.png is taken this way).
"""
from __future__ import annotations

import os
import shutil
import threading
import time

import numpy as np
import pytest

from integration.tools.human.server import Game, HumanServer
from integration.tracefile import read_trace

KINDS = ("xy", "dir8", "slider", "check", "options")
SHORT = {"game_length": 150}      # a whole match in about a dozen turns, every widget kind among them


def _driver():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("selenium is not installed (uv sync installs the dev group)")
    browser = next((shutil.which(n) for n in ("chromium", "chromium-browser") if shutil.which(n)), None)
    if browser is None:
        pytest.skip("chromium is not installed (apt-get install -y chromium chromium-driver)")
    driver = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
    if driver is None:
        pytest.skip("chromedriver is not installed (apt-get install -y chromium-driver)")
    options = Options()
    options.binary_location = browser
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900",
                "--no-first-run"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(driver), options=options)


@pytest.fixture(scope="module")
def chromium():
    """One headless Chromium for the module's tests (a start-up costs seconds)."""
    d = _driver()
    yield d, d.get_window_size()
    d.quit()


@pytest.fixture
def browser(chromium):
    """The module's Chromium as each test starts it: the window at its start-up size, on a blank page."""
    d, size = chromium
    d.set_window_size(size["width"], size["height"])
    d.get("about:blank")
    d.get_log("browser")  # read now, so a test sees only its own page's messages
    return d


@pytest.fixture
def served(tmp_path):
    # Ninja has every widget kind among its grounded moves: DashForward (slider, check), Roll (8-way),
    # Jump (XY plot), ParryHigh (option lists); DI (XY plot) and feint/reverse (checks) on most moves.
    game = Game(opponent="random", c1="ninja", c2="wizard", seed=11, side=1, save_dir=tmp_path, settings=SHORT)
    server = HumanServer(game)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join(10)


def wait(d, what, timeout=30.0, step=0.05):
    end = time.monotonic() + timeout
    from selenium.common.exceptions import WebDriverException

    while time.monotonic() < end:
        try:
            v = what(d)
        except WebDriverException:      # the page is (re)loading
            v = None
        if v:
            return v
        time.sleep(step)
    said = js(d, "document.getElementById('message').textContent")
    raise AssertionError(f"timed out waiting; the page says: {said!r}")


def js(d, code):
    return d.execute_script("return " + code)


def operate(d, widget, rng) -> tuple[str, int | None]:
    """Use one widget as a person would; returns its kind and the head value it should now hold."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    kind = widget.get_attribute("data-kind")
    if kind in ("xy", "dir8"):
        buttons = [b for b in widget.find_elements(By.CSS_SELECTOR, "button[data-bin]") if "sel" not in b.get_attribute("class")]
        b = buttons[int(rng.integers(len(buttons)))]
        b.click()
        assert "sel" in b.get_attribute("class")
        return kind, int(b.get_attribute("data-bin"))
    if kind == "slider":
        s = widget.find_element(By.CSS_SELECTOR, "input[type=range]")
        s.send_keys(Keys.END if int(s.get_attribute("value")) < int(s.get_attribute("max")) else Keys.HOME)
        return kind, None
    if kind == "check":
        box = widget.find_element(By.CSS_SELECTOR, "input[type=checkbox]")
        box.click()
        return kind, int(box.is_selected())
    sel = Select(widget.find_element(By.TAG_NAME, "select"))
    options = sel.options
    pick = options[-1] if options[0].is_selected() else options[0]
    sel.select_by_value(pick.get_attribute("value"))
    return kind, int(pick.get_attribute("value"))


def test_play_a_whole_match_in_chromium(browser, served, tmp_path):
    from selenium.webdriver.common.by import By

    d, server = browser, served
    rng = np.random.default_rng(3)
    d.get(server.url)
    exercised: set = set()
    shot = None
    turn = 0
    t0 = time.monotonic()
    while True:
        state = wait(d, lambda d: js(d, "document.body.dataset.state") in ("ready", "over") and js(d, "document.body.dataset.state"))
        if state == "over":
            break
        assert js(d, "HUMAN.turn") == turn
        panel = js(d, "HUMAN.panel")
        # a move with a widget kind not used yet, else any move
        wanted = [mv for mv in panel["moves"] if any(w["kind"] not in exercised and len(w["choices"]) > 1 for w in mv["heads"])]
        pool = wanted or panel["moves"]
        mv = pool[int(rng.integers(len(pool)))]
        d.find_element(By.CSS_SELECTOR, f'#move-groups button.move[data-move="{mv["index"]}"]').click()
        assert d.find_element(By.ID, "chosen-move").text == mv["name"]
        shown = d.find_elements(By.CSS_SELECTOR, "#widgets .widget")
        assert len(shown) == sum(len(w["choices"]) > 1 for w in mv["heads"])
        for widget in shown:
            kind, value = operate(d, widget, rng)
            exercised.add(kind)
            head = next(w["head"] for w in mv["heads"] if w["head_name"] == widget.get_attribute("data-head"))
            if value is not None:
                assert js(d, f"HUMAN.action[{head}]") == value
        # the preview of exactly this choice appears (and is drawn: the canvas changes with it)
        key = js(d, 'HUMAN.turn + ":" + HUMAN.action.join(",")')
        wait(d, lambda d, key=key: js(d, 'document.getElementById("preview-text").dataset.key') == key)
        preview = d.find_element(By.ID, "preview-text")
        assert preview.is_displayed() and preview.text.startswith("preview, ")
        if shot is None and turn >= 2 and len(shown) >= 2:
            shot = tmp_path / "play.png"
            wait(d, lambda d: js(d, "view.playing") is False)  # the last turn's animation has ended
            d.save_screenshot(str(shot))
        d.find_element(By.ID, "btn-lock").click()
        wait(d, lambda d, n=turn + 1: js(d, "HUMAN.turn") == n or js(d, "document.body.dataset.state") == "over")
        assert d.find_element(By.ID, "reveal").get_attribute("textContent").startswith("random chose ")
        turn += 1
        assert turn < 300, "the match did not end"
    elapsed = time.monotonic() - t0

    assert set(KINDS) <= exercised, f"widget kinds never used: {set(KINDS) - exercised}"
    result = d.find_element(By.ID, "result")
    assert result.is_displayed()
    text = d.find_element(By.ID, "result-text").text
    assert text.split(" (")[0] in ("You win", "You lose", "Draw")
    res = server.game.match.result
    assert res["turns"] == turn and f"({res['reason']})" in text
    trace = read_trace(server.game.match.trace_path, require_end=True)
    assert len(trace.turns) == turn and js(d, "RUN.ticks.length") == len(trace.ticks)
    # the match played in the page (previews included) replays tick for tick on the C engine
    from integration.tools.parity import main as parity_main

    assert parity_main(["trace", str(server.game.match.trace_path), "--engine", "c"]) == 0
    assert shot is not None and shot.stat().st_size > 10_000
    if os.environ.get("YOMI_PLAY_SCREENSHOT"):
        shutil.copyfile(shot, os.environ["YOMI_PLAY_SCREENSHOT"])
    errors = [e for e in d.get_log("browser") if e["level"] == "SEVERE" and "favicon" not in e["message"]]
    assert not errors, errors

    # rematch: the next match, in a freshly loaded page
    d.find_element(By.ID, "btn-rematch").click()
    wait(d, lambda d: js(d, "document.body.dataset.state") == "ready" and js(d, "HUMAN.match") == 2)
    assert js(d, "HUMAN.turn") == 0 and "match 2" in d.find_element(By.ID, "subtitle").text
    print(f"{turn} turns played in the browser in {elapsed:.1f} s")


# Where a person's click would land on each move button, once it is scrolled into view: its
# corners and centre, each answered by the element the page has there (the button, or what covers it).
COVERED_MOVES = """
const out = [];
for (const b of document.querySelectorAll("#move-groups button.move")) {
  b.scrollIntoView({block: "nearest", inline: "nearest"});
  const r = b.getBoundingClientRect();
  for (const [x, y] of [[r.left + 2, r.top + 2], [r.right - 2, r.top + 2], [r.left + 2, r.bottom - 2],
                        [r.right - 2, r.bottom - 2], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]]) {
    const e = document.elementFromPoint(x, y);
    if (!(e && (e === b || b.contains(e))))
      out.push(`${b.dataset.name} at (${Math.round(x)}, ${Math.round(y)}): ${e ? e.outerHTML.slice(0, 60) : "outside the window"}`);
  }
}
return out;
"""


def _labels_apart_and_inside(d) -> list:
    """The stage's labels (view.labels, placed by viewer.js) that stick out of the canvas or overlap another."""
    boxes = js(d, "view.labels.map((b) => Object.assign({}, b))")
    W, H = js(d, "[canvas.clientWidth, canvas.clientHeight]")
    bad = [f"{b['text']!r} at ({b['x']:.0f}, {b['y']:.0f}) {b['w']:.0f}x{b['h']:.0f} is not inside the {W}x{H} canvas"
           for b in boxes if b["x"] < 0 or b["y"] < 0 or b["x"] + b["w"] > W or b["y"] + b["h"] > H]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]:
                bad.append(f"{a['text']!r} overlaps {b['text']!r}")
    return bad


def test_small_windows_every_move_clicks_and_the_preview_reads_as_words(browser, served):
    """In an 800x600 and a 1280x757 window, every legal move button lies whole in view once scrolled
    to (nothing over any part of it), and at 800x600 each takes a real click; the preview names the
    move's data in the widgets' words, never JSON; the labels on the stage (fighters', the
    preview's) stay inside the canvas and off each other; hitlag is labelled in words."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    d, server = browser, served
    for size in ((800, 600), (1280, 757)):
        d.set_window_size(*size)
        d.get(server.url)
        wait(d, lambda d: js(d, "document.body.dataset.state") == "ready")
        moves = js(d, "HUMAN.panel.moves")
        assert len(moves) > 20
        assert d.execute_script(COVERED_MOVES) == [], size
        for mv in moves if size == (800, 600) else ():          # the smaller window: every move, really clicked
            where = (By.CSS_SELECTOR, f'#move-groups button.move[data-move="{mv["index"]}"]')
            WebDriverWait(d, 5).until(EC.element_to_be_clickable(where)).click()   # raises if another element gets it
            assert js(d, "HUMAN.move.index") == mv["index"], (size, mv["name"])
        for name, said in (("ParryHigh", "you play ParryHigh (Block Height: high, Melee Parry Timing: 1) →"),
                           ("Roll", "you play Roll (Direction: forward) →"), ("Jump", "you play Jump (JumpArc: ")):
            d.find_element(By.CSS_SELECTOR, f'#move-groups button.move[data-name="{name}"]').click()
            key = js(d, 'HUMAN.turn + ":" + HUMAN.action.join(",")')
            wait(d, lambda d, key=key: js(d, 'document.getElementById("preview-text").dataset.key') == key)
            text = d.find_element(By.ID, "preview-text").text
            assert said in text and "{" not in text and '"' not in text, (size, text)
            texts = [b["text"] for b in js(d, "view.labels")]
            assert f"preview: {name}" in texts and sum(t.startswith("preview: ") for t in texts) == 2, (size, texts)
            assert _labels_apart_and_inside(d) == [], size
        # a fighter in hitlag is labelled with words, not a symbol some fonts lack
        label = js(d, """(() => { const cam = cameraFor(view.index, canvas.clientWidth, canvas.clientHeight);
            view.labels = []; drawFighterLabel(cam, Object.assign({}, drawable(RUN.ticks[view.index]).p1, {hitlag: 3}), "p1", false);
            const text = view.labels[0].text; render(); return text; })()""")
        assert label.endswith(" hitlag 3") and "\u23f8" not in label, label
