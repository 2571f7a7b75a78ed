extends "res://_yomi_record/TraceDriver.gd"
# yomi bridge, headless check: the recorder's driver (TraceDriver.gd) with one side played
# by the bridge's mod instead of its random bot.  Written for yomi; contains no game code.
#
# The mod is loaded as the game's mod loader loads it: the installed zip as a resource pack
# (ProjectSettings.load_resource_pack), then res://yomi_bridge/BridgeLink.gd from it.  Extra
# config keys (YOMI_TRACE_CONFIG): bridge_zip, bridge_url, bridge_token, bridge_side.
# At the end it prints one line "BRIDGE RESULT {json}" with the link's counters.

const WAIT_MS = 120000          # one answer may take this long before the bot plays instead

var link = null
var agent_pid = 2
var finishing = false
var fallbacks = 0
var held = []                   # tick lines simulated after both locked in, before the turn line
var agent_choice = null         # the agent's submission, and the decision tick it was made at
var agent_choice_tick = -1

func _start():
	if !ProjectSettings.load_resource_pack(str(cfg["bridge_zip"]), true):
		printerr("BRIDGE: cannot load the mod ", cfg["bridge_zip"])
		get_tree().quit(6)
		return
	var state = ._start()
	if state is GDScriptFunctionState:
		yield(state, "completed")
	if game == null or ab.size() != 2:
		return
	agent_pid = int(cfg["bridge_side"])
	link = load("res://yomi_bridge/BridgeLink.gd").new()
	link.name = "YomiBridgeLink"
	add_child(link)
	link.setup(game, ab, agent_pid, cfg["bridge_url"], cfg["bridge_token"], null)
	# the driver's own record of the agent's submission: the mod may lock in before the
	# driver's turn routine starts listening (it clears its submissions after opening the panels)
	ab[agent_pid].connect("action_selected", self, "_on_agent_submitted")

func _on_agent_submitted(action, data, extra):
	agent_choice = {"action": action, "data": _j(data), "extra": _j(extra)}
	agent_choice_tick = game.current_tick

func on_after_physics():
	if link != null and !ended and !finishing:
		link.capture()
	.on_after_physics()

# The mod may lock in before the driver's bot does, so the game can tick before the driver
# writes the turn's line: those tick lines are held and written after it, in the trace's order.
func _write(d):
	if turn_busy and d is Dictionary and d.get("t") == "tick":
		held.append(d)
		return
	if d is Dictionary and d.get("t") in ["turn", "end"]:
		var rest = held
		held = []
		if d.get("t") == "end":
			for h in rest:
				._write(h)
			._write(d)
			return
		._write(d)
		for h in rest:
			._write(h)
		return
	._write(d)

func _bot_turn(pid):
	if pid != agent_pid or link == null:
		var state = ._bot_turn(pid)
		if state is GDScriptFunctionState:
			yield(state, "completed")
		return
	legal[pid] = _legal_actions(ab[pid])
	var decision_tick = game.current_tick   # the game ticks on as soon as both have locked in
	var deadline = OS.get_ticks_msec() + WAIT_MS
	yield(get_tree(), "idle_frame")
	while agent_choice_tick != decision_tick and !link.stopped and OS.get_ticks_msec() < deadline \
			and link.answers_refused == 0:
		yield(get_tree(), "idle_frame")
	if agent_choice_tick == decision_tick:
		submissions[pid] = agent_choice
	else:
		fallbacks += 1
		print("YOMI BRIDGE [driver] the bot plays P", pid, " at tick ", game.current_tick, " (stopped ", link.stopped, ", refused ", link.answers_refused, ")")
		var state = ._bot_turn(pid)
		if state is GDScriptFunctionState:
			yield(state, "completed")

func _finish(w, reason):
	if finishing or ended:
		return
	finishing = true
	if link != null:
		# the game stands still while the mod's last request is answered (no tick after the end)
		link.pause_mode = Node.PAUSE_MODE_PROCESS
		get_tree().paused = true
		link.finish()
		var deadline = OS.get_ticks_msec() + WAIT_MS
		while (link.in_flight != null or !link.queue.empty()) and OS.get_ticks_msec() < deadline:
			yield(get_tree(), "idle_frame")
		print("BRIDGE RESULT ", JSON.print({
			"submitted": link.answers_submitted, "refused": link.answers_refused, "late": link.answers_late,
			"fallbacks": fallbacks, "stopped": link.stopped, "diverged": link.diverged,
			"turns_sent": link.turn, "last": link.last_text}))
	finishing = false
	._finish(w, reason)
