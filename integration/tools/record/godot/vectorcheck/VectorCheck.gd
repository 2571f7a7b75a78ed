extends Node
# Runs FixedMath reference vectors (JSON lines) through the GDScript
# FixedMath stand-in under Godot and writes a JSON report.
#   env YOMI_VECTORS      input .jsonl
#   env YOMI_VECTORS_OUT  report .json (summary + first mismatches)
# Accepted line shapes (keys are looked up in this order):
#   op name   : "op" | "fn" | "method" | "func" | "name"
#   arguments : "args" | "inputs" | "in" (list)
#   expected  : "expected" | "out" | "result" | "want" | "output"
#   an expected value of null, "panic", "nil" or {"panic": ...} means the
#   native call would fail (the stand-in must return null).
# Written for yomi's recorder; contains no game code.

const OP_KEYS = ["op", "fn", "method", "func", "name"]
const ARG_KEYS = ["args", "inputs", "in"]
const EXP_KEYS = ["expected", "out", "result", "want", "output"]
const ALIASES = {"from_str_to_string": "_roundtrip", "parse": "_roundtrip", "roundtrip": "_roundtrip",
	"display": "_display", "to_string": "_display", "from_str": "_from_str"}

var fm = FixedMath.new()

func _first(d, keys):
	for k in keys:
		if d.has(k):
			return [true, d[k]]
	return [false, null]

func _norm(v):
	# normalise for comparison: numbers that are integral -> int, dict keys -> str
	match typeof(v):
		TYPE_REAL:
			if v == floor(v):
				return int(v)
			return v
		TYPE_DICTIONARY:
			var d = {}
			for k in v:
				d[str(k)] = _norm(v[k])
			return d
		TYPE_ARRAY:
			var a = []
			for x in v:
				a.append(_norm(x))
			return a
	return v

func _deep_eq(a, b):
	# Godot 3 compares Dictionaries by reference; compare contents instead
	if typeof(a) != typeof(b):
		return false
	if a is Dictionary:
		if a.size() != b.size():
			return false
		for k in a:
			if !b.has(k) or !_deep_eq(a[k], b[k]):
				return false
		return true
	if a is Array:
		if a.size() != b.size():
			return false
		for i in range(a.size()):
			if !_deep_eq(a[i], b[i]):
				return false
		return true
	return a == b

func _is_panic(e):
	if e == null:
		return true
	if e is String and (e == "panic" or e == "nil" or e == "null" or e == "error"):
		return true
	if e is Dictionary and (e.has("panic") or e.has("error")):
		return true
	return false

func _call(op, args):
	if ALIASES.has(op):
		op = ALIASES[op]
	if op == "_roundtrip":
		var r = fm.r_parse(args[0])
		return null if r == null else fm.r_str(r)
	if op == "_display":
		return fm.r_str(int(args[0]))
	if op == "_from_str":
		return fm.r_parse(args[0])
	if !fm.has_method(op):
		return "__unknown_op__"
	# JSON numbers arrive as floats; native int parameters need ints
	var a2 = []
	for x in args:
		if typeof(x) == TYPE_REAL and x == floor(x):
			a2.append(int(x))
		else:
			a2.append(x)
	return fm.callv(op, a2)

func _ready():
	var inp = OS.get_environment("YOMI_VECTORS")
	var outp = OS.get_environment("YOMI_VECTORS_OUT")
	var f = File.new()
	if f.open(inp, File.READ) != OK:
		printerr("cannot open ", inp)
		get_tree().quit(2)
		return
	var total = 0
	var ok = 0
	var skipped = 0
	var per_op = {}
	var mismatches = []
	var line_no = 0
	while !f.eof_reached():
		var line = f.get_line()
		line_no += 1
		if OS.get_environment("YOMI_VECTORS_VERBOSE") != "":
			printerr("line ", line_no, ": ", line.left(120))
		if line.strip_edges() == "":
			continue
		var p = JSON.parse(line)
		if p.error != OK or !(p.result is Dictionary):
			skipped += 1
			continue
		var d = p.result
		var o = _first(d, OP_KEYS)
		var a = _first(d, ARG_KEYS)
		var e = _first(d, EXP_KEYS)
		if !o[0] or !a[0] or !e[0]:
			skipped += 1
			continue
		var op = str(o[1])
		var args = a[1] if a[1] is Array else [a[1]]
		var got = _call(op, args)
		if got is String and got == "__unknown_op__":
			skipped += 1
			if !per_op.has(op):
				per_op[op] = {"total": 0, "ok": 0, "unknown": true}
			continue
		var want = e[1]
		var match_ = false
		if _is_panic(want):
			match_ = got == null
		else:
			match_ = _deep_eq(_norm(got), _norm(want))
		total += 1
		if !per_op.has(op):
			per_op[op] = {"total": 0, "ok": 0}
		per_op[op]["total"] += 1
		if match_:
			ok += 1
			per_op[op]["ok"] += 1
		elif mismatches.size() < 200:
			mismatches.append({"line": line_no, "op": op, "args": args, "expected": want, "got": got})
	f.close()
	var report = {"input": inp, "total": total, "ok": ok, "skipped": skipped,
		"match_rate": (float(ok) / total) if total > 0 else null,
		"per_op": per_op, "first_mismatches": mismatches}
	var w = File.new()
	if outp != "" and w.open(outp, File.WRITE) == OK:
		w.store_string(JSON.print(report, "  "))
		w.close()
	print("VECTORS total=", total, " ok=", ok, " skipped=", skipped)
	for op in per_op:
		print("  ", op, ": ", per_op[op])
	get_tree().quit(0)
