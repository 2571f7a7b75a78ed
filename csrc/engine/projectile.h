/* projectile.c <- states/objects/projectile.py: BaseProjectile and the generic projectile states
 * (DefaultFireball, DirProjectileDefault) that characters extend. */
#ifndef YOMI_PROJECTILE_H
#define YOMI_PROJECTILE_H

#include "ytypes.h"

/* BaseProjectile.disable */
void proj_disable(ymatch *m, yproj *p);
/* BaseProjectile.hit_by */
void proj_hit_by(ymatch *m, yproj *p, yhbd *hb);
/* BaseProjectile.can_hit_cancel */
bool proj_can_hit_cancel(ymatch *m, yproj *p, yfighter *f);
/* BaseProjectile.on_hit_ceiling */
void proj_on_hit_ceiling(ymatch *m, yproj *p);
extern const yobj_class base_projectile_class; /* BaseProjectile, the root of every object class */
/* isinstance(obj, cls): the object's class is cls or a subclass of it */
static inline bool proj_is_a(const yproj *p, const yobj_class *cls) {
    for (const yobj_vt *vt = p->vt; vt; vt = vt->parent)
        if (vt->cls == cls) return true;
    return false;
}
extern const state_class default_fireball_class; /* DefaultFireball */
/* DefaultFireball.fizzle */
void default_fireball_fizzle(ymatch *m, yobj *host, ystate *st);
void default_fireball_move(ymatch *m, yobj *host, ystate *st); /* DefaultFireball.move */
/* DefaultFireball.tick */
int default_fireball_tick(ymatch *m, yobj *host, ystate *st);
/* DefaultFireball.frame_0 */
int default_fireball_frame_0(ymatch *m, yobj *host, ystate *st);
/* DefaultFireball.on_hit_something */
void default_fireball_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *victim, yhitbox *hb);
extern const state_class dir_projectile_default_class; /* DirProjectileDefault */
/* DirProjectileDefault.frame_0 */
int dir_projectile_frame_0(ymatch *m, yobj *host, ystate *st);
/* DirProjectileDefault.tick */
int dir_projectile_tick(ymatch *m, yobj *host, ystate *st);
/* DirProjectileDefault.fizzle */
void dir_projectile_fizzle(ymatch *m, yobj *host, ystate *st);
/* the DirProjectileDefault variables (subclasses extend them) */
typedef struct {
    fx move_speed, homing_turn_speed, homing_accel, max_homing_speed, last_y_vel;
    int32_t lifetime, num_hits, num_bounces, hit_something_tick;
    yflag homing, start_homing, relative_data_dir, clash, fizzle_on_ground, bounce_on_ground, hit_something;
} dir_projectile_vars;
/* the DefaultFireball variables (subclasses extend them) */
typedef struct {
    int32_t move_x, move_y, num_hits, lifetime, hit_something_tick;
    fx move_x_string, move_y_string;
    yflag clash, fizzle_on_ground, fizzle_on_walls, fizzle_on_hit_opponent, follow_creator, hit_something;
} default_fireball_vars;

#endif
