"""``yomi record``: new reference traces from the user's own copy of the game.

* ``prepare``: checks the checkout (commit 4450348), finds Godot 3, and keeps a patched,
  asset-imported scratch copy of the game in a cache folder;
* ``cli``: runs matches in Godot headless with our driver and writes ``yomi-trace/1`` files;
* ``godot/``: our GDScript: the match driver (``TraceDriver.gd``, ``TickRecorder.gd``,
  ``TraceMain.tscn``), the stand-ins for the game's native library (``stubs/FixedMath.gd``,
  ``stubs/FGObject.gd``, ``stubs/NativeMethods.gd``) and for GodotSteam
  (``stubs/SteamStub.gd``), and ``vectorcheck/``, a tiny project that runs the stand-ins
  against the shipped FixedMath and physics-body vectors.  No file of the game is here.
"""
