"""The core engine: what a match is, below any fighter.

Each module ports a part of the game's core and names its file: ``fixed`` (the I48F16 FixedMath
facade the game calls), ``rng`` (Godot's random number generator), ``gd`` (GDScript's integer and
string semantics), ``body`` (tbfg-lib's physics body, ``FGObject``, that every object moves by), ``boxes``,
``hitbox``, ``collide`` and ``hits`` (collision boxes, hurtboxes, hitboxes, who hits whom),
``obj`` (the base of every object), and ``match`` (``game.gd``: the match loop, one tick at a
time).  ``_native`` is the C engine (``csrc/``), built by ``uv sync``, which mirrors these
modules file for file.  The fighter is in ``fighter/``, the states in ``states/``.
"""
