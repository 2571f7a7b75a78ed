/* The native physics body of every game object: tbfg-lib's FGObject.
 *
 * Mirrors yomi/body.py, which ports tbfg/src/obj.rs and tbfg/src/char.rs with
 * the semantics recorded from the game's library (checked against it). Numbers are raw I48F16 (fixed.h). One function per FGObject method,
 * named fg_<method>; the *_raw variants take raw fixed values. String
 * arguments are (text, length) pairs parsed like fx_parse.
 *
 * Errors: functions that can fail return an int, 0 on success, otherwise an
 * fx_err (a failed parse, a division by zero, a negative sqrt) or an FG_ERR_*.
 * A failed call changes nothing, except where the library had already changed
 * something (only fg_apply_forces, on a velocity beyond about 2^23.5).
 * No allocation anywhere; the struct is plain data (copy it to clone).
 */
#ifndef YOMI_BODY_H
#define YOMI_BODY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fixed.h"

enum {
    FG_OK = 0,
    /* 1 .. FX_ERR_BAD_CALL: the fx_err of a number that failed */
    FG_ERR_INVALID_FACING = 64, /* set_facing with anything but -1 or 1 */
    FG_ERR_COPY_TO_SELF,        /* copy_to into itself (BorrowFailed) */
    FG_ERR_NULL,                /* copy_to into nothing (InvalidVariantType) */
};

typedef struct {
    fx pos_x, pos_y, vel_x, vel_y, accel_x, accel_y, pushback_vel;
    fx gravity, ground_friction, air_friction, max_ground_speed, max_air_speed, max_fall_speed, gravity_modifier;
    int64_t id;      /* not observable; copied by copy_to */
    int32_t facing;  /* +1 Right, -1 Left */
    bool grounded;
    bool snap_to_ground;
} fg_body;

/* get_data().object_data */
typedef struct {
    float position_float[2];
    int32_t position_x, position_y;
    char vel_x[FX_STR_MAX], vel_y[FX_STR_MAX];
    int32_t facing;
    bool grounded, snap_to_ground;
} fg_data;

extern const fx FG_PUSHBACK_FRIC; /* 0.55 = raw 36045 */
extern const fx FG_MAX_PUSHBACK;  /* 10 */
extern const fx FG_MIN_SPEED;     /* 0.0001 = raw 7 */

void fg_init(fg_body *b); /* FGObject.new() */

/* raw primitives */
void fg_move_directly_raw(fg_body *b, fx x, fx y);
/* FGObject.move_directly_relative_raw */
void fg_move_directly_relative_raw(fg_body *b, fx x, fx y);
/* FGObject.apply_force_raw */
void fg_apply_force_raw(fg_body *b, fx x, fx y);
/* FGObject.apply_force_relative_raw */
void fg_apply_force_relative_raw(fg_body *b, fx x, fx y);
/* FGObject.apply_grav_custom_raw */
void fg_apply_grav_custom_raw(fg_body *b, fx gravity, fx fall_speed);
/* FGObject.apply_x_fric_raw */
void fg_apply_x_fric_raw(fg_body *b, fx fric);
/* FGObject.apply_y_fric_raw */
void fg_apply_y_fric_raw(fg_body *b, fx fric);
/* FGObject.add_pushback_raw */
void fg_add_pushback_raw(fg_body *b, fx pushback);

/* position (setters assign; moves snap) */
void fg_set_position(fg_body *b, int32_t x, int32_t y);
/* FGObject.set_x */
void fg_set_x(fg_body *b, int32_t x);
/* FGObject.set_y */
void fg_set_y(fg_body *b, int32_t y);
/* FGObject.set_position_str (text arguments) */
int fg_set_position_str(fg_body *b, const char *x, size_t xlen, const char *y, size_t ylen);
/* FGObject.move_directly */
void fg_move_directly(fg_body *b, int32_t x, int32_t y);
/* FGObject.move_directly_str (text arguments) */
int fg_move_directly_str(fg_body *b, const char *x, size_t xlen, const char *y, size_t ylen);
/* FGObject.move_directly_relative */
void fg_move_directly_relative(fg_body *b, int32_t x, int32_t y);
/* FGObject.move_directly_relative_str (text arguments) */
int fg_move_directly_relative_str(fg_body *b, const char *x, size_t xlen, const char *y, size_t ylen);

/* forces */
void fg_apply_force(fg_body *b, int32_t x, int32_t y);
/* FGObject.apply_force_str (text arguments) */
int fg_apply_force_str(fg_body *b, const char *x, size_t xlen, const char *y, size_t ylen);
/* FGObject.apply_force_relative */
void fg_apply_force_relative(fg_body *b, int32_t x, int32_t y);
/* FGObject.apply_force_relative_str (text arguments) */
int fg_apply_force_relative_str(fg_body *b, const char *x, size_t xlen, const char *y, size_t ylen);
/* FGObject.apply_grav */
void fg_apply_grav(fg_body *b);
/* FGObject.apply_grav_custom (text arguments) */
int fg_apply_grav_custom(fg_body *b, const char *grav, size_t glen, const char *fall, size_t flen);
int fg_apply_fric(fg_body *b); /* FX_ERR_DIV_ZERO when the max speed in use is 0 */
/* FGObject.apply_x_fric (text arguments) */
int fg_apply_x_fric(fg_body *b, const char *fric, size_t len);
/* FGObject.apply_y_fric (text arguments) */
int fg_apply_y_fric(fg_body *b, const char *fric, size_t len);
int fg_apply_forces(fg_body *b); /* FX_ERR_SQRT_NEGATIVE only on vel^2 overflow */
/* FGObject.apply_forces_no_limit */
void fg_apply_forces_no_limit(fg_body *b);
/* FGObject.reset_momentum */
void fg_reset_momentum(fg_body *b);
/* FGObject.set_vel */
int fg_set_vel(fg_body *b, const char *x, size_t xlen, const char *y, size_t ylen);

/* pushback */
int fg_add_pushback(fg_body *b, const char *pushback, size_t len);
/* FGObject.apply_pushback */
void fg_apply_pushback(fg_body *b, int32_t dir);
/* FGObject.reset_pushback */
void fg_reset_pushback(fg_body *b);

/* parameters */
int fg_set_gravity(fg_body *b, const char *s, size_t len);
/* FGObject.set_ground_friction (a text argument) */
int fg_set_ground_friction(fg_body *b, const char *s, size_t len);
/* FGObject.set_air_friction (a text argument) */
int fg_set_air_friction(fg_body *b, const char *s, size_t len);
/* FGObject.set_max_ground_speed (a text argument) */
int fg_set_max_ground_speed(fg_body *b, const char *s, size_t len);
/* FGObject.set_max_air_speed (a text argument) */
int fg_set_max_air_speed(fg_body *b, const char *s, size_t len);
/* FGObject.set_max_fall_speed (a text argument) */
int fg_set_max_fall_speed(fg_body *b, const char *s, size_t len);
/* FGObject.set_gravity_modifier (a text argument) */
int fg_set_gravity_modifier(fg_body *b, const char *s, size_t len);

/* facing, grounding, snapping */
int fg_set_facing(fg_body *b, int32_t facing);
static inline int32_t fg_get_facing(const fg_body *b) { return b->facing; }
static inline void fg_set_grounded(fg_body *b, bool grounded) { b->grounded = grounded; }
static inline void fg_update_grounded(fg_body *b) { b->grounded = b->pos_y >= 0; }
static inline bool fg_is_grounded(const fg_body *b) { return b->grounded; }
static inline bool fg_get_snap_to_ground(const fg_body *b) { return b->snap_to_ground; }
static inline void fg_set_snap_to_ground(fg_body *b, bool snap) { b->snap_to_ground = snap; }

/* read-out */
static inline int32_t fg_get_x_vel_int(const fg_body *b) { return fx_round_to_int(b->vel_x); }
/* FGObject.get_data */
void fg_get_data(const fg_body *b, fg_data *out);

/* copies */
int fg_copy_to(const fg_body *b, fg_body *other);

#endif
