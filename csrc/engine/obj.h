/* obj.c <- yomi/obj.py: BaseObj, what fighters and objects share (physics, states, hitboxes,
 * signals, RNG). */
#ifndef YOMI_OBJ_H
#define YOMI_OBJ_H

#include "ytypes.h"

/* The states sit at the same offset in a fighter and in an object (checked below), so reaching them
 * takes no branch on the kind: this is the engine's most frequent lookup. */
#define YOBJ_STATES_OFFSET offsetof(yproj, states)
_Static_assert(offsetof(yfighter, states) == offsetof(yproj, states), "states at one offset in both kinds");
static inline ystate *obj_states(yobj *o) { return (ystate *)((char *)o + YOBJ_STATES_OFFSET); }
static inline yhitbox *obj_hitboxes(yobj *o) { return o->is_fighter ? AS_F(o)->hitboxes : AS_P(o)->hitboxes; }
static inline yhurtstate *obj_hurtstates(yobj *o) { return o->is_fighter ? AS_F(o)->hurtstates : AS_P(o)->hurtstates; }
static inline ylimb *obj_limbs(yobj *o) { return o->is_fighter ? AS_F(o)->limbs : AS_P(o)->limbs; }
static inline uint8_t *obj_arena(yobj *o) { return o->is_fighter ? AS_F(o)->arena : AS_P(o)->arena; }
static inline ystate *obj_state(yobj *o) { return o->sm.state >= 0 ? &obj_states(o)[o->sm.state] : NULL; }
static inline ystate *obj_prev_state(yobj *o) { return o->sm.prev >= 0 ? &obj_states(o)[o->sm.prev] : NULL; }
ydata *obj_state_data(yobj *o, ystate *st); /* the data attribute of a state (current or the one below) */
yobj *obj_by_number(ymatch *m, int number); /* objs_map[name], NULL when gone */
yobj *obj_from_name(ymatch *m, int number); /* NULL when unknown or disabled */
int obj_state_index(ymatch *m, yobj *o, int sym); /* -1 + error when missing */
/* the index of the state named sym, -1 when missing (no error) */
int obj_state_index_quiet(yobj *o, int sym);
/* BaseObj.init */
void obj_init(ymatch *m, yobj *o);
/* BaseObj.update_data */
void obj_update_data(ymatch *m, yobj *o);
/* BaseObj.read_body */
void obj_read_body(yobj *o, ysnap *out);
/* BaseObj.update_collision_boxes */
void obj_update_collision_boxes(yobj *o);
void obj_collision_aabb(yobj *o, int32_t out[4]); /* get_collision_box: x1, x2, y1, y2 */
static inline int obj_facing(const yobj *o) { return o->chara.facing; }
/* BaseObj.set_facing */
void obj_set_facing(ymatch *m, yobj *o, int facing, bool force);
/* BaseObj.turn_around */
void obj_turn_around(ymatch *m, yobj *o);
/* BaseObj.set_vel */
void obj_set_vel(yobj *o, fx x, fx y);
static inline void obj_set_x(yobj *o, int32_t x) { fg_set_x(&o->chara, x); }
static inline void obj_set_y(yobj *o, int32_t y) { fg_set_y(&o->chara, y); }
/* BaseObj.set_pos */
void obj_set_pos(yobj *o, int32_t x, int32_t y);
/* BaseObj.set_pos with fixed-point coordinates */
void obj_set_pos_fx(yobj *o, fx x, fx y);
/* BaseObj.apply_force */
void obj_apply_force(yobj *o, fx x, fx y);
/* BaseObj.apply_force_relative */
void obj_apply_force_relative(yobj *o, fx x, fx y);
/* BaseObj.move_directly */
void obj_move_directly(yobj *o, fx x, fx y);
/* BaseObj.move_directly_relative */
void obj_move_directly_relative(yobj *o, fx x, fx y);
/* BaseObj.apply_grav */
void obj_apply_grav(ymatch *m, yobj *o);
/* BaseObj.apply_grav_custom */
void obj_apply_grav_custom(ymatch *m, yobj *o, fx grav, fx fall_speed);
/* BaseObj.apply_fric */
void obj_apply_fric(ymatch *m, yobj *o);
/* BaseObj.apply_forces */
void obj_apply_forces(ymatch *m, yobj *o);
/* BaseObj.apply_forces_no_limit */
void obj_apply_forces_no_limit(ymatch *m, yobj *o);
/* BaseObj.limit_speed */
void obj_limit_speed(ymatch *m, yobj *o, fx limit);
/* BaseObj.limit_x_speed */
void obj_limit_x_speed(ymatch *m, yobj *o, fx limit);
static inline bool obj_grounded(const yobj *o) { return o->chara.grounded; }
/* BaseObj.add_pushback */
void obj_add_pushback(yobj *o, fx pushback);
/* BaseObj.reset_hurtbox */
void obj_reset_hurtbox(yobj *o);
/* BaseObj.xy_to_dir */
void obj_xy_to_dir(ymatch *m, fx x, fx y, fx mul, fx div, fx *ox, fx *oy);
/* BaseObj.obj_local_pos: other's position relative to o */
void obj_local_pos(ymatch *m, yobj *o, yobj *other, int32_t *x, int32_t *y);
/* BaseObj.obj_local_center: other's hurtbox centre relative to o's */
void obj_local_center(ymatch *m, yobj *o, yobj *other, int32_t *x, int32_t *y);
/* BaseObj.obj_distance (distance_to): the distance between the two objects' positions */
fx obj_distance(ymatch *m, yobj *o, yobj *other);
/* BaseObj.get_object_dir: the sign of other's x offset */
int obj_object_dir(yobj *o, yobj *other);
/* BaseObj.get_hitbox_x_dir: the x direction of the hitbox data as o receives it */
fx obj_hitbox_x_dir(ymatch *m, yobj *o, const yhbd *hb);
/* BaseObj.spawn_object: a new object of the table at (x, y); NULL when the match stopped */
yobj *obj_spawn(ymatch *m, yobj *o, int table, int32_t x, int32_t y, bool relative, const ydata *data, bool local);
void obj_tick(ymatch *m, yobj *o);      /* the class's tick, or BaseObj.tick */
void obj_base_tick(ymatch *m, yobj *o); /* BaseObj.tick (a class's tick calls it for super().tick()) */
/* BaseObj.state_tick */
void obj_state_tick(ymatch *m, yobj *o);
int obj_active_hitboxes(yobj *o, yhitbox **out); /* sorted by priority (stable) */
/* BaseObj.deactivate_current_hitbox */
void obj_deactivate_current_hitbox(yobj *o);
/* BaseObj.deactivate_hitboxes */
void obj_deactivate_hitboxes(ymatch *m, yobj *o);
/* BaseObj.hit_by */
void obj_hit_by(ymatch *m, yobj *o, yhbd *hb);
/* obj.disable(): the object's class's disable (BaseProjectile.disable unless the class overrides it);
 * a fighter has none (YE_INTERNAL) */
void obj_disable(ymatch *m, yobj *o);
/* BaseObj.on_got_parried */
void obj_on_got_parried(ymatch *m, yobj *o);
/* BaseObj.connect_signal / emit_signal: target_state NULL for the object itself. Connections
 * to an object that was recycled (a disabled object nobody refers to) are skipped and dropped. */
void obj_connect_signal(ymatch *m, yobj *emitter, int signal, yobj *target, ystate *target_state, int method);
/* BaseObj.emit_signal */
void obj_emit_signal(ymatch *m, yobj *emitter, int signal);
/* connection k (< n_conns) of o, inline or in the match's pool */
yconnection *obj_conn_at(const ymatch *m, const yobj *o, int k);
/* keeps o's connections for which keep() is true, in order */
void obj_conns_filter(ymatch *m, yobj *o, bool (*keep)(ymatch *m, const yconnection *c));
void obj_conns_release(ymatch *m, yobj *o); /* o's connections in the pool leave it (o's slot is recycled) */
/* BaseObj.on_got_blocked */
void obj_on_got_blocked(ymatch *m, yobj *o);
/* BaseObj.on_got_parried_by */
void obj_on_got_parried_by(ymatch *m, yobj *o, yobj *who);
/* BaseObj.on_got_blocked_by */
void obj_on_got_blocked_by(ymatch *m, yobj *o, yobj *who);
/* BaseObj.on_got_push_blocked */
void obj_on_got_push_blocked(ymatch *m, yobj *o);
/* BaseObj.on_hit_something */
void obj_on_hit_something(ymatch *m, yobj *o, yobj *victim, yhitbox *hb);
void obj_base_on_hit_something(ymatch *m, yobj *o, yobj *victim, yhitbox *hb); /* BaseObj._on_hit_something */
/* BaseObj.on_state_started */
void obj_on_state_started(ymatch *m, yobj *o, ystate *st);
/* BaseObj.on_state_ended */
void obj_on_state_ended(ymatch *m, yobj *o, ystate *st);
/* BaseObj.on_state_exited */
void obj_on_state_exited(ymatch *m, yobj *o, ystate *st);
/* BaseObj.on_state_changed */
void obj_on_state_changed(ymatch *m, yobj *o);
/* BaseObj.is_otg */
bool obj_is_otg(yobj *o);
/* BaseObj.can_be_thrown */
bool obj_can_be_thrown(yobj *o);
/* BaseObj.get_opponent */
yobj *obj_get_opponent(ymatch *m, yobj *o);
/* BaseObj.get_fighter */
yobj *obj_get_fighter(ymatch *m, yobj *o);
/* BaseObj.refresh_hitboxes */
void obj_refresh_hitboxes(ymatch *m, yobj *o);
/* BaseObj.start_invulnerability */
void obj_start_invulnerability(yobj *o);
/* BaseObj.end_invulnerability */
void obj_end_invulnerability(yobj *o);
/* BaseObj.hit_fighter_last */
bool obj_hit_fighter_last(ymatch *m, yobj *o);
int16_t obj_current_texture(yobj *o); /* texture id of the sprite's frame, -1 */
/* Sprite.set_animation */
void obj_set_animation(yobj *o, int sym);
/* Sprite.set_frame (Godot 3 clamps the frame to the animation) */
void obj_set_sprite_frame(yobj *o, int32_t frame);
/* BaseObj.hash_rng */
void obj_hash_rng(ymatch *m, yobj *o);
/* BaseObj.hash_static_rng */
void obj_hash_static_rng(yobj *o);
/* BaseObj.randi_: the next number of the object's logic RNG (hashed with the tick first) */
uint32_t obj_randi(ymatch *m, yobj *o);
/* BaseObj.randi_range */
int32_t obj_randi_range(ymatch *m, yobj *o, int64_t a, int64_t b);
/* BaseObj.randi_percent */
bool obj_randi_percent(ymatch *m, yobj *o, int n);
/* BaseObj.randi_choice */
int64_t obj_randi_choice(ymatch *m, yobj *o, int64_t n);
/* BaseObj.randi_weighted_choice */
int64_t obj_randi_weighted_choice(ymatch *m, yobj *o, int64_t n, const int64_t *weights);
/* BaseObj.randi_range_static */
int32_t obj_randi_range_static(ymatch *m, yobj *o, int64_t a, int64_t b);
/* the methods the tables call by name (HostCommand nodes, host_commands exports): true handled */
bool obj_host_command(ymatch *m, yobj *o, int method, const yval *args, int n_args);

#endif
