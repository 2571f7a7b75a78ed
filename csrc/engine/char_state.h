/* char_state.c <- states/char_state.py: CharacterState, the base of a fighter's states. */
#ifndef YOMI_CHAR_STATE_H
#define YOMI_CHAR_STATE_H

#include "ytypes.h"
#include "state.h"

enum { AT_MOVEMENT, AT_ATTACK, AT_SPECIAL, AT_SUPER, AT_DEFENSE, AT_HURT };
enum { BUSY_NORMAL, BUSY_HURT, BUSY_NONE };
enum { AIR_GROUNDED, AIR_AERIAL, AIR_BOTH };
extern const state_class character_state_class; /* CharacterState */
/* CharacterState.is_usable_with_grounded_check */
bool cs_is_usable_with_grounded_check(ymatch *m, yfighter *f, ystate *st, bool force_aerial, bool force_grounded);
/* CharacterState.allowed_in_stance */
bool cs_allowed_in_stance(yfighter *f, ystate *st);
/* CharacterState.can_feint */
bool cs_can_feint(ymatch *m, yfighter *f, ystate *st);
/* CharacterState.enter_shared */
int cs_enter_shared(ymatch *m, yobj *host, ystate *st);
/* CharacterState.exit_shared */
void cs_exit_shared(ymatch *m, yobj *host, ystate *st);
/* CharacterState.tick_shared */
int cs_tick_shared(ymatch *m, yobj *host, ystate *st);
/* CharacterState.tick_after */
int cs_tick_after(ymatch *m, yobj *host, ystate *st);
/* CharacterState.is_usable */
bool cs_is_usable(ymatch *m, yobj *host, ystate *st);
/* CharacterState.can_interrupt */
bool cs_can_interrupt(ymatch *m, yobj *host, ystate *st);
/* CharacterState.enable_interrupt */
void cs_enable_interrupt(ymatch *m, yobj *host, ystate *st, bool check_opponent, bool remove_hitlag);
/* CharacterState.enable_hit_cancel */
void cs_enable_hit_cancel(ymatch *m, yobj *host, ystate *st, bool projectile);
/* CharacterState.on_hit_something */
void cs_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *victim, yhitbox *hb);
/* CharacterState.frame_0_shared */
int cs_frame_0_shared(ymatch *m, yobj *host, ystate *st);
/* sym is in the symbol list (n items) */
bool st_in_list(const uint16_t *list, int n, int sym);
/* sym is in the state's interrupt_exceptions */
bool st_has_exception(const ystate *st, int sym);
/* interrupt_exceptions.remove(sym): the first occurrence, when there is one */
void st_remove_exception(ystate *st, int sym);
/* interrupt_exceptions.append(sym) (YE_LIMIT past YOMI_MAX_EXCEPTIONS) */
void st_append_exception(ymatch *m, ystate *st, int sym);
/* the state has hitboxes among its children */
bool st_has_hitbox_children(ystate *st);
/* calls through the resolved class */
static inline bool st_is_usable(ymatch *m, yobj *h, ystate *st) { return st_vt(st)->is_usable(m, h, st); }
static inline void st_enable_interrupt(ymatch *m, yobj *h, ystate *st, bool c, bool r) {
    st_vt(st)->enable_interrupt(m, h, st, c, r);
}

#endif
