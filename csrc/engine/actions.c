/* Which moves a fighter may choose at a decision: the action menu filter.
 * Mirrors fighter/actions.py (ActionButtons.update_buttons). The input-shape checks
 * of that module stay in Python (the binding converts data/extra, see py_match.c). */
#include <stdio.h>
#include <string.h>

#include "actions.h"
#include "char_state.h"
#include "fighter.h"
#include "match.h"
#include "obj.h"
#include "scene.h"
#include "state.h"

#define MAX_CATS 64

/* the fields a candidate's checks read come first in a state, within two cache lines at most */
_Static_assert(offsetof(ystate, current_tick) <= 64, "ystate: the menu's fields before current_tick");

/* the Cowboy's input_grounded / input_aerial: "Aerial" <-> "Grounded" inside category names */
static int replaced(int sym, const char *from, const char *to) {
    const char *text = sym_text(sym);
    const char *p = strstr(text, from);
    if (!p) return sym;
    char buf[128];
    size_t n = 0;
    const char *s = text;
    while (*s && n < sizeof buf - 16) {
        if (strncmp(s, from, strlen(from)) == 0) {
            size_t tl = strlen(to);
            memcpy(buf + n, to, tl);
            n += tl;
            s += strlen(from);
        } else {
            buf[n++] = *s++;
        }
    }
    buf[n] = 0;
    int r = sym_lookup(buf, n);
    return r < 0 ? -1 : r; /* a category nobody is in */
}

static int cancel_categories(ymatch *m, yfighter *f, bool force_grounded, bool force_aerial, int *out) {
    ystate *st = obj_state(&f->o);
    const ystate_static *s = st->st;
    yfighter *opp = FOPP(m, f);
    int n = 0;
    if (!f->busy_interrupt) {
        int len = s->n_hit_cancel_into;
        const uint16_t *list = f->o.state_hit_cancellable ? s->hit_cancel_into
                                                          : st_vt(st)->interrupt_into(m, &f->o, st, &len);
        for (int i = 0; i < len && n < MAX_CATS; i++) out[n++] = list[i];
        if (f->turbo_mode && st_name(obj_state(&opp->o)) != SYM_Grabbed && n < MAX_CATS)
            out[n++] = obj_grounded(&f->o) ? SYM_Grounded : SYM_Aerial;
        if (f->feinting && FH(f)->should_free_cancel_allow_grounded_and_aerial_states(m, f) &&
            obj_state(&opp->o)->busy_interrupt_type != BUSY_HURT && n + 2 <= MAX_CATS) {
            out[n++] = SYM_Grounded;
            out[n++] = SYM_Aerial;
        }
    } else {
        for (int i = 0; i < s->n_busy_interrupt_into && n < MAX_CATS; i++) out[n++] = s->busy_interrupt_into[i];
    }
    for (int i = 0; i < n; i++) {
        if (force_grounded && out[i] >= 0) out[i] = replaced(out[i], "Aerial", "Grounded");
        if (force_aerial && out[i] >= 0) out[i] = replaced(out[i], "Grounded", "Aerial");
    }
    return n;
}

/* What the offer checks read of the fighter's current state: the same for every candidate of
 * one decision, so read once per menu. */
typedef struct {
    ystate *st;
    const ystate_static *s;
    bool turbo, hit_cancellable, interruptable;
    bool hit_cancel_exceptions; /* hit_cancellable and the state has hit_cancel_exceptions */
    bool interrupt_exceptions;  /* interruptable and the state has interrupt_exceptions */
} yoffer;

static void offer_init(yfighter *f, yoffer *o) {
    o->st = obj_state(&f->o);
    o->s = o->st->st;
    o->turbo = f->turbo_mode;
    o->hit_cancellable = f->o.state_hit_cancellable;
    o->interruptable = f->o.state_interruptable;
    o->hit_cancel_exceptions = o->hit_cancellable && o->s->n_hit_cancel_exceptions > 0;
    o->interrupt_exceptions = o->interruptable && o->st->n_interrupt_exceptions > 0;
}

/* the checks after "one of its interrupt_from categories is offered"; an empty exception list
 * rejects nothing, so its loops are skipped */
static inline bool offered_if_reachable(ymatch *m, yfighter *f, const yoffer *o, ystate *cand, bool force_aerial,
                                        bool force_grounded) {
    const ystate_static *cs = cand->st, *s = o->s;
    if (!(cs_is_usable_with_grounded_check(m, f, cand, force_aerial, force_grounded) && cs_allowed_in_stance(f, cand)))
        return false;
    if (cs->name == s->name) {
        if (o->hit_cancellable && !o->st->self_hit_cancellable && !o->turbo) return false;
        if (!o->hit_cancellable && !o->st->self_interruptable && !o->turbo) return false;
    }
    if (o->hit_cancel_exceptions) {
        if (st_in_list(s->hit_cancel_exceptions, s->n_hit_cancel_exceptions, cs->name)) return false;
        for (int i = 0; i < cs->n_interrupt_from; i++)
            if (st_in_list(s->hit_cancel_exceptions, s->n_hit_cancel_exceptions, cs->interrupt_from[i])) return false;
    }
    if (o->interrupt_exceptions) {
        if (st_has_exception(o->st, cs->name)) return false;
        for (int i = 0; i < cs->n_interrupt_from; i++)
            if (st_has_exception(o->st, cs->interrupt_from[i])) return false;
    }
    return true;
}

/* The sorted menu (state indices, ACT_CONTINUE in its place). Returns the count. The table's menu
 * is already in the list's order (sort_rank) and the offered categories' states are a set of
 * positions in it, so the menu is read in order, looking only at those positions. */
int actions_legal(ymatch *m, yfighter *f, bool force_grounded, bool force_aerial, int16_t *out) {
    const int16_t *menu;
    int n_menu = table_menu_states(f->o.table, &menu);
    bool all = f->extremely_turbo_mode && !f->busy_interrupt;
    ymenu_set reach = {{0, 0}};
    if (all) {
        for (int k = 0; k < n_menu; k++) reach.w[k >> 6] |= (uint64_t)1 << (k & 63);
    } else {
        int cats[MAX_CATS];
        int n_cats = cancel_categories(m, f, force_grounded, force_aerial, cats);
        for (int k = 0; k < n_cats; k++) table_menu_reach(f->o.table, cats[k], &reach);
    }
    /* the candidates' states, fetched together rather than one miss after another where the match
     * is out of the cache: the lines of the fields the checks read (a state's bytes before current_tick, which
     * may cross a line) */
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = reach.w[w]; bits; bits &= bits - 1) {
            const char *cand = (const char *)&f->states[menu[w * 64 + __builtin_ctzll(bits)]];
            __builtin_prefetch(cand);
            __builtin_prefetch(cand + offsetof(ystate, current_tick) - 1);
        }
    yoffer o;
    offer_init(f, &o);
    int n = 0;
    bool continue_placed = false;
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = reach.w[w]; bits && YOK(m); bits &= bits - 1) {
            int16_t index = menu[w * 64 + __builtin_ctzll(bits)];
            ystate *cand = &f->states[index];
            if (!all && !offered_if_reachable(m, f, &o, cand, force_aerial, force_grounded)) continue;
            /* "Continue" goes before the first name that sorts after it */
            if (!continue_placed && cand->st->after_continue) {
                out[n++] = ACT_CONTINUE;
                continue_placed = true;
            }
            out[n++] = index;
        }
    if (!continue_placed) out[n++] = ACT_CONTINUE;
    return n;
}

/* "action in actions_legal(...)", deciding for the one action only */
bool actions_is_legal(ymatch *m, yfighter *f, int action_sym, bool force_grounded, bool force_aerial) {
    if (action_sym == SYM_Continue) return true;
    int index = table_state_of_sym(1, f->o.table, action_sym);
    if (index < 0 || !f->states[index].st->menu) return false;
    if (f->extremely_turbo_mode && !f->busy_interrupt) return true;
    int cats[MAX_CATS];
    int n_cats = cancel_categories(m, f, force_grounded, force_aerial, cats);
    const ystate_static *cs = f->states[index].st;
    bool reachable = false;
    for (int i = 0; i < n_cats && !reachable; i++)
        if (cats[i] >= 0 && st_in_list(cs->interrupt_from, cs->n_interrupt_from, cats[i])) reachable = true;
    if (!reachable) return false;
    yoffer o;
    offer_init(f, &o);
    return offered_if_reachable(m, f, &o, &f->states[index], force_aerial, force_grounded) && YOK(m);
}
