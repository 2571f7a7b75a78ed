/* hitbox.c <- yomi/hitbox.py: hitboxes (activation, overlap, the objects they hit) and the
 * HitboxData a victim receives. */
#ifndef YOMI_HITBOX_H
#define YOMI_HITBOX_H

#include "ytypes.h"

/* Hitbox.activate */
void hitbox_activate(ymatch *m, yobj *host, yhitbox *h);
/* Hitbox.deactivate */
void hitbox_deactivate(yhitbox *h);
/* Hitbox.tick */
void hitbox_tick(ymatch *m, yobj *host, yhitbox *h);
/* Hitbox.hit */
void hitbox_hit(ymatch *m, yobj *host, yhitbox *h, yobj *obj);
/* Hitbox.to_data */
void hitbox_to_data(ymatch *m, yobj *host, yhitbox *h, yhbd *out);
/* Hitbox.overlaps (SweptHitbox.overlaps for a swept one) */
bool hitbox_overlaps(ymatch *m, const yhitbox *h, const ybox *box);
/* the hitbox overlaps another hitbox (a clash; a swept hitbox only as the first) */
bool hitbox_overlaps_hitbox(ymatch *m, const yhitbox *h, const yhitbox *other);
void hitbox_save_hit_object(ymatch *m, yobj *host, yhitbox *h, int number); /* YE_LIMIT when full */
void hitbox_remember_object(ymatch *m, yobj *host, yhitbox *h, int number); /* the same on this one hitbox (no group) */
/* Hitbox.already_hit_object */
bool hitbox_already_hit_object(const ymatch *m, yobj *host, const yhitbox *h, int number);
void hitbox_clear_hits(yhitbox *h); /* hit_objects = [] (the spilled entries with it) */
/* Hitbox.add_hit_object */
void hitbox_add_hit_object(yobj *host, yhitbox *h, int number);
/* forgets the objects hit by the hitboxes of the same group */
void hitbox_clear_group(yobj *host, yhitbox *h);
/* neither active nor enabled, and no hits remembered: what hitbox_deactivate leaves */
static inline bool hitbox_is_clear(const yhitbox *h) { return !(h->active || h->enabled || h->n_hit || h->spilled); }
/* marks fighter f's hitbox k in hb_touched */
static inline void fighter_touch_hitbox(yfighter *f, size_t k) { f->hb_touched[k / 64] |= (uint64_t)1 << (k % 64); }
/* marks a fighter's hitbox before it becomes active or remembers a hit (objects keep no mark) */
static inline void hitbox_touch(yobj *host, const yhitbox *h) {
    if (host->is_fighter) fighter_touch_hitbox(AS_F(host), (size_t)(h - AS_F(host)->hitboxes));
}
/* Hitbox.is_counter_hit */
bool hitbox_is_counter_hit(ymatch *m, yobj *host, yhitbox *h);
static inline int32_t hbd_get_damage(const yhbd *h) { return h->combo_count > 0 ? h->damage_in_combo : h->damage; }

#endif
