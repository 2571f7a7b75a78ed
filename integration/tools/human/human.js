"use strict";
// yomi play --human: the turn panel, the prediction preview and the live match, on top of the
// viewer (viewer.js, loaded before this script, draws the stage, the HUD and the cards from the
// "match-data" JSON; this script appends each turn's ticks to that data and plays them).
// Everything offered comes from the server's description of the decision (the environment's
// action layout and masks, integration/human/session.py): an action is a list of head values,
// and only listed values can be picked.  Text from the server is set with textContent only.

const HUMAN = {
  token: new URLSearchParams(location.search).get("token") || "",
  match: null, turn: null, side: 1, opponent: "", facing: 1, panel: null, result: null,
  move: null,            // the chosen move (an entry of panel.moves)
  action: null,          // the head values being built
  preview: null,         // {key, ticks} of the last preview
  previewTimer: null,
};

function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("data-")) e.setAttribute(k, v);
    else e[k] = v;
  }
  if (text !== undefined) e.textContent = text;
  return e;
}

function setMessage(text) { $("message").textContent = text || ""; }
function setBodyState(s) { document.body.dataset.state = s; }

async function api(method, path, body) {
  const res = await fetch(path, {
    method, cache: "no-store",
    headers: { "X-Yomi-Token": HUMAN.token, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data;
  try { data = await res.json(); } catch (e) { data = { ok: false, error: "the server answered " + res.status }; }
  if (!data.ok) throw new Error(data.error || "the server answered " + res.status);
  return data;
}

// ---------------------------------------------------------------- the decision

function applyStatus(s) {
  HUMAN.match = s.match; HUMAN.turn = s.turn; HUMAN.side = s.side; HUMAN.opponent = s.opponent;
  HUMAN.facing = s.facing || 1; HUMAN.panel = s.panel; HUMAN.result = s.result;
  HUMAN.move = null; HUMAN.action = null; HUMAN.preview = null;
  $("turn-panel").dataset.turn = String(s.turn);
  $("subtitle").textContent = `you are P${s.side} (${s["p" + s.side]}) against ${s.opponent} · match ${s.match} · saved to ${s.trace}`;
  if (s.result) showResult(s.result, s.trace);
  else { buildMoves(); setBodyState("ready"); }
}

const GROUP_ORDER = ["hold", "movement", "attack", "special", "super", "defense"];

function buildMoves() {
  const groups = $("move-groups");
  groups.replaceChildren();
  for (const g of GROUP_ORDER) {
    const moves = HUMAN.panel.moves.filter((m) => m.group === g);
    if (!moves.length) continue;
    const box = el("div", { class: "group g-" + g });
    box.append(el("h4", {}, g));
    for (const m of moves) {
      const b = el("button", { type: "button", class: "move", "data-move": String(m.index), "data-name": m.name }, m.name);
      b.addEventListener("click", () => chooseMove(m));
      box.append(b);
    }
    groups.append(box);
  }
  $("chosen-move").textContent = "choose a move";
  $("widgets").replaceChildren();
  $("preview-text").hidden = true;
  $("btn-lock").disabled = true;
}

function chooseMove(m) {
  HUMAN.move = m;
  HUMAN.action = new Array(HUMAN.panel.n_heads).fill(0);
  HUMAN.action[0] = m.index;
  for (const w of m.heads) HUMAN.action[w.head] = w.default;
  for (const b of document.querySelectorAll("#move-groups button.move")) b.classList.toggle("sel", +b.dataset.move === m.index);
  $("chosen-move").textContent = m.name;
  buildWidgets(m);
  $("btn-lock").disabled = false;
  schedulePreview();
}

function setHead(w, bin) {
  HUMAN.action[w.head] = bin;
  const box = document.querySelector(`.widget[data-head="${w.head_name}"]`);
  if (box) {
    for (const b of box.querySelectorAll("button[data-bin]")) b.classList.toggle("sel", +b.dataset.bin === bin);
    const c = w.choices.find((c) => c.bin === bin);
    box.querySelector(".wvalue").textContent = c ? c.label : String(bin);
  }
  schedulePreview();
}

// One control per head with a real choice (a head with a single legal value is fixed: not shown).
function buildWidgets(m) {
  const root = $("widgets");
  root.replaceChildren();
  for (const w of m.heads) {
    if (w.choices.length < 2) continue;
    const box = el("div", { class: "widget", "data-kind": w.kind, "data-head": w.head_name });
    box.append(el("span", { class: "wname" }, w.name));
    const current = HUMAN.action[w.head];
    if (w.kind === "xy" || w.kind === "dir8") {
      // positions are facing-relative (x forward, y down): mirrored so forward points at the fighter's facing
      const pad = el("div", { class: "pad " + w.kind });
      const reach = w.kind === "xy" ? 46 : 28;
      const half = w.kind === "xy" ? 52 : 39;
      for (const c of w.choices) {
        const b = el("button", { type: "button", title: c.label, "data-bin": String(c.bin) });
        if (c.pos) {
          b.className = "pt";
          b.style.left = (half + c.pos[0] * HUMAN.facing * reach) + "px";
          b.style.top = (half + c.pos[1] * reach) + "px";
          pad.append(b);
        } else {
          b.className = "opt";
          b.textContent = c.label;
          box.append(b);
        }
        b.addEventListener("click", () => setHead(w, c.bin));
      }
      box.insertBefore(pad, box.children[1] || null);
    } else if (w.kind === "slider") {
      const input = el("input", { type: "range", min: "0", max: String(w.choices.length - 1), step: "1" });
      input.value = String(Math.max(0, w.choices.findIndex((c) => c.bin === current)));
      input.addEventListener("input", () => setHead(w, w.choices[+input.value].bin));
      box.append(input);
    } else if (w.kind === "check") {
      const input = el("input", { type: "checkbox" });
      input.checked = current === 1;
      input.addEventListener("change", () => setHead(w, input.checked ? 1 : 0));
      box.append(input);
    } else {
      const select = el("select");
      for (const c of w.choices) select.append(el("option", { value: String(c.bin) }, c.label));
      select.value = String(current);
      select.addEventListener("change", () => setHead(w, +select.value));
      box.append(select);
    }
    box.append(el("span", { class: "wvalue" }));
    root.append(box);
    for (const b of box.querySelectorAll("button[data-bin]")) b.classList.toggle("sel", +b.dataset.bin === current);
    const c = w.choices.find((c) => c.bin === current);
    box.querySelector(".wvalue").textContent = c ? c.label : String(current);
  }
}

// ---------------------------------------------------------------- prediction preview

function schedulePreview() {
  clearTimeout(HUMAN.previewTimer);
  HUMAN.previewTimer = setTimeout(requestPreview, 120);
}

// A move's data in words, never as JSON: a value the game's widgets make ({x, y}, {x}, {count}, a
// flag, a name) as the widgets write it, and the game's dict of several widgets' values as
// "name: value" pairs.
function words(v) {
  if (v === null || v === undefined) return "none";
  if (typeof v === "boolean") return v ? "on" : "off";
  if (Array.isArray(v)) return v.map(words).join(", ");
  if (typeof v !== "object") return String(v);
  if (isWidgetValue(v)) return Object.values(v).map(words).join(", ");
  return Object.entries(v).map(([k, x]) => k + ": " + words(x)).join(", ");
}

function isWidgetValue(v) {
  const keys = Object.keys(v);
  return keys.length > 0 && keys.every((k) => k === "x" || k === "y" || k === "count");
}

// "(Block Height: high, Melee Parry Timing: 1)": what the person chose, in the words of the turn
// panel's widgets (the label each shows for its value), the data the game received where no widget
// shows it (a value the move forces), then the other heads set away from their defaults (feint, DI...).
const DATA_HEADS = new Set(["dir", "dir2", "scalar", "flag1", "flag2", "option"]);

function choiceWords(data) {
  const m = HUMAN.move;
  if (!m) return data === null || data === undefined ? "" : "(" + words(data) + ")";
  const shown = (w) => w.choices.length > 1;
  // a fixed value is named by its widget too, but for a plot the game may replace it (a SuperJump's "homing")
  const named = (w) => shown(w) || (w.kind !== "xy" && w.choices.some((c) => c.bin === HUMAN.action[w.head]));
  const labelOf = (w) => {
    const c = w.choices.find((c) => c.bin === HUMAN.action[w.head]);
    return c ? c.label : String(HUMAN.action[w.head]);
  };
  const dataHeads = m.heads.filter((w) => DATA_HEADS.has(w.head_name));
  const parts = [];
  if (data !== null && data !== undefined) {
    if (typeof data === "object" && !Array.isArray(data) && !isWidgetValue(data)) {
      for (const [k, v] of Object.entries(data)) {
        const w = dataHeads.find((w) => w.name === k && named(w));
        parts.push(k + ": " + (w ? labelOf(w) : words(v)));
      }
    } else {
      const w = dataHeads.length === 1 ? dataHeads[0] : null;
      const value = w && named(w) ? labelOf(w) : words(data);
      parts.push(w ? w.name + ": " + value : value);
    }
  }
  for (const w of m.heads) {
    if (!DATA_HEADS.has(w.head_name) && shown(w) && HUMAN.action[w.head] !== w.default) parts.push(w.name + ": " + labelOf(w));
  }
  return parts.length ? "(" + parts.join(", ") + ")" : "";
}

async function requestPreview() {
  if (!HUMAN.action || HUMAN.result) return;
  const key = HUMAN.turn + ":" + HUMAN.action.join(",");
  try {
    const p = await api("POST", "/api/preview", { match: HUMAN.match, turn: HUMAN.turn, action: HUMAN.action });
    if (!HUMAN.action || key !== HUMAN.turn + ":" + HUMAN.action.join(",")) return;      // superseded
    HUMAN.preview = { key, ticks: p.ticks };
    const t = $("preview-text");
    const last = p.ticks[p.ticks.length - 1];
    const chose = [p.choice.action, choiceWords(p.choice.data)].filter(Boolean).join(" ");
    t.textContent = `preview, ${p.ticks.length} ticks if ${HUMAN.opponent} holds: you play ${chose}` +
      (last ? ` → P1 at (${last.p1.px}, ${last.p1.py}) ${last.p1.state}, P2 at (${last.p2.px}, ${last.p2.py}) ${last.p2.state}` : "") +
      (p.error ? ` (the preview stopped: ${p.error})` : "");
    t.dataset.key = key;
    t.hidden = false;
    setMessage("");
    render();
  } catch (e) {
    setMessage(e.message);
  }
}

// The preview is drawn over the live moment only: both paths, and dashed fighters where they end
// (a layer of the viewer's stage: its labels are placed after the fighters', before the objects').
function drawPreview(cam) {
  const p = HUMAN.preview;
  if (!p || !p.ticks.length || !$("opt-preview").checked || view.index !== RUN.ticks.length - 1 || HUMAN.result) return;
  const now = RUN.ticks[view.index];
  for (const who of ["p1", "p2"]) {
    ctx.save();
    ctx.strokeStyle = COLORS[who]; ctx.globalAlpha = 0.8; ctx.lineWidth = 2; ctx.setLineDash([2, 3]);
    ctx.beginPath();
    ctx.moveTo(cam.x(now[who].px), cam.y(now[who].py) - 14 * cam.scale);
    for (const t of p.ticks) ctx.lineTo(cam.x(t[who].px), cam.y(t[who].py) - 14 * cam.scale);
    ctx.stroke();
    ctx.restore();
    const end = p.ticks[p.ticks.length - 1][who];
    drawFighter(cam, end, who, true);
    pill("preview: " + end.state, cam.x(end.px), cam.y(end.py) - 44 * cam.scale - 26, COLORS[who], "11px system-ui, sans-serif");
  }
}

STAGE_LAYERS.push(drawPreview);

// ---------------------------------------------------------------- playing a turn

function rebuildTurnList() {
  const list = $("turn-list");
  list.replaceChildren(...RUN.turns.map((turn, i) => {
    const li = el("li", { "data-i": String(i) });
    li.append(el("span", { class: "t" }, String(turn.tick)), el("span", { class: "a1" }, (turn.p1 || {}).action),
      document.createTextNode(" / "), el("span", { class: "a2" }, (turn.p2 || {}).action));
    return li;
  }));
  lastTurnShown = null;
  const n = Math.max(1, RUN.ticks.length - 1), first = RUN.ticks[0].tick;
  $("scrub-marks").replaceChildren(...RUN.turns.map((t) => {
    const d = el("div", { class: "turn" });
    d.style.left = (100 * (t.tick - first)) / n + "%";
    return d;
  }));
  $("scrub").max = String(RUN.ticks.length - 1);
}

async function lockIn() {
  if (!HUMAN.action) return;
  setBodyState("busy");
  clearTimeout(HUMAN.previewTimer);
  try {
    const r = await api("POST", "/api/turn", { match: HUMAN.match, turn: HUMAN.turn, action: HUMAN.action });
    const from = RUN.ticks.length - 1;
    r.ticks.forEach((t, k) => {
      RUN.ticks.push(t);
      DATA.derived_boxes[0].push(r.boxes[k]);
      RUN_INDEX.set(t.tick, RUN.ticks.length - 1);
    });
    RUN.turns.push(r.turn_line);
    if (r.end) RUN.end = r.end;
    rebuildTurnList();
    const theirs = r.turn_line["p" + (3 - HUMAN.side)] || {};
    $("reveal").textContent = `${HUMAN.opponent} chose ${theirs.action}` + (theirs.data !== null && theirs.data !== undefined ? " (" + words(theirs.data) + ")" : "");
    setMessage("");
    applyStatus(r);
    view.index = Math.max(0, from);
    play();                                    // the turn's ticks, as a short animation
  } catch (e) {
    setMessage(e.message);
    setBodyState(HUMAN.result ? "over" : "ready");
  }
}

function showResult(res, trace) {
  setBodyState("over");
  const text = res.outcome === "win" ? "You win" : res.outcome === "loss" ? "You lose" : res.outcome === "draw" ? "Draw" : "Match cut short";
  const t = $("result-text");
  t.textContent = `${text} (${res.reason})`;
  t.className = res.outcome;
  $("result-detail").textContent = `hp ${res.p1_hp} : ${res.p2_hp} · ${res.turns} turns · ${res.ticks} ticks · saved to ${trace}`;
  $("result").hidden = false;
}

async function rematch() {
  try {
    await api("POST", "/api/rematch", { match: HUMAN.match });
    location.reload();
  } catch (e) { setMessage(e.message); }
}

async function start() {
  $("btn-lock").addEventListener("click", lockIn);
  $("btn-rematch").addEventListener("click", rematch);
  $("opt-preview").addEventListener("change", () => render());
  // the server stops when its page is gone (a reload comes back within its grace period)
  window.addEventListener("pagehide", () => navigator.sendBeacon("/api/bye?token=" + encodeURIComponent(HUMAN.token), ""));
  // ... and the page says it is still open (a bye that arrives after a reload's requests is then outlived)
  setInterval(() => fetch("/api/ping", { method: "GET", cache: "no-store", headers: { "X-Yomi-Token": HUMAN.token } }).catch(() => {}), 2000);
  pause();
  setIndex(RUN.ticks.length - 1, true);
  try { applyStatus(await api("GET", "/api/state")); }
  catch (e) { setMessage(e.message); }
}

start();
