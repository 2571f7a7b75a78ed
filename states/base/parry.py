"""Blocking and parrying.

``characters/states/Parry.gd`` (class ``ParryState``: ParryAir, Shield*) and
``characters/states/NewParry.gd`` (class ``GroundedParryState``: the Block/Push Block
moves ParryHigh, ParryAfterWhiff, ParryAuto, ParryLow, ParrySuper).  What a block or a
parry *does* to both fighters is in ``Fighter.block_hitbox`` (fighter/combat.py).
"""
from __future__ import annotations

from yomi.hitbox import HIGH, LOW, MID

from states.char_state import CharacterState

# ParryState.ParryHeight
PARRY_HIGH, PARRY_LOW, PARRY_BOTH = range(3)


def _height_matches(hit_height: int, parry_type: int) -> bool:
    if hit_height in (HIGH, MID):
        return parry_type in (PARRY_HIGH, PARRY_BOTH)
    if hit_height == LOW:
        return parry_type in (PARRY_LOW, PARRY_BOTH)
    return False


class ParryState(CharacterState):
    """``Parry.gd``."""

    IS_PARRY_STATE = True
    EXPORTS = {"particle_location": [14.0, -31.0], "can_parry": True, "parry_type": PARRY_HIGH}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.initial_parry_type = self.parry_type  # _ready
        self.parry_tick = 0
        self.parried = False
        self.started_in_combo = False
        self.parry_active = False
        self.perfect = True

    def frame_0(self):
        host = self.host
        host.end_throw_invulnerability()
        self.started_in_combo = host.combo_count > 0
        self.endless = False
        self.perfect = True
        self.parry_type = self.initial_parry_type
        self.parry_active = True
        self.parry_tick = 0
        self.parried = False
        self.interruptible_on_opponent_turn = False
        self.anim_length = 20
        self.iasa_at = -1

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.current_state().state_name != "WhiffInstantCancel"

    def frame_10(self):
        if self.can_parry and not self.parried and self.perfect:
            self.parry_active = False

    def parry(self, perfect=True) -> None:
        perfect = perfect and self.can_parry
        if perfect:
            self.enable_interrupt()
        else:
            self.parry_type = PARRY_BOTH
            self.host.start_throw_invulnerability()
        self.host.parried = True
        self.parried = True
        self.perfect = perfect

    def can_parry_hitbox(self, hitbox) -> bool:
        if not self.perfect:
            return True
        if hitbox is None or not self.active or not self.parry_active:
            return False
        return _height_matches(hitbox.hit_height, self.parry_type)

    def tick(self):
        host = self.host
        host.apply_fric()
        if self.air_type == 1:
            host.apply_grav()
        if host.combo_count > 0 and self.current_tick > 30 and self.parried:
            self.enable_interrupt()
            return self.fallback_state
        host.apply_forces()
        if self.current_tick >= 10 and self.perfect and self.can_parry:
            self.parry_active = False
        return None

    def exit(self) -> None:
        self.host.blocked_last_hit = False


class GroundedParryState(ParryState):
    """``NewParry.gd``: the block moves, with timing, height and push-block data."""

    IS_NEW_PARRY = True
    PUSHBLOCK_PROJECTILE_FREEZE_FRAMES = 9
    EXPORTS = {"push": False, "use_guard_sprites": False, "autoguard": False, "disable_aerial_movement": False,
               "reblock": False}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self._disable_aerial_movement = self.disable_aerial_movement  # _ready
        self.fallback_state = "ParryAfterWhiff"  # _ready overrides the export
        self.punishable = False
        self.extra_iasa = 0
        self.parried_last = False

    def get_whiffed_block(self) -> bool:
        prev = self.previous_state()
        if prev is not None and prev.IS_NEW_PARRY:
            return not prev.parried_last and not prev.autoguard and self.host.combo_count <= 0
        return False

    def enter(self):
        if self.data is None:
            self.data = {"Melee Parry Timing": {"count": 0}, "Block Height": {"x": 1, "y": 0}}
        self.extra_iasa = 0
        self.disable_aerial_movement = self._disable_aerial_movement
        self.start()
        return None

    def get_hold_restart(self) -> str:
        return "ParryAfterWhiff" if self.get_whiffed_block() else "ParryHigh"

    def start(self) -> None:
        host = self.host
        self.started_in_combo = host.combo_count > 0
        self.endless = False
        self.perfect = True
        self.parry_type = PARRY_HIGH if self.data["Block Height"]["y"] == 0 else PARRY_LOW
        self.parry_active = True
        self.parry_tick = 0
        self.parried = False
        self.interruptible_on_opponent_turn = host.combo_count <= 0
        self.anim_length = 20 + self.extra_iasa
        self.iasa_at = -1
        host.blocked_hitbox_plus_frames = 0
        high_anim = "ParryHigh" if not self.use_guard_sprites else "ShieldHigh"
        low_anim = "ParryLow" if not self.use_guard_sprites else "ShieldLow"
        if host.is_grounded():
            self.anim_name = high_anim if self.data["Block Height"]["y"] == 0 else low_anim
        else:
            self.anim_name = low_anim

    def frame_0(self):
        self.start()
        prev = self.previous_state()
        if not (prev is not None and prev.IS_NEW_PARRY) or prev is None:
            self.punishable = False

    def frame_10(self):
        pass

    def is_usable(self) -> bool:
        host = self.host
        current = host.current_state()
        whiffed_block_last = False
        if current is not None and current.IS_NEW_PARRY:
            whiffed_block_last = not current.parried and not current.autoguard and host.combo_count <= 0
        return bool(CharacterState.is_usable(self) and current.state_name != "WhiffInstantCancel"
                    and ((whiffed_block_last if self.reblock else not whiffed_block_last) or self.push))

    def on_continue(self) -> None:
        self.punishable = True

    def matches_hitbox_height(self, hitbox, parry_type=None) -> bool:
        if self.push:
            return True
        if parry_type is None:
            parry_type = self.parry_type
        return _height_matches(hitbox.hit_height, parry_type)

    def parry(self, perfect=True) -> None:
        host = self.host
        perfect = perfect and self.can_parry
        if perfect:
            self.disable_aerial_movement = False
            self.enable_interrupt()
            host.set_block_stun(0)
            host.blocked_hitbox_plus_frames = 0
        else:
            self.parry_type = PARRY_BOTH
            host.start_throw_invulnerability()
        host.parried = True
        self.parried = True
        self.parried_last = True
        self.perfect = perfect

    def can_parry_hitbox(self, hitbox) -> bool:
        if self.punishable:
            return False
        if not self.perfect:
            return True
        if hitbox is None or not self.active or not self.parry_active:
            return False
        if self.started_in_combo and self.host.combo_count <= 0:
            return False
        return True

    def tick(self):
        host = self.host
        host.apply_fric()
        host.apply_grav()
        if host.combo_count > 0 and self.current_tick > 60 and self.parried:
            self.enable_interrupt()
            return self.fallback_state
        host.apply_forces()
        host.parry_knockback_divisor = host.PARRY_GROUNDED_KNOCKBACK_DIVISOR
        opp_state = host.opponent.current_state()
        if opp_state.IS_NEW_PARRY:
            stop_early_tick = 14
            if not self.push and not opp_state.push:
                stop_early_tick = 4
            if self.current_tick == stop_early_tick:
                self.enable_interrupt()
        if host.hp <= 0:
            return "Wait"
        return None

    def detect(self, obj) -> None:
        """A push block's detect box freezes incoming projectiles."""
        if obj is not None and not obj.is_fighter and obj.hitlag_ticks <= 0:
            obj.hitlag_ticks += self.PUSHBLOCK_PROJECTILE_FREEZE_FRAMES

    def exit(self) -> None:
        self.parry_active = False
        self.parried_last = self.parried
        self.host.blocked_last_hit = False

    def on_interrupt(self) -> None:
        if "AerialMovement" in self.interrupt_exceptions:
            self.interrupt_exceptions.remove("AerialMovement")
        if self.disable_aerial_movement:
            self.interrupt_exceptions.append("AerialMovement")

    def enable_interrupt(self, check_opponent=True, remove_hitlag=False) -> None:
        if "AerialMovement" in self.interrupt_exceptions:
            self.interrupt_exceptions.remove("AerialMovement")
        if self.disable_aerial_movement:
            self.interrupt_exceptions.append("AerialMovement")
        super().enable_interrupt(check_opponent, remove_hitlag)
