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

from states.char_state import BUSY_HURT

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
