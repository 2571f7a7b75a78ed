/* scene.c <- states/scene.py: the static tables built once when the engine starts (state statics,
 * classes resolved into vtables, templates of fighters and objects, the action menus). */
#ifndef YOMI_SCENE_H
#define YOMI_SCENE_H

#include "ytypes.h"

int yomi_engine_init(char *err, size_t errlen); /* builds the static state tables once; 0 ok */
const char *table_unavailable_reason(int is_fighter, int table); /* NULL when the table can be played */
int table_hitbox_act_tick(int is_fighter, int table, int index);  /* its key in hitbox_start_frames, 0 none */
/* the root's throw positions of a table (*n of them) */
const ythrowpos *table_root_throw_positions(int is_fighter, int table, int *n);
/* the class resolved into a vtable (every hook filled along the parents), built once */
const state_vt *state_vt_of(const state_class *cls);
const state_vt *state_super(const state_class *cls); /* the resolved parent, for super() */
/* the object class resolved into a vtable (every hook inherited along the parents), built once; NULL past
 * the limit of object classes */
const yobj_vt *obj_vt_of(const yobj_class *cls);
/* the per-state constants of a table */
const ystate_static *table_state_statics(int is_fighter, int table);
int table_state_of_sym(int is_fighter, int table, int sym); /* state index or -1 */
int table_anim_of_sym(int is_fighter, int table, int sym);  /* animation index or -1 */
/* the object class of an object table, NULL when not ported */
const yobj_class *object_class_of_table(int table);
/* the object class of an object table resolved (what its objects' vt is), NULL when not ported */
const yobj_vt *object_vt_of_table(int table);
/* fighter f becomes a copy of the table's template fighter */
void fighter_from_template(ymatch *m, yfighter *f, int table);
int object_from_template(ymatch *m, yproj *p, int table); /* 0 ok */
/* the action menu, static per table: its states in the legal list's order (sort_rank), and a set of
 * positions in that list */
typedef struct {
    uint64_t w[2];
} ymenu_set;
_Static_assert(YOMI_MAX_FSTATES <= 128, "a menu position set holds 128 states");
/* the action menu's states of a fighter table in the legal list's order (*out), their count */
int table_menu_states(int table, const int16_t **out);
void table_menu_reach(int table, int category_sym, ymenu_set *acc); /* acc |= action_cancels[category] */
/* the character of a fighter table, its hooks resolved; NULL when not written in C */
const yomi_char *fighter_char(int table);
/* the index of an extra key of a fighter table's character, -1 when it has none of that name */
int table_extra_index(int table, const char *name);
/* snapshots (snapshot.c): the states a table built (0 when it is not playable) and its template's states */
int table_n_states(int is_fighter, int table);
/* the states of a table's template (NULL when it is not playable) */
const ystate *table_template_states(int is_fighter, int table);
const yfighter *table_fighter_template(int table); /* NULL when the table is not playable */
const yproj *table_object_template(int table);     /* NULL when the table is not playable */

/* generated (tables_gen.c): each fighter table's character registry, NULL when not written in C */
extern const yomi_char_registry *const yomi_char_registries[YOMI_N_FIGHTER_TABLES];
/* the fighter tables in the order the characters' registries merge (generated with the tables) */
extern const int yomi_char_order[YOMI_N_FIGHTER_TABLES];

#endif
