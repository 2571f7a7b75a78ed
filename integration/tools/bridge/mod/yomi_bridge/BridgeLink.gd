extends Node
# yomi bridge: one single-player match of the game, one side played by a yomi policy.
# Written for yomi (integration/tools/bridge); contains no game code.  It only calls the
# game's public API: the game's signals (player_actionable, game_won), its fighters'
# get_data()/hp/current_state(), and the action panels' own submission path
# (ActionButtons.on_action_submitted, as the panel's Select button does).
#
# Each turn it sends the server (yomi bridge serve) both players' previous decisions,
# the digest of every tick simulated since, and the tick of the open decision; the
# answer is the policy's decision for its side.  The answer is checked against the
# panel itself before it is submitted: the action must be one the panel offers now,
# and its data and extra must have the shape and types of the panel's own values.
# Nothing here blocks the game: requests are asynchronous, a late or missing answer is
# shown and the player can play that side, a refused answer is shown with its reason.
#
# Protocol: docs/BRIDGE.md (protocol 1).

const PROTOCOL = 1
const LATE_S = 3.0              # after this the label says the player may take over
const OPEN_WAIT_S = 10.0        # an answer waits this long for the agent's panel to open
const MAX_INT = 1000000000000
const FIELDS_NOTE = "[px, py, vx, vy, hp, state, state_tick]"

signal message(text, level)     # level: "ok", "info", "warn", "error"

var game = null
var panels = {}
var agent = 2
var url = ""
var token = ""
var label = null

var session = null
var turn = 0
var ticks = []                  # digests since the last request
var last_tick = -1
var decisions = {}              # pid -> the decision the panel submitted this turn
var queue = []                  # requests waiting for the one in flight
var http = null
var in_flight = null
var waiting_answer_for = -1     # the turn whose answer is awaited
var asked_at = 0
var asked_tick = -1
var stopped = false             # lockstep lost, or a hard error: no more requests
var end_sent = false
var answers_submitted = 0
var answers_refused = 0
var answers_late = 0
var diverged = null
var last_text = ""

# ------------------------------------------------------------------ setup
func setup(game_, panels_, agent_, url_, token_, label_ = null):
	game = game_
	panels = panels_
	agent = int(agent_)
	url = str(url_).rstrip("/")
	token = str(token_)
	label = label_
	http = HTTPRequest.new()
	http.timeout = 0           # no frame-timed limit: lateness is measured on the wall clock (LATE_S)
	http.use_threads = false
	add_child(http)
	http.connect("request_completed", self, "_on_request_completed")
	game.connect("player_actionable", self, "_on_actionable")
	game.connect("game_won", self, "_on_game_won")
	for pid in [1, 2]:
		panels[pid].connect("action_selected", self, "_on_decision", [pid])
	var md = game.match_data
	_say("yomi bridge: connecting to " + url, "info")
	_enqueue("/start", {
		"protocol": PROTOCOL,
		"game_version": Global.VERSION,
		"p1": str(md["selected_characters"][1]["name"]),
		"p2": str(md["selected_characters"][2]["name"]),
		"seed": int(md["seed"]),
		"match_data": _j(md),
		"agent": agent,
	})

# Static config: {"url", "token", "side"} from a JSON file; {} when absent or malformed.
static func read_connection(path):
	var f = File.new()
	if path == "" or !f.file_exists(path) or f.open(path, File.READ) != OK:
		return {}
	var parsed = JSON.parse(f.get_as_text())
	f.close()
	if parsed.error != OK or !(parsed.result is Dictionary):
		return {}
	var d = parsed.result
	if !(d.get("url") is String) or !(d.get("token") is String) or !str(d["url"]).begins_with("http://127.0.0.1:"):
		return {}
	return d

# ------------------------------------------------------------------ what the game does
func _physics_process(_delta):
	call_deferred("capture")     # after the game's deferred tick of this frame

# The digest of the current tick, once per tick (also called right before a request).
func capture():
	if stopped or end_sent or game == null or !is_instance_valid(game) or !game.game_started:
		return
	if game.current_tick == last_tick or game.current_tick < 0:
		return
	last_tick = game.current_tick
	var objs = []
	for o in game.objects:
		if !is_instance_valid(o) or o.disabled:
			continue
		objs.append(_entity(o, str(o.obj_name)))
	ticks.append({"tick": game.current_tick, "p1": _entity(game.p1, null), "p2": _entity(game.p2, null),
		"objects": objs})

func _entity(o, name):
	var od = o.chara.get_data()["object_data"]
	var st = o.current_state()
	var e = [int(od["position_x"]), int(od["position_y"]), str(od["vel_x"]), str(od["vel_y"])]
	if name == null:
		e.append(int(o.hp))
	e.append(st.state_name if st else null)
	e.append(st.current_tick if st else null)
	if name != null:
		e.push_front(name)
	return e

func _on_decision(action, data, extra, pid):
	decisions[pid] = {"action": action, "data": _j(data), "extra": _j(extra)}
	if pid == agent and waiting_answer_for == turn - 1 and in_flight != null:
		answers_late += 1
		_say("yomi bridge: you played P%d yourself; the agent's answer is dropped" % agent, "warn")

func _on_actionable():
	call_deferred("_turn_opened")

func _turn_opened():
	while is_instance_valid(game) and !game.game_paused:
		yield(get_tree(), "idle_frame")
	# the game signals once per actionable player: one request per decision tick
	if stopped or end_sent or game.current_tick == asked_tick:
		return
	asked_tick = game.current_tick
	capture()
	_send_turn(false)

func _on_game_won(_winner):
	call_deferred("finish")

# The last request of the match: the final decisions and ticks.  Safe to call twice.
func finish():
	if stopped or end_sent:
		return
	capture()
	_send_turn(true)
	end_sent = true

func _send_turn(is_end):
	var body = {"turn": turn, "tick": game.current_tick, "ticks": ticks, "end": is_end,
		"decisions": null if turn == 0 else {"p1": decisions.get(1), "p2": decisions.get(2)}}
	ticks = []
	decisions = {}
	if !is_end:
		waiting_answer_for = turn
		asked_at = OS.get_ticks_msec()
	turn += 1
	_enqueue("/turn", body)

# ------------------------------------------------------------------ HTTP
func _enqueue(path, body):
	queue.append([path, body])
	_pump()

func _pump():
	if in_flight != null or queue.empty() or stopped:
		return
	in_flight = queue.pop_front()
	if in_flight[0] == "/turn":
		if session == null:
			_stop("no session: the server refused the match")
			return
		in_flight[1]["session"] = session
	var headers = ["Content-Type: application/json", "X-Yomi-Token: " + token]
	var err = http.request(url + in_flight[0], headers, false, HTTPClient.METHOD_POST, JSON.print(in_flight[1]))
	if err != OK:
		_stop("cannot reach the server at %s (error %d): play both sides yourself" % [url, err])

func _process(_delta):
	if waiting_answer_for >= 0 and !stopped and OS.get_ticks_msec() - asked_at > LATE_S * 1000.0:
		if !last_text.begins_with("yomi bridge: the agent is late"):
			_say("yomi bridge: the agent is late: you may play P%d yourself" % agent, "warn")

func _on_request_completed(result, code, _headers, body):
	var req = in_flight
	in_flight = null
	if result != HTTPRequest.RESULT_SUCCESS:
		_stop("the server did not answer (%s, result %d): play both sides yourself" % [req[0], result])
		return
	var parsed = JSON.parse(body.get_string_from_utf8())
	if parsed.error != OK or !(parsed.result is Dictionary):
		_stop("the server's answer is not JSON: play both sides yourself")
		return
	var d = parsed.result
	if code != 200 or d.get("ok") != true:
		_stop("the server refused %s: %s" % [req[0], str(d.get("error", code)).left(200)])
		return
	if req[0] == "/start":
		if !(d.get("session") is float):
			_stop("the server's start answer has no session")
			return
		session = int(d["session"])
		_say("yomi bridge: %s plays P%d" % [str(d.get("policy", "?")).left(60), agent], "ok")
	else:
		_on_turn_answer(req[1], d)
	_pump()

func _on_turn_answer(req, d):
	if d.get("divergence") is Dictionary:
		diverged = d["divergence"]
		var diffs = diverged.get("differences", [])
		_stop("DIVERGED at tick %s: %s (saved %s)" % [str(diverged.get("tick")),
			str(diffs[0] if diffs is Array and diffs.size() > 0 else "?").left(120),
			str(diverged.get("file", "")).get_file()])
		return
	if d.get("result") is Dictionary:
		_say("yomi bridge: match over, engine in lockstep to the end (0 divergences)", "ok")
		waiting_answer_for = -1
		return
	if req["end"]:
		return
	waiting_answer_for = -1
	var answer = d.get("answer")
	if answer == null:
		return
	if decisions.has(agent) or int(req["turn"]) != turn - 1:
		answers_late += 1    # the player already played the agent's side
		return
	call_deferred("_submit", answer, int(req["turn"]))

# ------------------------------------------------------------------ the answer, through the panel
func _submit(answer, for_turn):
	var a = panels[agent]
	var deadline = OS.get_ticks_msec() + OPEN_WAIT_S * 1000.0
	while !_panel_open(a) and OS.get_ticks_msec() < deadline and turn - 1 == for_turn and !decisions.has(agent):
		yield(get_tree(), "idle_frame")
	if turn - 1 != for_turn or decisions.has(agent):
		answers_late += 1
		return
	if !_panel_open(a):
		_refuse("the agent's panel never opened")
		return
	var checked = check_answer(a, answer)
	if checked is String:
		_refuse(checked)
		return
	answers_submitted += 1
	_say("yomi bridge: P%d plays %s" % [agent, checked[0]], "ok")
	a.on_action_submitted(checked[0], checked[1], checked[2])

# The panel waits for a decision: the game is paused for the turn and the panel is shown (it
# hides itself while the game runs).
func _panel_open(a):
	return is_instance_valid(game) and game.game_paused and a.visible

func _refuse(why):
	answers_refused += 1
	_say("yomi bridge: refused the agent's answer (%s): play P%d yourself" % [why.left(160), agent], "error")

# [action, data, extra] in the panel's own types, or a String saying why the answer is refused.
func check_answer(a, answer):
	if !(answer is Dictionary) or answer.size() != 3 or !answer.has("action") or !answer.has("data") or !answer.has("extra"):
		return "not an object of action, data and extra"
	var action = answer["action"]
	if !(action is String) or action.length() > 64:
		return "the action is not a name"
	var legal = legal_actions(a)
	if !(action in legal):
		return "%s is not offered by the panel" % action.left(64)
	var data = null
	if action != "Continue":
		var button = null
		for b in a.buttons:
			if is_instance_valid(b) and str(b.action_name) == action and b != a.continue_button:
				button = b
		if button == null:
			return "no button for " + action
		var like = button.get_data() if button.data_node else null
		data = _like(answer["data"], like, 0)
		if data is Array and data.size() == 1 and data[0] is String:
			return "data: " + data[0]
	elif answer["data"] != null:
		return "Continue takes no data"
	var extra = _like(answer["extra"], a.get_extra(), 0)
	if extra is Array and extra.size() == 1 and extra[0] is String:
		return "extra: " + extra[0]
	return [action, data, extra]

# `value` (parsed JSON) converted to the types of the panel's own value `like`; [why] when it
# does not fit (a key missing or added, another type, a fractional or huge number).
func _like(value, like, depth):
	if depth > 4:
		return ["nested too deep"]
	match typeof(like):
		TYPE_NIL:
			return null if value == null else ["expected null"]
		TYPE_BOOL:
			return value if value is bool else ["expected true or false"]
		TYPE_INT, TYPE_REAL:
			if !(value is float or value is int) or abs(value) > MAX_INT:
				return ["expected a number"]
			if typeof(like) == TYPE_INT:
				if value != floor(value):
					return ["expected an integer"]
				return int(value)
			return float(value)
		TYPE_STRING:
			return value if value is String and value.length() <= 64 else ["expected a short string"]
		TYPE_DICTIONARY:
			if !(value is Dictionary) or value.size() != like.size():
				return ["expected an object with keys " + str(like.keys()).left(80)]
			var out = {}
			for k in like:
				if !value.has(str(k)):
					return ["missing key " + str(k)]
				var v = _like(value[str(k)], like[k], depth + 1)
				if v is Array and v.size() == 1 and v[0] is String:
					return v
				out[k] = v
			return out
		TYPE_VECTOR2:
			if !(value is Array) or value.size() != 2:
				return ["expected [x, y]"]
			var x = _like(value[0], 0.0, depth + 1)
			var y = _like(value[1], 0.0, depth + 1)
			if x is Array or y is Array:
				return ["expected [x, y]"]
			return Vector2(x, y)
	return ["a value of a kind the bridge does not submit"]

# The action names the panel offers now: visible, enabled buttons, and Continue.
static func legal_actions(a):
	var names = {}
	for b in a.buttons:
		if !is_instance_valid(b) or b == a.continue_button:
			continue
		if b.visible and b.is_visible_in_tree() and !b.get_disabled():
			names[str(b.action_name)] = true
	var c = a.continue_button
	if c and is_instance_valid(c) and c.visible and c.is_visible_in_tree() and !c.get_disabled():
		names["Continue"] = true
	var out = names.keys()
	out.sort()
	return out

# ------------------------------------------------------------------ messages
func _stop(text):
	stopped = true
	waiting_answer_for = -1
	_say("yomi bridge: " + text, "error")

func _say(text, level):
	last_text = text
	print("YOMI BRIDGE [", level, "] ", text)
	emit_signal("message", text, level)
	if label != null and is_instance_valid(label):
		label.text = text
		var colors = {"ok": Color(0.6, 1, 0.6), "info": Color(1, 1, 1), "warn": Color(1, 0.85, 0.4),
			"error": Color(1, 0.45, 0.45)}
		label.add_color_override("font_color", colors.get(level, Color(1, 1, 1)))

# JSON-safe values, in the traces' formats (integral reals as integers, Vector2 as [x, y]).
# The mod is installed alone into the player's game, where the recorder's driver is absent, so it
# carries its own encoder: the same rules as TraceDriver.gd's _j, which the server's digest
# comparison relies on (the headless test plays both through one match).
static func _j(v):
	match typeof(v):
		TYPE_NIL, TYPE_BOOL, TYPE_INT, TYPE_STRING:
			return v
		TYPE_REAL:
			if v == floor(v) and abs(v) < 1e15:
				return int(v)
			return v
		TYPE_VECTOR2:
			return [_j(v.x), _j(v.y)]
		TYPE_DICTIONARY:
			var d = {}
			for k in v:
				d[str(k)] = _j(v[k])
			return d
		TYPE_ARRAY, TYPE_STRING_ARRAY, TYPE_INT_ARRAY, TYPE_REAL_ARRAY:
			var arr = []
			for x in v:
				arr.append(_j(x))
			return arr
	return null
