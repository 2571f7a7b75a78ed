"""Hitboxes: activation, ticking, hitting, and the per-hit snapshot a victim receives.

Ports ``mechanics/Hitbox.gd`` (class ``Hitbox``), ``characters/ThrowBox.gd``
(``ThrowBox``) and ``mechanics/HitboxData.gd`` (``HitboxData``).

A hitbox belongs to one state of one object (its ``host``).  Its exported
properties come from the state's table row and are copied onto the instance,
because scripts mutate them during a match (``victim_hitlag`` is resolved on the
first activation, a ThrowBox's ``priority`` becomes 9999, moves change ``damage``
or ``dir_y``...) and those changes persist for the rest of the match.

Signals of the original, reproduced as direct calls:
* ``hit_something(obj, hitbox)`` -> ``self.state.on_hitbox_hit_something(obj, self)``
  (``ObjectState.__on_hit_something``);
* ``got_parried()`` -> ``self.state.on_hitbox_got_parried()``.
"""
from __future__ import annotations

from yomi.boxes import CollisionBox
from yomi.fixed import FixedMath as fixed
from yomi.gd import idiv

# Hitbox.HitboxType
NORMAL, FLIP, THROW_HIT, OFFENSIVE_BURST, BURST, NO_HITSTUN, DETECT = range(7)
# Hitbox.HitHeight
HIGH, MID, LOW = range(3)

COMBO_PUSHBACK_COEFFICIENT = "0.4"
COMBO_SAME_MOVE_KNOCKBACK_INCREASE_AMOUNT_GROUNDED = "1.25"
COMBO_SAME_MOVE_KNOCKBACK_INCREASE_AMOUNT_AERIAL = "1.05"
COMBO_SAME_MOVE_HITSTUN_DECREASE_AMOUNT = 1
PRORATION_HITSTUN_ADJUSTMENT_AMOUNT = 0
MAX_KNOCKBACK = "30"

# The exported properties of Hitbox.gd that the simulation reads, with the script's defaults.
HITBOX_DEFAULTS = {
    "x": 0, "y": 0, "width": 20, "height": 20,
    "activated": True,
    "damage": 0, "damage_in_combo": -1, "minimum_damage": 0, "chip_damage_modifier": "1.0",
    "hitbox_type": NORMAL, "hitstun_ticks": 30, "combo_hitstun_ticks": -1, "hitlag_ticks": 4,
    "victim_hitlag": -1, "combo_victim_hitlag": -1, "damage_proration": 0, "scale_combo": True,
    "combo_scaling_amount": 1, "cancellable": True, "increment_combo": True, "hits_otg": False,
    "hits_vs_standing": True, "hits_vs_grounded": True, "hits_vs_aerial": True, "can_counter_hit": True,
    "di_modifier": "1.0", "sdi_modifier": "1.0", "meter_gain_modifier": "1.0", "parry_meter_gain": -1,
    "ignore_armor": False, "followup_state": "", "force_grounded": False, "can_clash": True,
    "hits_vs_dizzy": True, "beats_grab": True, "hits_projectiles": True, "ignore_projectile_armor": False,
    "allowed_to_hit_own_team": True,
    "guard_break": False, "guard_break_proration": 1, "block_punishable": False, "parriable": True,
    "block_cancel_allowed": True, "plus_frames": 0, "hit_height": MID,
    "priority": 0, "group": 0,
    "screenshake_amount": 4, "screenshake_frames": -1, "rumble": True,
    "dir_x": "1.0", "dir_y": "-1.0", "knockback": "10.0", "launch_reversible": False, "vacuum": False,
    "send_away_from_center": False, "block_pushback_modifier": "1.0", "block_pushback_reversible": False,
    "block_reverse_pushback_modifier": "1.0", "pushback_x": "1.0",
    "grounded_hit_state": "HurtGrounded", "aerial_hit_state": "HurtAerial", "minimum_grounded_frames": -1,
    "knockdown": False, "knockdown_extends_hitstun": True, "hard_knockdown": False, "disable_collision": True,
    "air_ground_bounce": False, "ground_bounce": True, "ground_bounce_knockback_modifier": "1.0",
    "wall_slam": False,
    "start_tick": 0, "active_ticks": 5, "always_on": False,
    "looping": False, "loop_active_ticks": 2, "loop_inactive_ticks": 2,
    "misc_data": "",
    "throw_state": "",
    "bump_on_whiff": False,
}


class Hitbox(CollisionBox):
    """A hitbox node of a state (``Hitbox.gd``)."""

    IS_THROW_BOX = False
    owner_is_hitbox = True

    def __init__(self, name: str, props: dict, host, state):
        super().__init__()
        for key, default in HITBOX_DEFAULTS.items():
            setattr(self, key, props.get(key, default))
        self.owner = host
        self.node_name = name  # the scene node name ("Hitbox2"); ``name`` becomes "P1_HB_3" in setup
        self.name = name
        self.host = host
        self.state = state
        self.active_tick = 1  # Hitbox.gd ``tick``: collision checks made since activation
        self.active = False  # started
        self.enabled = False  # will actually hit
        self.throw = False
        self.spawn_particle_effect = True
        self.grouped_hitboxes: list[Hitbox] = []
        self.hit_objects: list = []

    # Hitbox.gd: init
    def init(self) -> None:
        if self.height < 0:
            self.height *= -1
        if self.width < 0:
            self.width *= -1
        if self.combo_hitstun_ticks == -1:
            self.combo_hitstun_ticks = self.hitstun_ticks
        if self.hitbox_type == DETECT:
            self.can_clash = False

    def is_projectile(self) -> bool:
        return not self.host.is_fighter

    def activate(self) -> None:
        if self.active:
            return
        pos = self.host.get_pos()
        self.update_position(pos["x"], pos["y"])
        self.active_tick = 0
        self.active = True
        self.enabled = True
        if self.host.is_fighter:
            self.cancellable = self.cancellable or (bool(self.host.turbo_mode) and not self.throw)
        if self.victim_hitlag == -1:  # resolved once, on the first activation (persists)
            self.victim_hitlag = self.hitlag_ticks
        if self.combo_victim_hitlag == -1:
            self.combo_victim_hitlag = self.victim_hitlag

    def deactivate(self) -> None:
        self.active = False
        self.enabled = False
        self.hit_objects = []

    def to_data(self) -> "HitboxData":
        return HitboxData(self)

    def is_counter_hit(self) -> bool:
        host = self.host
        if host.is_fighter and host.counterhit_this_turn:
            return True
        # GDScript precedence: (can_counter_hit and A) or B
        if not host.is_fighter:
            return False
        opp_state = host.opponent.current_state()
        a = host.initiative and opp_state.has_hitboxes and opp_state.can_be_counterhit
        b = opp_state.is_brace and not host.opponent.can_counter_hitbox(self)
        return bool((self.can_counter_hit and a) or b)

    def get_real_knockback(self) -> str:
        creator = self.host.get_fighter()
        if creator is None or not self.host.is_fighter:
            return self.knockback
        move = creator.current_state().state_name
        if move not in creator.combo_moves_used:
            return self.knockback
        base = (COMBO_SAME_MOVE_KNOCKBACK_INCREASE_AMOUNT_GROUNDED if creator.opponent.is_grounded()
                else COMBO_SAME_MOVE_KNOCKBACK_INCREASE_AMOUNT_AERIAL)
        modifier = fixed.powu(base, creator.combo_moves_used[move])
        final_kb = fixed.mul(self.knockback, modifier)
        if fixed.gt(final_kb, MAX_KNOCKBACK):
            final_kb = MAX_KNOCKBACK
        return final_kb

    def get_real_hitstun(self) -> int:
        creator = self.host.get_fighter()
        if creator is None:
            return self.hitstun_ticks
        ticks = self.hitstun_ticks if creator.combo_count <= 0 else self.combo_hitstun_ticks
        started_above_0 = ticks > 0
        if creator.combo_proration > 1:
            ticks -= PRORATION_HITSTUN_ADJUSTMENT_AMOUNT * (creator.combo_proration - 1)
        if self.host.is_fighter:
            move = creator.current_state().state_name
            if move in creator.combo_moves_used:
                reduced = ticks - COMBO_SAME_MOVE_HITSTUN_DECREASE_AMOUNT * (creator.combo_moves_used[move] + 1)
                ticks = max(reduced, idiv(ticks, 2))
        if started_above_0 and ticks <= 0:
            ticks = 1
        return ticks

    def get_real_victim_hitlag(self) -> int:
        creator = self.host.get_fighter()
        if creator is not None and creator.combo_count > 0:
            return self.combo_victim_hitlag
        return self.victim_hitlag

    def otg_check(self, obj) -> bool:
        return not obj.is_otg() or self.hits_otg

    def save_hit_object(self, obj) -> None:
        for hitbox in self.grouped_hitboxes:
            hitbox.hit_objects.append(obj.name)

    def already_hit_object(self, obj) -> bool:
        for hitbox in self.grouped_hitboxes:
            if obj.obj_name in hitbox.hit_objects:
                return True
        return False

    def add_hit_object(self, obj_name: str) -> None:
        """Quirk kept: the original appends the *hitbox* instead of the name, so this marks nothing."""
        for hitbox in self.grouped_hitboxes:
            if obj_name not in hitbox.hit_objects:
                hitbox.hit_objects.append(hitbox)

    def hit(self, obj) -> None:
        """Hitbox.gd: hit.  Snapshot, ``hit_by`` on the victim, pushback on both, then ``hit_something``."""
        if obj.name in self.hit_objects:
            return
        if obj.invulnerable and self.hitbox_type != THROW_HIT:
            return
        if not self.otg_check(obj):
            return
        self.save_hit_object(obj)
        if self.hitbox_type == DETECT:
            self.host.detect(obj)
            return
        obj.hit_by(self.to_data())
        host = self.host
        can_hit = True
        if obj.is_fighter:
            if host.is_fighter and host.current_state().end_feint:
                host.feinting = False
                host.current_state().feinting = False
            if obj.can_parry_hitbox(self) or self.name in obj.parried_hitboxes:
                can_hit = False
                self.state.on_hitbox_got_parried()  # signal got_parried
            if obj.can_counter_hitbox(self):
                can_hit = False
            if obj.on_the_ground and not self.hits_otg:
                can_hit = False
            if not self.hits_vs_dizzy and obj.current_state().state_name == "HurtDizzy":
                can_hit = False
        if can_hit:
            decay = str(host.hitstun_decay_combo_count) if host.is_fighter else "0"
            pushback_modifier = fixed.mul(decay, COMBO_PUSHBACK_COEFFICIENT)
            pushback = fixed.mul(fixed.add(self.pushback_x, pushback_modifier), "-1")
            pushback = fixed.div(pushback, "2")
            host.add_pushback(pushback)
            obj.add_pushback(pushback)
            opponent = obj.opponent if obj.is_fighter else None
            if opponent is not None and opponent is not host:
                opponent.add_pushback(pushback)
            self.state.on_hitbox_hit_something(obj, self)  # signal hit_something

    def tick(self) -> None:
        pos = self.host.get_pos()
        self.update_position(pos["x"], pos["y"])
        if self.looping:
            loop_tick = self.active_tick % (self.loop_active_ticks + self.loop_inactive_ticks)
            prev_enabled = self.enabled
            self.enabled = loop_tick < self.loop_active_ticks
            if not self.enabled and prev_enabled:
                for hitbox in self.grouped_hitboxes:
                    hitbox.hit_objects.clear()
        self.active_tick += 1
        if self.active_tick > self.active_ticks and not self.always_on:
            self.deactivate()


class ThrowBox(Hitbox):
    """``characters/ThrowBox.gd``: a hitbox that grabs; it always wins priority once active."""

    IS_THROW_BOX = True

    def activate(self) -> None:
        super().activate()
        self.priority = 9999
        self.spawn_particle_effect = False
        self.throw = True


class HitboxData:
    """``HitboxData.gd``: the immutable snapshot of a hitbox at the moment it hits.

    Built from a Hitbox, or from a ThrowState (a throw's release builds one from the
    state's own release exports), so it reads its source with ``getattr`` defaults the
    way the original uses ``state.get(...) != null``.
    """

    def __init__(self, src):
        host = src.host
        g = lambda name, default: getattr(src, name, default)  # noqa: E731
        self.hit_height = src.hit_height
        self.hitstun_ticks = src.get_real_hitstun() if hasattr(src, "get_real_hitstun") else src.hitstun_ticks
        self.victim_hitlag = (src.get_real_victim_hitlag() if hasattr(src, "get_real_victim_hitlag")
                              else src.victim_hitlag)
        self.facing = host.get_facing()
        self.facing_int = host.get_facing_int()
        self.id = host.id
        self.knockback = src.get_real_knockback() if hasattr(src, "get_real_knockback") else src.knockback
        self.damage = src.damage
        self.dir_y = src.dir_y
        self.hitlag_ticks = src.hitlag_ticks
        self.disable_collision = src.disable_collision
        self.dir_x = src.dir_x
        self.knockdown = src.knockdown
        self.aerial_hit_state = src.aerial_hit_state
        self.grounded_hit_state = src.grounded_hit_state
        self.name = src.name
        self.ground_bounce = src.ground_bounce
        self.throw = src.throw
        self.hard_knockdown = src.hard_knockdown
        self.force_grounded = src.force_grounded
        self.wall_slam = src.wall_slam
        self.reversible = bool(g("launch_reversible", False))
        self.pos_x = 0
        self.pos_y = 0
        if isinstance(src, CollisionBox):
            pos = src.get_absolute_position()
            self.pos_x, self.pos_y = pos["x"], pos["y"]
        self.is_projectile = src.is_projectile() if hasattr(src, "is_projectile") else False
        self.knockdown_extends_hitstun = g("knockdown_extends_hitstun", True)
        self.hits_otg = g("hits_otg", None)
        self.rumble = g("rumble", None)
        self.host = host.obj_name
        if host.is_fighter:
            self.combo_count = host.combo_count
        else:
            owner = host.fighter_owner
            self.combo_count = owner.combo_count if owner is not None else 0
        self.screenshake_amount = g("screenshake_amount", 0)
        self.screenshake_frames = g("screenshake_frames", 0)
        self.counter_hit = src.is_counter_hit() if hasattr(src, "is_counter_hit") else False
        self.minimum_damage = g("minimum_damage", 0)
        self.sdi_modifier = g("sdi_modifier", "1.0")
        self.di_modifier = g("di_modifier", "1.0")
        self.increment_combo = g("increment_combo", False)
        self.ignore_armor = g("ignore_armor", False)
        self.damage_proration = g("damage_proration", 0)
        self.parry_meter_gain = g("parry_meter_gain", -1)
        self.hitbox_type = g("hitbox_type", NORMAL)
        self.damage_in_combo = g("damage_in_combo", -1)
        self.hits_vs_dizzy = g("hits_vs_dizzy", True)
        self.meter_gain_modifier = g("meter_gain_modifier", "1.0")
        self.air_ground_bounce = g("air_ground_bounce", False)
        self.scale_combo = g("scale_combo", True)
        self.plus_frames = g("plus_frames", 0)
        self.vacuum = g("vacuum", False)
        self.send_away_from_center = g("send_away_from_center", False)
        self.minimum_grounded_frames = g("minimum_grounded_frames", -1)
        self.chip_damage_modifier = g("chip_damage_modifier", "1.0")
        self.block_pushback_modifier = g("block_pushback_modifier", "1.0")
        self.hits_vs_standing = g("hits_vs_standing", True)
        self.combo_scaling_amount = g("combo_scaling_amount", 1)
        self.ground_bounce_knockback_modifier = g("ground_bounce_knockback_modifier", "1.0")
        self.hits_projectiles = g("hits_projectiles", True)
        self.cancellable = g("cancellable", False)
        self.followup_state = g("followup_state", "")
        self.guard_break = g("guard_break", False)
        self.parriable = g("parriable", True)
        self.block_punishable = g("block_punishable", False)
        self.looping = g("looping", False)
        self.ignore_projectile_armor = g("ignore_projectile_armor", False)
        self.block_cancel_allowed = g("block_cancel_allowed", True)
        self.allowed_to_hit_own_team = g("allowed_to_hit_own_team", True)
        self.block_pushback_reversible = g("block_pushback_reversible", False)
        self.block_reverse_pushback_modifier = g("block_reverse_pushback_modifier", "1.0")
        self.misc_data = g("misc_data", "") or ""
        self.guard_break_proration = g("guard_break_proration", 0)
        if self.damage_in_combo == -1:
            self.damage_in_combo = self.damage

    def get_damage(self) -> int:
        return self.damage_in_combo if self.combo_count > 0 else self.damage


class SweptHitbox(Hitbox):
    """``mechanics/SweptHitbox.gd``: a box swept along (to_x, to_y); hits what the moving box touches.

    The test is the segment-versus-expanded-rectangle intersection of the original, in
    fixed point (times as fixed strings), with its strict/non-strict comparisons as written.
    """

    IS_SWEPT = True

    def __init__(self, name: str, props: dict, host, state):
        super().__init__(name, props, host, state)
        self.to_x = props.get("to_x", 0)
        self.to_y = props.get("to_y", 0)

    def to_x_facing(self) -> int:
        return self.to_x if self.facing == "Right" else -self.to_x

    def get_center(self) -> dict:
        return {"x": self.x_facing() + self.pos_x, "y": self.y + self.pos_y}

    def overlaps(self, box) -> bool:
        """True when the swept box touches ``box``; never when ``box`` is zero-sized or swept itself.

        Quirk kept: the original asks the other box for its AABB, and a swept box answers with
        nothing, so the test stops there on a script error (Godot 3.6 hands the caller null) and
        the pair counts as not overlapping: Geyser against Geyser never clashes through the
        swept boxes themselves, only through the limb hurtboxes that the hit test tries next.
        """
        if box.width == 0 and box.height == 0:
            return False
        if box.IS_SWEPT:
            return False
        return self._seg_rect_intersect(box) is not None

    def _aabb_intersect(self, aabb) -> str | None:
        x1 = self.x_facing() + self.pos_x - self.width
        x2 = self.x_facing() + self.pos_x + self.width
        y1 = self.y + self.pos_y - self.height
        y2 = self.y + self.pos_y + self.height
        bx1, bx2, by1, by2 = aabb
        if x1 > bx2 or x2 < bx1 or y1 > by2 or y2 < by1:
            return None
        return "0"

    @staticmethod
    def _seg_seg_intersect(start: int, delta: int, padding: int, n1: int, n2: int) -> str | None:
        if delta > 0:
            near, far = n1 - padding, n2 + padding
        else:
            near, far = n2 + padding, n1 - padding
        recip = fixed.div("1.0", str(delta))
        near_time = fixed.mul(str(near - start), recip)
        if fixed.ge(near_time, "1"):
            return None
        far_time = fixed.mul(str(far - start), recip)
        if fixed.le(far_time, "0"):
            return None
        return near_time

    def _seg_rect_intersect(self, box) -> str | None:
        start_x = self.x_facing() + self.pos_x
        start_y = self.y + self.pos_y
        aabb = box.get_aabb()
        x1, x2, y1, y2 = aabb
        if x1 < start_x < x2 and y1 < start_y < y2:  # the segment starts inside the box
            return "0"
        delta_x, delta_y = self.to_x_facing(), self.to_y
        zero_x, zero_y = delta_x == 0, delta_y == 0
        if zero_x != zero_y:  # straight segments take a simpler test
            if zero_y:
                if y1 - self.height < start_y < y2 + self.height:
                    return self._seg_seg_intersect(start_x, delta_x, self.width, x1, x2)
                return None
            if x1 - self.width < start_x < x2 + self.width:
                return self._seg_seg_intersect(start_y, delta_y, self.height, y1, y2)
            return None
        elif zero_x and zero_y:
            return self._aabb_intersect(aabb)
        if delta_x > 0:
            near_x, far_x = x1 - self.width, x2 + self.width
        else:
            near_x, far_x = x2 + self.width, x1 - self.width
        if delta_y > 0:
            near_y, far_y = y1 - self.height, y2 + self.height
        else:
            near_y, far_y = y2 + self.height, y1 - self.height
        recip_x = fixed.div("1.0", str(delta_x))
        recip_y = fixed.div("1.0", str(delta_y))
        near_time_x = fixed.mul(str(near_x - start_x), recip_x)
        far_time_y = fixed.mul(str(far_y - start_y), recip_y)
        if fixed.gt(near_time_x, far_time_y):
            return None
        near_time_y = fixed.mul(str(near_y - start_y), recip_y)
        far_time_x = fixed.mul(str(far_x - start_x), recip_x)
        if fixed.gt(near_time_y, far_time_x):
            return None
        near_time = near_time_x if fixed.gt(near_time_x, near_time_y) else near_time_y
        far_time = far_time_x if fixed.lt(far_time_x, far_time_y) else far_time_y
        if fixed.ge(near_time, "1") or fixed.le(far_time, "0"):
            return None
        return near_time
