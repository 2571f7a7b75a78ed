/* combat.c <- fighter/combat.py: getting hit, blocking, parrying, damage and DI. */
#ifndef YOMI_COMBAT_H
#define YOMI_COMBAT_H

#include "ytypes.h"

/* Combat.increment_opponent_combo */
void combat_increment_opponent_combo(ymatch *m, yfighter *f, const yhbd *hb);
/* Combat.apply_hitlag */
void combat_apply_hitlag(ymatch *m, yfighter *f, const yhbd *hb);
/* Combat.is_bracing */
bool combat_is_bracing(yfighter *f);
/* Combat.can_counter_hitbox */
bool combat_can_counter_hitbox(yfighter *f, const yhbd *hb);
/* Combat.can_parry_hitbox */
bool combat_can_parry_hitbox(ymatch *m, yfighter *f, const yhbd *hb);
/* Combat.hit_by */
void combat_hit_by(ymatch *m, yfighter *f, yhbd *hb, bool force_hit);
/* Combat.emit_hit_by_signal */
void combat_emit_hit_by_signal(ymatch *m, yfighter *f, const yhbd *hb);
/* Combat.launched_by: the base behaviour (a character's override calls it for super()) */
void combat_base_launched_by(ymatch *m, yfighter *f, yhbd *hb);
/* Combat.block_hitbox */
void combat_block_hitbox(ymatch *m, yfighter *f, yhbd *hb, bool force_parry, bool force_block,
                         bool ignore_guard_break, bool autoblock_armor);
/* Combat.set_block_stun */
void combat_set_block_stun(yfighter *f, yfighter *opp, int32_t total_plus_frames, bool has_hitlag, int32_t block_hitlag);
/* Combat.projectile_free_cancel */
void combat_projectile_free_cancel(ymatch *m, yfighter *f);
/* Combat.take_damage */
void combat_take_damage(ymatch *m, yfighter *f, int32_t damage, int32_t minimum, fx meter_gain_modifier,
                        int32_t combo_scaling_offset, fx damage_taken_meter_gain_modifier);
/* the combo staling factor of a combo count (Fighter.combo_stale_damage's scale) */
fx combat_combo_stale(ymatch *m, int32_t count);
/* Fighter.get_di_scaling: the DI scale for the current combo */
fx combat_di_scaling(ymatch *m, yfighter *f, bool brace);
/* Fighter.get_scaled_di: the fighter's DI, scaled, into *x, *y */
void combat_scaled_di(ymatch *m, yfighter *f, fx *x, fx *y);
#define TAKE_DAMAGE(m, f, d) combat_take_damage((m), (f), (d), 0, FX_ONE, 0, FX_ONE)

#endif
