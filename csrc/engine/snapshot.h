/* snapshot.c (no Python module): a match as portable bytes.
 * A match holds three kinds of pointers, all into tables built at start (ystate.st, yfighter.chr,
 * yproj.vt); their addresses differ between processes (ASLR). Exported, they become stable codes
 * (table and index); imported, the codes are checked against the tables and turned back. */
#ifndef YOMI_SNAPSHOT_H
#define YOMI_SNAPSHOT_H

#include "ytypes.h"

uint64_t match_layout_fingerprint(void); /* struct layouts + the tables' shape: equal builds agree */
/* The portable form: the struct, then the pool's slots and lists (snapshot.c), match_export_bytes(m) long */
size_t match_export_bytes(const ymatch *m);
int match_export(const ymatch *m, void *out, char *err, size_t errlen); /* 0 ok; out: the portable form */
/* the length of the portable match starting at buf (len bytes there); 0 and err when they cannot hold one */
size_t match_portable_bytes(const void *buf, size_t len, char *err, size_t errlen);
/* the portable match of exactly len bytes -> m (all zeros before), after every check: 0 ok; -1 and err
 * when refused, m all zeros again */
int match_import(ymatch *m, const void *buf, size_t len, char *err, size_t errlen);
int match_import_check(const ymatch *m, char *err, size_t errlen); /* codes, counts, indices (match_import) */
uint64_t snapshot_state_code(bool is_fighter, int table, int index); /* the code of a table's state */
/* a 64-bit checksum of len bytes (8 bytes at a time: every bit of every word moves it) */
uint64_t snapshot_checksum(const void *data, size_t len);

#endif
