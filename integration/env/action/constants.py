"""The characters the action layout covers and the game constants its rules read.
"""
from __future__ import annotations

from states.data.schema import CHARACTER_NAMES

# the characters' names as the engines spell them (each table's "name"), in the tables' order: a
# character's index here is its index in the observation and the action encoding (a format)
CHARACTERS = tuple(name.capitalize() for name in CHARACTER_NAMES)

# ------------------------------------------------------------------------------------------------
# game constants (facts from the scripts table; see states/data/scripts.json)
# ------------------------------------------------------------------------------------------------
MOVEMENT, ATTACK, SPECIAL, SUPER, DEFENSE = 0, 1, 2, 3, 4        # CharState.gd ActionType
GROUNDED, AERIAL, BOTH = 0, 1, 2                                  # CharState.gd AirType
HITBOX_DETECT = 6                                                 # Hitbox.gd HitboxType.Detect
MAX_SUPER_METER = 125                                             # BaseChar.gd
HOVER_MIN_AMOUNT = 250                                            # Wizard.gd
JUKE_PIPS_PER_USE = 2                                             # Beast.gd
DRIFT_SUPERS = 1                                                  # SwordGuy.gd
SPIKE_CANCEL_TICKS = 20    # CausticSpikeDefault.gd: can_cancel becomes false on frame 20
