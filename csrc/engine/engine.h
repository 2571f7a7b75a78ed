/* The C engine, for its users outside csrc/engine (the shared states of engine/base, the
 * characters, the environment, the binding, the tools): every module's header.
 *
 * A match is one contiguous struct (ymatch, ytypes.h); each module of the engine mirrors one
 * Python module, names it in its first comment and declares what it exports in its own header
 * (match.c <- yomi/match.py in match.h, combat.c <- fighter/combat.py in combat.h, ...). The
 * engine's own .c files include only the headers they use, never this one
 * (tests/test_layout_c_deps.py).
 *
 * Errors: a failure the Python engine would raise (a missing state, a division by
 * zero in FixedMath, a limit of this struct exceeded...) sets m->err and the match
 * refuses to go on; the binding raises it. It never corrupts memory.
 */
#ifndef YOMI_ENGINE_H
#define YOMI_ENGINE_H

#include "body.h"
#include "fixed.h"
#include "fxs.h"
#include "gd.h"
#include "rng.h"
#include "tables.h"
#include "ytypes.h"

#include "actions.h"
#include "boxes.h"
#include "char_state.h"
#include "collide.h"
#include "combat.h"
#include "data.h"
#include "fighter.h"
#include "hitbox.h"
#include "hits.h"
#include "machine.h"
#include "match.h"
#include "obj.h"
#include "projectile.h"
#include "scene.h"
#include "snapshot.h"
#include "snapshot_check.h"
#include "state.h"

#endif
