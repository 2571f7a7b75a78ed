/* hits.c <- yomi/hits.py: the hits of a tick between fighters and objects. */
#ifndef YOMI_HITS_H
#define YOMI_HITS_H

#include "ytypes.h"

/* apply_hitboxes: the tick's hits between the fighters and the objects */
void hits_apply(ymatch *m, yfighter *a, yfighter *b);
/* get_colliding_hitbox: the first of the hitboxes that hits the hurtbox, or NULL */
yhitbox *hits_colliding_hitbox(ymatch *m, yobj *attacker, yhitbox **hitboxes, int n, yobj *host,
                               const ybox *hurtbox, const yhitbox *hurtbox_hitbox);

#endif
