/* fighter.c <- fighter/fighter.py: the Fighter (resources, facing, inputs, parried names, lists of
 * object names) and the base behaviour of the characters' hooks. */
#ifndef YOMI_FIGHTER_H
#define YOMI_FIGHTER_H

#include "ytypes.h"

extern const yomi_char base_fighter_hooks; /* the base implementations, filled */
/* Fighter.init */
void fighter_init(ymatch *m, yfighter *f);
/* Fighter.init: the base behaviour (a character's override calls it for super()) */
void fighter_base_init(ymatch *m, yfighter *f);
/* Fighter.update_data */
void fighter_update_data(ymatch *m, yfighter *f);
/* Fighter.emit_got_hit */
void fighter_emit_got_hit(ymatch *m, yfighter *f);
/* Fighter.on_state_interruptable */
void fighter_on_state_interruptable(ymatch *m, yfighter *f, ystate *st);
/* Fighter.on_state_interruptable: the base behaviour (a character's override calls it for super()) */
void fighter_base_on_state_interruptable(ymatch *m, yfighter *f, ystate *st);
/* Fighter.on_state_hit_cancellable */
void fighter_on_state_hit_cancellable(ymatch *m, yfighter *f, bool projectile);
/* Fighter.clash */
void fighter_clash(ymatch *m, yfighter *f);
/* Fighter.gain_burst_meter */
void fighter_gain_burst_meter(ymatch *m, yfighter *f, bool has_amount, int32_t amount);
/* Fighter.gain_burst */
void fighter_gain_burst(yfighter *f);
/* Fighter.use_burst: the base behaviour (a character's override calls it for super()) */
void fighter_base_use_burst(ymatch *m, yfighter *f);
/* Fighter.use_burst_meter */
void fighter_use_burst_meter(yfighter *f, int32_t amount);
/* the super meter of every bar and the current one together */
int32_t fighter_total_super_meter(yfighter *f);
/* Fighter.use_super_bar */
void fighter_use_super_bar(yfighter *f);
/* Fighter.use_super_meter */
void fighter_use_super_meter(yfighter *f, int32_t amount);
/* Fighter.drain_super_meter */
void fighter_drain_super_meter(yfighter *f, int32_t amount);
/* Fighter.stack_move_in_combo */
void fighter_stack_move_in_combo(ymatch *m, yfighter *f, int state_index);
/* Fighter.meter_gain_modified */
int32_t fighter_meter_gain_modified(ymatch *m, yfighter *f, int32_t amount);
/* Fighter.combo_stale_meter */
int32_t fighter_combo_stale_meter(ymatch *m, yfighter *f, int32_t meter);
/* Fighter.gain_super_meter: the base behaviour (a character's override calls it for super()) */
void fighter_base_gain_super_meter(ymatch *m, yfighter *f, int32_t amount, fx stale_amount);
/* Fighter.gain_super_meter_raw */
void fighter_gain_super_meter_raw(yfighter *f, int32_t amount);
/* Fighter.use_air_movement */
void fighter_use_air_movement(yfighter *f);
/* Fighter.refresh_air_movements */
void fighter_refresh_air_movements(yfighter *f);
/* Fighter.refresh_feints */
void fighter_refresh_feints(yfighter *f);
/* Fighter.gain_free_cancel */
void fighter_gain_free_cancel(yfighter *f, int amount);
/* Fighter.drain_air_option_bar */
void fighter_drain_air_option_bar(yfighter *f, int32_t amount);
/* Fighter.gain_air_option_bar */
void fighter_gain_air_option_bar(yfighter *f, int32_t amount);
/* Fighter.consume_feint */
void fighter_consume_feint(yfighter *f);
/* Fighter.start_sadness_immunity */
void fighter_start_sadness_immunity(yfighter *f);
/* Fighter.start_wakeup_throw_immunity */
void fighter_start_wakeup_throw_immunity(yfighter *f);
/* Fighter.reset_combo: the base behaviour (a character's override calls it for super()) */
void fighter_base_reset_combo(ymatch *m, yfighter *f);
/* Fighter.clean_parried_hitboxes */
void fighter_clean_parried_hitboxes(ymatch *m, yfighter *f);
/* parried_hitboxes (a list of names, in order): `name in`, append, remove(name) when in it */
bool fighter_parried_has(const ymatch *m, const yfighter *f, int owner, int index);
void fighter_parried_add(ymatch *m, yfighter *f, int owner, int index); /* YE_LIMIT: out of memory */
/* parried_hitboxes.remove(name), the first one, when in the list */
void fighter_parried_remove(ymatch *m, yfighter *f, int owner, int index);
/* the character's list j of object names (yomi_char.ref_lists), in vars or (snap) in snap_vars:
 * its length, item k (< n), append (YE_LIMIT: out of memory), list.remove at k, clear */
static inline yref_list *fighter_ref_list(const yfighter *f, int j, bool snap) {
    return (yref_list *)((snap ? f->snap_vars : f->vars) + f->chr->ref_lists[j]);
}
/* item k (< n) of the character's list j of object names, in vars or (snap) in snap_vars */
int32_t fighter_ref_at(const ymatch *m, const yfighter *f, int j, bool snap, int k);
/* appends an object number to the character's list j (YE_LIMIT: out of memory) */
void fighter_ref_append(ymatch *m, yfighter *f, int j, int32_t number);
/* list.pop(k) on the character's list j of object names */
void fighter_ref_remove_at(ymatch *m, yfighter *f, int j, int k);
/* empties the character's list j of object names */
void fighter_ref_clear(ymatch *m, yfighter *f, int j);
void fighter_ref_keep(ymatch *m, yfighter *f, int j, bool (*keep)(ymatch *m, int32_t number)); /* in order */
int fighter_ref_snapshot(ymatch *m, yfighter *f); /* the lists in snap_vars become the ones in vars; -1: no memory */
/* Fighter.release_opponent */
void fighter_release_opponent(ymatch *m, yfighter *f);
/* Fighter.get_global_throw_pos: the throw position in world coordinates */
void fighter_global_throw_pos(yfighter *f, int32_t *x, int32_t *y);
/* Fighter.get_opponent_dir: the sign of the opponent's x offset */
int fighter_opponent_dir(ymatch *m, yfighter *f);
/* Fighter.get_opponent_dir_vec: the unit vector towards the opponent */
void fighter_opponent_dir_vec(ymatch *m, yfighter *f, fx *x, fx *y);
/* the distance to the opponent (BaseObj.obj_distance) */
fx fighter_opponent_distance(ymatch *m, yfighter *f);
/* Fighter.get_move_dir: the sign of the last x velocity */
int fighter_move_dir(yfighter *f);
/* Fighter.is_colliding_with_opponent */
bool fighter_is_colliding_with_opponent(yfighter *f);
/* Fighter.can_be_thrown */
bool fighter_can_be_thrown(yfighter *f);
/* Fighter.is_in_hurt_state */
bool fighter_is_in_hurt_state(yfighter *f, bool count_all);
/* Fighter.touching_which_wall */
int fighter_touching_which_wall(yfighter *f);
/* Fighter.set_facing */
void fighter_set_facing(ymatch *m, yfighter *f, int facing, bool force);
/* Fighter.update_facing */
void fighter_update_facing(ymatch *m, yfighter *f);
/* Fighter.get_advantage */
bool fighter_get_advantage(ymatch *m, yfighter *f);
/* Fighter.set_lowest_tick */
void fighter_set_lowest_tick(yfighter *f, int32_t tick);
/* Fighter.update_advantage */
void fighter_update_advantage(ymatch *m, yfighter *f);
/* Fighter.get_sadness_distance_penalty: the penalty for keeping away from the opponent */
int32_t fighter_sadness_distance_penalty(ymatch *m, yfighter *f);
/* Fighter.add_penalty */
void fighter_add_penalty(ymatch *m, yfighter *f, int32_t amount, bool ignore_min_distance);
/* Fighter.passive_sadness_gain: the base behaviour (a character's override calls it for super()) */
void fighter_base_passive_sadness_gain(ymatch *m, yfighter *f);
/* Fighter.on_action_selected */
void fighter_on_action_selected(ymatch *m, yfighter *f, int action_sym, const ydata *data, const yextra *extra);
/* Fighter.process_extra: the base behaviour (a character's override calls it for super()) */
void fighter_base_process_extra(ymatch *m, yfighter *f, const yextra *extra);
/* Fighter.tick_before */
void fighter_tick_before(ymatch *m, yfighter *f);
void fighter_load_last_input_into_buffer(yfighter *f); /* BaseChar.gd: load_last_input_into_buffer */
/* Fighter.tick: the base behaviour (a character's override calls it for super()) */
void fighter_base_tick(ymatch *m, yfighter *f);
/* BaseObj.state_tick */
void fighter_state_tick(ymatch *m, yfighter *f);
/* the hash of the fighter's state that seeds the tick's randomness (yomi/rng.py state_hash) */
int64_t fighter_state_hash(ymatch *m, yfighter *f);
/* Fighter.change_stance_to */
void fighter_change_stance_to(yfighter *f, int stance);
/* Fighter.on_state_started: the base behaviour (a character's override calls it for super()) */
void fighter_base_on_state_started(ymatch *m, yfighter *f, ystate *st);
/* Fighter.on_state_ended: the base behaviour (a character's override calls it for super()) */
void fighter_base_on_state_ended(ymatch *m, yfighter *f, ystate *st);
/* Fighter.on_state_exited: the base behaviour (a character's override calls it for super()) */
void fighter_base_on_state_exited(ymatch *m, yfighter *f, ystate *st);
/* Fighter.on_hit_something: the base behaviour (a character's override calls it for super()) */
void fighter_base_on_hit_something(ymatch *m, yfighter *f, yobj *victim, yhitbox *hb);
/* Combat.on_blocked_melee_attack: the base behaviour (a character's override calls it for super()) */
void fighter_base_on_blocked_melee_attack(ymatch *m, yfighter *f);
/* Fighter.on_got_parried: the base behaviour (a character's override calls it for super()) */
void fighter_base_on_got_parried(ymatch *m, yfighter *f);
/* Fighter.on_got_blocked: the base behaviour (a character's override calls it for super()) */
void fighter_base_on_got_blocked(ymatch *m, yfighter *f);
/* Fighter.apply_grav: the base behaviour (a character's override calls it for super()) */
void fighter_base_apply_grav(ymatch *m, yfighter *f);
/* Fighter.apply_grav_custom: the base behaviour (a character's override calls it for super()) */
void fighter_base_apply_grav_custom(ymatch *m, yfighter *f, fx grav, fx fall_speed);
/* Fighter.apply_fric: the base behaviour (a character's override calls it for super()) */
void fighter_base_apply_fric(ymatch *m, yfighter *f);
/* Fighter.apply_forces: the base behaviour (a character's override calls it for super()) */
void fighter_base_apply_forces(ymatch *m, yfighter *f);
/* Combat.incr_combo: the base behaviour (a character's override calls it for super()) */
void fighter_base_incr_combo(ymatch *m, yfighter *f, bool scale, bool projectile, bool force, int amount);
/* the methods of Fighter itself the tables call by name: 1 handled, 0 unknown */
int fighter_base_host_command(ymatch *m, yfighter *f, int method, const yval *args, int n_args);
/* hooks through the character (chr is resolved: never NULL) */
#define FH(f) ((f)->chr)

#endif
