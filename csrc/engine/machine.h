/* machine.c <- states/machine.py: the state machine of a fighter or an object. */
#ifndef YOMI_MACHINE_H
#define YOMI_MACHINE_H

#include "ytypes.h"

/* StateMachine.init */
void machine_init(ymatch *m, yobj *o, const ydata *data);
/* StateMachine.queue_state */
void machine_queue_state(ymatch *m, yobj *o, int sym, const ydata *data, ystate *old_state);
/* StateMachine.tick */
void machine_tick(ymatch *m, yobj *o);
/* StateMachine.change_state */
void machine_change_state(ymatch *m, yobj *o, int sym, const ydata *data, bool enter, bool exit);
/* machine_change_state to the state of that index */
void machine_change_state_index(ymatch *m, yobj *o, int index, const ydata *data, bool enter, bool exit);

#endif
