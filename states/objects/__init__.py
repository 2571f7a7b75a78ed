"""Objects a match can spawn (projectiles, summons): their classes by game script.

Generic ones live here; each character module adds its own through ``OBJECT_CLASSES``
(root scripts) and ``OBJECT_STATE_SCRIPTS`` (state scripts).  :func:`object_classes`
and :func:`object_state_scripts` give the merged view the scene builder uses.
"""
from __future__ import annotations

import functools

from states.objects.projectile import BaseProjectile, DefaultFireball, DirProjectileDefault

_BASE_OBJECT_CLASSES = {"projectile/BaseProjectile.gd": BaseProjectile}
_BASE_OBJECT_STATE_SCRIPTS = {"characters/stickman/projectiles/fireball_states/Default.gd": DefaultFireball,
                              "DefaultFireball": DefaultFireball,
                              "projectile/DirProjectileDefault.gd": DirProjectileDefault,
                              "DirProjectileDefault": DirProjectileDefault}


def _merged(attribute: str, base: dict) -> dict:
    from states.scene import character_modules

    merged = dict(base)
    for module in character_modules().values():
        merged.update(getattr(module, attribute, {}))
    return merged


@functools.lru_cache(maxsize=None)
def object_classes() -> dict:
    return _merged("OBJECT_CLASSES", _BASE_OBJECT_CLASSES)


@functools.lru_cache(maxsize=None)
def object_state_scripts() -> dict:
    return _merged("OBJECT_STATE_SCRIPTS", _BASE_OBJECT_STATE_SCRIPTS)
