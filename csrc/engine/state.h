/* state.c <- states/state.py: StateInterface and ObjectState, the base of every state. */
#ifndef YOMI_STATE_H
#define YOMI_STATE_H

#include "ytypes.h"
#include "obj.h"

static inline void *st_vars(yobj *host, ystate *st) { return obj_arena(host) + st->vars_off; }
#define ST_VARS(type, host, st) ((type *)st_vars((host), (st)))
static inline const state_vt *st_vt(const ystate *st) { return st->st->vt; }
static inline bool st_is(const ystate *st, uint32_t trait) { return (st->st->vt->traits & trait) != 0; }
static inline int st_name(const ystate *st) { return st->st->name; }
/* isinstance(state, cls): the state's class is cls or a subclass of it */
static inline bool state_is_a(const ystate *st, const state_class *cls) {
    for (const state_vt *vt = st_vt(st); vt; vt = vt->parent)
        if (vt->cls == cls) return true;
    return false;
}
#define NODE(st) ((st)->st->node)
static inline ydata *st_data(yobj *host, ystate *st) { return obj_state_data(host, st); }
void state_queue_change(ymatch *m, yobj *host, ystate *st, int sym, const ydata *data); /* the class's, or the base */
/* StateInterface.queue_state_change, the base one (an override calls it for super()) */
void state_base_queue_change(ymatch *m, yobj *host, ystate *st, int sym, const ydata *data);
/* state_queue_change with an int as the data */
void state_queue_change_int(ymatch *m, yobj *host, ystate *st, int sym, int32_t value);
/* ObjectState.tick_shared */
int state_tick_shared(ymatch *m, yobj *host, ystate *st);
/* ObjectState.enter_shared */
int state_enter_shared(ymatch *m, yobj *host, ystate *st);
/* ObjectState.exit_shared */
void state_exit_shared(ymatch *m, yobj *host, ystate *st);
/* ObjectState.apply_physics_flags */
void state_apply_physics_flags(ymatch *m, yobj *host, ystate *st);
/* ObjectState.process_hitboxes */
void state_process_hitboxes(ymatch *m, yobj *host, ystate *st);
/* ObjectState.process_hurtboxes */
void state_process_hurtboxes(ymatch *m, yobj *host, ystate *st);
/* ObjectState.activate_hitbox */
void state_activate_hitbox(ymatch *m, yobj *host, ystate *st, yhitbox *h);
/* ObjectState.terminate_hitboxes */
void state_terminate_hitboxes(ymatch *m, yobj *host, ystate *st);
/* ObjectState.update_sprite_frame */
void state_update_sprite_frame(ymatch *m, yobj *host, ystate *st);
/* ObjectState.setup_hurtboxes */
void state_setup_hurtboxes(yobj *host, ystate *st);
/* ObjectState.get_active_hitboxes into out: their count */
int state_active_hitboxes(yobj *host, ystate *st, yhitbox **out);
/* ObjectState.is_hurtbox_active */
bool state_is_hurtbox_active(const ystate *st, const ylimb *l);
yhitbox *state_hitbox_child(yobj *host, ystate *st, int name_sym);   /* get_child for hitboxes */
/* get_child for the state's HurtboxState children, NULL when none has that name */
yhurtstate *state_hurtstate_child(yobj *host, ystate *st, int name_sym);
const ynode *state_box_child(ystate *st, int name_sym);              /* a plain CollisionBox child */
/* ObjectState.on_hitbox_hit_something */
void state_on_hitbox_hit_something(ymatch *m, yobj *host, ystate *st, yobj *victim, yhitbox *hb);
/* ObjectState.on_hitbox_got_parried */
void state_on_hitbox_got_parried(ymatch *m, yobj *host, ystate *st);
/* calls the frame_N / frame_N_shared methods of the state's class for that tick; a state name to change to */
int state_frame_methods(ymatch *m, yobj *host, ystate *st, int tick);
void state_apply_enter_force(ymatch *m, yobj *host, ystate *st);        /* ObjectState.apply_enter_force */
void state_spawn_exported_projectile(ymatch *m, yobj *host, ystate *st); /* ObjectState.spawn_exported_projectile */
/* ObjectState.on_hit_something */
void object_state_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *victim, yhitbox *hb);
extern const state_class object_state_class; /* ObjectState */

#endif
