"""Which moves a fighter may choose at a decision: the game's action menu filter.

Port of ``ui/ActionSelector/ActionButtons.gd: update_buttons`` (with the candidate
buttons of ``ActionButtons.init``) and, through the states, ``CharacterState.is_usable*``.

A move is offered when it has a menu button (``show_in_menu``, reachable from some
category in ``action_cancels``), one of the categories it can be entered from is among
the categories the current state cancels into (its ``interrupt_into``, or
``hit_cancel_into`` while hit-cancellable, or ``busy_interrupt_into`` while busy), it is
usable (resources, air type vs grounded, requirements), allowed in the current stance,
not the current state unless self-cancelling is allowed, and not excluded by the
current state's exception lists.  ``Continue`` (hold) is always offered.

The menu is read right after the turn starts (``Match.start_turn``), when both fighters
are interruptable and the busy flags are set.
"""
from __future__ import annotations

from fighter.fighter import BUSY_HURT

CONTINUE = "Continue"


def menu_states(fighter) -> list:
    """The states that have a button in the fighter's action menu, in the menu's order."""
    states = []
    for bucket in fighter.action_cancels.values():
        for state in bucket:
            if state.show_in_menu and state not in states:
                states.append(state)
    return states


def cancel_categories(fighter, force_grounded: bool = False, force_aerial: bool = False) -> list[str]:
    """The categories the current state may be cancelled into right now."""
    state = fighter.current_state()
    if not fighter.busy_interrupt:
        cancel_into = list(state.hit_cancel_into if fighter.state_hit_cancellable else state.interrupt_into)
        if fighter.turbo_mode and fighter.opponent.current_state().state_name != "Grabbed":
            cancel_into.append("Grounded" if fighter.is_grounded() else "Aerial")
        if (fighter.feinting and fighter.should_free_cancel_allow_grounded_and_aerial_states()
                and fighter.opponent.current_state().busy_interrupt_type != BUSY_HURT):
            cancel_into += ["Grounded", "Aerial"]
    else:
        cancel_into = list(state.busy_interrupt_into)
    # update_cancel_category_air_type: the Cowboy's input_grounded / input_aerial extras
    for i, category in enumerate(cancel_into):
        if force_grounded:
            category = category.replace("Aerial", "Grounded")
        if force_aerial:
            category = category.replace("Grounded", "Aerial")
        cancel_into[i] = category
    return cancel_into


def is_offered(fighter, candidate, cancel_into: list[str], force_aerial=False, force_grounded=False) -> bool:
    """One button of update_buttons: may ``candidate`` be chosen from the current state?"""
    state = fighter.current_state()
    reachable = any(candidate in fighter.action_cancels.get(category, ()) for category in cancel_into)
    if not reachable:
        return False
    if not (candidate.is_usable_with_grounded_check(force_aerial, force_grounded) and candidate.allowed_in_stance()):
        return False
    turbo = fighter.turbo_mode
    hit_cancellable = fighter.state_hit_cancellable
    if candidate.state_name == state.state_name:
        if hit_cancellable and not state.self_hit_cancellable and not turbo:
            return False
        if not hit_cancellable and not state.self_interruptable and not turbo:
            return False
    if hit_cancellable and candidate.state_name in state.hit_cancel_exceptions:
        return False
    elif fighter.state_interruptable and candidate.state_name in state.interrupt_exceptions:
        return False
    if hit_cancellable and any(c in candidate.interrupt_from for c in state.hit_cancel_exceptions):
        return False
    if fighter.state_interruptable and any(c in candidate.interrupt_from for c in state.interrupt_exceptions):
        return False
    return True


def legal_actions(fighter, force_grounded: bool = False, force_aerial: bool = False) -> list[str]:
    """The sorted names the action menu offers, ``Continue`` included (the traces' ``legal``)."""
    candidates = menu_states(fighter)
    if fighter.extremely_turbo_mode and not fighter.busy_interrupt:
        names = [s.state_name for s in candidates]
    else:
        cancel_into = cancel_categories(fighter, force_grounded, force_aerial)
        names = [s.state_name for s in candidates
                 if is_offered(fighter, s, cancel_into, force_aerial, force_grounded)]
    return sorted(set(names) | {CONTINUE})


# ---------------------------------------------------------------------------------------- input checks
#
# What the game's panel can produce (``ActionButtons.get_extra`` and the characters'
# ``*Extra.gd: get_extra``, the move-data widgets of ``ui/``).  A submitted action is
# checked against these shapes before it reaches the fighter, so malformed input is
# refused with a clear message instead of failing deep inside a state script.

class InvalidAction(ValueError):
    """An action, its data or its extra is not something the game's panel could send."""


_COMMON_EXTRA = {"DI": "dir", "reverse": "bool", "feint": "bool", "prediction": "int"}
CHARACTER_EXTRAS = {
    "Ninja": {"explode": "bool", "pull": "bool", "detach": "bool", "release": "bool", "release_dir": "dir",
              "store": "bool"},
    "Cowboy": {"gun_cancel": "bool", "detonate": "bool", "shift": "bool", "drift": "bool", "hindsight": "bool",
               "input_aerial": "bool", "input_grounded": "bool"},
    "Wizard": {"hover": "bool", "fast_fall": "bool", "detonate": "bool", "orb_push": "dir", "lock_orb": "bool",
               "launch": "bool", "launch_dir": "dir"},
    "Robot": {"fly_dir": "dir", "fly_enabled": "bool", "armor_enabled": "bool", "nade_activated": "bool",
              "pull_enabled": "bool", "loic_dir": "dir", "drive_cancel": "bool", "bounce": "dir", "force_fly": "bool"},
    "Mutant": {"spike_enabled": "bool", "juke_dir": "dir"},
}

# Widget kind -> the value it gives (the game's ui/ActionSelector widgets at 4450348).
_WIDGET_SHAPES = {"XYPlot": "xy", "8Way": "8way", "BlockHeight": "xy", "HorizSlider": "slider",
                  "CountOption": "count", "CheckButton": "bool"}
_GENERIC_DATA_SCRIPTS = ("ui/ActionSelector/ActionUIData/ActionUIData.gd",
                         "ui/ActionSelector/ActionUIData/ParryActionUIData.gd")


def _is_int(value) -> bool:
    return type(value) is int


def _json_like(value) -> bool:
    if value is None or type(value) in (bool, int, float, str):
        return True
    if isinstance(value, list):
        return all(_json_like(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _json_like(v) for k, v in value.items())
    return False


def _check_shape(shape: str, value, where: str) -> None:
    if shape == "bool":
        ok = type(value) is bool
        expected = "a bool"
    elif shape == "int":
        ok = _is_int(value)
        expected = "an int"
    elif shape in ("xy", "dir"):
        ok = (isinstance(value, dict) and set(value) == {"x", "y"} and _is_int(value["x"]) and _is_int(value["y"]))
        if shape == "dir" and value is None:
            ok = True
        expected = "{x: int, y: int}" + (" or null" if shape == "dir" else "")
    elif shape == "8way":
        ok = (isinstance(value, dict) and set(value) == {"x", "y"} and value["x"] in (-1, 0, 1)
              and value["y"] in (-1, 0, 1) and _is_int(value["x"]) and _is_int(value["y"]))
        expected = "{x, y} with each in -1, 0, 1"
    elif shape == "slider":
        ok = isinstance(value, dict) and set(value) == {"x"} and _is_int(value["x"])
        expected = "{x: int}"
    elif shape == "count":
        ok = isinstance(value, dict) and set(value) == {"count"} and _is_int(value["count"])
        expected = "{count: int}"
    else:
        ok = _json_like(value)
        expected = "JSON data"
    if not ok:
        raise InvalidAction(f"{where} must be {expected}, got {value!r}")


def _ui_scene(state):
    from states.data import load_ui  # the tables' loader: below the engine (states/__init__ imports nothing)
    scene = state.data_ui_scene
    return load_ui()["scenes"].get(scene) if scene else None


def validate_data(state, data) -> None:
    """Raise InvalidAction unless ``data`` has the shape the move's data panel produces."""
    where = f"data of {state.state_name}"
    if not state.data_ui_scene:
        if data is not None:
            raise InvalidAction(f"{state.state_name} takes no data (got {data!r})")
        return
    scene = _ui_scene(state)
    widgets = scene["widgets"] if scene else []
    names = [w["name"] for w in widgets]
    generic = scene is not None and scene["root"].get("script") in _GENERIC_DATA_SCRIPTS
    if not generic or not widgets or len(set(names)) != len(names):
        _check_shape("json", data, where)  # a custom panel: any JSON value
        return
    if len(widgets) == 1:
        _check_shape(_WIDGET_SHAPES.get(widgets[0]["kind"], "json"), data, where)
        return
    if not isinstance(data, dict) or set(data) != set(names):
        raise InvalidAction(f"{where} must be a dict with keys {sorted(names)}, got {data!r}")
    for widget in widgets:
        _check_shape(_WIDGET_SHAPES.get(widget["kind"], "json"), data[widget["name"]], f"{where}[{widget['name']!r}]")


def validate_extra(character: str, extra) -> None:
    """Raise InvalidAction unless ``extra`` only holds the panel's keys with their types."""
    if extra is None:
        return
    if not isinstance(extra, dict):
        raise InvalidAction(f"extra must be a dict or null, got {extra!r}")
    allowed = dict(_COMMON_EXTRA)
    allowed.update(CHARACTER_EXTRAS.get(character, {}))
    for key, value in extra.items():
        if key not in allowed:
            raise InvalidAction(f"unknown extra {key!r} for {character} (known: {', '.join(sorted(allowed))})")
        _check_shape(allowed[key], value, f"extra[{key!r}]")
