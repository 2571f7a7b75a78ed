extends Node
# Written for yomi's recorder (integration/tools/record); contains no game code.
# Sits after the Game node in the tree, so its _physics_process runs after
# game.gd's; the deferred call it queues runs after game.gd's deferred
# simulate_one_tick of the same frame (FIFO), i.e. right after each tick.
var driver = null

func _physics_process(_delta):
	if driver:
		call_deferred("_after")

func _after():
	if driver:
		driver.on_after_physics()
