/* The physics body FGObject: mirrors yomi/body.py (see body.h). */
#include "body.h"

const fx FG_PUSHBACK_FRIC = 36045; /* "0.55" parsed */
const fx FG_MAX_PUSHBACK = 10 * FX_ONE;
const fx FG_MIN_SPEED = 7; /* "0.0001" parsed */

void fg_init(fg_body *b) {
    *b = (fg_body){
        .gravity = FX_ONE, .ground_friction = FX_ONE, .air_friction = FX_ONE, .max_ground_speed = FX_ONE,
        .max_air_speed = FX_ONE, .max_fall_speed = FX_ONE, .gravity_modifier = FX_ONE,
        .id = 1, .facing = 1, .grounded = true, .snap_to_ground = true,
    };
}

/* Two String arguments: both parsed before anything is assigned. */
static int parse2(const char *x, size_t xlen, const char *y, size_t ylen, fx *vx, fx *vy) {
    fx_err err = fx_parse(x, xlen, vx);
    if (err) return err;
    return fx_parse(y, ylen, vy);
}

/* ---- raw primitives ---- */

void fg_move_directly_raw(fg_body *b, fx x, fx y) {
    b->pos_x = fx_wrap_add(b->pos_x, x);
    fx ny = fx_wrap_add(b->pos_y, y);
    b->pos_y = (b->snap_to_ground && ny >= 0) ? 0 : ny; /* the snap: the floor is y = 0, y grows downward */
}

void fg_move_directly_relative_raw(fg_body *b, fx x, fx y) {
    fg_move_directly_raw(b, b->facing == -1 ? fx_wrap_neg(x) : x, y);
}

void fg_apply_force_raw(fg_body *b, fx x, fx y) {
    if (b->grounded && y > 0) y = 0; /* a grounded body ignores downward forces */
    b->accel_x = fx_wrap_add(b->accel_x, x);
    b->accel_y = fx_wrap_add(b->accel_y, y);
}

void fg_apply_force_relative_raw(fg_body *b, fx x, fx y) {
    fg_apply_force_raw(b, b->facing == -1 ? fx_wrap_neg(x) : x, y);
}

void fg_apply_grav_custom_raw(fg_body *b, fx gravity, fx fall_speed) {
    /* strict compare on the current velocity, pending accel not included */
    if (!b->grounded && b->vel_y < fall_speed) fg_apply_force_raw(b, 0, fx_mul(gravity, b->gravity_modifier));
}

void fg_apply_x_fric_raw(fg_body *b, fx fric) {
    if (fx_abs(b->vel_x) > fric) b->vel_x = fx_wrap_sub(b->vel_x, fx_mul(b->vel_x, fric));
}

void fg_apply_y_fric_raw(fg_body *b, fx fric) {
    if (fx_abs(b->vel_y) > fric) b->vel_y = fx_wrap_sub(b->vel_y, fx_mul(b->vel_y, fric));
}

void fg_add_pushback_raw(fg_body *b, fx pushback) {
    /* the cap is tested before adding, so one add may overshoot past 10 */
    if (fx_abs(b->pushback_vel) < FG_MAX_PUSHBACK) b->pushback_vel = fx_wrap_add(b->pushback_vel, pushback);
}

/* ---- position ---- */

void fg_set_position(fg_body *b, int32_t x, int32_t y) {
    b->pos_x = fx_from_int(x);
    b->pos_y = fx_from_int(y);
}

void fg_set_x(fg_body *b, int32_t x) { b->pos_x = fx_from_int(x); }
void fg_set_y(fg_body *b, int32_t y) { b->pos_y = fx_from_int(y); }

int fg_set_position_str(fg_body *b, const char *x, size_t xlen, const char *y, size_t ylen) {
    fx vx, vy;
    int err = parse2(x, xlen, y, ylen, &vx, &vy);
    if (err) return err;
    b->pos_x = vx;
    b->pos_y = vy;
    return FG_OK;
}

void fg_move_directly(fg_body *b, int32_t x, int32_t y) { fg_move_directly_raw(b, fx_from_int(x), fx_from_int(y)); }

int fg_move_directly_str(fg_body *b, const char *x, size_t xlen, const char *y, size_t ylen) {
    fx vx, vy;
    int err = parse2(x, xlen, y, ylen, &vx, &vy);
    if (err) return err;
    fg_move_directly_raw(b, vx, vy);
    return FG_OK;
}

void fg_move_directly_relative(fg_body *b, int32_t x, int32_t y) {
    fg_move_directly_relative_raw(b, fx_from_int(x), fx_from_int(y));
}

int fg_move_directly_relative_str(fg_body *b, const char *x, size_t xlen, const char *y, size_t ylen) {
    fx vx, vy;
    int err = parse2(x, xlen, y, ylen, &vx, &vy);
    if (err) return err;
    fg_move_directly_relative_raw(b, vx, vy);
    return FG_OK;
}

/* ---- forces ---- */

void fg_apply_force(fg_body *b, int32_t x, int32_t y) { fg_apply_force_raw(b, fx_from_int(x), fx_from_int(y)); }

int fg_apply_force_str(fg_body *b, const char *x, size_t xlen, const char *y, size_t ylen) {
    fx vx, vy;
    int err = parse2(x, xlen, y, ylen, &vx, &vy);
    if (err) return err;
    fg_apply_force_raw(b, vx, vy);
    return FG_OK;
}

void fg_apply_force_relative(fg_body *b, int32_t x, int32_t y) {
    fg_apply_force_relative_raw(b, fx_from_int(x), fx_from_int(y));
}

int fg_apply_force_relative_str(fg_body *b, const char *x, size_t xlen, const char *y, size_t ylen) {
    fx vx, vy;
    int err = parse2(x, xlen, y, ylen, &vx, &vy);
    if (err) return err;
    fg_apply_force_relative_raw(b, vx, vy);
    return FG_OK;
}

void fg_apply_grav(fg_body *b) { fg_apply_grav_custom_raw(b, b->gravity, b->max_fall_speed); }

int fg_apply_grav_custom(fg_body *b, const char *grav, size_t glen, const char *fall, size_t flen) {
    fx g, f;
    int err = parse2(grav, glen, fall, flen, &g, &f);
    if (err) return err;
    fg_apply_grav_custom_raw(b, g, f);
    return FG_OK;
}

int fg_apply_fric(fg_body *b) {
    /* vx -= ((|vx| / max_speed) * friction) * sign(vx): truncating divide, floor multiply, no clamp */
    fx max_speed = b->grounded ? b->max_ground_speed : b->max_air_speed;
    fx friction = b->grounded ? b->ground_friction : b->air_friction;
    fx q;
    fx_err err = fx_div(fx_abs(b->vel_x), max_speed, &q);
    if (err) return err;
    b->vel_x = fx_wrap_sub(b->vel_x, fx_mul(fx_mul(q, friction), fx_sign(b->vel_x)));
    return FG_OK;
}

int fg_apply_x_fric(fg_body *b, const char *fric, size_t len) {
    fx f;
    fx_err err = fx_parse(fric, len, &f);
    if (err) return err;
    fg_apply_x_fric_raw(b, f);
    return FG_OK;
}

int fg_apply_y_fric(fg_body *b, const char *fric, size_t len) {
    fx f;
    fx_err err = fx_parse(fric, len, &f);
    if (err) return err;
    fg_apply_y_fric_raw(b, f);
    return FG_OK;
}

int fg_apply_forces(fg_body *b) {
    fx vx = fx_wrap_add(b->vel_x, b->accel_x);
    fx vy = fx_wrap_add(b->vel_y, b->accel_y);
    /* the caps use the grounded flag from before the move */
    if (b->grounded) {
        if (fx_abs(vx) > b->max_ground_speed) vx = fx_mul(b->max_ground_speed, fx_sign(vx));
    } else {
        if (fx_abs(vx) > b->max_air_speed) vx = fx_mul(b->max_air_speed, fx_sign(vx));
        if (vy > b->max_fall_speed) vy = b->max_fall_speed;
    }
    b->vel_x = vx;
    b->vel_y = vy;
    fg_move_directly_raw(b, vx, vy);
    b->grounded = b->pos_y >= 0;
    if (b->grounded && vy > 0) b->vel_y = vy = 0;
    /* |vel| is isqrt(vx^2 + vy^2) << 8, a multiple of 1/256: the velocity is zeroed iff both
     * components are under 1/256. On vel^2 overflow the sqrt fails with pos/vel/grounded already
     * updated and accel not cleared, as in the library. */
    fx length;
    fx_err err = fx_sqrt(fx_wrap_add(fx_mul(vx, vx), fx_mul(vy, vy)), &length);
    if (err) return err;
    if (length < FG_MIN_SPEED) b->vel_x = b->vel_y = 0;
    b->accel_x = b->accel_y = 0;
    return FG_OK;
}

void fg_apply_forces_no_limit(fg_body *b) {
    bool grounded = b->grounded = b->pos_y >= 0; /* from the position before the move */
    b->vel_x = fx_wrap_add(b->vel_x, b->accel_x);
    b->vel_y = fx_wrap_add(b->vel_y, b->accel_y);
    fx vy = b->vel_y;
    fg_move_directly_raw(b, b->vel_x, vy);
    if (grounded && vy > 0) b->vel_y = 0;
    b->accel_x = b->accel_y = 0;
}

void fg_reset_momentum(fg_body *b) { b->vel_x = b->vel_y = b->accel_x = b->accel_y = 0; }

int fg_set_vel(fg_body *b, const char *x, size_t xlen, const char *y, size_t ylen) {
    fx vx, vy;
    int err = parse2(x, xlen, y, ylen, &vx, &vy);
    if (err) return err;
    b->vel_x = vx;
    b->vel_y = vy;
    return FG_OK;
}

/* ---- pushback ---- */

int fg_add_pushback(fg_body *b, const char *pushback, size_t len) {
    fx p;
    fx_err err = fx_parse(pushback, len, &p);
    if (err) return err;
    fg_add_pushback_raw(b, p);
    return FG_OK;
}

void fg_apply_pushback(fg_body *b, int32_t dir) {
    /* move by (pushback * dir, 0) with the snap, then decay 0.55 toward 0 whatever dir is */
    fx pb = b->pushback_vel;
    fg_move_directly_raw(b, fx_mul(pb, fx_from_int(dir)), 0);
    b->pushback_vel = fx_abs(pb) > FG_PUSHBACK_FRIC ? fx_wrap_sub(pb, fx_mul(FG_PUSHBACK_FRIC, fx_sign(pb))) : 0;
}

void fg_reset_pushback(fg_body *b) { b->pushback_vel = 0; }

/* ---- parameters ---- */

#define FG_SETTER(name, field)                                  \
    int fg_##name(fg_body *b, const char *s, size_t len) {      \
        fx v;                                                   \
        fx_err err = fx_parse(s, len, &v);                      \
        if (err) return err;                                    \
        b->field = v;                                           \
        return FG_OK;                                           \
    }

FG_SETTER(set_gravity, gravity)
FG_SETTER(set_ground_friction, ground_friction)
FG_SETTER(set_air_friction, air_friction)
FG_SETTER(set_max_ground_speed, max_ground_speed)
FG_SETTER(set_max_air_speed, max_air_speed)
FG_SETTER(set_max_fall_speed, max_fall_speed)
FG_SETTER(set_gravity_modifier, gravity_modifier)

/* ---- facing ---- */

int fg_set_facing(fg_body *b, int32_t facing) {
    if (facing != -1 && facing != 1) return FG_ERR_INVALID_FACING;
    b->facing = facing;
    return FG_OK;
}

/* ---- read-out ---- */

void fg_get_data(const fg_body *b, fg_data *out) {
    /* position_float: the rounded position, integral, converted to f32 (nearest) */
    out->position_float[0] = (float)(fx_round(b->pos_x) >> 16);
    out->position_float[1] = (float)(fx_round(b->pos_y) >> 16);
    out->position_x = fx_round_to_int(b->pos_x);
    out->position_y = fx_round_to_int(b->pos_y);
    fx_format(b->vel_x, out->vel_x);
    fx_format(b->vel_y, out->vel_y);
    out->facing = b->facing;
    out->grounded = b->grounded;
    out->snap_to_ground = b->snap_to_ground;
}

/* ---- copies ---- */

int fg_copy_to(const fg_body *b, fg_body *other) {
    if (other == NULL) return FG_ERR_NULL;
    if (other == b) return FG_ERR_COPY_TO_SELF;
    *other = *b;
    return FG_OK;
}
