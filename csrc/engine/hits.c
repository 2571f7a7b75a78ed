/* Who hits whom this tick. Mirrors yomi/hits.py (game.gd: apply_hitboxes,
 * get_colliding_hitbox): both directions first, clashes, melee hits (A first),
 * throws and techs, then hits involving objects (collected, then applied). */
#include <stdlib.h>
#include <string.h>

#include "hits.h"
#include "fighter.h"
#include "gd.h"
#include "hitbox.h"
#include "machine.h"
#include "match.h"
#include "obj.h"
#include "state.h"

#define CLASH_DAMAGE_DIFF 25

/* The last hitbox of the (priority-sorted) list that may hit this hurtbox, or NULL.
 * All the hitboxes belong to `attacker`. `hurtbox_hitbox` is set when the "hurtbox"
 * is a hitbox (clashes). */
yhitbox *hits_colliding_hitbox(ymatch *m, yobj *attacker, yhitbox **hitboxes, int n, yobj *host, const ybox *hurtbox,
                               const yhitbox *hurtbox_hitbox) {
    yhitbox *hit_by = NULL;
    for (int i = 0; i < n; i++) {
        yhitbox *h = hitboxes[i];
        bool overlaps = hurtbox_hitbox ? hitbox_overlaps_hitbox(m, h, hurtbox_hitbox) : hitbox_overlaps(m, h, hurtbox);
        if (!overlaps) {
            bool any = false;
            ystate *st = obj_state(host);
            if (st) {
                ylimb *limbs = obj_limbs(host);
                for (int k = st->st->lb_first; k < st->st->lb_first + st->st->lb_count && !any; k++)
                    if (state_is_hurtbox_active(st, &limbs[k]) && hitbox_overlaps(m, h, &limbs[k].b)) any = true;
            }
            if (!any) continue;
        }
        /* read after the overlap test, which most pairs fail: neither changes during the walk */
        bool grounded = hurtbox_hitbox ? true : obj_grounded(host);
        bool otg = hurtbox_hitbox ? false : obj_is_otg(host);
        if (h->kind == HK_THROWBOX) {
            if (!obj_can_be_thrown(host)) {
                if (host->is_fighter && AS_F(host)->blockstun_ticks > 0) hitbox_save_hit_object(m, attacker, h, host->number);
                continue;
            }
            if (host->is_fighter && AS_F(host)->wakeup_throw_immunity_ticks > 0) continue;
        }
        if ((!h->hits_vs_aerial && !grounded) || (!h->hits_vs_grounded && grounded)) continue;
        if (!otg && !h->hits_vs_standing) continue;
        if (otg && !h->hits_otg) continue;
        if (!host->is_fighter && !h->hits_projectiles) continue;
        if (hitbox_already_hit_object(m, attacker, h, host->number)) continue;
        if (!obj_grounded(attacker)) {
            if (host->aerial_attack_immune) continue;
        } else if (host->grounded_attack_immune) {
            continue;
        }
        if (attacker->id == host->id && !h->allowed_to_hit_own_team) continue;
        hit_by = h;
    }
    return hit_by;
}

/* Most calls have no hitboxes to test (n == 0): answering those here spares the call. */
static inline yhitbox *colliding(ymatch *m, yobj *attacker, yhitbox **hitboxes, int n, yobj *host, const ybox *hurtbox,
                                 const yhitbox *hurtbox_hitbox) {
    return n > 0 ? hits_colliding_hitbox(m, attacker, hitboxes, n, host, hurtbox, hurtbox_hitbox) : NULL;
}

static bool resolve_throws(ymatch *m, yfighter *px1, yfighter *px2, yhitbox *p1_hit_by, yhitbox *p2_hit_by,
                           bool p1_throwing, bool p2_throwing) {
    bool players_hittable = true;
    bool techable1 = obj_state(&px1->o)->throw_techable, techable2 = obj_state(&px2->o)->throw_techable;
    if (p2_throwing && p1_throwing && techable1 && techable2) {
        machine_queue_state(m, &px1->o, SYM_ThrowTech, NULL, NULL);
        machine_queue_state(m, &px2->o, SYM_ThrowTech, NULL, NULL);
        return false;
    }
    if (p2_throwing && p1_throwing && !techable1 && !techable2) return false;
    yfighter *thrower, *victim;
    yhitbox *box;
    if (p1_throwing) {
        thrower = px1;
        victim = px2;
        box = p2_hit_by;
    } else if (p2_throwing) {
        thrower = px2;
        victim = px1;
        box = p1_hit_by;
    } else {
        return true;
    }
    if (obj_state(&px1->o)->throw_techable && obj_state(&px2->o)->throw_techable) {
        machine_queue_state(m, &px1->o, SYM_ThrowTech, NULL, NULL);
        machine_queue_state(m, &px2->o, SYM_ThrowTech, NULL, NULL);
        players_hittable = false;
    }
    bool can_hit = true;
    if (obj_grounded(&victim->o) && !box->hits_vs_grounded) can_hit = false;
    if (!obj_grounded(&victim->o) && !box->hits_vs_aerial) can_hit = false;
    if (!players_hittable) can_hit = false;
    if (can_hit) {
        hitbox_hit(m, &thrower->o, box, &victim->o);
        if (!YOK(m)) return false;
        if (box->throw_state != SYM_NONE) machine_queue_state(m, &thrower->o, box->throw_state, NULL, NULL);
        players_hittable = false;
    }
    return players_hittable;
}

typedef struct {
    yobj *host;
    yhitbox *hb;
    yobj *victim;
} pending_hit;

/* The hits collected in one tick: every object may hit every other, so their number has no bound
 * but the objects'. A list starts on the stack and moves to the heap when it outgrows it; written
 * here because the C standard library has no growable array. */
#define PENDING_INLINE 128
typedef struct {
    pending_hit *v; /* `first`, or the heap */
    int n, cap;
    pending_hit first[PENDING_INLINE];
} pending_list;

static void pending_init(pending_list *l) {
    l->v = l->first;
    l->n = 0;
    l->cap = PENDING_INLINE;
}
static void pending_free(pending_list *l) {
    if (l->v != l->first) free(l->v);
}
static bool pending_push(ymatch *m, pending_list *l, pending_hit h) {
    if (l->n == l->cap) {
        size_t cap = (size_t)l->cap * 2;
        pending_hit *v = cap > INT32_MAX ? NULL
                         : l->v == l->first ? malloc(cap * sizeof *v)
                                            : realloc(l->v, cap * sizeof *v); /* on failure l->v stays */
        if (!v) {
            yerr(m, YE_LIMIT, "out of memory for %d object hits in one tick", l->n + 1);
            return false;
        }
        if (l->v == l->first) memcpy(v, l->first, sizeof l->first);
        l->v = v;
        l->cap = (int)cap;
    }
    l->v[l->n++] = h;
    return true;
}

/* An object's active hitboxes, listed once per collection (nothing in it activates, disables or
 * reorders a hitbox: get_active_hitboxes gives the same list on every call), by position in `order` */
typedef struct {
    int8_t n; /* -1: not listed yet */
    yhitbox *h[YOMI_MAX_OHITBOXES];
} active_list;

static int object_hitboxes(active_list *a, int k, yobj *o, yhitbox ***out) {
    if (a[k].n < 0) a[k].n = (int8_t)obj_active_hitboxes(o, a[k].h);
    *out = a[k].h;
    return a[k].n;
}

/* h1/h2 (n1/n2 of them): the fighters' active hitboxes as hits_apply listed them, or NULL where a hit
 * or a throw since may have changed them (then they are listed again, as the original does) */
static void apply_object_hits(ymatch *m, yfighter *px1, yfighter *px2, bool players_hittable, yhitbox **h1, int n1,
                              yhitbox **h2, int n2) {
    pending_list objects_to_hit, players_to_hit;
    pending_init(&objects_to_hit);
    pending_init(&players_to_hit);
    bool objects_hit_each_other = false, player_hit_object = false, objects_hit_player = false;
    yfighter *ps[2] = {px1, px2};
    yhitbox *ph_first[2][YOMI_MAX_FHITBOXES];
    yhitbox **ph[2] = {h1 ? h1 : ph_first[0], h2 ? h2 : ph_first[1]};
    int n_ph[2] = {h1 ? n1 : -1, h2 ? n2 : -1};
    /* the collection spawns nothing: n_objs stays as it is until the hits are applied */
    int n_objs = m->n_objs;
    active_list act_first[YOMI_INLINE_OBJECTS];
    active_list *act = n_objs <= YOMI_INLINE_OBJECTS ? act_first : malloc((size_t)n_objs * sizeof *act);
    if (!act) {
        yerr(m, YE_LIMIT, "out of memory for the hitboxes of %d objects", n_objs);
        return;
    }
    for (int i = 0; i < n_objs; i++) act[i].n = -1;
    for (int i = 0; i < n_objs; i++) {
        yproj *p = match_obj_at(m, i);
        yobj *obj = &p->o;
        if (obj->disabled) continue;
        yhitbox **oh;
        int n_oh = object_hitboxes(act, i, obj, &oh);
        for (int k = 0; k < n_oh; k++) {
            oh[k]->b.pos_x = obj->data.px;
            oh[k]->b.pos_y = obj->data.py;
        }
        if (players_hittable) {
            for (int pi = 0; pi < 2; pi++) {
                yfighter *pl = ps[pi];
                if (pl == P1(m) && obj->id == 1 && !obj->damages_own_team) continue;
                if (pl == P2(m) && obj->id == 2 && !obj->damages_own_team) continue;
                if (n_ph[pi] < 0) n_ph[pi] = obj_active_hitboxes(&pl->o, ph[pi]);
                yhitbox *obj_hit_by = colliding(m, &pl->o, ph[pi], n_ph[pi], obj, &obj->hurtbox, NULL);
                if (obj_hit_by && (p->can_be_hit_by_melee || obj_hit_by->hitbox_type == HB_DETECT)) {
                    player_hit_object = true;
                    if (!pending_push(m, &objects_to_hit, (pending_hit){&pl->o, obj_hit_by, obj})) goto done;
                }
                if (pl->o.projectile_invulnerable && p->immunity_susceptible) continue;
                yhitbox *p_hit_by = colliding(m, obj, oh, n_oh, &pl->o, &pl->o.hurtbox, NULL);
                if (p_hit_by) {
                    if (!pending_push(m, &players_to_hit, (pending_hit){obj, p_hit_by, &pl->o})) goto done;
                    objects_hit_player = true;
                }
            }
        }
        int opp_id = (int)(obj->id % 2) + 1;
        if (!p->projectile_immune) {
            for (int j = 0; j < n_objs; j++) {
                yproj *q = match_obj_at(m, j);
                if (q->o.disabled || !(q->o.id == opp_id || (p->hit_by_self_projectiles && q != p))) continue;
                yhitbox **qh;
                int n_qh = object_hitboxes(act, j, &q->o, &qh);
                if (n_qh == 0) continue;
                yhitbox *obj_hit_by = colliding(m, &q->o, qh, n_qh, obj, &obj->hurtbox, NULL);
                if (obj_hit_by) {
                    objects_hit_each_other = true;
                    if (!pending_push(m, &objects_to_hit, (pending_hit){&q->o, obj_hit_by, obj})) goto done;
                }
            }
        }
    }
    if (objects_hit_each_other || player_hit_object)
        for (int i = 0; i < objects_to_hit.n && YOK(m); i++)
            hitbox_hit(m, objects_to_hit.v[i].host, objects_to_hit.v[i].hb, objects_to_hit.v[i].victim);
    if (objects_hit_player)
        for (int i = 0; i < players_to_hit.n && YOK(m); i++)
            hitbox_hit(m, players_to_hit.v[i].host, players_to_hit.v[i].hb, players_to_hit.v[i].victim);
done:
    pending_free(&objects_to_hit);
    pending_free(&players_to_hit);
    if (act != act_first) free(act);
}

void hits_apply(ymatch *m, yfighter *px1, yfighter *px2) {
    yhitbox *h1[YOMI_MAX_FHITBOXES], *h2[YOMI_MAX_FHITBOXES];
    int n1 = obj_active_hitboxes(&px1->o, h1), n2 = obj_active_hitboxes(&px2->o, h2);
    for (int i = 0; i < n1; i++) {
        h1[i]->b.pos_x = px1->o.data.px;
        h1[i]->b.pos_y = px1->o.data.py;
    }
    for (int i = 0; i < n2; i++) {
        h2[i]->b.pos_x = px2->o.data.px;
        h2[i]->b.pos_y = px2->o.data.py;
    }
    yhitbox *p2_hit_by = !px2->o.invulnerable ? colliding(m, &px1->o, h1, n1, &px2->o, &px2->o.hurtbox, NULL) : NULL;
    yhitbox *p1_hit_by = !px1->o.invulnerable ? colliding(m, &px2->o, h2, n2, &px1->o, &px1->o.hurtbox, NULL) : NULL;
    bool p1_hit = false, p2_hit = false, p1_throwing = false, p2_throwing = false;
    if (p1_hit_by) {
        if (p1_hit_by->kind != HK_THROWBOX) p1_hit = true;
        else p2_throwing = true;
    }
    if (p2_hit_by) {
        if (p2_hit_by->kind != HK_THROWBOX) p2_hit = true;
        else p1_throwing = true;
    }
    bool clashed = false, hit = false; /* hit: a hitbox_hit ran (hitboxes may have changed) */
    if (m->clashing_enabled) {
        for (int i = 0; i < n1; i++) {
            yhitbox *a = h1[i];
            if (a->kind == HK_THROWBOX || !a->can_clash) continue;
            /* get_colliding_hitbox(p2_hitboxes, p1_hitbox): the "hurtbox" is a hitbox of P1 */
            yhitbox *b = colliding(m, &px2->o, h2, n2, &px1->o, &a->b, a);
            if (!b || b->kind == HK_THROWBOX || !b->can_clash) continue;
            bool valid = false;
            if (m->asymmetrical_clashing) {
                if (p1_hit && !p2_hit && a->damage - b->damage < CLASH_DAMAGE_DIFF) valid = true;
                if (p2_hit && !p1_hit && b->damage - a->damage < CLASH_DAMAGE_DIFF) valid = true;
            }
            if ((!p1_hit && !p2_hit) || (p1_hit && p2_hit)) {
                if (int_abs(b->damage - a->damage) < CLASH_DAMAGE_DIFF) valid = true;
                else if (a->damage > b->damage) p1_hit = false;
                else if (a->damage < b->damage) p2_hit = false;
            }
            if (valid) {
                clashed = true;
                break;
            }
        }
    }
    if (clashed) {
        fighter_clash(m, px1);
        fighter_clash(m, px2);
        fighter_add_penalty(m, px1, -25, false);
        fighter_add_penalty(m, px2, -25, false);
    } else {
        if (p1_hit) {
            if (!(p1_throwing && !p1_hit_by->beats_grab)) {
                hitbox_hit(m, &px2->o, p1_hit_by, &px1->o);
                hit = true;
            } else {
                p1_hit = false;
            }
        }
        if (!YOK(m)) return;
        if (p2_hit) {
            if (!(p2_throwing && !p2_hit_by->beats_grab)) {
                hitbox_hit(m, &px1->o, p2_hit_by, &px2->o);
                hit = true;
            } else {
                p2_hit = false;
            }
        }
        if (!YOK(m)) return;
    }
    bool players_hittable = true;
    if (!p2_hit && !p1_hit) players_hittable = resolve_throws(m, px1, px2, p1_hit_by, p2_hit_by, p1_throwing, p2_throwing);
    if (!YOK(m)) return;
    /* resolve_throws acts only when someone throws */
    bool unchanged = !clashed && !hit && !p1_throwing && !p2_throwing;
    apply_object_hits(m, px1, px2, players_hittable, unchanged ? h1 : NULL, n1, unchanged ? h2 : NULL, n2);
}
