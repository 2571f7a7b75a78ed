extends Node
# Runs physics-body call sequences through the GDScript FGObject stand-in under Godot and
# writes, for every call, what came back: the return value, whether the call failed (the
# stand-in's error counter moved) and the body's observable state after it.  The Python
# side (tests/tools/test_record.py) compares that with the values recorded from the game's
# library, so the comparison rules live in one place.
#   env YOMI_VECTORS      input: one JSON array of sequences, each an array of calls
#                         {"o": "A"|"B", "m": method, "a": [args]}; an int argument is
#                         {"int": "<decimal>"} (JSON numbers are doubles in Godot 3),
#                         a float {"real": x}, the other body {"obj": "A"|"B"}
#   env YOMI_VECTORS_OUT  output: JSON lines, one per call: {"ret", "failed", "state"}
# Written for yomi's recorder; contains no game code.

func _arg(v, bodies):
	if v is Dictionary:
		if v.has("int"):
			return str(v["int"]).to_int()
		if v.has("real"):
			return float(v["real"])
		if v.has("obj"):
			return bodies[v["obj"]]
	return v

func _plain(v):
	if v is Vector2:
		return [v.x, v.y]
	if v is Dictionary:
		var d = {}
		for k in v:
			d[k] = _plain(v[k])
		return d
	if v is Array:
		var a = []
		for x in v:
			a.append(_plain(x))
		return a
	if v is Object:
		return "<object>"
	return v

func _errors():
	return Engine.get_meta("fixedmath_errors") if Engine.has_meta("fixedmath_errors") else 0

func _ready():
	var f = File.new()
	if f.open(OS.get_environment("YOMI_VECTORS"), File.READ) != OK:
		printerr("cannot open YOMI_VECTORS")
		get_tree().quit(2)
		return
	var parsed = JSON.parse(f.get_as_text())
	f.close()
	if parsed.error != OK or !(parsed.result is Array):
		printerr("YOMI_VECTORS is not a JSON array")
		get_tree().quit(2)
		return
	var w = File.new()
	if w.open(OS.get_environment("YOMI_VECTORS_OUT"), File.WRITE) != OK:
		printerr("cannot write YOMI_VECTORS_OUT")
		get_tree().quit(2)
		return
	var calls = 0
	for sequence in parsed.result:
		var bodies = {"A": FGObject.new(), "B": FGObject.new()}
		for call in sequence:
			var args = []
			for a in call["a"]:
				args.append(_arg(a, bodies))
			var target = bodies[call.get("o", "A")]
			var before = _errors()
			var ret = target.callv(call["m"], args)
			var failed = _errors() != before
			var data = target.get_data()
			var state = {"data": _plain(data["object_data"]) if data is Dictionary else null,
				"facing": _plain(target.get_facing()), "x_vel_int": target.get_x_vel_int(),
				"grounded": target.is_grounded(), "snap_to_ground": target.get_snap_to_ground()}
			w.store_line(JSON.print({"ret": _plain(ret), "failed": failed, "state": state}))
			calls += 1
	w.close()
	print("FGOBJECT calls=", calls)
	get_tree().quit(0)
