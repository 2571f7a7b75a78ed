extends Node
# yomi bridge mod: the entry point the game's mod loader runs (ModLoader._initMods
# instances ModMain.gd of each mod zip with the loader as argument and adds it under
# the loader).  Written for yomi (integration/tools/bridge); contains no game code.
#
# It changes no game script: it watches for a single-player match (the main scene's
# `game`, not a ghost, not a replay), and attaches a BridgeLink to it with the
# connection file `yomi bridge serve` writes (yomi_bridge.json in the game's folder:
# {"url", "token", "side"}), plus a status label at the top of the screen.

const LINK = preload("res://yomi_bridge/BridgeLink.gd")
const CONNECTION_FILE = "yomi_bridge.json"

var attached = null
var layer = null
var label = null
var link = null

func _init(_mod_loader = null):
	name = "YomiBridge"

func _ready():
	layer = CanvasLayer.new()
	layer.layer = 120
	add_child(layer)
	# centred under the health bars, on a dark band, clear of the HUD and the action panels
	label = Label.new()
	label.rect_position = Vector2(140, 64)
	label.rect_size = Vector2(360, 14)
	label.align = Label.ALIGN_CENTER
	label.autowrap = true
	var band = StyleBoxFlat.new()
	band.bg_color = Color(0, 0, 0, 0.7)
	band.content_margin_left = 4
	band.content_margin_right = 4
	label.add_stylebox_override("normal", band)
	label.text = ""
	layer.add_child(label)

func connection_path():
	var env = OS.get_environment("YOMI_BRIDGE_CONNECTION")
	if env != "":
		return env
	var dir = OS.get_executable_path().get_base_dir()
	if OS.get_name() == "OSX":
		dir = dir.get_base_dir().get_base_dir().get_base_dir()
	return dir.plus_file(CONNECTION_FILE)

# Checked every physics frame: the loader's node comes before the main scene in the tree, so a
# new match is found before its first tick is simulated.
func _physics_process(_delta):
	var main = get_tree().current_scene
	if main == null:
		return
	var game = main.get("game")
	if game == null or !is_instance_valid(game):
		if link != null and is_instance_valid(link):
			link.queue_free()
		link = null
		attached = null
		return
	if game == attached or game.is_ghost or !game.game_started or !game.singleplayer:
		return
	attached = game
	if ReplayManager.playback or Network.multiplayer_active:
		return
	var conn = LINK.read_connection(connection_path())
	if conn.empty():
		label.text = "yomi bridge: no server (run: uv run yomi bridge serve --game-dir THIS_GAME_FOLDER)"
		return
	var ui = main.get("ui_layer")
	if ui == null:
		return
	link = LINK.new()
	link.name = "YomiBridgeLink"
	game.get_parent().add_child(link)     # after the game: its physics step runs after the game's
	link.setup(game, {1: ui.p1_action_buttons, 2: ui.p2_action_buttons}, int(conn.get("side", 2)),
		conn["url"], conn["token"], label)
