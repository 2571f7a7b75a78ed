/* actions.c <- fighter/actions.py: the legal actions of a fighter. */
#ifndef YOMI_ACTIONS_H
#define YOMI_ACTIONS_H

#include "ytypes.h"

int actions_legal(ymatch *m, yfighter *f, bool force_grounded, bool force_aerial, int16_t *out); /* sorted; ACT_CONTINUE included */
/* "action in actions_legal(...)", deciding for the one action only */
bool actions_is_legal(ymatch *m, yfighter *f, int action, bool force_grounded, bool force_aerial);

#endif
