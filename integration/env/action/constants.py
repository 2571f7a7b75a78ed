"""The characters the action layout covers and the game constants its rules read.
"""
from __future__ import annotations


CHARACTERS = ("Ninja", "Cowboy", "Wizard", "Robot", "Mutant")

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
