"""Every dynamic mask rule by key, in packing order: the move data panels' rules, then each
character's extras (the packed masks and the C tables depend on this order).
"""
from __future__ import annotations

from integration.env.action import cowboy, mutant, ninja, robot, wizard
from integration.env.action.rules import MOVE_DATA_RULES

DYNAMIC_RULES = {**MOVE_DATA_RULES, **ninja.RULES, **cowboy.RULES, **wizard.RULES, **robot.RULES, **mutant.RULES}
