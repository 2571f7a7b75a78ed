"""The generic state: what every state of every object does each frame, driven by its table row.

Port of ``ObjectState.gd`` (and the bits of ``StateInterface.gd`` the simulation uses).

A state is one long-lived instance per state node of an object.  Its exported
properties are copied from the extracted table (``states/data``) onto the instance at
load time, because scripts mutate them during a match (``anim_length``, ``iasa_at``,
``fallback_state``, ``interrupt_frames``...) and those changes persist until the match
ends.  Everything a state holds is plain data; ``host`` is the object it belongs to.

Hooks a state script overrides (GDScript name -> ours):
``_enter`` -> ``enter``, ``_exit`` -> ``exit``, ``_tick_before`` -> ``tick_before``,
``_tick`` -> ``tick``, ``_tick_after`` -> ``tick_after``, ``_frame_N`` -> ``frame_N``,
``_frame_N_shared`` -> ``frame_N_shared``, ``_on_hit_something`` -> ``on_hit_something``,
``_got_parried`` -> ``got_parried``.  A hook returning a state name asks for that
state (queued by the machine, or changed to at once when returned by an enter hook).
"""
from __future__ import annotations

from yomi.boxes import HurtboxState, LimbHurtbox
from yomi.gd import idiv, imod
from yomi.hitbox import DETECT, THROW_HIT, Hitbox

# ObjectState.gd exports the simulation reads, with the script's defaults.
OBJECT_STATE_EXPORTS = {
    "apply_forces": False, "apply_fric": False, "apply_grav": False,
    "reset_momentum": False, "reset_x_momentum": False, "reset_y_momentum": False,
    "apply_custom_x_fric": False, "apply_custom_y_fric": False, "apply_custom_grav": False,
    "apply_forces_no_limit": False,
    "custom_x_fric": "0.0", "custom_y_fric": "0.0", "custom_grav": "0.0", "custom_grav_max_fall_speed": "0.0",
    "apply_custom_limits": False, "custom_max_air_speed": "15.0", "custom_max_ground_speed": "10.0",
    "fallback_state": "Wait", "sprite_animation": "", "anim_length": 1, "sprite_anim_length": -1,
    "ticks_per_frame": 1, "loop_animation": False, "animation_loop_start": 0, "absolute_loop": False,
    "refresh_loop": True, "endless": False, "disable_at_end": False,
    "force_dir_x": "0.0", "force_dir_y": "0.0", "force_speed": "0.0", "force_tick": 0,
    "enter_force_dir_x": "0.0", "enter_force_dir_y": "0.0", "enter_force_speed": "0.0",
    "sfx_tick": 1,
    "projectile_scene": None, "projectile_tick": 1, "projectile_pos_x": 0, "projectile_pos_y": 0,
    "projectile_local_pos": True, "projectile_match_facing": False,
    "extra_parry_hitlag": 0,
    "flip_frame": -1, "force_same_direction_as_previous_state": False,
    "host_commands": {},
    "earliest_hitbox": 0,
    "throw_positions": {},
}


class HostCommand:
    """``characters/CommandAt.gd`` (class ``HostCommand``): call a host method at a state frame."""

    def __init__(self, tick: int, command: str, args: list):
        self.tick = tick
        self.command = command
        self.args = list(args)


class UsableRequirement:
    """``characters/UsableRequirement.gd``: a host method the move needs to be true (or false)."""

    def __init__(self, method: str, args: list, inverse: bool):
        self.method = method
        self.args = list(args)
        self.inverse = inverse

    def check(self, host) -> bool:
        return bool(getattr(host, self.method)(*self.args)) != self.inverse


class ObjectState:
    """A state of any object (``ObjectState.gd``)."""

    EXPORTS: dict = OBJECT_STATE_EXPORTS
    is_character_state = False

    def __init__(self, name: str, props: dict, children: list):
        for key, value in self.all_exports().items():
            setattr(self, key, _copy_value(value))
        for key, value in props.items():
            setattr(self, key, _copy_value(value))
        self.name = name
        self.state_name = name
        self.children = children  # Hitbox / HurtboxState / LimbHurtbox / HostCommand / UsableRequirement ...
        self.host = None
        self.active = False
        self.data = None
        # runtime
        self.is_grab = False
        self.current_tick = -1
        self.current_real_tick = -1
        self.start_tick = -1
        self.last_facing = 1
        self.anim_name = None
        self.has_hitboxes = False
        self.current_hurtbox = None
        self.same_as_last_state = False
        self.host_command_nodes: dict = {}
        self.hitbox_start_frames: dict = {}
        self.hurtbox_state_change_frames: dict = {}
        self.limb_hurtboxes: list = []
        self.all_hitbox_nodes: list = []
        self.frame_methods: list = []
        self.frame_methods_shared: list = []
        self.max_tick = -1
        self.max_tick_shared = -1
        self.exit_tick = -1
        self.is_guard_break = False
        self.earliest_hitbox_node = None

    @classmethod
    def all_exports(cls) -> dict:
        merged: dict = {}
        for klass in reversed(cls.__mro__):
            merged.update(vars(klass).get("EXPORTS", {}))
        return merged

    # ------------------------------------------------------------------ setup
    def init(self) -> None:
        """ObjectState.gd: init (signals become direct calls, see the module docstring)."""
        self.anim_name = self.sprite_animation if self.sprite_animation else self.state_name
        if self.sprite_anim_length < 0:
            count = self.host.sprite.frame_count(self.anim_name)
            self.sprite_anim_length = count if count is not None else self.anim_length
        self.setup_hitboxes()
        self.setup_hurtboxes()
        for child in self.children:
            if isinstance(child, HostCommand):
                self.host_command_nodes.setdefault(child.tick, []).append(child)

    def setup_hitboxes(self) -> None:
        self.all_hitbox_nodes = []
        for child in self.children:
            if isinstance(child, Hitbox):
                if child.IS_THROW_BOX:
                    self.is_grab = True
                self.all_hitbox_nodes.append(child)
                self.host.hitboxes.append(child)
                if child.guard_break:
                    self.is_guard_break = True
        earliest = 999999999
        for hitbox in self.all_hitbox_nodes:
            hitbox.host = self.host
            hitbox.init()
            detect = hitbox.hitbox_type == DETECT
            if not detect:
                self.has_hitboxes = True
            if hitbox.start_tick > 0:
                self.hitbox_start_frames.setdefault(hitbox.start_tick, []).append(hitbox)
                if not detect and hitbox.start_tick < earliest:
                    earliest = hitbox.start_tick
                    self.earliest_hitbox_node = hitbox
            for other in self.all_hitbox_nodes:
                if other.group == hitbox.group:
                    hitbox.grouped_hitboxes.append(other)
        if self.earliest_hitbox <= 0 and earliest != 999999999:
            self.earliest_hitbox = earliest

    def setup_hurtboxes(self) -> None:
        self.hurtbox_state_change_frames.clear()
        self.limb_hurtboxes.clear()
        for child in self.children:
            if isinstance(child, HurtboxState):
                self.hurtbox_state_change_frames[child.start_tick] = child
            if isinstance(child, LimbHurtbox):
                self.limb_hurtboxes.append(child)

    def get_child(self, node_name: str):
        for child in self.children:
            if getattr(child, "node_name", None) == node_name:
                return child
        return None

    # ------------------------------------------------------------------ queries
    def get_active_hitboxes(self) -> list:
        hitboxes = []
        for items in self.hitbox_start_frames.values():
            for hitbox in items:
                if hitbox.active:
                    hitboxes.append(hitbox)
        for hitbox in self.all_hitbox_nodes:
            if hitbox.active and hitbox not in hitboxes:
                hitboxes.append(hitbox)
        return hitboxes

    def get_active_hurtboxes(self) -> list:
        return [c for c in self.children if isinstance(c, LimbHurtbox) and self.is_hurtbox_active(c)]

    def is_hurtbox_active(self, hurtbox: LimbHurtbox) -> bool:
        after_start = hurtbox.start_tick <= 0 or self.current_tick + 1 > hurtbox.start_tick
        before_end = hurtbox.endless or self.current_tick <= hurtbox.start_tick + hurtbox.active_ticks
        return after_start and before_end

    def previous_state(self):
        """StateInterface.gd: _previous_state."""
        stack = self.host.state_machine.states_stack
        return stack[-2] if len(stack) > 1 else None

    def previous_state_name(self) -> str:
        prev = self.previous_state()
        return prev.name if prev is not None else ""

    def queue_state_change(self, state: str, data=None) -> None:
        """StateInterface.gd: queue_state_change.

        Quirk kept: without data the signal ``queue_change(state, self)`` lands in
        ``queue_state(new_state, data)``, so the *emitting state object* becomes the
        data; with data, the request is dropped if the emitting state is not active.
        """
        machine = self.host.state_machine
        if data is None:
            machine.queue_state(state, self)
        else:
            machine.queue_state(state, data, self)

    # ------------------------------------------------------------------ hooks (overridden by scripts)
    def enter(self):
        return None

    def exit(self) -> None:
        pass

    def tick_before(self):
        return None

    def tick(self):
        return None

    def tick_after(self):
        return None

    def on_hit_something(self, obj, hitbox) -> None:
        if hitbox.followup_state != "" and obj.is_fighter:
            self.queue_state_change(hitbox.followup_state)

    def got_parried(self) -> None:
        pass

    def on_got_perfect_parried(self) -> None:
        pass

    def on_got_blocked(self) -> None:
        pass

    def on_got_blocked_by(self, who) -> None:
        pass

    def on_got_perfect_parried_by(self, who) -> None:
        pass

    def detect(self, obj) -> None:
        pass

    def get_projectile_pos(self) -> dict:
        return {"x": self.projectile_pos_x, "y": self.projectile_pos_y}

    def get_projectile_data(self):
        return None

    def process_projectile(self, projectile) -> None:
        pass

    # signals from this state's hitboxes
    def on_hitbox_hit_something(self, obj, hitbox) -> None:
        """ObjectState.__on_hit_something: only while this state is the active one."""
        if self.active:
            self.on_hit_something(obj, hitbox)
            self.host.on_hit_something(obj, hitbox)

    def on_hitbox_got_parried(self) -> None:
        if self.active:
            self.got_parried()

    # ------------------------------------------------------------------ enter / exit
    def enter_shared(self):
        """ObjectState.gd: _enter_shared."""
        host = self.host
        self.same_as_last_state = False
        prev = self.previous_state()
        if prev is not None:
            if self.force_same_direction_as_previous_state:
                host.set_facing(prev.last_facing)
            if prev is not self:
                self.exit_tick = -1
            else:
                self.same_as_last_state = True
        if self.reset_momentum:
            host.reset_momentum()
        if self.reset_x_momentum:
            vel = host.get_vel()
            host.set_vel("0", vel["y"])
        if self.reset_y_momentum:
            vel = host.get_vel()
            host.set_vel(vel["x"], "0")
        self.current_tick = -1
        self.current_real_tick = -1
        self.start_tick = host.current_tick
        host.on_state_started(self)  # signal state_started
        return None

    def exit_shared(self) -> None:
        """ObjectState.gd: _exit_shared."""
        host = self.host
        self.exit_tick = self.current_tick + self.exit_tick
        if self.current_hurtbox is not None:
            self.current_hurtbox.end(host)
        self.last_facing = host.get_facing_int()
        host.reset_hurtbox()
        host.end_invulnerability()
        host.end_projectile_invulnerability()
        host.end_throw_invulnerability()
        host.end_aerial_attack_invulnerability()
        host.end_grounded_attack_invulnerability()
        for child in self.children:
            if isinstance(child, LimbHurtbox):
                child.active = False
        if self.disable_at_end:
            host.disable()

    # ------------------------------------------------------------------ the frame driver
    def apply_enter_force(self) -> None:
        # Compares the scene's literal text, as the original does.
        if self.enter_force_speed != "0.0":
            force = self.host.xy_to_dir(self.enter_force_dir_x, self.enter_force_dir_y, self.enter_force_speed, "1.0")
            self.host.apply_force_relative(force["x"], force["y"])

    def apply_timed_force(self) -> None:
        if self.force_speed != "0.0":
            force = self.host.xy_to_dir(self.force_dir_x, self.force_dir_y, self.force_speed, "1.0")
            self.host.apply_force_relative(force["x"], force["y"])

    def spawn_exported_projectile(self) -> None:
        if self.projectile_scene:
            pos = self.get_projectile_pos()
            obj = self.host.spawn_object(self.projectile_scene, pos["x"], pos["y"], True,
                                         self.get_projectile_data(), self.projectile_local_pos)
            if self.projectile_match_facing:
                obj.set_facing(self.host.get_facing_int())
            self.process_projectile(obj)

    def tick_shared(self):
        """ObjectState.gd: _tick_shared.  A ``frame_N`` hook returning a state ends it early (no physics)."""
        host = self.host
        if self.current_tick == -1:
            self.apply_enter_force()
        self.current_real_tick += 1
        if self.current_tick < self.anim_length or self.endless:
            self.current_tick += 1
            tick = self.current_tick
            self.process_hitboxes()
            self.process_hurtboxes()
            if host.can_update_sprite:
                self.update_sprite_frame()
            if tick == self.force_tick:
                self.apply_timed_force()
            if tick == self.projectile_tick:
                self.spawn_exported_projectile()
            if tick == self.flip_frame:
                host.turn_around()
            if tick in self.host_commands:
                command = self.host_commands[tick]
                if isinstance(command, list):
                    if command:
                        getattr(host, command[0])(*command[1:])
                elif isinstance(command, str):
                    getattr(host, command)()
            for command in self.host_command_nodes.get(tick, ()):
                getattr(host, command.command)(*command.args)
            next_state = self._run_frame_methods(tick)
            if next_state is not None:
                return next_state
        self.apply_physics_flags()
        return None

    def _run_frame_methods(self, tick: int):
        """The ``_frame_N_shared`` / ``_frame_N`` calls with the original's bookkeeping.

        The original calls a frame method when the tick is a new maximum for the state
        (tracked separately for the two kinds, crossed over as written) or the method
        was seen before; a method skipped once because an earlier one returned a state
        is therefore never called again.  Kept exactly.
        """
        new_max = False
        new_max_shared = False
        if tick > self.max_tick:
            self.max_tick = tick
            new_max = True
        if tick > self.max_tick_shared:
            self.max_tick_shared = tick
            new_max_shared = True
        methods = _frame_methods_of(type(self))
        if new_max or tick in self.frame_methods_shared:
            method = methods[1].get(tick)
            if method is not None:
                if tick not in self.frame_methods_shared:
                    self.frame_methods_shared.append(tick)
                next_state = method(self)
                if next_state is not None:
                    return next_state
        if new_max_shared or tick in self.frame_methods:
            method = methods[0].get(tick)
            if method is not None:
                if tick not in self.frame_methods:
                    self.frame_methods.append(tick)
                next_state = method(self)
                if next_state is not None:
                    return next_state
        return None

    def apply_physics_flags(self) -> None:
        host = self.host
        if self.apply_fric:
            host.apply_fric()
        if self.apply_grav:
            host.apply_grav()
        if self.apply_custom_x_fric:
            host.apply_x_fric(self.custom_x_fric)
        if self.apply_custom_y_fric:
            host.apply_y_fric(self.custom_y_fric)
        if self.apply_custom_grav:
            host.apply_grav_custom(self.custom_grav, self.custom_grav_max_fall_speed)
        if self.apply_forces:
            if self.apply_forces_no_limit:
                host.apply_forces_no_limit()
            elif self.apply_custom_limits:
                if host.is_grounded():
                    host.limit_x_speed(self.custom_max_ground_speed)
                else:
                    host.limit_x_speed(self.custom_max_air_speed)
                host.apply_forces_no_limit()
            else:
                host.apply_forces()

    def process_hitboxes(self) -> None:
        """ObjectState.gd: process_hitboxes (activation one frame ahead of ``start_tick``)."""
        host = self.host
        host.update_data()
        pos = host.get_pos()
        for hitbox in self.hitbox_start_frames.get(self.current_tick + 1, ()):
            if not hitbox.activated:
                continue
            hitbox.update_position(pos["x"], pos["y"])
            self.activate_hitbox(hitbox)
            if hitbox.hitbox_type == THROW_HIT:  # hits the opponent at once
                hitbox.hit(host.opponent)
                hitbox.deactivate()
        for hitbox in self.get_active_hitboxes():
            hitbox.update_position(pos["x"], pos["y"])
            hitbox.facing = host.get_facing()
            if hitbox.active:
                hitbox.tick()

    def process_hurtboxes(self) -> None:
        host = self.host
        if self.current_hurtbox is not None:
            self.current_hurtbox.tick(host)
        if self.current_tick in self.hurtbox_state_change_frames:
            if self.current_hurtbox is not None:
                self.current_hurtbox.end(host)
            self.current_hurtbox = self.hurtbox_state_change_frames[self.current_tick]
            self.current_hurtbox.start(host)
        pos = host.get_pos()
        for hurtbox in self.limb_hurtboxes:
            hurtbox.active = self.is_hurtbox_active(hurtbox)
            hurtbox.facing = host.get_facing()
            hurtbox.update_position(pos["x"], pos["y"])
        host.hurtbox.facing = host.get_facing()

    def activate_hitbox(self, hitbox) -> None:
        hitbox.facing = self.host.get_facing()
        hitbox.activate()

    def terminate_hitboxes(self) -> None:
        for hitbox in self.get_active_hitboxes():
            hitbox.deactivate()

    def update_sprite_frame(self) -> None:
        """ObjectState.gd: update_sprite_frame.  Only throws read the sprite (their throw positions)."""
        sprite = self.host.sprite
        if not sprite.has_animation(self.anim_name):
            return
        if sprite.animation != self.anim_name:
            sprite.set_animation(self.anim_name)
        sprite_tick = idiv(self.current_tick, self.ticks_per_frame)
        if self.loop_animation and self.absolute_loop:
            sprite_tick = idiv(self.host.current_tick, self.ticks_per_frame)
        elif self.loop_animation and not self.refresh_loop:
            if self.same_as_last_state:
                sprite_tick = idiv(self.current_tick + self.exit_tick, self.ticks_per_frame)
        if self.loop_animation and sprite_tick > self.animation_loop_start:
            frame = imod(sprite_tick, self.sprite_anim_length - self.animation_loop_start) + self.animation_loop_start
        else:
            frame = min(sprite_tick, self.sprite_anim_length)
        sprite.set_frame(frame)


def _copy_value(value):
    if isinstance(value, dict):
        return {k: _copy_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_value(v) for v in value]
    return value


_FRAME_METHOD_CACHE: dict = {}


def _frame_methods_of(cls) -> tuple[dict, dict]:
    """({N: frame_N}, {N: frame_N_shared}) for a state class, resolved once per class."""
    cached = _FRAME_METHOD_CACHE.get(cls)
    if cached is None:
        plain: dict = {}
        shared: dict = {}
        for attr in dir(cls):
            if not attr.startswith("frame_"):
                continue
            rest = attr[len("frame_"):]
            if rest.endswith("_shared") and rest[:-len("_shared")].isdigit():
                shared[int(rest[:-len("_shared")])] = getattr(cls, attr)
            elif rest.isdigit():
                plain[int(rest)] = getattr(cls, attr)
        cached = _FRAME_METHOD_CACHE[cls] = (plain, shared)
    return cached
