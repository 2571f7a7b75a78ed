/* Keeping the two fighters apart and inside the stage.
 * Mirrors yomi/collide.py (game.gd: resolve_same_x_coordinate, resolve_collisions).
 * Both work on the fighters' cached integer positions, as the game does. */
#include "collide.h"
#include "boxes.h"
#include "fighter.h"
#include "gd.h"
#include "obj.h"

#define MAX_CHAR_DISTANCE 600

void collide_same_x(ymatch *m) {
    yfighter *p1 = P1(m), *p2 = P2(m);
    if (p1->o.data.px != p2->o.data.px) return;
    bool even = imod(m->current_tick, 2) == 0;
    yfighter *mover = even ? p1 : p2;
    int dir = even ? 1 : -1;
    int32_t x = p1->o.data.px;
    if (x < 0) {
        dir = 1;
        if (obj_facing(&p1->o) == -1) mover = p1;
        else if (obj_facing(&p2->o) == -1) mover = p2;
    } else if (x > 0) {
        dir = -1;
        if (obj_facing(&p1->o) == 1) mover = p1;
        else if (obj_facing(&p2->o) == 1) mover = p2;
    }
    obj_set_x(&mover->o, mover->o.data.px + dir);
    fighter_update_data(m, mover);
}

static void again(ymatch *m, yfighter *a, yfighter *b, int step) {
    fighter_update_data(m, a);
    fighter_update_data(m, b);
    collide_resolve(m, a, b, step + 1);
}

void collide_resolve(ymatch *m, yfighter *a, yfighter *b, int step) {
    obj_update_collision_boxes(&a->o);
    obj_update_collision_boxes(&b->o);
    int32_t sw = m->stage_width;
    ybox *ab = &a->o.collision_box, *bb = &b->o.collision_box;
    int32_t x = a->o.data.px, ox = b->o.data.px;
    int32_t a_right = x + ab->width + ab->x, a_left = x - ab->width + ab->x;
    int32_t b_right = ox + bb->width + bb->x, b_left = ox - bb->width + bb->x;
    int32_t edge = x < ox ? (int32_t)int_abs(b_right - a_left) : (int32_t)int_abs(a_right - b_left);
    bool ca = fighter_is_colliding_with_opponent(a), cb = fighter_is_colliding_with_opponent(b);
    if (ca && cb && box_overlaps(ab, bb)) {
        /* the push direction comes from A's facing (and each fighter's reverse flag) */
        bool push_a_left = obj_facing(&a->o) == 1;
        if (a->reverse_state) push_a_left = !push_a_left;
        bool push_b_left = obj_facing(&a->o) == -1;
        if (b->reverse_state) push_b_left = !push_b_left;
        if (push_a_left) {
            if (b_left < a_right) {
                int32_t overlap = (int32_t)int_abs(b_left - a_right);
                obj_set_x(&a->o, x - (int32_t)idiv(overlap, 2));
                obj_set_x(&b->o, ox + (int32_t)idiv(overlap, 2));
            }
        } else if (push_b_left) {
            if (b_right > a_left) {
                int32_t overlap = (int32_t)int_abs(b_right - a_left);
                obj_set_x(&a->o, x + (int32_t)idiv(overlap, 2));
                obj_set_x(&b->o, ox - (int32_t)idiv(overlap, 2));
            }
        }
    }
    if (edge > MAX_CHAR_DISTANCE) {
        int32_t mid = (int32_t)idiv(x + ox, 2);
        int32_t left = (int32_t)int_clamp(mid - MAX_CHAR_DISTANCE / 2, -sw, sw);
        int32_t right = (int32_t)int_clamp(mid + MAX_CHAR_DISTANCE / 2, -sw, sw);
        obj_set_x(&a->o, (int32_t)int_clamp(x, left + (ab->width + ab->x), right + (-ab->width + ab->x)));
        obj_set_x(&b->o, (int32_t)int_clamp(ox, left + (bb->width + bb->x), right + (-bb->width + bb->x)));
    }
    int32_t ay = a->o.data.py, by = b->o.data.py;
    if (m->has_ceiling) {
        int32_t ceiling = m->ceiling_height;
        if (ay - ab->height * 2 < -ceiling) {
            obj_set_y(&a->o, -ceiling + ab->height * 2);
            obj_set_vel(&a->o, a->o.data.vx, 0);
        }
        if (by - bb->height * 2 < -ceiling) {
            obj_set_y(&b->o, -ceiling + bb->height * 2);
            obj_set_vel(&b->o, b->o.data.vx, 0);
        }
    }
    if (step < 5) {
        if (!a->clipping_wall && x - ab->width < -sw) {
            obj_set_x(&a->o, -sw + ab->width);
            again(m, a, b, step);
            return;
        } else if (!a->clipping_wall && x + ab->width > sw) {
            obj_set_x(&a->o, sw - ab->width);
            again(m, a, b, step);
            return;
        }
        if (!b->clipping_wall && ox - bb->width < -sw) {
            obj_set_x(&b->o, -sw + bb->width);
            again(m, a, b, step);
            return;
        } else if (!b->clipping_wall && ox + bb->width > sw) {
            obj_set_x(&b->o, sw - bb->width);
            again(m, a, b, step);
            return;
        }
        if (fighter_is_colliding_with_opponent(a) && fighter_is_colliding_with_opponent(b) && box_overlaps(ab, bb)) {
            again(m, a, b, step);
            return;
        }
    }
}
