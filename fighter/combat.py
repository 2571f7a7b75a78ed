"""What happens to a fighter that is hit, blocks or parries: the damage pipeline, DI, launches.

Port of the hit half of ``characters/BaseChar.gd``: ``hit_by``, ``launched_by``,
``block_hitbox``, ``take_damage`` and the staling / guts / sadness modifiers,
``apply_hitlag``, combo counting, DI scaling.  It is a mixin of
:class:`fighter.fighter.Fighter` (one class in the original; split here only to keep
files readable).

The victim receives a :class:`~yomi.hitbox.HitboxData` snapshot (``hitbox.host`` is
the attacker's *name*), never the live hitbox.
"""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import idiv, int_clamp, int_max, int_min, int_sign
from yomi.hitbox import BURST, FLIP, HIGH, LOW, MID, NO_HITSTUN, NORMAL, OFFENSIVE_BURST, THROW_HIT

MAX_STALES = 15
MIN_STALE_MODIFIER = "0.2"
DI_SNAP_DISTANCE = "0.01"
DAMAGE_SUPER_GAIN_DIVISOR = 1
DAMAGE_TAKEN_SUPER_GAIN_DIVISOR = 5
PROJECTILE_PERFECT_PARRY_WINDOW = 3
BURST_ON_DAMAGE_AMOUNT = 5
COUNTER_HIT_ADDITIONAL_HITLAG_FRAMES = 0
MAX_GROUNDED_HITS = 7
PARRY_CHIP_DIVISOR = 3
PARRY_CHIP_PROJECILE_DIVISOR = 4
PUSH_BLOCK_CHIP_MODIFIER = "0.33"
PARRY_KNOCKBACK_DIVISOR = "3"
PARRY_COMBO_SCALING = "0.85"
PARRY_GROUNDED_KNOCKBACK_DIVISOR = "1.5"
PUSH_BLOCK_FORCE = "-10"
PUSH_BLOCK_DIST = "220"
PUSH_BLOCK_ADVANTAGE_PENALTY = 0
AIR_BLOCK_PUSHBACK_MODIFIER = "0.35"
BASE_PLUS_FRAMES = 0
VS_AERIAL_ADDITIONAL_PLUS_FRAMES = 2
WRONG_HIT_HEIGHT_ADDITIONAL_PLUS_FRAMES = 2
SUCCESSFUL_BRACE_HITSTUN_MODIFIER = "0.35"
SUCCESSFUL_BRACE_DI_MODIFIER = "1.5"
COUNTER_HIT_DAMAGE_MODIFIER = "1.1"
PARRY_METER = 50
SUPER_METER_GRACE_DIVISOR = 2
GUTS_REDUCTIONS = {"1.0": "1.0"}  # the table is the identity in this build

# CounterAttack.CounterType
COUNTER_HIGH, COUNTER_LOW, COUNTER_GRAB = range(3)


class Combat:
    """Hit, block and damage handling of a fighter (mixin of Fighter)."""

    # ------------------------------------------------------------------ combo bookkeeping
    def incr_combo(self, scale=True, projectile=False, force=False, combo_scale_amount=1) -> None:
        if (scale and (not self.melee_attack_combo_scaling_applied or projectile)) or force:
            self.combo_count += combo_scale_amount
            self.hitstun_decay_combo_count += 1
        self.visible_combo_count += 1

    def increment_opponent_combo(self, hitbox) -> None:
        host = self.match.objs_map[hitbox.host]
        projectile = not host.is_fighter
        will_scale = hitbox.scale_combo or self.opponent.combo_count == 0
        old_count = self.opponent.combo_count
        if hitbox.increment_combo:
            opp = self.opponent
            opp.incr_combo(will_scale, projectile, projectile and hitbox.scale_combo, hitbox.combo_scaling_amount)
            if opp.combo_count <= 1 and hitbox.scale_combo:
                opp.combo_proration = hitbox.damage_proration
                if opp.combo_count == 1 and old_count == 0 and opp.air_movements_left < opp.num_air_movements:
                    opp.air_movements_left += 1

    def apply_hitlag(self, hitbox, global_=True) -> None:
        self.hitlag_ticks = hitbox.victim_hitlag + (COUNTER_HIT_ADDITIONAL_HITLAG_FRAMES if hitbox.counter_hit else 0)
        if self.braced_attack:
            self.hitlag_ticks = fixed.round(fixed.mul(str(self.hitlag_ticks), SUCCESSFUL_BRACE_HITSTUN_MODIFIER))
        self.hitlag_ticks = fixed.round(fixed.mul(str(self.hitlag_ticks), self.global_hitstop_modifier))
        self.hitlag_applied = self.hitlag_ticks

    # ------------------------------------------------------------------ armor and braces
    def has_armor(self) -> bool:
        return self.has_hyper_armor

    def has_autoblock_armor(self) -> bool:
        return False

    def has_projectile_armor_now(self) -> bool:
        """``has_projectile_armor()`` (the original has a method and a var of the same name)."""
        return self.has_projectile_armor

    def is_bracing(self) -> bool:
        state = self.current_state()
        return state.IS_COUNTER_ATTACK and state.bracing

    def can_counter_hitbox(self, hitbox) -> bool:
        state = self.current_state()
        if not self.is_bracing():
            return False
        if state.IS_COUNTER_ATTACK:
            if state.counter_type == COUNTER_GRAB:
                return hitbox.throw
            if state.counter_type == COUNTER_HIGH:
                return not hitbox.throw and hitbox.hit_height in (HIGH, MID)
            if state.counter_type == COUNTER_LOW:
                return not hitbox.throw and hitbox.hit_height == LOW
        return False

    def counter_hitbox(self, hitbox) -> None:
        self.braced_attack = True

    def can_parry_hitbox(self, hitbox) -> bool:
        state = self.current_state()
        if not state.IS_PARRY_STATE:
            return False
        return state.can_parry_hitbox(hitbox)

    def can_perfect_parry(self) -> bool:
        return True

    def can_guard_break(self) -> bool:
        return True

    def can_block_cancel(self) -> bool:
        return True

    # ------------------------------------------------------------------ being hit
    def hit_by(self, hitbox, force_hit=False) -> None:
        """BaseChar.gd: hit_by."""
        if self.parried:
            return
        if hitbox.name in self.parried_hitboxes:
            return
        if not hitbox.hits_otg and self.is_otg():
            return
        if not hitbox.hits_vs_dizzy and self.current_state().state_name == "HurtDizzy":
            return
        if self.can_counter_hitbox(hitbox):
            self.counter_hitbox(hitbox)
        elif self.current_state().IS_COUNTER_ATTACK:
            self.hit_out_of_brace = True
        if hitbox.throw and not self.is_otg():
            return self.thrown_by(hitbox)
        if force_hit or not self.can_parry_hitbox(hitbox):
            kind = hitbox.hitbox_type
            if kind in (NORMAL, BURST):
                self.launched_by(hitbox)
            elif kind == NO_HITSTUN:
                self.take_damage(hitbox.damage if self.opponent.combo_count <= 0 else hitbox.damage_in_combo)
            elif kind == FLIP:
                self.set_facing(self.get_facing_int() * -1, True)
                vel = self.get_vel()
                self.set_vel(fixed.mul(vel["x"], "-1"), vel["y"])
                for own in self.hitboxes:
                    own.facing = self.get_facing()
                self.emit_got_hit()
                self.increment_opponent_combo(hitbox)
                self.take_damage(hitbox.get_damage(), hitbox.minimum_damage, hitbox.meter_gain_modifier)
            elif kind == THROW_HIT:
                self.emit_got_hit()
                self.apply_hitlag(hitbox)
                self.opponent.apply_hitlag(hitbox)
                self.take_damage(hitbox.get_damage(), hitbox.minimum_damage, hitbox.meter_gain_modifier)
                self.opponent.incr_combo(hitbox.scale_combo, False, False, hitbox.combo_scaling_amount)
            elif kind == OFFENSIVE_BURST:
                self.opponent.hitstun_decay_combo_count = 0
                self.launched_by(hitbox)
                self.reset_pushback()
                self.opponent.reset_pushback()
        else:
            self.block_hitbox(hitbox)

    def thrown_by(self, hitbox) -> None:
        self.emit_got_hit()
        self.state_machine.change_state("Grabbed")

    def emit_hit_by_signal(self, hitbox) -> None:
        self.emit_got_hit()
        if hitbox is None:
            return
        host = self.match.objs_map[hitbox.host]
        if host.is_fighter:
            self.on_got_hit_by_fighter()  # signal got_hit_by_fighter (own connection first)
            self.emit_signal("got_hit_by_fighter")
        else:
            self.on_got_hit_by_projectile()  # signal got_hit_by_projectile (own connection first)
            self.emit_signal("got_hit_by_projectile")

    def on_got_hit_by_fighter(self) -> None:
        pass

    def on_got_hit_by_projectile(self) -> None:
        pass

    def launched_by(self, hitbox) -> None:
        """BaseChar.gd: launched_by.  Ends with one immediate tick of the hurt state."""
        if self.super_meter_used_recently > 0:
            self.gain_super_meter_raw(idiv(self.super_meter_used_recently, SUPER_METER_GRACE_DIVISOR))
            self.super_meter_used_recently = 0
            self.super_meter_grace_ticks = 0
        self.apply_hitlag(hitbox, hitbox.followup_state == "")
        self.feinting = False
        objs = self.match.objs_map
        if hitbox.host in objs:
            host = objs[hitbox.host]
            host_hitlag_ticks = fixed.round(fixed.mul(str(hitbox.hitlag_ticks), self.global_hitstop_modifier))
            if host.hitlag_ticks < host_hitlag_ticks:
                host.hitlag_ticks = host_hitlag_ticks
        self.nudge_amount = hitbox.sdi_modifier
        host = objs[hitbox.host]
        projectile = not host.is_fighter
        will_launch = hitbox.ignore_armor or not self.has_armor()
        if not hitbox.ignore_armor:
            if projectile and self.has_projectile_armor_now() and not hitbox.ignore_projectile_armor:
                will_launch = False
        will_block = False
        autoblock = self.has_autoblock_armor()
        if will_launch and autoblock:
            if not hitbox.ignore_projectile_armor and not hitbox.ignore_armor:
                will_launch = False
                will_block = not projectile
        scaling_offset = hitbox.combo_scaling_amount - 1
        if will_launch:
            state = hitbox.grounded_hit_state if self.is_grounded() else hitbox.aerial_hit_state
            if state == "HurtGrounded":
                self.grounded_hits_taken += 1
                if self.grounded_hits_taken >= MAX_GROUNDED_HITS and not hitbox.force_grounded:
                    state = "HurtAerial"
                    self.grounded_hits_taken = 0
            if not projectile:
                self.refresh_feints()
                self.opponent.refresh_feints()
            elif self.opponent.combo_count == 0:
                self.opponent.gain_free_cancel()
            self.increment_opponent_combo(hitbox)
            self.state_machine.change_state(state, {"hitbox": hitbox})
            if hitbox.disable_collision:
                self.colliding_with_opponent = False
            self.busy_interrupt = True
            self.can_nudge = True
            self.on_launched()
        elif will_block:
            self.change_state("ParryHigh" if not autoblock else "ParryAuto")
            self.block_hitbox(hitbox, False, True, False, autoblock)
        if self.has_hyper_armor:
            self.hit_during_armor = True
        self.emit_hit_by_signal(hitbox)
        damage = hitbox.get_damage()
        if will_block:
            damage = fixed.round(fixed.mul(str(damage), "0.5"))
        if hitbox.counter_hit:
            damage = fixed.round(fixed.mul(str(damage), COUNTER_HIT_DAMAGE_MODIFIER))
        self.take_damage(damage, hitbox.minimum_damage, hitbox.meter_gain_modifier, scaling_offset)
        if will_launch:
            self.state_tick()

    def on_launched(self) -> None:
        pass

    # ------------------------------------------------------------------ blocking and parrying
    def block_hitbox(self, hitbox, force_parry=False, force_block=False, ignore_guard_break=False,
                     autoblock_armor=False) -> None:
        """BaseChar.gd: block_hitbox (perfect parry, block, push block, guard break)."""
        objs = self.match.objs_map
        host = objs[hitbox.host]
        opponent = self.opponent
        projectile = not host.is_fighter
        state = self.current_state()
        parry_type = state.parry_type
        input_timing = (state.data["Melee Parry Timing"]["count"]
                        + (self.blocked_hitbox_plus_frames - opponent.blocked_hitbox_plus_frames))
        self.state_interruptable = False
        if not projectile:
            if state.IS_NEW_PARRY:
                parry_timing = self.turn_frames + opponent.hitlag_ticks
                in_parry_window = ((parry_timing == input_timing or (input_timing >= 20 and self.turn_frames >= 20))
                                   or (hitbox.hitbox_type == BURST and self.combo_count > 0))
                requirement_no_height = (self.can_perfect_parry() and not state.get_whiffed_block()
                                         and (opponent.current_state().feinting or opponent.feinting
                                              or self.initiative)
                                         and hitbox.parriable)
                requirement = requirement_no_height and state.matches_hitbox_height(hitbox)
                perfect_parry = state.can_parry and ((self.can_perfect_parry() and self.always_perfect_parry)
                                                     or (in_parry_window and requirement
                                                         and not self.blocked_last_hit))
                if opponent.feint_parriable:
                    perfect_parry = True
            else:
                perfect_parry = state.can_parry and (self.always_perfect_parry or opponent.current_state().feinting
                                                     or opponent.feinting
                                                     or (self.initiative and not self.blocked_last_hit)
                                                     or self.parried_last_state)
                perfect_parry = perfect_parry and hitbox.parriable
        else:
            perfect_parry = (state.can_parry and not getattr(state, "push", False)
                             and (self.always_perfect_parry or host.always_parriable or self.parried_last_state
                                  or (state.current_tick < PROJECTILE_PERFECT_PARRY_WINDOW
                                      and host.has_projectile_parry_window)))
        if force_parry:
            perfect_parry = True
        if force_block:
            perfect_parry = False
        perfect_parry = bool(perfect_parry)

        if perfect_parry:
            self.parried_last_state = True
            self.last_parry_tick = self.current_tick
            if not hitbox.block_punishable and not projectile:
                self.parry_combo = True
        else:
            self.blocked_last_hit = True
            self.blocked_last_turn = True
            self.start_throw_invulnerability()
            if not projectile and not self.last_turn_block and self.initiative:
                if (hitbox.guard_break and not ignore_guard_break and not state.get_whiffed_block()
                        and opponent.can_guard_break()):
                    hitbox.damage_proration = int_max(hitbox.guard_break_proration, hitbox.damage_proration)
                    self.hit_by(hitbox, True)
                    current = self.current_state()
                    if hasattr(current, "guard_broken"):
                        current.guard_broken = True
                        self.guard_broken_this_turn = True
                    return
        if not projectile:
            if not perfect_parry:
                opponent.feinting = False
                opponent.got_blocked = True
                self.on_blocked_melee_attack()
            else:
                opponent.feinting = False
                opponent.got_parried = True
                opponent.current_state().interruptible_on_opponent_turn = False
            if not state.IS_NEW_PARRY:
                opponent.current_state().feinting = False
        self.parried = True
        self.hitlag_ticks = 0
        self.parried_hitboxes.append(hitbox.name)
        if state.IS_NEW_PARRY:
            high_anim = "ParryHigh" if not state.use_guard_sprites else "ShieldHigh"
            low_anim = "ParryLow" if not state.use_guard_sprites else "ShieldLow"
            state.anim_name = low_anim if (hitbox.hit_height == LOW or not self.is_grounded()) else high_anim
            state.update_sprite_frame()
        parry_meter = PARRY_METER if hitbox.parry_meter_gain == -1 else hitbox.parry_meter_gain
        state.parry(perfect_parry)

        if not perfect_parry:
            self.last_turn_block = True
            divisor = self.parry_chip_divisor if not projectile else self.parry_chip_projectile_divisor
            chip = fixed.round(fixed.mul(str(idiv(hitbox.damage, divisor)), hitbox.chip_damage_modifier))
            push_block = getattr(state, "push", False)
            if push_block:
                chip = fixed.round(fixed.mul(str(chip), PUSH_BLOCK_CHIP_MODIFIER))
            if not state.matches_hitbox_height(hitbox, parry_type):
                chip += fixed.round(fixed.mul(fixed.mul(str(idiv(hitbox.damage, self.parry_chip_divisor)), "0.5"),
                                              hitbox.chip_damage_modifier))
            if not autoblock_armor:
                self.take_damage(chip, 0, "0.4", 0, "2.0")
            opponent.gain_super_meter(idiv(parry_meter, 10))
            block_hitlag = hitbox.hitlag_ticks + 1
            if not projectile:
                if not self.block_used_air_movement:
                    self.block_used_air_movement = True
                if autoblock_armor:
                    opponent.hitlag_ticks = 0
                opp_state = opponent.current_state()
                state.anim_length = opp_state.anim_length
                state.endless = opp_state.endless
                state.iasa_at = opp_state.iasa_at
                state.current_tick = 0
                opp_state.was_blocked = True
                opponent.on_attack_blocked()
                opponent.blockstun_ticks += block_hitlag
                opponent.add_penalty(-10)
                if opponent.feints < opponent.num_feints:
                    opponent.feints += 1
                if (not (hitbox.looping and not hitbox.cancellable) and hitbox.block_cancel_allowed
                        and opponent.can_block_cancel()):
                    if not hitbox.block_punishable or autoblock_armor:
                        state.enable_interrupt()
                        opponent.current_state().interruptible_on_opponent_turn = True
                        opponent.last_turn_block = True
                    else:
                        state.enable_interrupt()
                vel = self.get_vel()
                if fixed.sign(str(self.get_opponent_dir())) == fixed.sign(vel["x"]):
                    self.set_vel("0", vel["y"])
                block_pushback_modifier = hitbox.block_pushback_modifier
                if hitbox.block_pushback_reversible:
                    direction = int_sign(hitbox.pos_x - self.get_pos()["x"])
                    modifier = "1"
                    if direction == -1 and hitbox.facing == "Left":
                        modifier = "-1"
                    if direction == 1 and hitbox.facing == "Right":
                        modifier = "-1"
                    if fixed.eq(modifier, "-1"):
                        modifier = fixed.mul(hitbox.block_reverse_pushback_modifier, modifier)
                    block_pushback_modifier = fixed.mul(block_pushback_modifier, modifier)
                if getattr(state, "push", False) and fixed.lt(block_pushback_modifier, "0"):
                    block_pushback_modifier = fixed.mul(block_pushback_modifier, "-1")
                # Quirk kept: with both fighters on the same x, get_opponent_dir() is 0 and this
                # divides by zero.  The game's native library panics and GDScript goes on with a
                # null, a continuation nothing records; fixed.div raises FixedError instead, and
                # the env cuts such a match short (a truncation) rather than guess.
                pushback_force = fixed.mul(
                    fixed.div(hitbox.knockback,
                              fixed.mul(str(self.get_opponent_dir()),
                                        fixed.mul(self.parry_knockback_divisor, "-1"))),
                    block_pushback_modifier)
                if not self.is_grounded():
                    pushback_force = fixed.mul(pushback_force, AIR_BLOCK_PUSHBACK_MODIFIER)
                self.apply_force(pushback_force, "0")
                opponent.apply_force_relative(
                    fixed.mul(fixed.div(hitbox.knockback, fixed.mul(self.parry_knockback_divisor, "-2")),
                              block_pushback_modifier), "0")
            if getattr(state, "push", False):
                if not projectile or fixed.le(self.get_opponent_distance(), PUSH_BLOCK_DIST):
                    opponent.apply_force(fixed.mul(str(opponent.get_opponent_dir()), PUSH_BLOCK_FORCE), "0")
                    opponent.on_got_push_blocked()
                if projectile:
                    host.on_got_push_blocked()
            self.blocked_hitbox_plus_frames = BASE_PLUS_FRAMES
            state.interruptible_on_opponent_turn = True
            total_plus_frames = hitbox.plus_frames
            if not state.matches_hitbox_height(hitbox, parry_type):
                total_plus_frames += WRONG_HIT_HEIGHT_ADDITIONAL_PLUS_FRAMES
            if getattr(state, "push", False):
                total_plus_frames += PUSH_BLOCK_ADVANTAGE_PENALTY
            if not projectile:
                total_plus_frames += BASE_PLUS_FRAMES
                if not self.is_grounded():
                    total_plus_frames += VS_AERIAL_ADDITIONAL_PLUS_FRAMES
            self.set_block_stun(total_plus_frames, 0 if projectile else block_hitlag)
            self.parried = False
            if projectile:
                self.apply_force_relative(
                    fixed.mul(fixed.div(hitbox.knockback, fixed.mul(PARRY_KNOCKBACK_DIVISOR, "-1")),
                              hitbox.block_pushback_modifier), "0")
            host.on_got_blocked()
            host.on_got_blocked_by(self)
            self.on_blocked_something()
            if hitbox.hitbox_type == FLIP:
                self.set_facing(self.get_facing_int() * -1, True)
        else:
            if not projectile:
                self.gain_super_meter(parry_meter)
                self.add_penalty(-20)
            else:
                self.add_penalty(-10)
                self.gain_super_meter(idiv(parry_meter, 3))
            host.on_got_parried()
            host.on_got_parried_by(self)
            self.on_parried()

    def on_parried(self) -> None:
        pass

    def on_blocked_something(self) -> None:
        pass

    def on_attack_blocked(self) -> None:
        pass

    def on_blocked_melee_attack(self) -> None:
        self.emit_signal("blocked_melee_attack")
        self.in_blockstring = True

    def set_block_stun(self, total_plus_frames: int, block_hitlag=None) -> None:
        if block_hitlag is None:
            block_hitlag = total_plus_frames
        if total_plus_frames > 0:
            self.blocked_hitbox_plus_frames = total_plus_frames
        elif total_plus_frames < 0:
            self.opponent.blocked_hitbox_plus_frames = total_plus_frames * -1
        self.blockstun_ticks += block_hitlag

    def projectile_free_cancel(self) -> None:
        if not self.current_state().can_feint_if_possible:
            return
        if self.got_blocked or self.got_parried:
            return
        self.feinting = True

    # ------------------------------------------------------------------ damage
    def get_penalty_damage_modifier(self) -> str:
        min_penalty_for_damage = 20
        if self.penalty_ticks > 0:
            return "1.5"
        if self.penalty < min_penalty_for_damage:
            return "1.0"
        return fixed.add("1.0", fixed.mul(fixed.div(str(self.penalty - min_penalty_for_damage),
                                                    str(self.MAX_PENALTY - min_penalty_for_damage)), "0.5"))

    def take_damage(self, damage: int, minimum=0, meter_gain_modifier="1.0", combo_scaling_offset=0,
                    damage_taken_meter_gain_modifier="1.0") -> None:
        """BaseChar.gd: take_damage (staling, guts, parry-combo and sadness modifiers, meter, hp)."""
        if damage == 0:
            return
        self.gain_burst_meter(idiv(damage, BURST_ON_DAMAGE_AMOUNT))
        damage = int_max(self.combo_stale_damage(damage, combo_scaling_offset), 1)
        damage = int_max(damage, minimum)
        damage = int_max(self.guts_stale_damage(damage), 1)
        if self.opponent.parry_combo:
            damage = fixed.round(fixed.mul(str(damage), PARRY_COMBO_SCALING))
        damage = fixed.round(fixed.mul(str(damage), self.get_penalty_damage_modifier()))
        meter_gain = fixed.round(fixed.mul(str(idiv(damage, DAMAGE_SUPER_GAIN_DIVISOR)), meter_gain_modifier))
        self.opponent.gain_super_meter(meter_gain)
        self.gain_super_meter(fixed.round(fixed.mul(str(idiv(damage, DAMAGE_TAKEN_SUPER_GAIN_DIVISOR)),
                                                    damage_taken_meter_gain_modifier)))
        damage = fixed.round(fixed.mul(fixed.mul(str(damage), self.damage_taken_modifier),
                                       self.global_damage_modifier))
        self.opponent.combo_damage += damage
        self.hp -= damage
        self.add_penalty(-25)
        if self.hp < 0:
            self.hp = 0
        state = self.current_state()
        if state.IS_NEW_PARRY and state.push and self.hp <= 0:
            self.hp = 1

    def get_guts(self) -> str:
        current_guts = "1"
        for level, value in GUTS_REDUCTIONS.items():
            hp_level = fixed.div(str(self.hp), str(self.MAX_HEALTH))
            if fixed.le(hp_level, level):
                current_guts = value
        return current_guts

    def get_combo_stale(self, count: int) -> str:
        ratio = fixed.div(fixed.sub(str(MAX_STALES), str(int_min(count, MAX_STALES))), str(MAX_STALES))
        mod = fixed.mul(fixed.sub("1", MIN_STALE_MODIFIER), fixed.powu(ratio, 2))
        return fixed.add(mod, MIN_STALE_MODIFIER)

    def guts_stale_damage(self, damage: int) -> int:
        return fixed.round(fixed.mul(str(damage), self.get_guts()))

    def combo_stale_damage(self, damage: int, combo_scaling_offset=0) -> int:
        opp = self.opponent
        count = opp.combo_count - combo_scaling_offset + (opp.combo_proration if opp.combo_count > 1 else 0) - 1
        staling = self.get_combo_stale(int_max(count, 0))
        return fixed.round(fixed.mul(str(damage), staling))

    # ------------------------------------------------------------------ DI
    def get_di_scaling(self, brace=True) -> str:
        if brace and self.hit_out_of_brace:
            return "0"
        max_extra_di = fixed.sub(self.max_di_scaling, self.min_di_scaling)
        scaling_amount = str(int_clamp(self.opponent.combo_count, 0, self.di_combo_limit))
        scaling_ratio = fixed.div(scaling_amount, str(self.di_combo_limit))
        total_extra_scaling = fixed.mul(max_extra_di, scaling_ratio)
        total = fixed.add(self.min_di_scaling, total_extra_scaling)
        if brace and self.braced_attack:
            total = fixed.mul(total, SUCCESSFUL_BRACE_DI_MODIFIER)
        return fixed.mul(total, self.di_modifier)

    def get_scaled_di(self, di: dict) -> dict:
        scaling = self.get_di_scaling()
        result = self.xy_to_dir(di["x"], di["y"], scaling)
        length = fixed.vec_len(result["x"], result["y"])
        if fixed.lt(fixed.abs(fixed.sub(length, scaling)), DI_SNAP_DISTANCE) or fixed.gt(length, scaling):
            result = fixed.normalized_vec_times(result["x"], result["y"], scaling)
        return result
