"use strict";
// yomi watch: plays a recorded match tick by tick on a canvas.
// Everything the page needs is embedded in the "match-data" JSON script element (no network, no build):
//   runs[0]      the match (header, turns, ticks, end), runs[1] an optional second run drawn as ghosts,
//   derived_boxes[k][i]  boxes derived from the frame-data tables for tick i of run k (null: the tick
//                records its own exact "boxes"), boxes_source[k] where the boxes come from,
//   divergence   the first tick where the runs differ (computed in Python by integration/tools/watch/diff.py).
// World coordinates are the game's: pixels, x to the right, y grows downward, floor at y = 0.

const DATA = JSON.parse(document.getElementById("match-data").textContent);

// Ticks and derived boxes arrive delta-encoded (integration/tools/watch/page.py, delta_encode): the
// first value, then one patch per value against the previous one.  Unchanged parts are shared.
function applyPatch(old, patch) {
  const out = Array.isArray(old) ? old.slice() : Object.assign({}, old);
  for (const k of patch.d || []) delete out[k];
  for (const [k, v] of Object.entries(patch.s || {})) out[k] = v;
  for (const [k, v] of Object.entries(patch.p || {})) out[k] = applyPatch(out[k], v);
  return out;
}

function deltaDecode(enc) {
  if (!enc || !enc.count) return [];
  const out = [enc.first];
  for (const p of enc.patches) out.push("v" in p ? p.v : applyPatch(out[out.length - 1], p));
  return out;
}

for (const run of DATA.runs) run.ticks = deltaDecode(run.ticks);
DATA.derived_boxes = (DATA.derived_boxes || []).map(deltaDecode);
const RUN = DATA.runs[0];
const GHOST = DATA.runs.length > 1 ? DATA.runs[1] : null;
const SETTINGS = RUN.header.match_settings || {};
const STAGE_W = SETTINGS.stage_width || 800;
const CEILING = SETTINGS.has_ceiling === false ? null : (SETTINGS.ceiling_height || 800);
const TICKS_PER_SECOND = 60;          // the game simulates 60 ticks a second
const SUPER_PER_BAR = 125, MAX_SUPERS = 9, MAX_BURST = 1500;
const MAX_HP = { p1: startHp("p1"), p2: startHp("p2") };
const HUD_H = 74;                     // screen pixels kept free for the health bars at the top

// Fighter bodies use exactly --p1/--p2; the HUD uses darker shades, so the two never get confused
// (the screenshot test counts body pixels by colour).
const COLORS = {
  p1: "#ff8a3d", p2: "#4aa8ff", p1Hud: "#d0602a", p2Hud: "#2f7fd0", p1Obj: "#ffc08f", p2Obj: "#a9d6ff",
  hurt: "#3ddc84", limb: "#b5f26b", hit: "#ff3355", throw: "#c77dff", collision: "#f2f2f2",
  meter: "#ffd23f", burst: "#ff5edb", feint: "#7df9ff", warn: "#ff3b5c",
};
const HURT_STATES = /^(Hurt|Knockdown|HardKnockdown|WallSlam|Grabbed|HurtDizzy)/;

const canvas = document.getElementById("stage");
const ctx = canvas.getContext("2d");
const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- small helpers

function startHp(who) {
  const start = RUN.header.start && RUN.header.start[who];
  return start && Number.isFinite(start.hp) && start.hp > 0 ? start.hp : 1500;
}

function clamp(v, lo, hi) { return Math.max(lo, Math.min(hi, v)); }

// A value as the panel shows it: fixed-point strings as they are, objects as compact JSON.
function show(v, max = 48) {
  if (v === null || v === undefined) return "–";
  if (v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).join() === "x,y") return v.x + ", " + v.y;
  let s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > max ? s.slice(0, max - 1) + "…" : s;
}

// A DOM element: string children become text nodes and attributes are set one by one, so no
// value from a trace is ever parsed as HTML (the page never gives trace data to innerHTML).
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "color") el.style.color = v;
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false || c === "") continue;
    el.append(c instanceof Node ? c : String(c));
  }
  return el;
}

// Replace an element's contents (text nodes and elements only).
function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

// Map game tick -> index in a run's ticks (ticks are contiguous in practice, but do not rely on it).
function tickIndex(run) {
  const m = new Map();
  run.ticks.forEach((t, i) => m.set(t.tick, i));
  return m;
}
const GHOST_INDEX = GHOST ? tickIndex(GHOST) : null;
const RUN_INDEX = tickIndex(RUN);

// Last turn taken at or before a tick (turns are sorted by tick): binary search.
function turnAt(tick) {
  const turns = RUN.turns;
  let lo = 0, hi = turns.length - 1, best = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (turns[mid].tick <= tick) { best = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return best;
}

function ghostTick(tick) {
  if (!GHOST) return null;
  const i = GHOST_INDEX.get(tick);
  return i === undefined ? null : GHOST.ticks[i];
}

function boxesOf(runIndex, i) {
  const run = DATA.runs[runIndex];
  const rec = run.ticks[i];
  if (rec && rec.boxes) return rec.boxes;                        // exact, recorded by our engine
  const derived = DATA.derived_boxes && DATA.derived_boxes[runIndex];
  return (derived && derived[i]) || null;                        // approximate, from the tables
}

// Drawing needs numbers; a trace is untrusted, so a field that is not a finite number is drawn
// with a default (the side panel still shows it as recorded).  One copy per tick, made when drawn.
const NUMERIC = { px: 0, py: 0, facing: 1, st: 0, hp: 0, supers: 0, super_meter: 0, bursts: 0, burst_meter: 0 };
const drawCache = new WeakMap();

function finiteBody(f) {
  const out = Object.assign({}, f && typeof f === "object" ? f : {});
  for (const [k, d] of Object.entries(NUMERIC)) if (k in out && !Number.isFinite(out[k])) out[k] = d;
  return out;
}

function drawable(t) {
  if (!t) return t;
  let d = drawCache.get(t);
  if (!d) {
    d = Object.assign({}, t, { p1: finiteBody(t.p1), p2: finiteBody(t.p2),
                               objects: (Array.isArray(t.objects) ? t.objects : []).map(finiteBody) });
    drawCache.set(t, d);
  }
  return d;
}

// ---------------------------------------------------------------- view state

const view = {
  index: 0,            // index into RUN.ticks
  playing: false,
  speed: 1,
  carry: 0,            // fractional ticks accumulated while playing
  lastTime: null,
  showBoxes: true,
  showGhost: true,
  diffs: [],           // differences between the runs at the current tick
  labels: [],          // the labels placed on the stage this frame (placeLabel)
};

// ---------------------------------------------------------------- camera

// How much world a single tick needs on screen: both fighters (and their ghosts), some margin,
// and enough height to keep the highest one under the HUD with the floor in view.
function spanFor(i, aspect) {
  const t = drawable(RUN.ticks[i]);
  const xs = [t.p1.px, t.p2.px], ys = [t.p1.py, t.p2.py];
  const g = view.showGhost ? drawable(ghostTick(t.tick)) : null;
  if (g) { xs.push(g.p1.px, g.p2.px); ys.push(g.p1.py, g.p2.py); }
  const minX = Math.min(...xs), maxX = Math.max(...xs), top = Math.min(0, ...ys);
  const wide = maxX - minX + 260;
  const tall = (-top + 120) * aspect;
  return { minX, maxX, mid: (minX + maxX) / 2, w: Math.max(wide, tall, 380) };
}

// The camera is a pure function of the tick (a triangular-weighted average over nearby ticks), so
// playing, stepping and jumping all show the same picture for a tick, and it never jerks.
function cameraFor(i, width, height) {
  const usable = height - HUD_H;
  const floorY = HUD_H + usable * 0.86;                          // the floor sits low on the screen
  const aspect = width / (floorY - HUD_H);
  const R = 24;
  let wSum = 0, mid = 0, span = 0;
  for (let j = Math.max(0, i - R); j <= Math.min(RUN.ticks.length - 1, i + R); j++) {
    const weight = R + 1 - Math.abs(j - i);
    const s = spanFor(j, aspect);
    mid += s.mid * weight; span += s.w * weight; wSum += weight;
  }
  const here = spanFor(i, aspect);
  let worldW = Math.min(Math.max(span / wSum, here.w), 2 * STAGE_W + 500);
  const scale = width / worldW;
  const half = worldW / 2;
  let cx = mid / wSum;
  // keep both fighters in view, then keep the walls from drifting to the middle of the screen
  cx = clamp(cx, here.maxX + 60 - half, here.minX - 60 + half);
  const lim = STAGE_W + 140;
  cx = half < lim ? clamp(cx, -lim + half, lim - half) : 0;
  return {
    scale, width, height,
    x: (wx) => (wx - cx) * scale + width / 2,
    y: (wy) => floorY + wy * scale,
    left: cx - half, right: cx + half,
    top: -(floorY / scale), bottom: (height - floorY) / scale,
  };
}

// ---------------------------------------------------------------- drawing: stage

function drawStage(cam) {
  const { width: W, height: H } = cam;
  const sky = ctx.createLinearGradient(0, 0, 0, H);
  sky.addColorStop(0, "#161a26");
  sky.addColorStop(1, "#222839");
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, W, H);

  // grid every 100 px, labelled along the floor, so distances can be read off the screen
  ctx.lineWidth = 1;
  ctx.strokeStyle = "rgba(255,255,255,0.05)";
  ctx.fillStyle = "rgba(255,255,255,0.28)";
  ctx.font = "10px ui-monospace, monospace";
  ctx.textAlign = "center";
  for (let gx = Math.ceil(cam.left / 100) * 100; gx <= cam.right; gx += 100) {
    const sx = Math.round(cam.x(gx)) + 0.5;
    ctx.beginPath(); ctx.moveTo(sx, 0); ctx.lineTo(sx, cam.y(0)); ctx.stroke();
    ctx.fillText(String(gx), sx, cam.y(0) + 14);
  }
  for (let gy = -100; gy >= cam.top; gy -= 100) {
    const sy = Math.round(cam.y(gy)) + 0.5;
    ctx.beginPath(); ctx.moveTo(0, sy); ctx.lineTo(W, sy); ctx.stroke();
  }

  // ceiling: everything above it is out of bounds
  if (CEILING !== null && -CEILING > cam.top) {
    const sy = cam.y(-CEILING);
    ctx.fillStyle = "rgba(120,40,60,0.25)";
    ctx.fillRect(0, 0, W, sy);
    strokeLine(0, sy, W, sy, "#a0445c", 2);
    placedText("ceiling", 8, sy + 12, "#d07a90", "left", "11px system-ui, sans-serif");
  }

  // floor
  const fy = cam.y(0);
  const ground = ctx.createLinearGradient(0, fy, 0, H);
  ground.addColorStop(0, "#2c2f3d");
  ground.addColorStop(1, "#1b1d26");
  ctx.fillStyle = ground;
  ctx.fillRect(0, fy, W, H - fy);
  strokeLine(0, fy, W, fy, "#8a90a8", 2);

  // walls at ±stage_width, with hatching outside
  for (const side of [-1, 1]) {
    const sx = cam.x(side * STAGE_W);
    const outside = side < 0 ? [0, sx] : [sx, W];
    if (outside[1] <= outside[0]) continue;
    ctx.save();
    ctx.beginPath(); ctx.rect(outside[0], 0, outside[1] - outside[0], H); ctx.clip();
    ctx.fillStyle = "rgba(10,10,16,0.55)";
    ctx.fillRect(outside[0], 0, outside[1] - outside[0], H);
    ctx.strokeStyle = "rgba(255,255,255,0.07)";
    for (let k = -H; k < W + H; k += 14) { ctx.beginPath(); ctx.moveTo(k, 0); ctx.lineTo(k + H, H); ctx.stroke(); }
    ctx.restore();
    strokeLine(sx, 0, sx, H, "#c9cde0", 3);
    placedText(side < 0 ? "wall −" + STAGE_W : "wall " + STAGE_W, sx + (side < 0 ? 6 : -6), HUD_H + 16, "#c9cde0",
      side < 0 ? "left" : "right", "11px system-ui, sans-serif");
  }
}

function strokeLine(x1, y1, x2, y2, color, width, dash) {
  ctx.save();
  ctx.strokeStyle = color; ctx.lineWidth = width;
  if (dash) ctx.setLineDash(dash);
  ctx.beginPath(); ctx.moveTo(x1, y1); ctx.lineTo(x2, y2); ctx.stroke();
  ctx.restore();
}

function label(text, x, y, color, align = "center", font = "11px system-ui, sans-serif") {
  ctx.font = font; ctx.textAlign = align; ctx.fillStyle = color;
  ctx.fillText(text, x, y);
}

// Labels on the stage (pills, object names) are placed, not only drawn: each one is kept inside the
// canvas below the HUD and clear of the labels already placed this frame, at the free spot nearest
// to its own (whole rows up or down first, then beside the labels in the way).  view.labels lists
// the boxes placed so far this frame, in CSS pixels ({text, x, y, w, h}, x and y the top left
// corner): render() empties it, and the pages' tests read it.  The first label placed keeps its
// spot, so a frame places the most important first.  Where no spot is free (a small canvas crowded
// with objects) an `optional` label is left out (placeLabel returns null: the side panel still lists
// every object); any other keeps its own spot.
const LABEL_GAP = 2, LABEL_ROWS = 8;

function placeLabel(text, left, top, w, h, optional = false) {
  const W = canvas.clientWidth, H = canvas.clientHeight, g = LABEL_GAP;
  const minTop = Math.min(HUD_H + g, Math.max(0, H - h));
  const fitX = (x) => clamp(x, g, Math.max(g, W - w - g));
  const fitY = (y) => clamp(y, minTop, Math.max(minTop, H - h - g));
  const x0 = fitX(left), y0 = fitY(top);
  const free = (x, y) => view.labels.every((b) =>
    x + w + g <= b.x || b.x + b.w + g <= x || y + h + g <= b.y || b.y + b.h + g <= y);
  let best = free(x0, y0) ? { x: x0, y: y0 } : null;
  if (!best) {
    const xs = [x0], ys = [];
    for (let k = 1; k <= LABEL_ROWS; k++) ys.push(y0 - k * (h + g), y0 + k * (h + g));
    for (const b of view.labels) { xs.push(b.x - w - g, b.x + b.w + g); ys.push(b.y - h - g, b.y + b.h + g); }
    let cost = Infinity;
    for (const cx of new Set(xs.map(fitX))) {
      for (const cy of new Set([y0, ...ys.map(fitY)])) {
        const c = Math.abs(cy - y0) + 1.5 * Math.abs(cx - x0);     // moving up or down reads best
        if (c < cost && free(cx, cy)) { cost = c; best = { x: cx, y: cy }; }
      }
    }
  }
  if (!best && optional) return null;
  const box = Object.assign({ text, w, h }, best || { x: x0, y: y0 });
  view.labels.push(box);
  return box;
}

// An element over the canvas (the legend) that labels are placed clear of, listed in view.labels.
function keepClear(el) {
  if (!el || !el.offsetWidth) return;
  const a = el.getBoundingClientRect(), c = canvas.getBoundingClientRect();
  view.labels.push({ text: "#" + el.id, x: a.left - c.left, y: a.top - c.top, w: a.width, h: a.height });
}

// A text label on a dark rounded pill, for state names; (x, y) is where its text is centred and
// its baseline, if that spot is free.
function pill(text, x, y, color, font = "bold 12px system-ui, sans-serif") {
  ctx.font = font;
  const w = ctx.measureText(text).width + 10, h = 17;
  const b = placeLabel(text, x - w / 2, y - h + 4, w, h);
  ctx.fillStyle = "rgba(12,14,20,0.82)";
  roundRect(b.x, b.y, w, h, 4); ctx.fill();
  ctx.strokeStyle = color; ctx.lineWidth = 1.2; ctx.stroke();
  ctx.fillStyle = "#fff"; ctx.textAlign = "center";
  ctx.fillText(text, b.x + w / 2, b.y + h - 5);
}

// A plain text label, placed like a pill, or left out where there is no room for it; (x, y) anchor
// it as label() does (align, baseline).
function placedText(text, x, y, color, align = "center", font = "10.5px system-ui, sans-serif") {
  ctx.font = font;
  const w = ctx.measureText(text).width, h = 13;
  const left = align === "left" ? x : align === "right" ? x - w : x - w / 2;
  const b = placeLabel(text, left, y - 10, w, h, true);
  if (b) label(text, b.x, b.y + 10, color, "left", font);
}

function roundRect(x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y); ctx.arcTo(x + w, y, x + w, y + h, r); ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r); ctx.arcTo(x, y, x + w, y, r); ctx.closePath();
}

// ---------------------------------------------------------------- drawing: fighters, objects, boxes

// A fighter is drawn as a simple figure the size of its hurtbox (the game's sprites are not ours to
// ship): torso, head, an eye on the facing side, a shadow on the floor.
function drawFighter(cam, f, who, ghost) {
  const s = cam.scale, x = cam.x(f.px), y = cam.y(f.py), dir = f.facing || 1;
  const color = COLORS[who];
  ctx.save();
  // shadow shrinks as the fighter rises
  const lift = clamp(-f.py / 300, 0, 0.8);
  ctx.fillStyle = "rgba(0,0,0,0.35)";
  ctx.beginPath(); ctx.ellipse(x, cam.y(0), 13 * s * (1 - lift), 3 * s * (1 - lift) + 1, 0, 0, Math.PI * 2); ctx.fill();

  if (ghost) { ctx.globalAlpha = 0.75; ctx.setLineDash([5, 4]); }
  else if (f.invuln) ctx.globalAlpha = 0.6;
  const body = () => { roundRect(x - 9 * s, y - 27 * s, 18 * s, 27 * s, 6 * s); };
  const head = () => { ctx.beginPath(); ctx.arc(x + dir * 1.5 * s, y - 34 * s, 6.5 * s, 0, Math.PI * 2); };
  if (ghost) {
    ctx.strokeStyle = color; ctx.lineWidth = 2;
    body(); ctx.stroke(); head(); ctx.stroke();
  } else {
    ctx.fillStyle = color;
    body(); ctx.fill(); head(); ctx.fill();
    // eye and chest arrow: which way the fighter faces
    ctx.fillStyle = "#10131b";
    ctx.fillRect(x + dir * 3 * s - 1.5 * s, y - 36 * s, 3 * s, 2.5 * s);
    ctx.beginPath();
    ctx.moveTo(x + dir * 8 * s, y - 18 * s); ctx.lineTo(x + dir * 4 * s, y - 21 * s); ctx.lineTo(x + dir * 4 * s, y - 15 * s);
    ctx.closePath(); ctx.fill();
    if (HURT_STATES.test(f.state)) {         // being hit: white outline so it reads at a glance
      ctx.strokeStyle = "#ffffff"; ctx.lineWidth = 2;
      body(); ctx.stroke(); head(); ctx.stroke();
    }
  }
  ctx.restore();
}

function drawFighterLabel(cam, f, who, ghost) {
  const x = cam.x(f.px), y = cam.y(f.py) - 44 * cam.scale - 6;
  if (ghost) {
    pill("B: " + f.state + " " + f.st, x, y - 20, COLORS[who], "11px system-ui, sans-serif");
    return;
  }
  let text = f.state + " " + f.st;
  if (f.hitlag > 0) text += "  hitlag " + f.hitlag;   // words, not a symbol some fonts lack
  pill(text, x, y, COLORS[who]);
}

const BOX_STYLE = {
  collision: { stroke: COLORS.collision, fill: null, dash: [3, 3], width: 1 },
  hurt: { stroke: COLORS.hurt, fill: "rgba(61,220,132,0.10)", width: 1.5 },
  limb: { stroke: COLORS.limb, fill: "rgba(181,242,107,0.12)", width: 1.5 },
  hit: { stroke: COLORS.hit, fill: "rgba(255,51,85,0.28)", width: 2 },
  throw: { stroke: COLORS.throw, fill: "rgba(199,125,255,0.25)", width: 2 },
};

// Boxes are centre ± half-extents with inclusive edges, so a box spans 2w+1 pixels.
// layer "under": the tint of hurt boxes, drawn before the fighters so it does not discolour them;
// layer "over": outlines of everything and the fill of hit/throw boxes (what may land).
function drawBox(cam, b, ghost, layer) {
  const st = BOX_STYLE[b.kind] || { stroke: "#ffffff", fill: null, width: 1 };
  const x1 = cam.x(b.x - b.w), y1 = cam.y(b.y - b.h);
  const w = (2 * b.w + 1) * cam.scale, h = (2 * b.h + 1) * cam.scale;
  const attack = b.kind === "hit" || b.kind === "throw";
  ctx.save();
  if (layer === "under") {
    if (st.fill && !ghost && !attack) { ctx.fillStyle = st.fill; ctx.fillRect(x1, y1, w, h); }
    ctx.restore();
    return;
  }
  if (ghost) { ctx.globalAlpha = 0.55; ctx.setLineDash([4, 3]); }
  else if (st.dash) ctx.setLineDash(st.dash);
  if (st.fill && !ghost && attack) { ctx.fillStyle = st.fill; ctx.fillRect(x1, y1, w, h); }
  ctx.strokeStyle = st.stroke; ctx.lineWidth = st.width;
  ctx.strokeRect(x1, y1, w, h);
  if (b.to_x !== undefined) {                // swept hitbox: show where it sweeps to
    ctx.strokeRect(x1 + b.to_x * cam.scale, y1 + b.to_y * cam.scale, w, h);
  }
  ctx.restore();
}

function drawBoxes(cam, boxes, ghost, layer = "over") {
  if (!boxes) return;
  const order = { collision: 0, hurt: 1, limb: 2, hit: 3, throw: 4 };
  const all = [...(boxes.p1 || []), ...(boxes.p2 || [])];
  for (const list of Object.values(boxes.objects || {})) all.push(...list);
  all.sort((a, b) => (order[a.kind] ?? 5) - (order[b.kind] ?? 5));
  for (const b of all) drawBox(cam, b, ghost, layer);
}

// Projectiles and other objects: a disc in the owner's colour, a line for facing, name and state.
// The camera follows the fighters only; an object outside the view gets an arrow at the screen edge.
// Names are not drawn here but listed in `labels` ({text, x, y, color, align}), drawn by
// drawObjectLabels once the fighters' labels have their places.
function drawObject(cam, o, ghost, labels) {
  const who = o.owner === 2 ? "p2" : "p1";
  const x = cam.x(o.px), y = cam.y(o.py), r = Math.max(4, 5 * cam.scale);
  if (x < 0 || x > cam.width) {
    if (ghost) return;
    const edge = x < 0 ? 4 : cam.width - 4, dir = x < 0 ? -1 : 1, ey = clamp(y, HUD_H + 30, cam.height - 30);
    ctx.fillStyle = COLORS[who + "Obj"];
    ctx.beginPath(); ctx.moveTo(edge, ey); ctx.lineTo(edge - dir * 10, ey - 7); ctx.lineTo(edge - dir * 10, ey + 7); ctx.fill();
    labels.push({ text: o.scene + " " + o.px, x: edge - dir * 14, y: ey + 4, color: COLORS[who + "Obj"], align: x < 0 ? "left" : "right" });
    return;
  }
  ctx.save();
  if (ghost) { ctx.globalAlpha = 0.6; ctx.setLineDash([3, 3]); }
  ctx.beginPath(); ctx.arc(x, y, r, 0, Math.PI * 2);
  if (!ghost) { ctx.fillStyle = COLORS[who + "Obj"]; ctx.fill(); }
  ctx.strokeStyle = ghost ? COLORS[who + "Obj"] : "#10131b"; ctx.lineWidth = 1.5; ctx.stroke();
  strokeLine(x, y, x + (o.facing || 1) * r * 1.8, y, ghost ? COLORS[who + "Obj"] : "#10131b", 2);
  ctx.restore();
  if (!ghost) {
    let text = o.scene + " · " + o.state + " " + o.st;
    if (o.hp !== undefined) text += " · hp " + o.hp;
    labels.push({ text, x, y: y - r - 5, color: COLORS[who + "Obj"], align: "center" });
  }
}

// Objects' names, each placed clear of the others: the same text at the same spot (caltrops lying
// on one another, several off screen on one side) is one label with a count.
function drawObjectLabels(labels) {
  const merged = new Map();
  for (const l of labels) {
    const key = [l.text, l.align, Math.round(l.x), Math.round(l.y)].join("|");
    const m = merged.get(key);
    if (m) m.count++;
    else merged.set(key, Object.assign({ count: 1 }, l));
  }
  for (const l of merged.values()) placedText(l.count > 1 ? l.text + " ×" + l.count : l.text, l.x, l.y, l.color, l.align);
}

// ---------------------------------------------------------------- drawing: HUD

function drawHud(cam, t) {
  const W = cam.width, barW = Math.min(420, W / 2 - 70), top = 12;
  ctx.fillStyle = "rgba(10,12,18,0.72)";
  ctx.fillRect(0, 0, W, HUD_H);
  for (const who of ["p1", "p2"]) {
    const f = t[who], left = who === "p1";
    const x0 = left ? W / 2 - 50 - barW : W / 2 + 50;
    // health: anchored at the screen edge, so damage eats the bar from the middle outwards
    const frac = clamp(f.hp / MAX_HP[who], 0, 1);
    ctx.fillStyle = "#2a2e3b"; ctx.fillRect(x0, top + 14, barW, 14);
    ctx.fillStyle = COLORS[who + "Hud"];
    ctx.fillRect(left ? x0 : x0 + barW * (1 - frac), top + 14, barW * frac, 14);
    ctx.strokeStyle = "#0b0d12"; ctx.lineWidth = 1; ctx.strokeRect(x0 + 0.5, top + 14.5, barW - 1, 13);
    const name = (left ? "P1 " : "P2 ") + RUN.header[who];
    label(name, left ? x0 : x0 + barW, top + 9, COLORS[who], left ? "left" : "right", "bold 12px system-ui, sans-serif");
    label(String(f.hp), left ? x0 + barW : x0, top + 9, "#fff", left ? "right" : "left", "bold 12px ui-monospace, monospace");

    // super meter: 9 bars of 125; full bars solid, the one filling partly
    const segW = (barW * 0.62) / MAX_SUPERS, sy = top + 33;
    for (let k = 0; k < MAX_SUPERS; k++) {
      const slot = left ? x0 + barW - (k + 1) * segW : x0 + k * segW;
      ctx.fillStyle = "#2a2e3b"; ctx.fillRect(slot + 1, sy, segW - 2, 7);
      let fill = k < f.supers ? 1 : k === f.supers ? clamp(f.super_meter / SUPER_PER_BAR, 0, 1) : 0;
      if (fill > 0) {
        ctx.fillStyle = k < f.supers ? COLORS.meter : "rgba(255,210,63,0.45)";
        const fw = (segW - 2) * fill;
        ctx.fillRect(left ? slot + 1 + (segW - 2 - fw) : slot + 1, sy, fw, 7);
      }
    }
    // bursts (filled discs) with the burst meter as a ring, then feints as diamonds
    let bx = left ? x0 + barW * 0.3 : x0 + barW * 0.7;
    const by = sy + 3.5;
    ctx.save();
    ctx.strokeStyle = "#3a3f50"; ctx.lineWidth = 2;
    ctx.beginPath(); ctx.arc(bx, by + 13, 6, 0, Math.PI * 2); ctx.stroke();
    ctx.strokeStyle = COLORS.burst;
    ctx.beginPath(); ctx.arc(bx, by + 13, 6, -Math.PI / 2, -Math.PI / 2 + 2 * Math.PI * clamp(f.burst_meter / MAX_BURST, 0, 1)); ctx.stroke();
    ctx.restore();
    label("burst " + f.bursts, bx + (left ? -11 : 11), by + 17, COLORS.burst, left ? "right" : "left", "10.5px system-ui, sans-serif");
    const fx0 = left ? x0 + barW * 0.45 : x0 + barW * 0.55;
    for (let k = 0; k < Math.max(f.feints || 0, 0); k++) {
      const fx = fx0 + (left ? -k : k) * 11;
      ctx.fillStyle = COLORS.feint;
      ctx.beginPath(); ctx.moveTo(fx, by + 8); ctx.lineTo(fx + 4, by + 13); ctx.lineTo(fx, by + 18); ctx.lineTo(fx - 4, by + 13); ctx.fill();
    }
    label("feints", fx0 + (left ? 8 : -8), by + 17, COLORS.feint, left ? "left" : "right", "10.5px system-ui, sans-serif");
    const meterText = f.supers + "×" + " +" + f.super_meter;
    label(meterText, left ? x0 + barW * 0.38 - 8 : x0 + barW * 0.62 + 8, sy + 7, COLORS.meter, left ? "right" : "left", "10.5px ui-monospace, monospace");
  }
  // centre: tick and turn number
  label(String(t.tick), W / 2, top + 26, "#ffffff", "center", "bold 20px ui-monospace, monospace");
  label("tick", W / 2, top + 42, "#8d93a8", "center", "10px system-ui, sans-serif");
}

function drawEnd(cam) {
  const end = RUN.end;
  if (!end || view.index !== RUN.ticks.length - 1) return;
  const who = end.winner === 1 ? "P1 " + RUN.header.p1 + " wins" : end.winner === 2 ? "P2 " + RUN.header.p2 + " wins" : "Draw";
  const text = who + " (" + end.reason + ")";
  ctx.font = "bold 26px system-ui, sans-serif";
  const w = ctx.measureText(text).width + 40;
  ctx.fillStyle = "rgba(10,12,18,0.8)";
  roundRect(cam.width / 2 - w / 2, HUD_H + 30, w, 46, 8); ctx.fill();
  label(text, cam.width / 2, HUD_H + 61, end.winner === 1 ? COLORS.p1 : end.winner === 2 ? COLORS.p2 : "#fff", "center", "bold 26px system-ui, sans-serif");
}

function drawDivergenceMark(cam) {
  const d = DATA.divergence;
  if (!d || RUN.ticks[view.index].tick !== d.tick) return;
  ctx.save();
  ctx.strokeStyle = COLORS.warn; ctx.lineWidth = 6;
  ctx.strokeRect(3, HUD_H + 3, cam.width - 6, cam.height - HUD_H - 6);
  ctx.restore();
  pill("first divergence", cam.width / 2, HUD_H + 26, COLORS.warn);
}

// ---------------------------------------------------------------- one frame

// What a page built on this viewer draws over the stage (yomi play --human: the preview), each
// called with the camera once the fighters' labels are placed and before the objects' are.
const STAGE_LAYERS = [];

function render() {
  const dpr = window.devicePixelRatio || 1;
  const W = canvas.clientWidth, H = canvas.clientHeight;
  if (canvas.width !== Math.round(W * dpr) || canvas.height !== Math.round(H * dpr)) {
    canvas.width = Math.round(W * dpr); canvas.height = Math.round(H * dpr);
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const raw = RUN.ticks[view.index], t = drawable(raw);
  const cam = cameraFor(view.index, W, H);
  view.labels = [];
  keepClear($("legend"));
  const objectLabels = [];
  drawStage(cam);

  // The second run is drawn as dashed ghosts, only where it is not exactly on top of the first.
  const g = view.showGhost ? drawable(ghostTick(t.tick)) : null;
  const moved = (who) => g && (g[who].px !== t[who].px || g[who].py !== t[who].py || g[who].facing !== t[who].facing);
  const relabel = (who) => g && (g[who].state !== t[who].state || g[who].st !== t[who].st);
  if (g) {
    for (const o of g.objects || []) drawObject(cam, o, true, objectLabels);
    if (view.showBoxes) drawBoxes(cam, boxesOf(1, GHOST_INDEX.get(t.tick)), true);
    for (const who of ["p1", "p2"]) if (moved(who)) drawFighter(cam, g[who], who, true);
  }
  if (view.showBoxes) drawBoxes(cam, boxesOf(0, view.index), false, "under");
  for (const o of t.objects || []) drawObject(cam, o, false, objectLabels);
  // draw the fighter being hit first, so the attacker stays visible on top
  const order = HURT_STATES.test(t.p1.state) ? ["p1", "p2"] : ["p2", "p1"];
  for (const who of order) drawFighter(cam, t[who], who, false);
  if (view.showBoxes) drawBoxes(cam, boxesOf(0, view.index), false);
  // labels in order of importance: the fighters', a page's layers', B's, then the objects'
  for (const who of order) drawFighterLabel(cam, t[who], who, false);
  for (const layer of STAGE_LAYERS) layer(cam);
  for (const who of ["p1", "p2"]) if (moved(who) || relabel(who)) drawFighterLabel(cam, g[who], who, true);
  drawObjectLabels(objectLabels);
  drawHud(cam, t);
  drawDivergenceMark(cam);
  drawEnd(cam);
  updatePanel(raw, ghostTick(raw.tick));      // the panel compares with B even when ghosts are hidden
}

// ---------------------------------------------------------------- side panel

// Fields shown per fighter: [label, tooltip, keys...]; short ones sit two to a line, the
// position/velocity lines (WIDE) take a whole line.  Values come straight from the tick's fighter dict.
const CARD_FIELDS = [
  ["hp", "hit points", "hp"], ["super", "supers available / super meter (125 a bar)", "supers", "super_meter"],
  ["burst", "bursts available / burst meter (1500)", "bursts", "burst_meter"], ["feints", "feints left", "feints"],
  ["combo", "combo count", "combo"], ["stun", "hitstun / blockstun / hitlag ticks", "hitstun", "blockstun", "hitlag"],
  ["air", "air movements left", "air_moves"], ["penalty", "penalty (sadness)", "penalty"],
  ["stance", "stance", "stance"], ["air bar", "air option bar (Robot)", "air_option_bar"],
  ["pushback", "pushback velocity", "pushback"], ["DI", "current DI", "di"],
  ["pos", "integer position px / py", "px", "py"], ["exact", "exact position x / y (I48F16)", "x", "y"],
  ["vel", "velocity vx / vy (I48F16)", "vx", "vy"],
];
const WIDE = new Set(["pos", "exact", "vel"]);
const FLAGS = ["grounded", "interruptable", "hit_cancellable", "busy", "invuln", "proj_invuln"];
const cards = {};

// Build each card's skeleton once; later frames only change text and classes (cheap, and an
// opened <details> stays open).
function buildCard(who) {
  const el = $("card-" + who), first = RUN.ticks[0][who];
  const fields = CARD_FIELDS.map(([name, tip, ...keys]) => [
    h("span", { class: "k" + (WIDE.has(name) ? " wide" : ""), title: tip }, name),
    h("span", { class: "v" + (WIDE.has(name) ? " wide" : ""), "data-keys": keys.join(","), title: tip })]);
  const res = Object.keys(first.res || {}).map((k) =>
    h("tr", {}, h("td", { class: "k" }, k), h("td", { class: "v", "data-res": k })));
  fill(el, h("div", { class: "state" }), h("div", { class: "name", color: COLORS[who] }, who.toUpperCase() + " " + RUN.header[who]),
    h("div", { class: "kv" }, fields),
    h("div", { class: "flags" }, FLAGS.map((f) => h("span", { "data-flag": f }, f.replace("_", " ")))),
    h("details", {}, h("summary", {}, `resources (${Object.keys(first.res || {}).length})`), h("table", {}, res)));
  cards[who] = {
    state: el.querySelector(".state"),
    cells: [...el.querySelectorAll("[data-keys]")].map((td) => ({ td, keys: td.dataset.keys.split(",") })),
    res: [...el.querySelectorAll("td[data-res]")].map((td) => ({ td, key: td.dataset.res })),
    details: el.querySelector("details"),
    flags: [...el.querySelectorAll("[data-flag]")].map((span) => ({ span, key: span.dataset.flag })),
  };
}

function updateCard(who, f, g, differing) {
  const c = cards[who];
  fill(c.state, h("b", {}, f.state), " st " + f.st);
  c.state.classList.toggle("differs", differing.has(who + ".state") || differing.has(who + ".st"));
  for (const { td, keys } of c.cells) {
    const bad = keys.filter((k) => differing.has(who + "." + k) || [...differing].some((p) => p.startsWith(who + "." + k + ".")));
    let text = keys.map((k) => show(f[k])).join(" / ");
    if (bad.length && g) text += "  ≠ B " + keys.map((k) => show(g[who][k])).join(" / ");
    td.textContent = text;
    td.classList.toggle("differs", bad.length > 0);
  }
  let resDiffers = false;
  for (const { td, key } of c.res) {
    const path = who + ".res." + key, bad = differing.has(path);
    td.textContent = show((f.res || {})[key], 60) + (bad && g ? "  ≠ B " + show((g[who].res || {})[key], 40) : "");
    td.classList.toggle("differs", bad);
    resDiffers = resDiffers || bad;
  }
  if (resDiffers) c.details.open = true;      // a differing resource must not hide in a closed list
  for (const { span, key } of c.flags) {
    span.classList.toggle("on", !!f[key]);
    span.classList.toggle("differs", differing.has(who + "." + key));
  }
}

// Differences between the two runs at this tick, as dotted paths (a light version of diff.py,
// enough to highlight fields; the authoritative first divergence comes from Python).
function diffTicks(a, b) {
  const out = [];
  const walk = (path, x, y) => {
    if (x && y && typeof x === "object" && typeof y === "object" && !Array.isArray(x) && !Array.isArray(y)) {
      for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) walk(path + "." + k, x[k], y[k]);
    } else if (JSON.stringify(x) !== JSON.stringify(y)) {
      out.push({ path, a: x, b: y });
    }
  };
  walk("p1", a.p1, b.p1); walk("p2", a.p2, b.p2);
  const objs = (t) => new Map((t.objects || []).map((o) => [String(o.name), o]));
  const oa = objs(a), ob = objs(b);
  for (const name of new Set([...oa.keys(), ...ob.keys()])) walk("objects." + name, oa.get(name), ob.get(name));
  return out;
}

let lastTurnShown = null;

function updatePanel(t, g) {
  $("tick-label").textContent = "tick " + t.tick + " / " + RUN.ticks[RUN.ticks.length - 1].tick;
  const ti = turnAt(t.tick);
  $("turn-label").textContent = "turn " + (ti + 1) + " / " + RUN.turns.length;
  $("scrub").value = view.index;

  view.diffs = g ? diffTicks(t, g) : [];
  const differing = new Set(view.diffs.map((d) => d.path));
  updateCard("p1", t.p1, g, differing);
  updateCard("p2", t.p2, g, differing);

  const box = $("diff-box");
  if (GHOST) {
    box.hidden = false;
    if (!ghostTick(t.tick)) fill(box, h("b", {}, "B has no tick " + t.tick));
    else if (!view.diffs.length) fill(box, "A and B agree at this tick");
    else fill(box, h("b", {}, `${view.diffs.length} field(s) differ at this tick (A ≠ B)`),
      view.diffs.slice(0, 14).map((d) => h("div", {}, `${d.path}: ${show(d.a, 24)} ≠ ${show(d.b, 24)}`)),
      view.diffs.length > 14 ? h("div", {}, `… ${view.diffs.length - 14} more`) : null);
  }

  const objs = t.objects || [];
  if (!objs.length) fill($("objects-box"), "no objects");
  else fill($("objects-box"), h("b", {}, "objects"), " ", objs.map((o) => h("div", { class: "obj" },
    `P${o.owner} ${o.scene} #${o.name} · ${o.state} ${o.st} · (${o.px}, ${o.py})` +
    (o.hp !== undefined ? " hp " + o.hp : "") + (o.lifetime !== undefined ? " life " + o.lifetime : ""))));

  if (ti !== lastTurnShown) { showTurn(ti); lastTurnShown = ti; }
}

// Character extras default to "off"; chips for the ones set stand out.
function chips(extra) {
  return Object.entries(extra || {}).map(([k, v]) => {
    if (k === "DI") return h("span", { class: v && (v.x || v.y) ? "set" : "" }, "DI " + (v ? v.x + "," + v.y : "–"));
    if (k === "prediction" && v === -1) return null;
    const set = v === true || (typeof v === "number" && v !== 0) || (v && typeof v === "object" && Object.values(v).some((x) => x));
    return h("span", { class: set ? "set" : "" }, k + " " + show(v, 20));
  });
}

function showTurn(ti) {
  const list = $("turn-list");
  list.querySelectorAll("li.current").forEach((li) => li.classList.remove("current"));
  const detail = $("turn-detail");
  if (ti < 0) { fill(detail, h("div", { class: "when" }, "no turn yet")); return; }
  const turn = RUN.turns[ti];
  const li = list.children[ti];
  if (li) {
    li.classList.add("current");
    // scroll the list itself only (scrollIntoView would also scroll the whole panel)
    if (li.offsetTop < list.scrollTop || li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = li.offsetTop - list.clientHeight / 2;
    }
  }
  const side = (who) => {
    const c = turn[who] || {};
    const legal = turn.legal && turn.legal[who];
    return h("div", { class: "choice " + who }, h("span", { class: "move", color: COLORS[who] }, c.action),
      c.data !== null && c.data !== undefined ? [" ", h("code", {}, show(c.data, 40))] : null,
      Array.isArray(legal) ? [" ", h("small", { title: legal.join(" ") }, `(${legal.length} legal)`)] : null,
      h("div", { class: "chips" }, chips(c.extra)));
  };
  fill(detail, h("div", { class: "when" }, `chosen at tick ${turn.tick}, acts from tick ${turn.tick + 1}`), side("p1"), side("p2"));
}

function buildTurnList() {
  const items = RUN.turns.map((turn, i) => {
    const a = turn.p1 || {}, b = turn.p2 || {};
    const mark = (c) => (c.extra && c.extra.feint ? "~" : "") + (c.extra && c.extra.reverse ? "↔" : "");
    return h("li", { "data-i": i }, h("span", { class: "t" }, turn.tick), h("span", { class: "a1" }, a.action + mark(a)),
      " / ", h("span", { class: "a2" }, b.action + mark(b)));
  });
  fill($("turn-list"), items);
  $("turn-list").addEventListener("click", (ev) => {
    const li = ev.target.closest("li");
    if (li) { pause(); goToTick(RUN.turns[+li.dataset.i].tick); }
  });
}

// ---------------------------------------------------------------- navigation and playback

function setIndex(i, keepHash) {
  view.index = clamp(Math.round(i), 0, RUN.ticks.length - 1);
  render();
  if (!keepHash && !view.playing) writeHash();
}

// Index of the nearest recorded tick at or before the given game tick.
function indexOfTick(tick) {
  const exact = RUN_INDEX.get(tick);
  if (exact !== undefined) return exact;
  let best = 0;
  RUN.ticks.forEach((t, i) => { if (t.tick <= tick) best = i; });
  return best;
}

function goToTick(tick) { setIndex(indexOfTick(tick)); }

// Turns are decision points: stepping a turn moves to the tick the next/previous choice was made on.
function stepTurn(dir) {
  pause();
  const now = RUN.ticks[view.index].tick;
  const ticks = RUN.turns.map((t) => t.tick);
  const target = dir > 0 ? ticks.find((t) => t > now) : [...ticks].reverse().find((t) => t < now);
  if (target !== undefined) goToTick(target);
  else setIndex(dir > 0 ? RUN.ticks.length - 1 : 0);
}

// The play button's icon: its SVG path (in viewer.html) is switched between these two shapes.
function icon(path) { $("btn-play").querySelector("path").setAttribute("d", path); }
const ICON_PLAY = "M4 2.5v11L13 8z", ICON_PAUSE = "M4 3h3v10H4zM9 3h3v10H9z";

function play() {
  if (view.index >= RUN.ticks.length - 1) view.index = 0;
  view.playing = true; view.lastTime = null; view.carry = 0;
  icon(ICON_PAUSE);
  requestAnimationFrame(frame);
}

function pause() {
  if (!view.playing) return;
  view.playing = false;
  icon(ICON_PLAY);
  writeHash();
}

function frame(now) {
  if (!view.playing) return;
  if (view.lastTime !== null) {
    view.carry += ((now - view.lastTime) / 1000) * TICKS_PER_SECOND * view.speed;
    const whole = Math.floor(view.carry);
    if (whole > 0) {
      view.carry -= whole;
      setIndex(view.index + whole, true);
      if (view.index >= RUN.ticks.length - 1) { pause(); return; }
    }
  }
  view.lastTime = now;
  requestAnimationFrame(frame);
}

// The URL fragment (#tick=150) opens the page at a tick; it is kept up to date when paused so a
// reload or a shared link shows the same moment.
function readHash() {
  const params = new URLSearchParams(location.hash.replace(/^#/, "") || location.search.replace(/^\?/, ""));
  return {
    tick: params.has("tick") ? parseInt(params.get("tick"), 10) : null,
    boxes: params.get("boxes"), ghost: params.get("ghost"), play: params.get("play"),
  };
}

function writeHash() {
  try { history.replaceState(null, "", "#tick=" + RUN.ticks[view.index].tick); } catch (e) { /* file:// may refuse */ }
}

function jumpToDivergence() {
  const d = DATA.divergence;
  if (!d) return;
  pause();
  if (d.index_a !== null && d.index_a !== undefined) setIndex(d.index_a);
  else if (d.tick < 0) setIndex(0);
  else setIndex(RUN.ticks.length - 1);
}

// ---------------------------------------------------------------- setup

function setupBanner() {
  if (!DATA.compared) return;
  const banner = $("banner"), d = DATA.divergence;
  banner.hidden = false;
  $("opt-ghost-label").hidden = false;
  if (!d) {
    banner.classList.add("agree");
    $("banner-text").textContent = `A (${RUN.label}) and B (${GHOST.label}) agree on all ${RUN.ticks.length} ticks`;
    $("jump-divergence").hidden = true;
    return;
  }
  const first = d.diffs[0] || { path: "?", a: null, b: null };
  const who = first.who === "p1" || first.who === "p2" ? `${first.who.toUpperCase()} ${RUN.header[first.who]}` : first.who;
  const more = d.diffs.length > 1 ? ` (+${d.diffs.length - 1} more: ${d.diffs.slice(1, 5).map((x) => x.path).join(", ")}${d.diffs.length > 5 ? ", …" : ""})` : "";
  fill($("banner-text"), "First divergence at ", h("b", {}, "tick " + d.tick), ` · ${who} · `, h("b", {}, first.field || first.path),
    `: A ${show(first.a, 40)} ≠ B ${show(first.b, 40)}${more}`,
    d.turn_diffs && d.turn_diffs.length ? [" · ", h("b", {}, "the inputs differ too")] : null);
  $("jump-divergence").addEventListener("click", jumpToDivergence);
}

function setupLegend() {
  const src = DATA.boxes_source ? DATA.boxes_source[0] : "none";
  const note = src === "recorded" ? "boxes: exact (recorded)"
    : src === "tables" ? "boxes: approximate (from tables)"
    : "boxes: approximate (from tables; frame-data tables not available: body boxes only)";
  const sw = (c, t) => { const i = h("i"); i.style.borderColor = c; return [i, t]; };
  fill($("legend"), sw(COLORS.hurt, "hurt"), sw(COLORS.hit, "hit"), sw(COLORS.throw, "throw"),
    sw(COLORS.collision, "collision"), " · " + note + (GHOST ? " · dashed: B = " + GHOST.label : ""));
}

function setupControls() {
  const scrub = $("scrub");
  scrub.max = RUN.ticks.length - 1;
  scrub.addEventListener("input", () => { pause(); setIndex(+scrub.value); });
  $("btn-play").addEventListener("click", () => (view.playing ? pause() : play()));
  $("btn-tick-back").addEventListener("click", () => { pause(); setIndex(view.index - 1); });
  $("btn-tick-fwd").addEventListener("click", () => { pause(); setIndex(view.index + 1); });
  $("btn-turn-back").addEventListener("click", () => stepTurn(-1));
  $("btn-turn-fwd").addEventListener("click", () => stepTurn(1));
  $("speed").addEventListener("change", (e) => { view.speed = +e.target.value; });
  $("opt-boxes").addEventListener("change", (e) => { view.showBoxes = e.target.checked; render(); });
  $("opt-ghost").addEventListener("change", (e) => { view.showGhost = e.target.checked; render(); });
  window.addEventListener("resize", render);
  // the stage also changes size when the page around it does (a panel growing below it)
  if (window.ResizeObserver) new ResizeObserver(render).observe($("stage-wrap"));
  window.addEventListener("hashchange", () => { const h = readHash(); if (h.tick !== null) goToTick(h.tick); });

  // turn marks (and the divergence) along the scrub bar
  const n = Math.max(1, RUN.ticks.length - 1), first = RUN.ticks[0].tick;
  const mark = (cls, left, title) => { const m = h("div", { class: cls, title }); m.style.left = left + "%"; return m; };
  const marks = RUN.turns.map((t) => mark("turn", (100 * (t.tick - first)) / n));
  const d = DATA.divergence;
  if (d) marks.push(mark("div", (100 * clamp(d.tick - first, 0, n)) / n, `first divergence, tick ${d.tick}`));
  fill($("scrub-marks"), marks);

  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" && e.target.type !== "range" || e.target.tagName === "SELECT") return;
    const speeds = [...$("speed").options].map((o) => +o.value);
    const k = e.key;
    if (k === " ") { view.playing ? pause() : play(); }
    else if (k === "ArrowRight" && e.shiftKey || k === ".") stepTurn(1);
    else if (k === "ArrowLeft" && e.shiftKey || k === ",") stepTurn(-1);
    else if (k === "ArrowRight") { pause(); setIndex(view.index + 1); }
    else if (k === "ArrowLeft") { pause(); setIndex(view.index - 1); }
    else if (k === "Home") { pause(); setIndex(0); }
    else if (k === "End") { pause(); setIndex(RUN.ticks.length - 1); }
    else if (k === "+" || k === "=" || k === "-") {
      const i = speeds.indexOf(view.speed) + (k === "-" ? -1 : 1);
      view.speed = speeds[clamp(i, 0, speeds.length - 1)]; $("speed").value = String(view.speed);
    }
    else if (k === "b") { $("opt-boxes").click(); }
    else if (k === "g" && GHOST) { $("opt-ghost").click(); }
    else if (k === "d") jumpToDivergence();
    else return;
    e.preventDefault();
  });
}

function init() {
  const h = RUN.header;
  $("subtitle").textContent = [RUN.label, "seed " + h.seed, h.game_version ? "game " + h.game_version : null,
    RUN.end ? `end: ${RUN.end.reason} at tick ${RUN.end.tick}` : "no end line (recording stopped early)"]
    .filter(Boolean).join(" · ");
  buildCard("p1"); buildCard("p2");
  buildTurnList();
  setupBanner(); setupLegend(); setupControls();

  // Open at #tick=N if given, else at the divergence, else at the start.
  const hash = readHash();
  if (hash.boxes === "0") { view.showBoxes = false; $("opt-boxes").checked = false; }
  if (hash.ghost === "0") { view.showGhost = false; $("opt-ghost").checked = false; }
  if (hash.tick !== null && !Number.isNaN(hash.tick)) view.index = indexOfTick(hash.tick);  // URL stays as given
  else if (DATA.divergence) { const d = DATA.divergence; view.index = d.index_a ?? (d.tick < 0 ? 0 : RUN.ticks.length - 1); }
  render();
  if (hash.play === "1") play();
}

if (!RUN.ticks.length) {
  fill(document.body, h("p", { style: "padding:20px" }, "This trace has no tick lines."));
} else {
  init();
}
