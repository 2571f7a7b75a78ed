/* The Cowboy's registry: mirrors states/cowboy/__init__.py (game script -> class), and joins the
 * fighter's hooks (char_cowboy.c) to it. The one file of the character that names every class, so
 * that its fighter, moves and objects files need not name each other's (the scene builder reads
 * char_cowboy_registry through the generated yomi_char_registries). */
#include "char_cowboy.h"

#define D "characters/swordandgun/"
static const yscript_entry cowboy_scripts[] = {
    {D "states/Dash.gd", &cowboy_dash_class},
    {D "states/AirDash.gd", &cowboy_air_dash_class},
    {D "states/Dash1k.gd", &cowboy_dash_class},
    {D "states/3Combo.gd", &cowboy_three_combo_class},
    {D "states/HSlash.gd", &cowboy_hslash_class},
    {D "states/VSlash.gd", &cowboy_vslash_class},
    {D "states/UpwardSwipe.gd", &cowboy_upward_swipe_class},
    {D "states/Stinger.gd", &idle_class},
    {D "states/DownwardCleave.gd", &cowboy_downward_cleave_class},
    {D "states/HAirSlash.gd", &cowboy_hair_slash_class},
    {D "states/LightningSlice.gd", &cowboy_lightning_slice_class},
    {D "BackSlash.gd", &cowboy_back_slash_class},
    {D "states/Impale.gd", &cowboy_impale_class},
    {D "states/ImpaleFollowup.gd", &cowboy_impale_followup_class},
    {D "IzunaDrop.gd", &cowboy_izuna_drop_class},
    {D "states/Lasso.gd", &cowboy_lasso_class},
    {D "states/LassoPull.gd", &cowboy_lasso_pull_class},
    {D "states/LassoReel.gd", &cowboy_lasso_reel_class},
    {D "states/HurtAerial.gd", &cowboy_hurt_aerial_class},
    {D "states/Taunt.gd", &cowboy_taunt_class},
    {D "NewShoot.gd", &cowboy_new_shoot_class},
    {D "states/Shoot.gd", &cowboy_shoot_class},
    {D "states/Brandish.gd", &cowboy_brandish_class},
    {D "states/PistolWhip.gd", &cowboy_pistol_whip_class},
    {D "states/GunThrow.gd", &cowboy_gun_throw_class},
    {D "states/GunReel.gd", &cowboy_gun_reel_class},
    {D "states/Teleport.gd", &cowboy_teleport_class},
    {D "states/TPStance.gd", &cowboy_tp_stance_class},
    {D "states/Foresight.gd", &cowboy_foresight_class},
    {D "states/ForesightExplosion.gd", &cowboy_foresight_explosion_class},
    {D "states/1000Cuts.gd", &cowboy_thousand_cuts_class},
    {D "states/WeebCut.gd", &cowboy_weeb_cut_class},
    {0, 0},
};

#define PROJ D "projectiles/"
static const struct yobj_entry cowboy_objects[] = {
    {PROJ "Gun.gd", &cowboy_gun_class},
    {PROJ "Lasso.gd", &cowboy_lasso_object_class},
    {PROJ "NewBullet.gd", &cowboy_new_bullet_class},
    {PROJ "bullet.gd", &cowboy_bullet_class},
    {PROJ "states/AfterImage.gd", &cowboy_after_image_class},
    {PROJ "1000cuts/1000Cuts.gd", &cowboy_cuts_object_class},
    {0, 0},
};

static const yscript_entry cowboy_object_scripts[] = {
    {PROJ "states/GunSpin.gd", &cowboy_gun_spin_class},
    {PROJ "states/LassoDefault.gd", &cowboy_lasso_default_class},
    {PROJ "states/LassoHolding.gd", &cowboy_lasso_holding_class},
    {PROJ "states/NewBulletDefault.gd", &cowboy_new_bullet_default_class},
    {PROJ "states/BulletDefault.gd", &cowboy_bullet_default_class},
    {PROJ "TemporalRoundDefault.gd", &cowboy_temporal_round_default_class},
    {PROJ "states/ForesightDefault.gd", &cowboy_foresight_default_class},
    {PROJ "states/AfterImageExplosionDefault.gd", &cowboy_after_image_explosion_default_class},
    {PROJ "states/1000CutsDefault.gd", &cowboy_cuts_default_class},
    {0, 0},
};
#undef PROJ
#undef D

const yomi_char_registry char_cowboy_registry = {
    .fighter = &char_cowboy_hooks,
    .scripts = cowboy_scripts,
    .objects = cowboy_objects,
    .object_scripts = cowboy_object_scripts,
};
