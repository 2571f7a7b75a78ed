"""Our own reader of the game's Godot 3 text scenes and scripts, and the extractor behind
``yomi extract`` that turns them into the frame-data tables in ``states/data``.

Modules: ``variant`` (value syntax), ``tscn`` (sections/properties), ``gdscript`` and
``gdexpr`` (export declarations and their defaults), ``project`` (extends chains, scene
inheritance/instancing), ``encode`` (JSON forms), ``extract`` (the tables), ``checks``
(self-checks against figures counted in the game's scenes at 4450348), ``cli`` (the command).  Standard library only.
"""
