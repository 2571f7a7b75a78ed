extends Node
# yomi bridge, a picture of the bridge in the game's own window.  Written for yomi; contains no
# game code.  Run by a windowed Godot 3 (not the headless one) with the mod in the game's mods
# folder: it opens the game's main scene, starts a single-player match as the game's character
# select does (main._on_game_started, main._on_match_ready), plays P1 with a seeded random click
# on the panel each turn while the mod plays P2, and after `turns` turns saves the viewport as a
# PNG.  Config (JSON, $YOMI_SHOT_CONFIG): p1, p2, seed, turns, out.

var cfg = {}
var main = null
var rng = RandomNumberGenerator.new()
var turns = 0
var busy = false
var started = false
var played_tick = -1

func _ready():
	var f = File.new()
	f.open(OS.get_environment("YOMI_SHOT_CONFIG"), File.READ)
	cfg = parse_json(f.get_as_text())
	f.close()
	rng.seed = int(cfg["seed"])
	call_deferred("_start")

func _frames(n):
	for _i in range(n):
		yield(get_tree(), "idle_frame")

func _start():
	yield(_frames(5), "completed")
	main = load("res://Main.tscn").instance()
	get_tree().root.add_child(main)
	get_tree().current_scene = main
	yield(_frames(10), "completed")
	var panel = load("res://ui/GameSettingsPanelContainer.tscn").instance()
	add_child(panel)
	yield(_frames(2), "completed")
	var data = panel.get_data()
	panel.queue_free()
	data["p2_dummy"] = false
	data["singleplayer"] = true
	data["selected_characters"] = {1: {"name": cfg["p1"]}, 2: {"name": cfg["p2"]}}
	data["seed"] = int(cfg["seed"])
	main._on_game_started(true)
	main._on_match_ready(data)
	# the character select this script stands in for is closed, as the game closes it
	yield(_frames(5), "completed")
	var select = main.find_node("CharacterSelect", true, false)
	if select != null:
		select.hide()
	started = true

# P1's turn: polled, so a decision the game opened before this script looked is not missed.
func _process(_delta):
	if !started or busy or main == null or !is_instance_valid(main.game):
		return
	var game = main.game
	var a = main.ui_layer.p1_action_buttons
	if game.game_paused and a.visible and game.current_tick != played_tick:
		played_tick = game.current_tick
		busy = true
		_turn()

func _turn():
	yield(get_tree().create_timer(1.0), "timeout")
	var a = main.ui_layer.p1_action_buttons
	var cands = []
	for b in a.buttons:
		if is_instance_valid(b) and b != a.continue_button and b.visible and !b.get_disabled():
			cands.append(b)
	turns += 1
	if turns >= int(cfg["turns"]):
		# the picture shows the agent's lock-in: wait for the mod's label to say so
		var bridge = ModLoader.get_node_or_null("YomiBridge")
		var waited = 0
		while bridge != null and !("P2 plays" in bridge.label.text) and waited < 600:
			yield(get_tree().create_timer(0.1), "timeout")
			waited += 1
		yield(get_tree().create_timer(1.0), "timeout")
		var img = get_viewport().get_texture().get_data()
		img.flip_y()
		img.save_png(cfg["out"])
		print("SHOT SAVED ", cfg["out"], " ", img.get_size())
		get_tree().quit(0)
		return
	if cands.size() > 0 and rng.randf() < 0.8:
		var choice = cands[rng.randi_range(0, cands.size() - 1)]
		choice.set_pressed(true)
		if a.current_button != choice:
			choice.emit_signal("was_pressed", choice.action_name)
		yield(_frames(3), "completed")
		a._on_submit_pressed()
	else:
		a.continue_button.set_pressed(true)
		a.continue_button.on_pressed()
	yield(_frames(10), "completed")
	busy = false
