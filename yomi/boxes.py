"""Integer axis-aligned boxes: collision boxes, hurtboxes, and the geometry under hitboxes.

Port of ``addons/collision_box/CollisionBox.gd`` (the only simulation file of the
addons folder).  A box is a centre offset ``(x, y)`` from its owner's position and
*half*-extents ``width``/``height``; edges are inclusive.  The x offset is mirrored
when the box faces left, the y offset never is.  ``pos_x``/``pos_y`` are the owner's
position as last pushed in with :meth:`update_position` (the game refreshes it at
specific points, so it may be stale: keep every call site).
"""
from __future__ import annotations

from yomi.gd import idiv, int_max, int_min


class CollisionBox:
    """A box attached to an object.  Plain data: offsets, half-extents, last position, facing."""

    IS_SWEPT = False
    owner_is_hitbox = False  # hit detection treats a hitbox used as a "hurtbox" (clashes) specially

    def __init__(self, x: int = 0, y: int = 0, width: int = 20, height: int = 20):
        self.owner = None  # the object whose box this is
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.pos_x = 0
        self.pos_y = 0
        self.facing = "Right"

    # CollisionBox.gd: update_position
    def update_position(self, x: int, y: int) -> None:
        self.pos_x = x
        self.pos_y = y

    def x_facing(self) -> int:
        return self.x if self.facing == "Right" else -self.x

    def get_absolute_position(self) -> dict:
        return {"x": self.pos_x + self.x_facing(), "y": self.pos_y + self.y}

    def get_aabb(self) -> tuple[int, int, int, int]:
        """(x1, x2, y1, y2), inclusive."""
        x = self.x_facing()
        return (x - self.width + self.pos_x, x + self.width + self.pos_x,
                self.y - self.height + self.pos_y, self.y + self.height + self.pos_y)

    def copy_to(self, box: "CollisionBox") -> None:
        box.x, box.y, box.width, box.height = self.x, self.y, self.width, self.height

    def get_overlap(self, box: "CollisionBox") -> tuple[int, int, int, int]:
        a, b = self.get_aabb(), box.get_aabb()
        return int_max(a[0], b[0]), int_min(a[1], b[1]), int_max(a[2], b[2]), int_min(a[3], b[3])

    def get_center(self) -> dict:
        x1, x2, y1, y2 = self.get_aabb()
        return {"x": idiv(x1 + x2, 2), "y": idiv(y1 + y2, 2)}

    def overlaps(self, box: "CollisionBox") -> bool:
        """CollisionBox.gd: overlaps.  A zero-sized box never overlaps; swept boxes use their own test."""
        if self.width == 0 and self.height == 0:
            return False
        if box.width == 0 and box.height == 0:
            return False
        if self.IS_SWEPT or box.IS_SWEPT:
            return False
        a1, a2, a3, a4 = self.get_aabb()
        b1, b2, b3, b4 = box.get_aabb()
        return not (a1 > b2 or a2 < b1 or a3 > b4 or a4 < b3)


class HurtboxState(CollisionBox):
    """Port of ``HurtboxState.gd``: a timed replacement of the owner's main hurtbox inside a state."""

    def __init__(self, x=0, y=0, width=20, height=20, start_tick=1, active_ticks=1, endless=False):
        super().__init__(x, y, width, height)
        self.start_tick = start_tick
        self.active_ticks = active_ticks
        self.endless = endless
        self.started = False
        self.ended = False
        self.current_tick = 0
        self.prev_state = None

    def start(self, host) -> None:
        self.started = True
        self.ended = False
        hb = host.hurtbox
        self.prev_state = (hb.width, hb.height, hb.x, hb.y)
        hb.width, hb.height, hb.x, hb.y = self.width, self.height, self.x, self.y
        self.current_tick = 0

    def tick(self, host) -> None:
        self.current_tick += 1
        if self.current_tick > self.active_ticks and not self.endless:
            self.ended = True
            self.end(host)

    def end(self, host) -> None:
        if not self.started:
            return
        self.started = False
        self.ended = False
        if self.prev_state is not None:
            hb = host.hurtbox
            hb.width, hb.height, hb.x, hb.y = self.prev_state
            self.prev_state = None


class LimbHurtbox(CollisionBox):
    """Port of ``LimbHurtbox.gd``: an extra hurtbox a state switches on for a window of frames."""

    def __init__(self, x=0, y=0, width=20, height=20, start_tick=0, active_ticks=0, endless=False):
        super().__init__(x, y, width, height)
        self.start_tick = start_tick
        self.active_ticks = active_ticks
        self.endless = endless
        self.active = False
