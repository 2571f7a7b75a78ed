extends Node
# YOMI Hustle headless trace driver (written for this harness; no game code).
#
# Runs one single-player match of the REAL game logic (res://Game.tscn) with
# the REAL action panels (res://ui/ActionSelector/ActionButtons.tscn, one per
# player, initialised exactly as the game's UILayer does), and plays both
# sides with a seeded random "bot" that only uses what the panels offer:
#   * it clicks one of the visible, enabled action buttons (or keeps "Hold"/
#     Continue), through the button's own toggle signal;
#   * it drives the selected action's data widgets (XY plots, 8-way pads,
#     sliders, check / option buttons) through their own setters, so limits,
#     snapping and facing rules of the widgets apply;
#   * it sometimes changes DI, toggles the per-character extra options panel,
#     Reverse and Feint (only when enabled and visible);
#   * it submits with the panel's own lock-in path (_on_submit_pressed), which
#     calls Fighter.on_action_selected(action, data, extra).
# The engine main loop runs normally (one physics frame per game tick when the
# game is not frozen), so game.gd's own _physics_process / process_tick turn
# logic is used unchanged.
#
# Configuration: JSON file named by env YOMI_TRACE_CONFIG with keys
#   p1, p2 (Ninja|Cowboy|Wizard|Robot|Mutant), seed (int), out (path),
#   game_length (int, default 3000), max_ticks (int, safety cap),
#   moves ("all" = default, or "base": the bot only picks actions whose state
#          is one of the base states of res://characters/BaseChar.tscn's
#          StateMachine, plus Continue, and leaves the character's extra-option
#          widgets at their defaults; header gets "moves":"base" and
#          "base_states"),
#          or "rare": coverage-biased; the bot picks uniformly among the
#          offered buttons whose action it has chosen least often so far in
#          this match (per player), Continue still with p = 0.12, and clicks
#          the extra-option widgets with p = 0.4 instead of 0.15, both before
#          the pick and again after it (widgets that only show or enable once
#          a move is selected: Ninja Release, Robot Drive Cancel, Cowboy
#          Shoot, ...); header gets "moves":"rare"),
#          or "directed": steered toward what a batch has not covered yet; the
#          config's "directed" dict gives, per character name, "states" (the
#          fighter states some trace of the batch or of a reference set has
#          reached) and "chosen" (move name -> times chosen there).  The bot
#          picks among the offered buttons of the best tier: 0, the move names a
#          state nobody has reached yet (this match's ticks count as reached);
#          1, a move never chosen (this match's choices count); 2, the rest;
#          within the tier the least chosen (batch + match), Continue still with
#          p = 0.12, extra options as in rare mode; header gets
#          "moves":"directed".
#   prefer_any (list of action names, optional): whenever the panel offers one
#          of them, the bot picks among those offered (the mode's own choice
#          then applies within them; Continue keeps its p = 0.12), so a
#          recording can be steered to moves that spawn rare objects or
#          enter rare object states; header gets "prefer_any".
#   setup (optional, "singleplayer" | "online"): the settings panel is set up
#          as the game's character select does for that mode (its init(), which
#          turns Sadness off in single player and on online) before any
#          setting is read; absent, the panel keeps its scene defaults (as the
#          shipped traces); header gets "setup".
#   prefer (dict, optional): per player ("1", "2"), a list of {"move": NAME,
#          "widgets": {WIDGET: VALUE}} in priority order.  At a decision where
#          the panel offers the button of a listed move, the bot takes the first
#          such move (no Continue draw), then, after the usual widget draws, sets
#          the named widgets of the move's data panel and of the extra-options
#          panel through their own setters: an option button by item text or
#          index, an 8-way pad by direction name, an XY plot by "X:Y" (X toward
#          the fighter's facing), a slider by number, a toggle by true/false.
#          A widget that is not shown is left alone.  header gets "prefer".
#   settings (dict, optional): loaded into the game's settings panel with its
#          own load_settings (the path lobby settings take), so the panel's
#          widgets apply their limits; the match starts from the panel's
#          get_data().
# Each turn line also lists, per player, the action names the panel offered
# at that decision ("legal": visible, in-tree, enabled buttons, plus
# "Continue" when its button is visible and enabled; the full set even in
# base mode).  Collecting it reads the panel only: no RNG draw, no click.
# Output: JSON lines (see README / FORMAT section).

const FORMAT = "yomi-trace/1"
const DRIVER_VERSION = "3"     # 1: first traces; 2: base mode; 3: "legal" in turn lines (rare and directed modes, setup, prefer: same "3", named in the header)
const EXTRA_P = 0.15           # per-widget click chance on the extra-options panel (all moves)
const RARE_EXTRA_P = 0.4       # the same in rare mode
const BASE_CHAR_SCENE = "res://characters/BaseChar.tscn"
const GAME_SCENE = "res://Game.tscn"
const BUTTONS_SCENE = "res://ui/ActionSelector/ActionButtons.tscn"
const SETTINGS_SCENE = "res://ui/GameSettingsPanelContainer.tscn"
const CHAR_KEY = {"Ninja": "ninja", "Cowboy": "cowboy", "Wizard": "wizard", "Robot": "robot", "Mutant": "mutant"}

# per-character resource variables copied into each tick record ("res")
const CHAR_RES = {
	"Ninja": ["momentum_stores", "stored_momentum_x", "stored_momentum_y", "current_momentum",
		"stored_speed_1", "stored_speed_2", "stored_speed_3", "boost_frames_left",
		"sticky_bombs_left", "bomb_thrown", "bomb_projectile", "grappling_hook_projectile", "pulling",
		"used_grappling_hook", "can_summon_kunai", "can_summon_kick", "whip_beam_charged",
		"skull_shaker_bleed_ticks", "released_this_turn", "will_release_momentum",
		"will_store_momentum", "boosted_during_combo", "stackriken_out", "can_divekick_hop"],
	"Wizard": ["hover_left", "hovering", "fast_falling", "fast_fall_landing", "orb_projectile",
		"orb_duration", "geyser_charge", "flame_wave_cooldown", "can_flame_wave", "can_vile_clutch",
		"tether_ticks", "gusts_in_combo", "detonating_bombs", "spark_bombs", "spark_speed_frames",
		"boulder_projectile", "current_orb_push"],
	"Robot": ["armor_pips", "armor_active", "buffer_armor", "armor_startup_ticks", "loic_meter",
		"can_loic", "loic_draining", "orbital_strike_out", "orbital_strike_projectile",
		"fly_ticks_left", "flying_dir", "start_fly", "magnet_ticks_left", "magnet_installed",
		"grenade_object", "kill_process_super_level", "can_ground_pound", "drive_cancel",
		"super_armor_installed", "propel_friction_ticks", "landed_move", "can_flamethrower",
		"can_unlock_gratuitous", "magnetize_opponent", "loic_dir"],
	"Cowboy": ["bullets_left", "has_gun", "gun_projectile", "consecutive_shots", "after_image_object",
		"temporal_round", "lasso_projectile", "cut_projectile", "used_aerial_h_slash",
		"used_aerial_l_slice", "up_swipe_momentum", "bullet_cancelling", "detonating", "shifting",
		"drift_jump_timer", "milk_toggled", "ticks_until_time_shift"],
	"Mutant": ["install_ticks", "juke_pips", "juke_ticks", "up_juke_ticks", "juke_startup_ticks",
		"juke_dir_x", "juke_dir_y", "juked_this_turn", "bc_charge", "spike_projectile",
		"shockwave_projectile", "can_air_dash"],
}

var cfg = {}
var game = null
var ab = {}
var rng = RandomNumberGenerator.new()
var out = File.new()
var recorder = null
var match_data = {}
var last_tick = -999999
var turn_busy = false
var submissions = {}
var ended = false
var winner = null
var idle_frames_without_tick = 0
var turns = 0
var base_only = false
var base_states = {}
var legal = {}
var rare_mode = false
var chosen_counts = {1: {}, 2: {}}   # rare mode: per player, action name -> times chosen this match
var directed_mode = false
var batch_states = {1: {}, 2: {}}    # directed mode: per player, states reached (batch and this match)
var batch_chosen = {1: {}, 2: {}}    # directed mode: per player, move -> times chosen in the batch
var prefer = {1: [], 2: []}          # per player, [{"move", "widgets"}] taken first when offered
var prefer_any = {}                  # action names the bot chooses among whenever one is offered (config "prefer_any")

func _ready():
	var cfg_path = OS.get_environment("YOMI_TRACE_CONFIG")
	var f = File.new()
	if cfg_path == "" or f.open(cfg_path, File.READ) != OK:
		printerr("TRACE: set YOMI_TRACE_CONFIG to a JSON config file")
		get_tree().quit(2)
		return
	cfg = parse_json(f.get_as_text())
	f.close()
	if not (cfg is Dictionary):
		printerr("TRACE: bad config")
		get_tree().quit(2)
		return
	if !cfg.has("game_length"):
		cfg["game_length"] = 3000
	if !cfg.has("max_ticks"):
		cfg["max_ticks"] = int(cfg["game_length"]) + 200
	cfg["seed"] = int(cfg["seed"])
	rng.seed = hash("yomi-trace-bot:" + str(cfg["seed"]))
	var moves = str(cfg.get("moves", "all"))
	if moves == "base":
		base_only = true
	elif moves == "rare":
		rare_mode = true
	elif moves == "directed":
		rare_mode = true   # the extra-options panel as in rare mode
		directed_mode = true
	elif moves != "all" and moves != "":
		printerr("TRACE: unknown moves mode ", moves)
		get_tree().quit(2)
		return
	var pref = cfg.get("prefer", {})
	if !(pref is Dictionary):
		printerr("TRACE: prefer must be a dict of player -> list")
		get_tree().quit(2)
		return
	for pid in [1, 2]:
		for spec in pref.get(str(pid), []):
			if !(spec is Dictionary) or !spec.has("move") or !(spec.get("widgets", {}) is Dictionary):
				printerr("TRACE: bad prefer entry ", spec)
				get_tree().quit(2)
				return
			prefer[pid].append({"move": str(spec["move"]), "widgets": spec.get("widgets", {})})
	for nm in cfg.get("prefer_any", []):
		prefer_any[str(nm)] = true
	Engine.set_meta("fixedmath_errors", 0)
	call_deferred("_start")

# names of the state nodes directly under StateMachine in BaseChar.tscn (and
# the scenes it inherits from: the root node's instance), read from the packed
# scenes' SceneState, so nothing is instanced.
func _compute_base_states():
	var names = {}
	var packed = load(BASE_CHAR_SCENE)
	while packed != null:
		var st = packed.get_state()
		packed = null
		for i in range(st.get_node_count()):
			var parent = str(st.get_node_path(i, true))
			if parent == "./StateMachine" or parent == "StateMachine":
				names[str(st.get_node_name(i))] = true
			if i == 0 and st.get_node_instance(0) != null:
				packed = st.get_node_instance(0)
	return names

func _frames(n):
	for _i in range(n):
		yield(get_tree(), "idle_frame")

func _start():
	# let the autoloads (Global, ModLoader, ...) finish their deferred setup
	yield(_frames(5), "completed")
	if base_only:
		base_states = _compute_base_states()
		if base_states.empty():
			printerr("TRACE: no base states found in ", BASE_CHAR_SCENE)
			get_tree().quit(2)
			return
	# the game's own default settings, read from its settings panel
	var settings_panel = load(SETTINGS_SCENE).instance()
	add_child(settings_panel)
	yield(_frames(2), "completed")
	if cfg.has("setup") or cfg.has("settings") or directed_mode:
		# through the panel's own paths: its init() for the mode, load_settings for the values
		if cfg.has("setup"):
			settings_panel.init(str(cfg["setup"]) == "singleplayer")
		var wanted = {"game_length": int(cfg["game_length"])}
		if cfg.has("settings"):
			for k in cfg["settings"]:
				wanted[k] = _panel_value(cfg["settings"][k])
		settings_panel.load_settings(wanted)
		yield(_frames(2), "completed")
	var settings = settings_panel.get_data()
	settings_panel.queue_free()
	settings["p2_dummy"] = false
	settings["game_length"] = int(cfg["game_length"])
	if directed_mode:
		for pid in [1, 2]:
			var mine = cfg.get("directed", {}).get(cfg["p%d" % pid], {})
			for s in mine.get("states", []):
				batch_states[pid][str(s)] = true
			var ch = mine.get("chosen", {})
			for m in ch:
				batch_chosen[pid][str(m)] = int(ch[m])
	match_data = {
		"singleplayer": true,
		"selected_characters": {1: {"name": cfg["p1"]}, 2: {"name": cfg["p2"]}},
		"seed": cfg["seed"],
	}
	match_data.merge(settings)

	# game (like main.gd setup_game_deferred, without HUD/ghost)
	game = load(GAME_SCENE).instance()
	add_child(game)
	recorder = Node.new()
	recorder.set_script(load("res://_yomi_record/TickRecorder.gd"))
	recorder.name = "TickRecorder"
	recorder.driver = self
	add_child(recorder)   # after the game: its physics callback runs after game's
	game.connect("player_actionable", self, "_on_player_actionable")
	game.connect("game_won", self, "_on_game_won")
	Network.game = game
	var ok = game.start_game(true, match_data)
	if ok is bool:
		printerr("TRACE: start_game failed")
		get_tree().quit(3)
		return

	# action panels (like UILayer.setup_action_buttons)
	var layer = CanvasLayer.new()
	add_child(layer)
	var root = Control.new()
	root.name = "Buttons"
	root.rect_size = Vector2(640, 360)
	var scene = load(BUTTONS_SCENE)
	for pid in [1, 2]:
		var a = scene.instance()
		a.name = "P%dActionButtons" % pid
		a.player_id = pid
		a.opponent_action_buttons_path = NodePath("../P%dActionButtons" % (3 - pid))
		ab[pid] = a
	for pid in [1, 2]:
		root.add_child(ab[pid])
	layer.add_child(root)   # both panels enter the tree together (they look each other up)
	# as BottomBar._ready
	ab[1].opposite_buttons = ab[2]
	ab[2].opposite_buttons = ab[1]
	for pid in [1, 2]:
		ab[pid].init(game, pid)
		ab[pid].connect("action_selected", self, "_on_submitted", [pid])

	var open_ok = out.open(cfg["out"], File.WRITE)
	if open_ok != OK:
		printerr("TRACE: cannot open output ", cfg["out"])
		get_tree().quit(4)
		return
	var vi = Engine.get_version_info()
	var header = {
		"format": FORMAT,
		"game": "YOMI Hustle",
		"source_commit": "4450348",
		"game_version": Global.VERSION,
		"godot": "%d.%d" % [vi.major, vi.minor],
		"godot_full": vi.string,
		"driver_version": DRIVER_VERSION,
		"p1": cfg["p1"],
		"p2": cfg["p2"],
		"seed": cfg["seed"],
		"match_settings": _j(settings),
		"start": {"p1": _fighter_state(game.p1), "p2": _fighter_state(game.p2), "tick": game.current_tick},
		"notes": "positions/velocities are I48F16 decimal strings as printed by fixed::Display; px/py are the rounded ints the game uses",
	}
	if base_only:
		header["moves"] = "base"
		var names = base_states.keys()
		names.sort()
		header["base_states"] = names
	elif directed_mode:
		header["moves"] = "directed"
	elif rare_mode:
		header["moves"] = "rare"
	if cfg.has("setup"):
		header["setup"] = str(cfg["setup"])
	if !prefer[1].empty() or !prefer[2].empty():
		header["prefer"] = {"p1": prefer[1], "p2": prefer[2]}
	if !prefer_any.empty():
		var preferred = prefer_any.keys()
		preferred.sort()
		header["prefer_any"] = preferred
	_write(header)

# a JSON value as the settings panel's load_settings expects it: whole numbers as int
# (JSON numbers parse as float), strings (the sliders' values) and booleans as they are
func _panel_value(v):
	if typeof(v) == TYPE_REAL and v == floor(v):
		return int(v)
	return v

func _write(d):
	out.store_line(JSON.print(d, "", false))

# ------------------------------------------------------------------ ticks
func on_after_physics():
	# called (deferred) after game's deferred simulate_one_tick of this frame
	if ended or game == null or !is_instance_valid(game) or !game.game_started:
		return
	if game.current_tick != last_tick:
		last_tick = game.current_tick
		idle_frames_without_tick = 0
		_write(_tick_record())
		if directed_mode:
			for pid in [1, 2]:
				var st = game.get_player(pid).current_state()
				if st:
					batch_states[pid][str(st.state_name)] = true
		if winner != null:
			_finish(winner, "timeout" if game.current_tick > game.time else "ko")
			return
		if game.current_tick >= int(cfg["max_ticks"]):
			_finish(null, "tick_cap")
			return
	else:
		idle_frames_without_tick += 1
		if idle_frames_without_tick > 20000:
			_finish(null, "stall")

func _on_game_won(w):
	winner = w

func _finish(w, reason):
	if ended:
		return
	ended = true
	var errs = 0
	if Engine.has_meta("fixedmath_errors"):
		errs = Engine.get_meta("fixedmath_errors")
	var rec = {
		"t": "end", "tick": game.current_tick, "winner": w, "reason": reason,
		"p1_hp": game.p1.hp, "p2_hp": game.p2.hp, "turns": turns, "game_length": game.time,
		"fixedmath_errors": errs,
	}
	if errs > 0 and Engine.has_meta("fixedmath_error_log"):
		rec["fixedmath_error_log"] = Engine.get_meta("fixedmath_error_log")
	_write(rec)
	out.close()
	if cfg.has("replay_out") and !_save_replay(str(cfg["replay_out"])):
		printerr("TRACE: cannot copy the replay to ", cfg["replay_out"])
		get_tree().quit(5)
		return
	print("TRACE DONE ", cfg["out"], " ticks=", game.current_tick, " turns=", turns, " winner=", w, " reason=", reason, " fixedmath_errors=", errs)
	get_tree().quit(0)

# The match's replay file, written by the game's own replay code (ReplayManager.save_replay,
# as main.gd's Save Replay button does) into user://replay/, then copied to `path`.
func _save_replay(path):
	var name = ReplayManager.save_replay(match_data, "yomi_record")
	var dir = Directory.new()
	return dir.copy("user://replay/" + name, path) == OK

func _tick_record():
	var objs = []
	for o in game.objects:
		if !is_instance_valid(o) or o.disabled:
			continue
		objs.append(_object_state(o))
	return {"t": "tick", "tick": game.current_tick, "p1": _fighter_state(game.p1), "p2": _fighter_state(game.p2), "objects": objs}

func _fighter_state(p):
	var st = p.current_state()
	var c = p.chara.trace_state()
	var d = {
		"state": st.state_name if st else null,
		"st": st.current_tick if st else null,
		"px": int(p.chara.get_data()["object_data"]["position_x"]),
		"py": int(p.chara.get_data()["object_data"]["position_y"]),
		"x": c.x, "y": c.y, "vx": c.vx, "vy": c.vy,
		"facing": c.facing,
		"grounded": c.grounded,
		"pushback": c.pushback,
		"hp": p.hp,
		"super_meter": p.super_meter,
		"supers": p.supers_available,
		"burst_meter": p.burst_meter,
		"bursts": p.bursts_available,
		"combo": p.combo_count,
		"hitlag": p.hitlag_ticks,
		"hitstun": st.get("hitstun") if st and st.get("hitstun") != null else null,
		"blockstun": p.blockstun_ticks,
		"air_moves": p.air_movements_left,
		"feints": p.feints,
		"penalty": p.penalty,
		"interruptable": p.state_interruptable,
		"hit_cancellable": p.state_hit_cancellable,
		"busy": p.busy_interrupt,
		"invuln": p.invulnerable,
		"proj_invuln": p.projectile_invulnerable,
		"di": _j(p.current_di),
		"stance": p.stance,
		"air_option_bar": p.air_option_bar,
	}
	var res = {}
	var key = cfg["p1"] if p == game.p1 else cfg["p2"]
	for v in CHAR_RES.get(key, []):
		res[v] = _j(p.get(v))
	d["res"] = res
	return d

func _object_state(o):
	var st = o.current_state()
	var c = o.chara.trace_state()
	var d = {
		"name": o.obj_name,
		"scene": o.filename.get_file().get_basename(),
		"owner": o.id,
		"state": st.state_name if st else null,
		"st": st.current_tick if st else null,
		"px": int(o.chara.get_data()["object_data"]["position_x"]),
		"py": int(o.chara.get_data()["object_data"]["position_y"]),
		"x": c.x, "y": c.y, "vx": c.vx, "vy": c.vy,
		"facing": c.facing,
	}
	for extra in ["hp", "active", "locked", "lifetime"]:
		var v = o.get(extra)
		if v != null and (v is int or v is bool or v is String):
			d[extra] = v
	return d

# ------------------------------------------------------------------ JSON-safe values
func _j(v):
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
			var a = []
			for x in v:
				a.append(_j(x))
			return a
		TYPE_OBJECT:
			if v == null or !is_instance_valid(v):
				return null
			if v is Node:
				var nm = v.get("obj_name")
				return {"node": nm if nm else str(v.name)}
			if v is Resource:
				return {"resource": v.get_class(), "path": v.resource_path}
			return {"object": v.get_class()}
	return str(v)

# ------------------------------------------------------------------ turns
func _on_player_actionable():
	if turn_busy or ended:
		return
	turn_busy = true
	call_deferred("_do_turn")

func _do_turn():
	# as UILayer.on_player_actionable: wait for the pause, then open both panels
	while is_instance_valid(game) and !game.game_paused:
		yield(get_tree(), "idle_frame")
	ab[1].activate()
	ab[2].activate()
	# let game.process_tick finish its two-frame turn hand-over (p1_turn/p2_turn)
	var n = 0
	while !(game.p1_turn and game.p2_turn) and n < 30:
		yield(get_tree(), "physics_frame")
		n += 1
	yield(_frames(4), "completed")
	submissions = {}
	legal = {}
	var decision_tick = game.current_tick
	for pid in [1, 2]:
		yield(_bot_turn(pid), "completed")
	var w = 0
	while submissions.size() < 2 and w < 600:
		yield(get_tree(), "idle_frame")
		w += 1
	if submissions.size() < 2:
		printerr("TRACE: submissions missing at tick ", decision_tick)
	turns += 1
	_write({"t": "turn", "tick": decision_tick, "p1": submissions.get(1), "p2": submissions.get(2),
		"legal": {"p1": legal.get(1, []), "p2": legal.get(2, [])}})
	turn_busy = false

func _on_submitted(action, data, extra, pid):
	submissions[pid] = {"action": action, "data": _j(data), "extra": _j(extra)}

func _chance(p):
	return rng.randf() < p

func _bot_turn(pid):
	var a = ab[pid]
	var fighter = game.get_player(pid)
	# 1. DI and the character's extra options
	var di = a.get_node("%DI")
	if di.is_visible_in_tree() and _chance(0.5):
		_random_xy(di)
	if !base_only and a.fighter_extra and a.fighter_extra.is_visible_in_tree():
		_randomize_widgets(a.fighter_extra, RARE_EXTRA_P if rare_mode else EXTRA_P)
	yield(_frames(3), "completed")
	# 2. choose an action among the buttons the panel shows
	legal[pid] = _legal_actions(a)   # reads the panel only (no RNG draw)
	var cands = []
	for b in a.buttons:
		if !is_instance_valid(b) or b == a.continue_button:
			continue
		if base_only and !base_states.has(str(b.action_name)):
			continue
		if b.visible and b.is_visible_in_tree() and !b.get_disabled():
			cands.append(b)
	var choice = null
	var spec = _preferred(pid, cands)
	if spec != null:
		choice = spec["button"]
		var pnm = str(choice.action_name)
		chosen_counts[pid][pnm] = chosen_counts[pid].get(pnm, 0) + 1
	elif cands.size() > 0 and !_chance(0.12):
		cands = _preferred_any(cands)
		if directed_mode:
			cands = _directed_pick(pid, cands)
		elif rare_mode:
			cands = _least_chosen(pid, cands)
		choice = cands[rng.randi_range(0, cands.size() - 1)]
		if rare_mode:
			var nm = str(choice.action_name)
			chosen_counts[pid][nm] = chosen_counts[pid].get(nm, 0) + 1
	if choice != null:
		choice.set_pressed(true)      # emits toggled -> was_pressed -> on_action_selected
		if a.current_button != choice:
			choice.emit_signal("was_pressed", choice.action_name)
	else:
		a.continue_button.set_pressed(true)
		a.continue_button.on_pressed()
	yield(_frames(3), "completed")
	# 3. the selected action's data widgets
	if a.current_button and a.current_button.data_node and a.current_button.data_node.is_visible_in_tree():
		_randomize_widgets(a.current_button.data_node, 0.85)
	yield(_frames(3), "completed")
	# 3b. rare mode: the extra-options panel again, now that the move is selected
	if rare_mode and a.fighter_extra and a.fighter_extra.is_visible_in_tree():
		_randomize_widgets(a.fighter_extra, RARE_EXTRA_P)
		yield(_frames(3), "completed")
	# 3c. the preferred move's named widgets, after every draw so that they keep their values
	if spec != null:
		for w in spec["widgets"]:
			_set_named_widget(a, str(w), str(spec["widgets"][w]))
		yield(_frames(3), "completed")
	# 4. reverse / feint toggles when the panel allows them
	var rev = a.get_node("%ReverseButton")
	if rev.is_visible_in_tree() and !rev.disabled and _chance(0.15):
		_click_toggle(rev)
	var feint = a.get_node("%FeintButton")
	if feint.is_visible_in_tree() and !feint.disabled and _chance(0.25):
		_click_toggle(feint)
	yield(_frames(3), "completed")
	# 5. lock in
	a._on_submit_pressed()
	var w = 0
	while !submissions.has(pid) and w < 300:
		yield(get_tree(), "idle_frame")
		w += 1

# the first of the player's preferred moves that the panel offers among the candidates:
# {"button", "widgets"}, or null (no RNG draw)
func _preferred(pid, cands):
	for p in prefer[pid]:
		for b in cands:
			if str(b.action_name) == p["move"]:
				return {"button": b, "widgets": p["widgets"]}
	return null

# sets the widget named `wname` (the selected move's data panel first, then the extra-options
# panel) to `value` through the widget's own setter; a widget not shown is left alone
func _set_named_widget(a, wname, value):
	var node = null
	for parent in [a.current_button.data_node if a.current_button else null, a.fighter_extra]:
		if parent != null and is_instance_valid(parent) and parent.is_visible_in_tree():
			node = parent.find_node(wname, true, false)
			if node != null:
				break
	if node == null or !node.is_visible_in_tree():
		return
	if node is XYPlot:
		var parts = value.split(":")
		if parts.size() == 2:
			var v = Vector2(float(parts[0]) * node.facing, float(parts[1]))
			node.update_value(v.normalized() * node.panel_radius)
			node.buffer_changed = true
		return
	if node.has_method("set_dir") and node.has_method("get_buttons"):
		for b in node.get_buttons():
			if b.name == value and !b.disabled and b.is_visible_in_tree():
				node.set_dir(value, true)
		return
	if node.has_node("Direction") and node.get_node("Direction") is Range:
		node.get_node("Direction").value = float(value)
		return
	if node.has_node("HSlider") and node.get_node("HSlider") is Range:
		node.get_node("HSlider").value = float(value)
		return
	if node is OptionButton:
		for i in range(node.get_item_count()):
			if (node.get_item_text(i).to_lower() == value.to_lower() or str(i) == value) and !node.is_item_disabled(i):
				node.select(i)
				node.emit_signal("item_selected", i)
				return
		return
	if node is BaseButton and node.toggle_mode and !node.disabled:
		if node.pressed != (value.to_lower() == "true"):
			_click_toggle(node)

# the candidates whose action is preferred (config "prefer_any"), all of them when
# none is (panel order kept; no RNG draw)
func _preferred_any(cands):
	if prefer_any.empty():
		return cands
	var out_b = []
	for b in cands:
		if prefer_any.has(str(b.action_name)):
			out_b.append(b)
	return out_b if out_b.size() > 0 else cands

# rare mode: the candidates whose action this player has chosen the fewest
# times so far in the match (panel order kept; no RNG draw)
func _least_chosen(pid, cands):
	var counts = chosen_counts[pid]
	var best = -1
	for b in cands:
		var c = counts.get(str(b.action_name), 0)
		if best < 0 or c < best:
			best = c
	var out_b = []
	for b in cands:
		if counts.get(str(b.action_name), 0) == best:
			out_b.append(b)
	return out_b

# directed mode: the candidates of the best tier (0: names a state not reached by the
# batch nor this match; 1: never chosen in the batch nor this match; 2: the rest), the
# least chosen (batch + match) among them; panel order kept, no RNG draw
func _directed_pick(pid, cands):
	var best_tier = 3
	var best_count = -1
	var scored = []
	for b in cands:
		var nm = str(b.action_name)
		var n = chosen_counts[pid].get(nm, 0) + batch_chosen[pid].get(nm, 0)
		var tier = 2
		if !batch_states[pid].has(nm) and chosen_counts[pid].get(nm, 0) < 2:
			tier = 0
		elif n == 0:
			tier = 1
		scored.append([b, tier, n])
		if tier < best_tier or (tier == best_tier and n < best_count):
			best_tier = tier
			best_count = n
	var out_b = []
	for e in scored:
		if e[1] == best_tier and e[2] == best_count:
			out_b.append(e[0])
	return out_b

# action names of every button the panel offers now: the bot's candidate set
# without the base-mode filter, plus "Continue" when its button is usable.
func _legal_actions(a):
	var names = {}
	for b in a.buttons:
		if !is_instance_valid(b) or b == a.continue_button:
			continue
		if b.visible and b.is_visible_in_tree() and !b.get_disabled():
			names[str(b.action_name)] = true
	var c = a.continue_button
	if c and is_instance_valid(c) and c.visible and c.is_visible_in_tree() and !c.get_disabled():
		names["Continue"] = true
	var out_names = names.keys()
	out_names.sort()
	return out_names

func _click_toggle(btn):
	btn.pressed = !btn.pressed
	btn.emit_signal("pressed")

func _random_xy(xy):
	var size = xy.plot_panel_size
	var mpos = Vector2(rng.randi_range(0, int(size.x)), rng.randi_range(0, int(size.y)))
	var point = (mpos - xy.midpoint()).limit_length(xy.panel_radius)
	xy.update_value(point)
	xy.buffer_changed = true

func _randomize_widgets(node, p):
	for child in node.get_children():
		if !(child is CanvasItem) or !child.is_visible_in_tree():
			continue
		if child is XYPlot:
			if _chance(p):
				_random_xy(child)
			continue
		if child.has_method("set_dir") and child.has_method("get_buttons"):
			# 8-way direction pad
			if _chance(p):
				var opts = []
				for b in child.get_buttons():
					if !b.disabled and b.is_visible_in_tree():
						opts.append(b.name)
				if opts.size() > 0:
					child.set_dir(opts[rng.randi_range(0, opts.size() - 1)], true)
			continue
		if child.has_node("Direction") and child.get_node("Direction") is Range:
			if _chance(p):
				_random_range(child.get_node("Direction"))
			continue
		if child.has_node("HSlider") and child.get_node("HSlider") is Range and child.has_method("get_data"):
			if _chance(p):
				_random_range(child.get_node("HSlider"))
			continue
		if child is OptionButton:
			if !child.disabled and _chance(p * 0.6):
				var idx = []
				for i in range(child.get_item_count()):
					if !child.is_item_disabled(i):
						idx.append(i)
				if idx.size() > 0:
					var i2 = idx[rng.randi_range(0, idx.size() - 1)]
					child.select(i2)
					child.emit_signal("item_selected", i2)
			continue
		if child is BaseButton:
			if child.toggle_mode and !child.disabled and _chance(p * 0.6):
				_click_toggle(child)
			continue
		_randomize_widgets(child, p)

func _random_range(r):
	var step = r.step if r.step > 0 else 1.0
	var nsteps = int(round((r.max_value - r.min_value) / step))
	r.value = r.min_value + rng.randi_range(0, nsteps) * step
