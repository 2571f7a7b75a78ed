"""The decision context a mask rule reads: the fighter's (and opponent's) trace view at the
decision, with the game's turn gate applied (:func:`decision_view`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Optional


from integration.env.action.constants import MAX_SUPER_METER
from integration.env.action.widgets import DIR8_INDEX

if TYPE_CHECKING:
    from integration.env.action.panels import CharSpec


def has_host_command(state: dict, cmd: str) -> bool:
    for c in state["children"]:
        if c["kind"] == "HostCommand" and c["props"].get("command") == cmd:
            return True
    hc = state["props"].get("host_commands") or {}
    return cmd in list(hc.values())


class Ctx:
    """Everything the rules and decode need, derived once per decision."""

    def __init__(self, spec: CharSpec, fv: dict, ov: Optional[dict], objects: Optional[Iterable[dict]]):
        self.spec = spec
        self.fv = fv
        self.res = fv.get("res") or {}
        self.facing = 1 if int(fv.get("facing", 1)) >= 0 else -1
        self.grounded = bool(fv.get("grounded", True))
        self.combo = int(fv.get("combo", 0) or 0)
        self.busy = bool(fv.get("busy", False))
        self.supers = int(fv.get("supers", 0) or 0)
        self.meter_total = MAX_SUPER_METER * self.supers + int(fv.get("super_meter", 0) or 0)
        self.feints = int(fv.get("feints", 0) or 0)
        self.air_moves = int(fv.get("air_moves", 0) or 0)
        self.state = fv.get("state") or ""
        self.stance = fv.get("stance") or "Normal"
        self.air_option_bar = int(fv.get("air_option_bar", 0) or 0)
        if "disable_aerial_movement" in fv:
            self.dam = bool(fv["disable_aerial_movement"])
        else:
            # NewParry.gd: the exported flag (ParryHigh/AfterWhiff/Auto/Low) is cleared by a perfect parry
            self.dam = self.state in spec.dam_states
        self.in_blockstring = bool(fv.get("in_blockstring", False))
        self.cur_parry = self.state in spec.parry_states
        self.knockdown = "Knockdown" in self.state
        cs = spec.states.get(self.state)
        self.cur_type = int(cs["props"].get("type", 0)) if cs else -1
        self.cur_drive_cmd = bool(cs and has_host_command(cs, "try_drive_cancel"))
        if ov is not None:
            d = int(ov.get("px", 0)) - int(fv.get("px", 0))
            self.opp_dir = (d > 0) - (d < 0)
            self.opp_combo = int(ov.get("combo", 0) or 0)
        else:
            self.opp_dir = self.facing
            self.opp_combo = 0
        self.objects = None if objects is None else {str(o.get("name")): o for o in objects}

    def obj(self, res_key: str) -> Optional[dict]:
        """The object named by res[res_key], or {} when it exists but the object list is unknown."""
        name = self.res.get(res_key)
        if name is None:
            return None
        if self.objects is None:
            return {}
        return self.objects.get(str(name))

    def data_facing(self, reverse: bool) -> int:
        """Facing of move data widgets: ActionButtons.gd show_button_data_node / _send_ui_action
        set it to the opponent direction, flipped by reverse: -1, +1, or 0 when both fighters
        share an x position (8Way treats 0 as -1 (8Way.gd dir_to_facing); XYPlot keeps 0)."""
        return self.opp_dir * (-1 if reverse else 1)

    def boost_facing(self) -> int:
        """NinjaExtra.gd show_options: boost_dir.set_facing(fighter.get_opponent_dir())."""
        return self.opp_dir


BUSY_MOVES = frozenset({"Continue", "WhiffInstantCancel", "Burst", "CounterAttackHi", "CounterAttackLow",
                        "CounterAttackGrab"})


def decision_view(fighter_view: dict, legal_moves: Iterable[str]) -> dict:
    """A trace ``tick`` fighter dict adjusted to decision time.

    The trace records ``busy`` (``busy_interrupt``) at the end of the tick, before the game's turn
    gate (game.gd process_tick) marks the non-interruptable fighter busy.  A fighter that is not
    interruptable and is offered only busy options (Continue, Whiff Cancel, Burst, Brace) is busy
    at decision time.  The engine's own decision-time dict does not need this."""
    legal = set(legal_moves)
    if fighter_view.get("busy") or fighter_view.get("interruptable", True) or not legal <= BUSY_MOVES:
        return fighter_view
    v = dict(fighter_view)
    v["busy"] = True
    return v


def _dir8_rel(v: Optional[dict], facing: int) -> Optional[int]:
    if v is None:
        return None
    x, y = int(v["x"]), int(v["y"])
    return DIR8_INDEX.get((x * facing, y))
