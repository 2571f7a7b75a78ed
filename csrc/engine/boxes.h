/* boxes.c <- yomi/boxes.py: collision boxes and hurtbox windows (HurtboxState). */
#ifndef YOMI_BOXES_H
#define YOMI_BOXES_H

#include "ytypes.h"

void box_aabb(const ybox *b, int32_t out[4]); /* x1, x2, y1, y2 */
/* CollisionBox.overlaps */
bool box_overlaps(const ybox *a, const ybox *b);
/* CollisionBox.get_center: the box's centre in world coordinates */
void box_center(const ybox *b, int32_t *x, int32_t *y);
/* HurtboxState.start */
void hurtstate_start(yhurtstate *h, yobj *host);
/* HurtboxState.tick */
void hurtstate_tick(yhurtstate *h, yobj *host);
/* HurtboxState.end */
void hurtstate_end(yhurtstate *h, yobj *host);

#endif
