/* The extracted frame-data tables as the C engine sees them.
 *
 * Mirrors states/data/__init__.py (the loader) and the table shapes of
 * states/data/schema.py. The data itself is generated from states/data/(tables).json by
 * integration/tools/gen_c.py into tables_gen.{h,c} (at build time); nothing here is
 * interpreted: a node's exported properties are a list of yprop, and the scene
 * builder (scene.c, mirror of states/scene.py) applies defaults and fix-ups.
 *
 * Names the engine looks up (state names, categories, animations, data keys, host
 * methods...) are interned symbols SYM_<name> (tables_gen.h); sym_lookup() finds
 * one by text.
 */
#ifndef YOMI_TABLES_H
#define YOMI_TABLES_H

#include <stddef.h>
#include <stdint.h>

#include "tables_gen.h"

enum { YV_NULL, YV_BOOL, YV_INT, YV_FLOAT, YV_STR, YV_LIST, YV_DICT };

/* A JSON-like value of a table. STR: i is the symbol id (or -1 when the text is not
 * name-like), s the text. LIST: items[0..n). DICT: items holds key, value pairs (n pairs). */
typedef struct yval {
    uint8_t kind;
    int64_t i;
    const char *s;
    const struct yval *items;
    uint16_t n;
} yval;

typedef struct {
    uint16_t id; /* P_<name> */
    yval v;
} yprop;

enum { YN_State, YN_Hitbox, YN_ThrowBox, YN_SweptHitbox, YN_HurtboxState, YN_LimbHurtbox, YN_HostCommand,
       YN_UsableRequirement, YN_CollisionBox, YN_Other };

/* A state, or a node inside one (hitbox, hurtbox window, host command...). */
typedef struct ynode {
    uint16_t name; /* SYM_ */
    uint8_t kind;  /* YN_ */
    int16_t index; /* states: position in the state machine */
    const char *script;
    const char *class_name;
    const char *const *extends;
    uint8_t n_extends;
    const yprop *props; /* sorted by id */
    uint16_t n_props;
    const struct ynode *children;
    uint16_t n_children;
} ynode;

typedef struct {
    int32_t x, y, width, height;
} ybox_def;

typedef struct {
    uint16_t name;   /* SYM_ */
    uint16_t n_frames;
    const int16_t *textures; /* texture ids (index in ytable.textures), -1 for none */
} yanim;

/* One scene: a fighter (characters/(scene).tscn) or an object (objects.json). */
typedef struct {
    const char *name;  /* "Ninja" (fighters) / scene basename (objects) */
    const char *table; /* "ninja" / "objects" */
    const char *scene; /* scene path */
    const char *root_script;
    const yprop *root_props;
    uint16_t n_root_props;
    ybox_def boxes[2]; /* CollisionBox, Hurtbox */
    const ynode *states;
    uint16_t n_states;
    const yanim *anims;
    uint16_t n_anims;
    const char *const *textures;
    uint16_t n_textures;
    uint16_t initial_anim; /* SYM_ */
    int16_t initial_frame;
    uint16_t starting_state; /* SYM_ (SYM_NONE: the first state) */
} ytable;

extern const char *const yomi_sym_text[SYM_COUNT];
extern const uint16_t yomi_sym_sorted[SYM_COUNT];
extern const char *const yomi_prop_text[P_COUNT];
extern const ytable yomi_fighter_tables[YOMI_N_FIGHTER_TABLES];
extern const ytable yomi_object_tables[YOMI_N_OBJECT_TABLES];
extern const char yomi_tables_hash[];

/* ---- lookups (tables.c) ---- */
/* The symbol of a text, or -1. */
int sym_lookup(const char *text, size_t len);
static inline const char *sym_text(int sym) { return (sym >= 0 && sym < SYM_COUNT) ? yomi_sym_text[sym] : ""; }

/* A property of a node, or NULL. */
const yval *node_prop(const ynode *node, int prop);
/* a property of a table's root node, or NULL */
const yval *table_root_prop(const ytable *t, int prop);
/* Typed reads with the default used when the property is absent (or of another type). */
int64_t yval_int(const yval *v, int64_t dflt);
int yval_bool(const yval *v, int dflt); /* a bool property (dflt when absent) */
/* A fixed-point string property: its parsed raw value (default text when absent). */
int64_t yval_fx(const yval *v, const char *dflt);
/* A string property's symbol (SYM_NONE for "" or null, -1 for text that is not interned). */
int yval_sym(const yval *v, int dflt);
/* a string property's text (dflt when absent) */
const char *yval_str(const yval *v, const char *dflt);

static inline int64_t prop_int(const ynode *n, int p, int64_t d) { return yval_int(node_prop(n, p), d); }
static inline int prop_bool(const ynode *n, int p, int d) { return yval_bool(node_prop(n, p), d); }
static inline int64_t prop_fx(const ynode *n, int p, const char *d) { return yval_fx(node_prop(n, p), d); }
static inline int prop_sym(const ynode *n, int p, int d) { return yval_sym(node_prop(n, p), d); }
static inline const char *prop_str(const ynode *n, int p, const char *d) { return yval_str(node_prop(n, p), d); }

/* A child node by name (the first one), or NULL. */
const ynode *node_child(const ynode *node, int name_sym);
/* An object table by scene path, or -1. */
int object_table_index(const char *scene);
/* A fighter table by trace name ("Ninja"), or -1. */
int fighter_table_index(const char *name);

#endif
