"""Objects a match can spawn (projectiles, summons): their classes by game script.

Generic ones live here; each character module adds its own through ``OBJECT_CLASSES``
(root scripts) and ``OBJECT_STATE_SCRIPTS`` (state scripts).  Both maps below are the
merged view the scene builder uses.
"""
from __future__ import annotations

from states.objects.projectile import BaseProjectile, DefaultFireball
from states.scene import CHARACTER_MODULES, character_module

_BASE_OBJECT_CLASSES = {"projectile/BaseProjectile.gd": BaseProjectile}
_BASE_OBJECT_STATE_SCRIPTS = {"characters/stickman/projectiles/fireball_states/Default.gd": DefaultFireball,
                              "DefaultFireball": DefaultFireball}


def _merged(attribute: str, base: dict) -> dict:
    merged = dict(base)
    for character in CHARACTER_MODULES:
        merged.update(getattr(character_module(character), attribute, {}))
    return merged


OBJECT_CLASSES = _merged("OBJECT_CLASSES", _BASE_OBJECT_CLASSES)
OBJECT_STATE_SCRIPTS = _merged("OBJECT_STATE_SCRIPTS", _BASE_OBJECT_STATE_SCRIPTS)
