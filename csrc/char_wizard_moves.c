/* Wizard moves in C. Mirrors (a part of) states/wizard/moves.py: the Taunt override, the
 * shared WizardState base, and the is_usable rules the action menu needs ("[legality]"
 * classes: the move itself is not written in C yet). */
#include <string.h>

#include "char_wizard.h"

#define TAUNT_FRIC FXC(0.025)

static int taunt_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    fg_apply_x_fric_raw(&host->chara, TAUNT_FRIC);
    return SYM_NONE;
}

static const state_class wizard_taunt_class = {
    .name = "states.wizard.moves.WizardTaunt",
    .parent = &taunt_class,
    .tick = taunt_tick,
};

/* WizardState: a move may trigger the orb's attack on its second tick */
typedef struct {
    int32_t trigger_orb_delay;
    uint16_t trigger_orb_type;
    bool trigger_orb_attack, triggered_orb_attack;
} wizard_state_vars;

static void ws_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    wizard_state_vars *v = ST_VARS(wizard_state_vars, host, st);
    v->trigger_orb_attack = prop_bool(NODE(st), P_trigger_orb_attack, 1);
    v->trigger_orb_type = (uint16_t)prop_sym(NODE(st), P_trigger_orb_type, 0);
    v->trigger_orb_delay = (int32_t)prop_int(NODE(st), P_trigger_orb_delay, 20);
}

static int ws_enter_shared(ymatch *m, yobj *host, ystate *st) {
    cs_enter_shared(m, host, st);
    ST_VARS(wizard_state_vars, host, st)->triggered_orb_attack = false;
    return SYM_NONE;
}

static int ws_tick_shared(ymatch *m, yobj *host, ystate *st) {
    wizard_state_vars *v = ST_VARS(wizard_state_vars, host, st);
    if (!v->triggered_orb_attack && st->current_tick == 0 && v->trigger_orb_attack && WIZARD(AS_F(host))->orb_projectile) {
        yerr(m, YE_NOT_PORTED, "Wizard: the orb is not written in C yet");
        return SYM_NONE;
    }
    return cs_tick_shared(m, host, st);
}

static const state_class wizard_state_class = {
    .name = "states.wizard.moves.WizardState",
    .parent = &character_state_class,
    .vars_size = sizeof(wizard_state_vars),
    .construct = ws_construct,
    .enter_shared = ws_enter_shared,
    .tick_shared = ws_tick_shared,
};

/* ------------------------------------------------------------------ legality only */
static bool ws_usable(ymatch *m, yobj *host, ystate *st) { return cs_is_usable(m, host, st); }
static bool super_usable(ymatch *m, yobj *host, ystate *st) { return super_move_class.is_usable(m, host, st); }
#define W(host) WIZARD(AS_F(host))

static bool draw_moisture_usable(ymatch *m, yobj *host, ystate *st) {
    ystate *cur = obj_state(host);
    return ws_usable(m, host, st) && W(host)->geyser_charge < 3 &&
           !(st_name(cur) == SYM_DrawMoisture && cur->current_tick < st->anim_length - 1);
}
static const state_class draw_moisture_class = {.name = "states.wizard.moves.DrawMoisture[legality]",
                                                .parent = &wizard_state_class,
                                                .is_usable = draw_moisture_usable};

static bool geyser_usable(ymatch *m, yobj *host, ystate *st) {
    return W(host)->geyser_charge > 0 && ws_usable(m, host, st);
}
static const state_class geyser_class = {
    .name = "states.wizard.moves.Geyser[legality]", .parent = &wizard_state_class, .is_usable = geyser_usable};

/* the orb is not written in C: orb_projectile is never set, so "locked" is never asked */
static bool lock_orb_usable(ymatch *m, yobj *host, ystate *st) {
    bool locks = prop_bool(NODE(st), P_locks_orb, 0);
    if (locks) return ws_usable(m, host, st) && W(host)->orb_projectile != 0;
    return false;
}
static const state_class lock_orb_class = {
    .name = "states.wizard.moves.LockOrb[legality]", .parent = &wizard_state_class, .is_usable = lock_orb_usable};

static bool orb_push_usable(ymatch *m, yobj *host, ystate *st) {
    return ws_usable(m, host, st) && W(host)->orb_projectile != 0;
}
static const state_class orb_push_class = {
    .name = "states.wizard.moves.OrbPush[legality]", .parent = &wizard_state_class, .is_usable = orb_push_usable};

static bool orb_tether_usable(ymatch *m, yobj *host, ystate *st) {
    return ws_usable(m, host, st) && W(host)->orb_projectile != 0 &&
           (obj_grounded(host) || AS_F(host)->air_movements_left > 0);
}
static const state_class orb_tether_class = {
    .name = "states.wizard.moves.OrbTether[legality]", .parent = &wizard_state_class, .is_usable = orb_tether_usable};

static bool vile_clutch_usable(ymatch *m, yobj *host, ystate *st) {
    return ws_usable(m, host, st) && W(host)->can_vile_clutch;
}
static const state_class vile_clutch_class = {.name = "states.wizard.moves.VileClutch[legality]",
                                              .parent = &wizard_state_class,
                                              .is_usable = vile_clutch_usable};

static bool flame_wave_usable(ymatch *m, yobj *host, ystate *st) {
    return ws_usable(m, host, st) && W(host)->can_flame_wave && W(host)->flame_wave_cooldown <= 0;
}
static const state_class flame_wave_class = {
    .name = "states.wizard.moves.FlameWave[legality]", .parent = &wizard_state_class, .is_usable = flame_wave_usable};

static bool launch_usable(ymatch *m, yobj *host, ystate *st) {
    /* the boulder is not written in C: it never exists here */
    return W(host)->boulder_projectile != 0 && ws_usable(m, host, st);
}
static const state_class launch_class = {
    .name = "states.wizard.moves.Launch[legality]", .parent = &wizard_state_class, .is_usable = launch_usable};

static bool orb_usable(ymatch *m, yobj *host, ystate *st) {
    return super_usable(m, host, st) && W(host)->orb_projectile == 0;
}
static const state_class orb_class = {
    .name = "states.wizard.moves.Orb[legality]", .parent = &super_move_class, .is_usable = orb_usable};

static bool conjure_usable(ymatch *m, yobj *host, ystate *st) {
    return super_usable(m, host, st) && W(host)->boulder_projectile == 0;
}
static const state_class conjure_pebble_class = {
    .name = "states.wizard.moves.ConjurePebble[legality]", .parent = &super_move_class, .is_usable = conjure_usable};

static bool orb_teleport_usable(ymatch *m, yobj *host, ystate *st) {
    return super_usable(m, host, st) && W(host)->orb_projectile != 0;
}
static const state_class orb_teleport_class = {
    .name = "states.wizard.moves.OrbTeleport[legality]", .parent = &super_move_class, .is_usable = orb_teleport_usable};

#define S "characters/wizard/"
const yscript_entry wizard_scripts[] = {
    {S "states/Taunt.gd", &wizard_taunt_class},
    {S "states/WizardState.gd", &wizard_state_class},
    {"WizardState", &wizard_state_class},
    {S "CharacterState.gd", &draw_moisture_class},
    {S "states/Geyser.gd", &geyser_class},
    {S "states/LockOrb.gd", &lock_orb_class},
    {S "states/OrbPush.gd", &orb_push_class},
    {S "states/OrbTether.gd", &orb_tether_class},
    {S "states/VileClutch.gd", &vile_clutch_class},
    {S "FlameWave.gd", &flame_wave_class},
    {S "Launch.gd", &launch_class},
    {S "states/Orb.gd", &orb_class},
    {S "states/ConjurePebble.gd", &conjure_pebble_class},
    {S "states/OrbTeleport.gd", &orb_teleport_class},
    {0, 0},
};
#undef S
