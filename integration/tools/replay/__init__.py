"""``yomi replay``: the real game's ``.replay`` files (a bounded Godot 3 Variant reader, their shape,
their re-simulation as a trace, and a dataset of their decisions)."""
