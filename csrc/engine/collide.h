/* collide.c <- yomi/collide.py: the fighters' collision boxes pushing each other apart. */
#ifndef YOMI_COLLIDE_H
#define YOMI_COLLIDE_H

#include "ytypes.h"

/* resolve_same_x_coordinate: parts the fighters when they stand on the same x */
void collide_same_x(ymatch *m);
/* resolve_collisions: pushes two colliding fighters apart (step: the recursion depth) */
void collide_resolve(ymatch *m, yfighter *a, yfighter *b, int step);

#endif
