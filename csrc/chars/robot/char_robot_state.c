/* The Robot's state base and roll: mirrors RobotState and RobotRoll of states/robot/moves.py,
 * kept apart from char_robot_moves.c because the fighter reads their `can_fly` (Robot.gd's
 * getattr(state, "can_fly")): the fighter file depends on this one and this one on the core only. */
#include "char_robot.h"

/* ------------------------------------------------------------------ RobotState */
static void rs_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    robot_state_vars *v = ST_VARS(robot_state_vars, host, st);
    const ynode *n = NODE(st);
    v->is_super = prop_bool(n, P_is_super, 0);
    v->super_level = (int32_t)prop_int(n, P_super_level, 1);
    v->supers_used = (int32_t)prop_int(n, P_supers_used, -1);
    v->super_freeze_ticks = (int32_t)prop_int(n, P_super_freeze_ticks, 15);
    v->super_effect = prop_bool(n, P_super_effect, 1);
    v->can_fly = prop_bool(n, P_can_fly, 1);
    v->throw_invuln_frames = (int32_t)prop_int(n, P_throw_invuln_frames, 0);
    v->super_scale_combo_meter = prop_bool(n, P_super_scale_combo_meter, 1);
}

bool robot_state_is_usable(ymatch *m, yobj *host, ystate *st) {
    robot_state_vars *v = ST_VARS(robot_state_vars, host, st);
    if (!v->is_super) return cs_is_usable(m, host, st);
    return cs_is_usable(m, host, st) && AS_F(host)->supers_available >= v->super_level;
}

static int rs_enter_shared(ymatch *m, yobj *host, ystate *st) {
    cs_enter_shared(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    if (ST_VARS(robot_state_vars, host, st)->throw_invuln_frames > 0) host->throw_invulnerable = true;
    return SYM_NONE;
}

static int rs_frame_0_shared(ymatch *m, yobj *host, ystate *st) {
    cs_frame_0_shared(m, host, st);
    robot_state_vars *v = ST_VARS(robot_state_vars, host, st);
    if (!v->is_super) return SYM_NONE;
    yfighter *f = AS_F(host);
    int levels = v->supers_used == -1 ? v->super_level : v->supers_used;
    if (v->super_scale_combo_meter && levels > 0) f->combo_supers++;
    for (int i = 0; i < levels; i++) fighter_use_super_bar(f);
    return SYM_NONE;
}

static int rs_tick_shared(ymatch *m, yobj *host, ystate *st) {
    cs_tick_shared(m, host, st); /* quirk kept: the result is dropped */
    if (!YOK(m)) return SYM_NONE;
    robot_state_vars *v = ST_VARS(robot_state_vars, host, st);
    if (st->current_tick == v->throw_invuln_frames && v->throw_invuln_frames > 0) host->throw_invulnerable = false;
    return SYM_NONE;
}

const state_class robot_state_class = {
    .name = "states.robot.moves.RobotState",
    .parent = &character_state_class,
    .vars_size = sizeof(robot_state_vars),
    .construct = rs_construct,
    .is_usable = robot_state_is_usable,
    .enter_shared = rs_enter_shared,
    .frames_shared = FRAMES({0, rs_frame_0_shared}),
    .tick_shared = rs_tick_shared,
};

/* ------------------------------------------------------------------ RobotRoll: a roll that stops flight */
typedef struct {
    roll_vars r;
    yflag can_fly;
} robot_roll_vars;

static void roll_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(robot_roll_vars, host, st)->can_fly = false;
}

const state_class robot_roll_class = {
    .name = "states.robot.moves.RobotRoll",
    .parent = &roll_dodge_class,
    .vars_size = sizeof(robot_roll_vars),
    .construct = roll_construct,
};

int robot_state_can_fly(yobj *host, ystate *st) {
    for (const state_vt *vt = st_vt(st); vt; vt = vt->parent) {
        if (vt->cls == &robot_state_class) return ST_VARS(robot_state_vars, host, st)->can_fly;
        if (vt->cls == &robot_roll_class) return ST_VARS(robot_roll_vars, host, st)->can_fly;
    }
    return -1;
}
