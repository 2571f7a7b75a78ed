/* The finite state machine every object runs. Mirrors states/machine.py
 * (StateMachine.gd): a one-slot queue, change order exit_shared/exit/state_exited
 * then enter_shared/enter (either may return a state to change to at once),
 * state_changed last. Only the top two entries of the 32-deep history are kept:
 * nothing reads further down (previous_state() is stack[-2]). */
#include <string.h>

#include "machine.h"
#include "data.h"
#include "match.h"
#include "obj.h"
#include "state.h"

void machine_init(ymatch *m, yobj *o, const ydata *data) {
    if (o->sm.initialized) return;
    const ytable *t = o->is_fighter ? &yomi_fighter_tables[o->table] : &yomi_object_tables[o->table];
    int first = 0;
    if (t->starting_state != SYM_NONE) {
        first = obj_state_index(m, o, t->starting_state);
        if (first < 0) return;
    }
    machine_change_state_index(m, o, first, data, true, true);
    o->sm.initialized = true;
}

void machine_queue_state(ymatch *m, yobj *o, int sym, const ydata *data, ystate *old_state) {
    (void)m;
    if (!old_state) old_state = obj_state(o);
    if (old_state->active) {
        o->sm.queued = 1;
        o->sm.queued_sym = (uint16_t)sym;
        if (data) ydata_copy(&o->sm.queued_data, data);
        else ydata_none(&o->sm.queued_data);
    }
}

void machine_tick(ymatch *m, yobj *o) {
    if (o->sm.queued >= 0) {
        ydata data = o->sm.queued_data;
        int sym = o->sm.queued_sym;
        o->sm.queued = -1;
        machine_change_state(m, o, sym, &data, true, true);
        if (!YOK(m)) return;
    }
    /* each step reads the current state anew (a state that changes state during its frame
     * hands the rest of the tick to the state it entered) */
    ystate *cur = obj_state(o);
    st_vt(cur)->tick_before(m, o, cur);
    if (!YOK(m)) return;
    cur = obj_state(o);
    int next = st_vt(cur)->tick_shared(m, o, cur);
    if (!YOK(m)) return;
    cur = obj_state(o);
    if (next == SYM_NONE) next = st_vt(cur)->tick(m, o, cur);
    if (!YOK(m)) return;
    cur = obj_state(o);
    if (next == SYM_NONE) next = st_vt(cur)->tick_after(m, o, cur);
    if (!YOK(m)) return;
    if (next != SYM_NONE) machine_queue_state(m, o, next, NULL, NULL);
}

static void change_index(ymatch *m, yobj *o, int index, const ydata *data, bool enter, bool exit, int depth);

static void change_sym(ymatch *m, yobj *o, int sym, const ydata *data, bool enter, bool exit, int depth) {
    int index = obj_state_index(m, o, sym);
    if (index < 0) return;
    change_index(m, o, index, data, enter, exit, depth);
}

void machine_change_state(ymatch *m, yobj *o, int sym, const ydata *data, bool enter, bool exit) {
    change_sym(m, o, sym, data, enter, exit, 0);
}

void machine_change_state_index(ymatch *m, yobj *o, int index, const ydata *data, bool enter, bool exit) {
    change_index(m, o, index, data, enter, exit, 0);
}

static void change_index(ymatch *m, yobj *o, int index, const ydata *data, bool enter, bool exit, int depth) {
    ydata copy;
    if (data) ydata_copy(&copy, data);
    else ydata_none(&copy);
    ystate *states = obj_states(o);
    ystate *next = &states[index];
    o->sm.queued = -1;
    ystate *old = obj_state(o);
    if (old) {
        if (exit) {
            const state_vt *vt = st_vt(old);
            vt->exit_shared(m, o, old);
            if (!YOK(m)) return;
            vt->exit(m, o, old);
            if (!YOK(m)) return;
            obj_on_state_exited(m, o, old); /* signal state_exited */
            if (!YOK(m)) return;
        }
        old->active = 0;
        o->sm.prev = o->sm.state;
        o->data_prev = o->data_cur;
    }
    o->sm.state = (int16_t)index;
    next->active = 1;
    o->data_cur = copy;
    if (enter) {
        if (depth > 64) {
            yerr(m, YE_INTERNAL, "enter hooks keep changing states");
            return;
        }
        const state_vt *vt = st_vt(next);
        int new_state = vt->enter_shared(m, o, next);
        if (!YOK(m)) return;
        if (new_state != SYM_NONE) {
            change_sym(m, o, new_state, NULL, true, true, depth + 1);
            return;
        }
        new_state = vt->enter(m, o, next);
        if (!YOK(m)) return;
        if (new_state != SYM_NONE) {
            change_sym(m, o, new_state, NULL, true, true, depth + 1);
            return;
        }
    }
    obj_on_state_changed(m, o); /* signal state_changed */
}
