/* Which moves a fighter may choose at a decision: the action menu filter.
 * Mirrors fighter/actions.py (ActionButtons.update_buttons). The input-shape checks
 * of that module stay in Python (the binding converts data/extra, see py_match.c). */
#include <stdio.h>
#include <string.h>

#include "engine.h"

#define MAX_CATS 64

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

/* the checks after "one of its interrupt_from categories is offered" */
static bool offered_if_reachable(ymatch *m, yfighter *f, ystate *cand, bool force_aerial, bool force_grounded) {
    ystate *st = obj_state(&f->o);
    const ystate_static *cs = cand->st, *s = st->st;
    if (!(cs_is_usable_with_grounded_check(m, f, cand, force_aerial, force_grounded) && cs_allowed_in_stance(f, cand)))
        return false;
    bool turbo = f->turbo_mode, hit_cancellable = f->o.state_hit_cancellable;
    if (cs->name == s->name) {
        if (hit_cancellable && !st->self_hit_cancellable && !turbo) return false;
        if (!hit_cancellable && !st->self_interruptable && !turbo) return false;
    }
    if (hit_cancellable && st_in_list(s->hit_cancel_exceptions, s->n_hit_cancel_exceptions, cs->name)) return false;
    else if (f->o.state_interruptable && st_has_exception(st, cs->name)) return false;
    if (hit_cancellable)
        for (int i = 0; i < cs->n_interrupt_from; i++)
            if (st_in_list(s->hit_cancel_exceptions, s->n_hit_cancel_exceptions, cs->interrupt_from[i])) return false;
    if (f->o.state_interruptable)
        for (int i = 0; i < cs->n_interrupt_from; i++)
            if (st_has_exception(st, cs->interrupt_from[i])) return false;
    return true;
}

static bool is_offered(ymatch *m, yfighter *f, ystate *cand, const int *cats, int n_cats, bool force_aerial,
                       bool force_grounded) {
    const ystate_static *cs = cand->st;
    bool reachable = false;
    for (int i = 0; i < n_cats && !reachable; i++)
        if (cats[i] >= 0 && st_in_list(cs->interrupt_from, cs->n_interrupt_from, cats[i])) reachable = true;
    return reachable && offered_if_reachable(m, f, cand, force_aerial, force_grounded);
}

/* The sorted menu (state indices, ACT_CONTINUE in its place). Returns the count. */
int actions_legal(ymatch *m, yfighter *f, bool force_grounded, bool force_aerial, int16_t *out) {
    const int16_t *menu;
    int n_menu = table_menu_states(f->o.table, &menu);
    int cats[MAX_CATS];
    int n_cats = 0;
    bool all = f->extremely_turbo_mode && !f->busy_interrupt;
    /* the states some offered category reaches: the union of action_cancels[category] (the
     * character states with that category in interrupt_from), so the rest are never looked at */
    uint8_t reach[YOMI_MAX_FSTATES];
    if (!all) {
        n_cats = cancel_categories(m, f, force_grounded, force_aerial, cats);
        memset(reach, 0, sizeof reach);
        for (int k = 0; k < n_cats; k++) {
            const int16_t *list;
            table_categories_of(f->o.table, cats[k], &list);
            for (; *list >= 0; list++) reach[*list] = 1;
        }
    }
    int n = 0;
    for (int i = 0; i < n_menu && YOK(m); i++) {
        ystate *cand = &f->states[menu[i]];
        if (all || (reach[menu[i]] && offered_if_reachable(m, f, cand, force_aerial, force_grounded))) {
            /* insert by rank (names are unique per table) */
            int rank = cand->st->sort_rank, j = n;
            while (j > 0 && out[j - 1] >= 0 && f->states[out[j - 1]].st->sort_rank > rank) {
                out[j] = out[j - 1];
                j--;
            }
            out[j] = menu[i];
            n++;
        }
    }
    /* "Continue" goes before the first name that sorts after it */
    int pos = n;
    for (int i = 0; i < n; i++)
        if (f->states[out[i]].st->after_continue) {
            pos = i;
            break;
        }
    for (int i = n; i > pos; i--) out[i] = out[i - 1];
    out[pos] = ACT_CONTINUE;
    return n + 1;
}

/* "action in actions_legal(...)", deciding for the one action only */
bool actions_is_legal(ymatch *m, yfighter *f, int action_sym, bool force_grounded, bool force_aerial) {
    if (action_sym == SYM_Continue) return true;
    int index = table_state_of_sym(1, f->o.table, action_sym);
    if (index < 0 || !f->states[index].st->menu) return false;
    if (f->extremely_turbo_mode && !f->busy_interrupt) return true;
    int cats[MAX_CATS];
    int n_cats = cancel_categories(m, f, force_grounded, force_aerial, cats);
    return is_offered(m, f, &f->states[index], cats, n_cats, force_aerial, force_grounded) && YOK(m);
}
