"""Every object of a match: fighters and projectiles share this base.

Port of ``obj/BaseObj.gd``.  An object owns a physics body (``chara``, the native
``FGObject``, see :mod:`yomi.body`), a state machine, a collision box, a hurtbox,
its hitboxes (all the hitboxes of all its states, named ``<obj>_HB_<i>``), its
sprite's animation/frame (throws read the sprite), and two RNGs.

Hazard kept from the original (BaseObj.gd): ``get_pos()`` and ``get_vel()``
read ``data``, a snapshot taken at the last ``update_data()``, not the live body.
``set_x``, ``apply_forces``, ``move_directly`` do not refresh it; every
``update_data`` call site of the game is reproduced.
"""
from __future__ import annotations

from yomi import fixed as fx
from yomi.body import FGObject
from yomi.boxes import CollisionBox
from yomi.fixed import FixedMath as fixed
from yomi.gd import int_sign, wrap64
from yomi.rng import BetterRng, godot_hash


class Sprite:
    """The AnimatedSprite's animation and frame (Godot 3 clamps the frame to the animation)."""

    def __init__(self, animations: dict, animation: str, frame: int):
        self.animations = animations  # name -> tuple of texture paths (shared, never mutated)
        self.animation = animation
        self.frame = frame

    def has_animation(self, name: str) -> bool:
        return name in self.animations

    def frame_count(self, name: str):
        textures = self.animations.get(name)
        return None if textures is None else len(textures)

    def set_animation(self, name: str) -> None:
        if name == self.animation:
            return
        self.animation = name
        self.set_frame(0)

    def set_frame(self, frame: int) -> None:
        textures = self.animations.get(self.animation)
        if textures is not None and frame >= len(textures):
            frame = len(textures) - 1
        if frame < 0:
            frame = 0
        self.frame = frame

    def __deepcopy__(self, memo):
        """The animation table is shared data of the scene; only the animation and frame are state."""
        return Sprite(self.animations, self.animation, self.frame)

    def current_texture(self):
        textures = self.animations.get(self.animation)
        if not textures:
            return None
        return textures[self.frame]


class BaseObj:
    """``BaseObj.gd``."""

    is_fighter = False

    def __init__(self, match, scene: str, root_props: dict, boxes: dict, sprite: Sprite):
        self.match = match
        self.scene = scene
        props = root_props
        self.id = props.get("id", 1)
        self.dummy = props.get("dummy", False)
        self.gravity = props.get("gravity", "0.8")
        self.ground_friction = props.get("ground_friction", "2.5")
        self.air_friction = props.get("air_friction", "0.2")
        self.max_ground_speed = props.get("max_ground_speed", "15")
        self.max_air_speed = props.get("max_air_speed", "10")
        self.max_fall_speed = props.get("max_fall_speed", "15")
        self.damages_own_team = props.get("damages_own_team", False)
        self.has_projectile_parry_window = props.get("has_projectile_parry_window", True)
        self.always_parriable = props.get("always_parriable", False)
        self.throw_positions = props.get("throw_positions", {})
        self.collision_box = _box(boxes.get("CollisionBox"))
        self.hurtbox = _box(boxes.get("Hurtbox"))
        self.collision_box.owner = self
        self.hurtbox.owner = self
        self.sprite = sprite
        self.state_machine = None  # set by the scene builder
        self.chara = FGObject()
        self.stage_width = 0
        self.ceiling_height = 0
        self.has_ceiling = False
        self.obj_name = ""
        self.name = ""
        self.data = None
        self.current_tick = 0
        self.game_tick = 0
        self.hitlag_ticks = 0
        self.combo_count = 0
        self.gravity_enabled = True
        self.last_hit_frame = 0
        self.spawn_data = None
        self.disabled = False
        self.creator_name = None
        self.creator = None
        self.can_update_sprite = True
        self.state_interruptable = True
        self.state_hit_cancellable = False
        self.invulnerable = False
        self.grounded_attack_immune = False
        self.aerial_attack_immune = False
        self.last_object_hit = ""
        self.default_hurtbox = {"x": 0, "y": 0, "width": 0, "height": 0}
        self.projectile_invulnerable = False
        self.throw_invulnerable = False
        self.hitboxes: list = []
        self.fighter_owner = None
        self.initialized = False
        self.logic_rng = BetterRng()
        self.logic_rng_static = BetterRng()
        self.logic_rng_seed = 0
        self.logic_rng_static_seed = 0
        # Godot signals other objects connect to at run time: name -> [(target, method)],
        # in connection order (see connect_signal / emit_signal).
        self.signal_connections: dict = {}

    # ------------------------------------------------------------------ identity
    @property
    def objs_map(self) -> dict:
        return self.match.objs_map

    def obj_from_name(self, name):
        """An object by name, or None when unknown or disabled."""
        if isinstance(name, str):
            obj = self.match.objs_map.get(name)
            if obj is not None and not obj.disabled:
                return obj
        return None

    def get_opponent(self):
        return None

    def get_fighter(self):
        return None

    def current_state(self):
        return self.state_machine.state

    def get_state(self, state_name):
        return self.state_machine.get_state(state_name)

    def previous_state(self):
        return self.current_state().previous_state()

    def is_otg(self) -> bool:
        state = self.current_state()
        return state is not None and state.state_name in ("Knockdown", "HardKnockdown")

    # ------------------------------------------------------------------ lifecycle
    def init(self) -> None:
        """BaseObj.gd: init (body parameters, state machine, hitbox names)."""
        if self.initialized:
            return
        chara = self.chara
        chara.id = self.id
        chara.set_gravity(self.gravity)
        chara.set_ground_friction(self.ground_friction)
        chara.set_air_friction(self.air_friction)
        chara.set_max_ground_speed(self.max_ground_speed)
        chara.set_max_air_speed(self.max_air_speed)
        chara.set_max_fall_speed(self.max_fall_speed)
        self.default_hurtbox = {"x": self.hurtbox.x, "y": self.hurtbox.y,
                                "width": self.hurtbox.width, "height": self.hurtbox.height}
        self.state_machine.init("", self.spawn_data)
        self.setup_hitbox_names()
        self.update_data()
        self.initialized = True

    def setup_hitbox_names(self) -> None:
        prefix = self.obj_name if self.obj_name != "" else self.name
        for i, hitbox in enumerate(self.hitboxes):
            hitbox.name = f"{prefix}_HB_{i}"

    def refresh_hitboxes(self) -> None:
        for hitbox in self.hitboxes:
            hitbox.hit_objects = []
            self.match.on_hitbox_refreshed(hitbox.name)  # signal hitbox_refreshed

    def on_state_exited(self, state) -> None:
        """Signal ``state_exited`` of the machine: leaving any state deactivates all hitboxes."""
        for hitbox in self.hitboxes:
            hitbox.deactivate()

    def on_state_changed(self, states_stack) -> None:
        pass

    def on_state_started(self, state) -> None:
        self.state_interruptable = False
        self.state_hit_cancellable = False

    def on_state_ended(self, state) -> None:
        pass

    def on_hit_something(self, obj, hitbox) -> None:
        """BaseObj.gd: _on_hit_something."""
        if self.last_hit_frame == self.current_tick and self.hit_fighter_last():
            return
        self.last_object_hit = obj.obj_name
        self.last_hit_frame = self.current_tick

    def hit_fighter_last(self) -> bool:
        return self.last_object_hit in (self.get_opponent().obj_name, self.get_fighter().obj_name)

    def change_state(self, state_name, state_data=None, enter=True, exit=True) -> None:
        self.state_machine.change_state(state_name, state_data, enter, exit)

    def reset_hurtbox(self) -> None:
        d = self.default_hurtbox
        self.hurtbox.x, self.hurtbox.y = d["x"], d["y"]
        self.hurtbox.width, self.hurtbox.height = d["width"], d["height"]

    # ------------------------------------------------------------------ the cached snapshot
    def read_body(self) -> dict:
        """``chara.get_data().object_data``: position rounded half away from zero, velocity as text."""
        chara = self.chara
        return {
            "position_x": fx.round_to_int(chara.pos_x_raw),
            "position_y": fx.round_to_int(chara.pos_y_raw),
            "vel_x": fx.to_str(chara.vel_x_raw),
            "vel_y": fx.to_str(chara.vel_y_raw),
        }

    def update_data(self) -> None:
        """BaseObj.gd: update_data (the projectile version also refreshes its boxes)."""
        self.data = self.read_body()
        self.update_collision_boxes()

    def get_pos(self) -> dict:
        return {"x": self.data["position_x"], "y": self.data["position_y"]}

    def get_vel(self) -> dict:
        return {"x": self.data["vel_x"], "y": self.data["vel_y"]}

    def get_pos_visual(self) -> dict:
        if self.data is None:
            self.update_data()
        return self.get_pos()

    def update_collision_boxes(self) -> None:
        facing = self.get_facing()
        self.hurtbox.facing = facing
        self.collision_box.facing = facing
        pos = self.get_pos()
        self.collision_box.update_position(pos["x"], pos["y"])
        self.hurtbox.update_position(pos["x"], pos["y"])

    def get_collision_box(self) -> dict:
        px, py = self.data["position_x"], self.data["position_y"]
        box = self.collision_box
        return {"x1": px - box.width + box.x, "x2": px + box.width + box.x,
                "y1": py - box.height + box.y, "y2": py + box.height + box.y}

    def get_hurtbox_center(self) -> dict:
        return self.hurtbox.get_center()

    def hurtbox_pos_relative(self) -> dict:
        return {"x": self.hurtbox.x * self.get_facing_int(), "y": self.hurtbox.y}

    # ------------------------------------------------------------------ facing
    def get_facing(self) -> str:
        return "Right" if self.chara.facing == 1 else "Left"

    def get_facing_int(self) -> int:
        return self.chara.facing

    def set_facing(self, facing: int, force: bool = False) -> None:
        """BaseObj.gd: set_facing (anything but +-1 means right; refreshes data once initialized)."""
        if facing != 1 and facing != -1:
            facing = 1
        self.chara.set_facing(facing)
        if self.initialized:
            self.update_data()

    def turn_around(self) -> None:
        self.set_facing(self.get_facing_int() * -1)

    # ------------------------------------------------------------------ body wrappers (BaseObj.gd)
    def set_vel(self, x, y) -> None:
        self.chara.set_vel(str(x), str(y))

    def set_x(self, x: int) -> None:
        self.chara.set_x(x)

    def set_y(self, y: int) -> None:
        self.chara.set_y(y)

    def set_pos(self, x, y) -> None:
        if isinstance(x, int):
            self.chara.set_position(x, y)
            self.hurtbox.update_position(x, y)
            self.collision_box.update_position(x, y)
            return
        self.chara.set_position_str(x, y)

    def set_snap_to_ground(self, snap: bool) -> None:
        self.chara.set_snap_to_ground(snap)

    def apply_force(self, x, y) -> None:
        if isinstance(x, int):
            self.chara.apply_force(x, y)
        else:
            self.chara.apply_force_str(x, y)

    def apply_force_relative(self, x, y) -> None:
        if isinstance(x, int):
            self.chara.apply_force_relative(x, y)
        else:
            self.chara.apply_force_relative_str(x, y)

    def apply_forces(self) -> None:
        self.chara.apply_forces()

    def apply_forces_no_limit(self) -> None:
        self.chara.apply_forces_no_limit()

    def set_gravity_modifier(self, modifier: str) -> None:
        self.chara.set_gravity_modifier(modifier)

    def apply_grav_custom(self, grav: str, fall_speed: str) -> None:
        if self.gravity_enabled:
            self.chara.apply_grav_custom(grav, fall_speed)

    def apply_grav(self) -> None:
        if self.gravity_enabled:
            self.chara.apply_grav()

    def apply_fric(self) -> None:
        self.chara.apply_fric()

    def apply_x_fric(self, fric: str) -> None:
        self.chara.apply_x_fric(fric)

    def apply_y_fric(self, fric: str) -> None:
        self.chara.apply_y_fric(fric)

    def limit_speed(self, limit: str) -> None:
        vel = self.get_vel()
        if fixed.gt(fixed.vec_len(vel["x"], vel["y"]), limit):
            new_vel = fixed.normalized_vec_times(vel["x"], vel["y"], limit)
            self.set_vel(new_vel["x"], new_vel["y"])

    def limit_x_speed(self, limit: str) -> None:
        vel = self.get_vel()
        if fixed.gt(fixed.abs(vel["x"]), limit):
            self.set_vel(fixed.mul(str(fixed.sign(vel["x"])), limit), vel["y"])

    def move_directly(self, x, y) -> None:
        if isinstance(x, int):
            self.chara.move_directly(x, y)
        else:
            self.chara.move_directly_str(x, y)

    def move_directly_relative(self, x, y) -> None:
        if isinstance(x, int):
            self.chara.move_directly_relative(x, y)
        else:
            self.chara.move_directly_relative_str(x, y)

    def reset_momentum(self) -> None:
        self.chara.reset_momentum()

    def is_grounded(self) -> bool:
        return self.chara.grounded

    def set_grounded(self, on: bool) -> None:
        self.chara.set_grounded(on)

    def update_grounded(self) -> None:
        self.chara.update_grounded()

    def add_pushback(self, pushback: str) -> None:
        self.chara.add_pushback(pushback)

    def reset_pushback(self) -> None:
        self.chara.reset_pushback()

    # ------------------------------------------------------------------ invulnerability flags
    def start_throw_invulnerability(self):
        self.throw_invulnerable = True

    def end_throw_invulnerability(self):
        self.throw_invulnerable = False

    def start_projectile_invulnerability(self):
        self.projectile_invulnerable = True

    def end_projectile_invulnerability(self):
        self.projectile_invulnerable = False

    def start_aerial_attack_invulnerability(self):
        self.aerial_attack_immune = True

    def end_aerial_attack_invulnerability(self):
        self.aerial_attack_immune = False

    def start_grounded_attack_invulnerability(self):
        self.grounded_attack_immune = True

    def end_grounded_attack_invulnerability(self):
        self.grounded_attack_immune = False

    def start_invulnerability(self):
        self.invulnerable = True

    def end_invulnerability(self):
        self.invulnerable = False

    def can_be_thrown(self) -> bool:
        return not self.throw_invulnerable

    # ------------------------------------------------------------------ helpers used by scripts
    def xy_to_dir(self, x, y, mul: str = "1.0", div: str = "100.0") -> dict:
        unscaled = fixed.vec_div(str(x), str(y), div)
        return fixed.vec_mul(unscaled["x"], unscaled["y"], mul)

    def obj_local_pos(self, obj) -> dict:
        self.update_data()
        pos = self.get_pos()
        obj.update_data()
        o_pos = obj.get_pos()
        return {"x": o_pos["x"] - pos["x"], "y": o_pos["y"] - pos["y"]}

    def obj_local_center(self, obj) -> dict:
        self.update_data()
        pos = self.get_hurtbox_center()
        obj.update_data()
        o_pos = obj.get_hurtbox_center()
        return {"x": o_pos["x"] - pos["x"], "y": o_pos["y"] - pos["y"]}

    def obj_distance(self, obj) -> str:
        a, b = self.get_pos(), obj.get_pos()
        return fixed.vec_dist(str(a["x"]), str(a["y"]), str(b["x"]), str(b["y"]))

    distance_to = obj_distance

    def get_object_dir(self, obj) -> int:
        direction = int_sign(obj.get_pos()["x"] - self.get_pos()["x"])
        return self.get_facing_int() if direction == 0 else direction

    def get_object_dir_vec(self, obj) -> dict:
        a, b = self.get_pos(), obj.get_pos()
        return fixed.normalized_vec(str(b["x"] - a["x"]), str(b["y"] - a["y"]))

    def get_hitbox_x_dir(self, hitbox) -> str:
        x = fixed.mul(hitbox.dir_x, "-1" if hitbox.facing == "Left" else "1")
        if hitbox.reversible:
            direction = int_sign(hitbox.pos_x - self.get_pos()["x"])
            modifier = "1"
            if direction == -1 and hitbox.facing == "Left":
                modifier = "-1"
            if direction == 1 and hitbox.facing == "Right":
                modifier = "-1"
            x = fixed.mul(x, modifier)
        return x

    def get_knockback_force(self, hitbox) -> dict:
        return fixed.normalized_vec_times(fixed.mul(hitbox.dir_x, str(hitbox.facing_int)), hitbox.dir_y,
                                          hitbox.knockback)

    def get_current_sprite_frame(self):
        return self.sprite.current_texture()

    # ------------------------------------------------------------------ spawning
    def spawn_object(self, scene: str, pos_x: int, pos_y: int, relative: bool = True, data=None, local: bool = True):
        """BaseObj.gd: spawn_object.  The object is named and seeded by the match (signal object_spawned)."""
        obj = self.match.instance_object(scene)
        obj.creator_name = self.obj_name
        obj.obj_name = str(len(self.match.objs_map) + 1)
        obj.spawn_data = data
        obj.stage_width = self.stage_width
        pos = self.get_pos()
        if local:
            obj.set_pos(pos["x"] + pos_x * (self.get_facing_int() if relative else 1), pos["y"] + pos_y)
        else:
            obj.set_pos(pos_x, pos_y)
        obj.set_facing(self.get_facing_int())
        obj.id = self.id
        obj.obj_name = str(len(self.match.objs_map) + 1)
        self.match.on_object_spawned(obj)  # signal object_spawned
        return obj

    # ------------------------------------------------------------------ ticking
    def tick(self) -> None:
        """BaseObj.gd: tick (projectiles; fighters override it)."""
        if self.current_tick <= 0:
            self.update_data()
        if self.hitlag_ticks > 0:
            self.hitlag_ticks -= 1
        else:
            self.normal_tick()
        self.can_update_sprite = True
        self.update_collision_boxes()
        self.update_data()

    def normal_tick(self) -> None:
        self.state_tick()
        self.update_data()
        self.current_tick += 1
        self.game_tick += 1
        self.update_grounded()

    def state_tick(self) -> None:
        """BaseObj.gd: state_tick.  A finished state's fallback gets its first frame in the same tick."""
        machine = self.state_machine
        once = True
        while once or machine.state.current_tick < 0:
            once = False
            machine.tick()
            state = machine.state
            if not state.endless and state.current_tick >= state.anim_length and machine.queued_states == []:
                machine.queue_state(state.fallback_state)
                machine.tick()

    def on_hit_ceiling(self) -> None:
        pass

    def get_active_hitboxes(self) -> list:
        """Enabled hitboxes of the current state, stably sorted by priority."""
        state = self.state_machine.state
        if state is None:
            return []
        hitboxes = [h for h in state.get_active_hitboxes() if h.enabled]
        hitboxes.sort(key=lambda h: h.priority)
        return hitboxes

    def deactivate_current_hitbox(self) -> None:
        for hitbox in self.get_active_hitboxes():
            if hitbox.active and hitbox.enabled and not hitbox.looping:
                hitbox.deactivate()

    def deactivate_hitboxes(self) -> None:
        self.current_state().terminate_hitboxes()

    def detect(self, obj) -> None:
        self.current_state().detect(obj)

    def hit_by(self, hitbox) -> None:
        self.emit_got_hit()

    def emit_got_hit(self) -> None:
        """Signal ``got_hit`` (no listeners on a plain object)."""

    def connect_signal(self, signal: str, target, method: str) -> None:
        """Godot's ``connect(signal, target, method)`` for a connection made during the match.

        The connections every object makes to itself at ``_ready`` are explicit calls at
        the emitting site and come first; these run after them, in connection order.
        """
        self.signal_connections.setdefault(signal, []).append((target, method))

    def emit_signal(self, signal: str) -> None:
        """Call the run-time connections of ``signal`` (``connect_signal``), in connection order."""
        for target, method in self.signal_connections.get(signal, ()):
            getattr(target, method)()

    def on_got_parried(self) -> None:
        self.hitlag_ticks += self.current_state().extra_parry_hitlag
        self.current_state().on_got_perfect_parried()

    def on_got_blocked(self) -> None:
        self.current_state().on_got_blocked()

    def on_got_parried_by(self, who) -> None:
        self.current_state().on_got_perfect_parried_by(who)
        for hitbox in self.get_active_hitboxes():
            hitbox.add_hit_object(who.obj_name)

    def on_got_blocked_by(self, who) -> None:
        self.current_state().on_got_blocked_by(who)
        for hitbox in self.get_active_hitboxes():
            hitbox.add_hit_object(who.obj_name)

    def on_got_push_blocked(self) -> None:
        pass

    # ------------------------------------------------------------------ randomness (BaseObj.gd)
    def hash_rng(self) -> None:
        fighter, opponent = self.get_fighter(), self.get_opponent()
        input_hash = godot_hash(fighter.get_state_hash()) + godot_hash(opponent.get_state_hash())
        self.logic_rng.seed = godot_hash(wrap64(self.logic_rng.state + input_hash))

    def hash_static_rng(self) -> None:
        input_hash = godot_hash(self.game_tick)
        self.logic_rng_static.seed = godot_hash(wrap64(self.logic_rng_static.state + input_hash))

    def randi_(self) -> int:
        self.hash_rng()
        return self.logic_rng.randi()

    def randi_range(self, a: int, b: int) -> int:
        self.hash_rng()
        return self.logic_rng.randi_range(a, b)

    def randi_percent(self, n: int) -> bool:
        self.hash_rng()
        return self.logic_rng.randi_range(0, 99) < n

    def randi_choice(self, choices: list):
        self.hash_rng()
        return self.logic_rng.choose(choices)

    def randi_weighted_choice(self, choices: list, weights: list):
        self.hash_rng()
        return choices[self.logic_rng.weighted_choice(choices, weights)]

    def randi_range_static(self, a: int, b: int) -> int:
        self.hash_static_rng()
        return self.logic_rng_static.randi_range(a, b)

    # ------------------------------------------------------------------ the trace view
    TRACE_EXTRA_FIELDS = ("hp", "active", "locked", "lifetime")

    def extra_trace_fields(self) -> dict:
        """An object's ``hp``/``active``/``locked``/``lifetime`` in a trace, when it has them as int/bool/str."""
        extra = {}
        for name in self.TRACE_EXTRA_FIELDS:
            value = getattr(self, name, None)
            if type(value) in (int, bool, str):
                extra[name] = value
        return extra

    def trace_fields(self) -> dict:
        """Fields every object has in a trace line (``tests/data/parity/README.md``)."""
        chara = self.chara
        state = self.current_state()  # None until init(): an object spawned during the hits of this tick
        return {
            "state": state.state_name if state is not None else None,
            "st": state.current_tick if state is not None else None,
            "px": fx.round_to_int(chara.pos_x_raw), "py": fx.round_to_int(chara.pos_y_raw),
            "x": fx.to_str(chara.pos_x_raw), "y": fx.to_str(chara.pos_y_raw),
            "vx": fx.to_str(chara.vel_x_raw), "vy": fx.to_str(chara.vel_y_raw),
            "facing": chara.facing,
        }


def _box(entry) -> CollisionBox:
    if entry is None:
        return CollisionBox()
    p = entry["props"]
    return CollisionBox(p.get("x", 0), p.get("y", 0), p.get("width", 20), p.get("height", 20))
