"""The finite state machine every object runs.

Port of ``framework/FiniteStateMachine/StateMachine.gd``.  The machine owns the
object's states (one long-lived instance per state node, in scene order), the
current state, a history stack (32 deep) and a one-slot queue of the next state.

Order of a change (``_change_state``): the queue is cleared; the old state runs
``exit_shared`` then ``exit`` and the ``state_exited`` signal fires (the host then
deactivates *all* its hitboxes); the new state becomes current, is pushed on the
stack, receives its data, runs ``enter_shared`` then ``enter`` (either may return a
state name, which changes state again at once); finally ``state_changed`` fires.
"""
from __future__ import annotations

STACK_SIZE = 32


class StateMachine:
    def __init__(self, host, states: list, starting_state: str = ""):
        self.host = host
        self.states_map: dict = {}
        for state in states:
            self.states_map[state.name] = state
        self.states_stack: list = []
        self.state = None
        self.queued_states: list = []
        self.queued_data: list = []
        self.starting_state = starting_state
        self.initialized = False

    # StateMachine.gd: init
    def init(self, st: str = "", data=None) -> None:
        if self.initialized:
            return
        if self.starting_state:
            st = self.starting_state
        for state in self.states_map.values():
            state.host = self.host
            state.init()
        first = st if st else next(iter(self.states_map))
        self.change_state(first, data)
        self.initialized = True

    def get_state(self, state_name):
        return self.states_map.get(state_name)

    def queue_state(self, new_state: str, data=None, old_state=None) -> None:
        """Queue the next state; ignored when the state asking is no longer active.

        ``old_state`` defaults to the current state (GDScript evaluates the default at
        call time), which is always active, so only queue requests that name their
        emitter (``queue_change_with_data``) can be dropped.
        """
        if old_state is None:
            old_state = self.state
        if old_state.active:
            self.queued_states = [new_state]
            self.queued_data = [data]

    # StateMachine.gd: tick
    def tick(self) -> None:
        if self.queued_states:
            state = self.queued_states.pop(0)
            data = self.queued_data.pop(0)
            self.change_state(state, data)
        # Each step reads the current state anew, as the original does: a state that changes
        # state during its frame (a host command calling change_state...) hands the rest of
        # the tick (``tick``, ``tick_after``) to the state it entered.
        self.state.tick_before()
        next_state = self.state.tick_shared()
        if next_state is None:
            next_state = self.state.tick()
        if next_state is None:
            next_state = self.state.tick_after()
        if next_state:
            self.queue_state(next_state)

    def change_state(self, state_name: str, data=None, enter: bool = True, exit: bool = True) -> None:
        """StateMachine.gd: _change_state."""
        if state_name not in self.states_map:
            raise KeyError(f"{self.host.obj_name}: no state named {state_name!r}")
        next_state = self.states_map[state_name]
        self.queued_states = []
        self.queued_data = []
        old = self.state
        if old is not None:
            if exit:
                old.exit_shared()
                old.exit()
                self.host.on_state_exited(old)  # signal state_exited
            old.active = False
        self.state = next_state
        self.states_stack.append(next_state)
        if len(self.states_stack) > STACK_SIZE:
            self.states_stack.pop(0)
        next_state.active = True
        next_state.data = data
        if enter:
            new_state = next_state.enter_shared()
            if new_state:
                self.change_state(new_state)
                return
            new_state = next_state.enter()
            if new_state:
                self.change_state(new_state)
                return
        self.host.on_state_changed(self.states_stack)  # signal state_changed
