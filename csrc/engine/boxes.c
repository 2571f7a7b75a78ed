/* Integer boxes: collision boxes, hurtboxes, hurtbox windows.
 * Mirrors yomi/boxes.py (CollisionBox.gd, HurtboxState.gd, LimbHurtbox.gd). */
#include "boxes.h"
#include "gd.h"

void box_aabb(const ybox *b, int32_t out[4]) {
    int32_t x = b->facing == 1 ? b->x : -b->x;
    out[0] = x - b->width + b->pos_x;
    out[1] = x + b->width + b->pos_x;
    out[2] = b->y - b->height + b->pos_y;
    out[3] = b->y + b->height + b->pos_y;
}

void box_center(const ybox *b, int32_t *x, int32_t *y) {
    int32_t a[4];
    box_aabb(b, a);
    /* the sum in 64 bits, as GDScript's ints (Python's exact ones): far-flung boxes do not wrap */
    *x = (int32_t)idiv((int64_t)a[0] + a[1], 2);
    *y = (int32_t)idiv((int64_t)a[2] + a[3], 2);
}

/* CollisionBox.gd: overlaps (plain boxes; swept hitboxes have their own test in hitbox.c) */
bool box_overlaps(const ybox *a, const ybox *b) {
    if (a->width == 0 && a->height == 0) return false;
    if (b->width == 0 && b->height == 0) return false;
    int32_t p[4], q[4];
    box_aabb(a, p);
    box_aabb(b, q);
    return !(p[0] > q[1] || p[1] < q[0] || p[2] > q[3] || p[3] < q[2]);
}

void hurtstate_start(yhurtstate *h, yobj *host) {
    h->started = true;
    h->ended = false;
    ybox *hb = &host->hurtbox;
    h->has_prev = true;
    h->prev[0] = hb->width;
    h->prev[1] = hb->height;
    h->prev[2] = hb->x;
    h->prev[3] = hb->y;
    hb->width = h->b.width;
    hb->height = h->b.height;
    hb->x = h->b.x;
    hb->y = h->b.y;
    h->current_tick = 0;
}

void hurtstate_tick(yhurtstate *h, yobj *host) {
    h->current_tick++;
    if (h->current_tick > h->active_ticks && !h->endless) {
        h->ended = true;
        hurtstate_end(h, host);
    }
}

void hurtstate_end(yhurtstate *h, yobj *host) {
    if (!h->started) return;
    h->started = false;
    h->ended = false;
    if (h->has_prev) {
        ybox *hb = &host->hurtbox;
        hb->width = h->prev[0];
        hb->height = h->prev[1];
        hb->x = h->prev[2];
        hb->y = h->prev[3];
        h->has_prev = false;
    }
}
