"""Who hits whom this tick.

Port of ``game.gd: apply_hitboxes`` and ``game.gd: get_colliding_hitbox``.  Both
directions between the fighters are decided before anything is applied (so trades
happen), then clashes, then melee hits (A first), throws and throw techs, then every
hit involving an object (collected first, applied after: object victims, then fighter
victims).  "A"/"B" are the fighters in tick-priority order.
"""
from __future__ import annotations

from yomi.gd import int_abs
from yomi.hitbox import DETECT

CLASH_DAMAGE_DIFF = 25


def get_colliding_hitbox(hitboxes: list, hurtbox):
    """The *last* hitbox of the (priority-sorted) list that may hit this hurtbox, or None."""
    hit_by = None
    host = hurtbox.owner
    hurtbox_is_hitbox = hurtbox.owner_is_hitbox
    for hitbox in hitboxes:
        attacker = hitbox.host
        grounded = host.is_grounded() if not hurtbox_is_hitbox else True
        otg = host.is_otg() if not hurtbox_is_hitbox else False
        if not hitbox.overlaps(hurtbox):
            any_collisions = False
            state = host.current_state() if host is not None else None
            if state is not None:
                for limb in state.get_active_hurtboxes():
                    if hitbox.overlaps(limb):
                        any_collisions = True
                        break
            if not any_collisions:
                continue
        if hitbox.IS_THROW_BOX:
            if not host.can_be_thrown():
                if host.is_fighter and host.blockstun_ticks > 0:
                    hitbox.save_hit_object(host)
                continue
            if host.is_fighter and host.wakeup_throw_immunity_ticks > 0:
                continue
        if (not hitbox.hits_vs_aerial and not grounded) or (not hitbox.hits_vs_grounded and grounded):
            continue
        if not otg and not hitbox.hits_vs_standing:
            continue
        if otg and not hitbox.hits_otg:
            continue
        if not host.is_fighter and not hitbox.hits_projectiles:
            continue
        if hitbox.already_hit_object(host):
            continue
        if attacker is not None:
            if not attacker.is_grounded():
                if host.aerial_attack_immune:
                    continue
            elif host.grounded_attack_immune:
                continue
            if attacker.id == host.id and not hitbox.allowed_to_hit_own_team:
                continue
        hit_by = hitbox
    return hit_by


def apply_hitboxes(match, players: list) -> None:
    px1, px2 = players
    p1_hitboxes = px1.get_active_hitboxes()
    p2_hitboxes = px2.get_active_hitboxes()
    p1_pos, p2_pos = px1.get_pos(), px2.get_pos()
    for hitbox in p1_hitboxes:
        hitbox.update_position(p1_pos["x"], p1_pos["y"])
    for hitbox in p2_hitboxes:
        hitbox.update_position(p2_pos["x"], p2_pos["y"])

    p2_hit_by = get_colliding_hitbox(p1_hitboxes, px2.hurtbox) if not px2.invulnerable else None
    p1_hit_by = get_colliding_hitbox(p2_hitboxes, px1.hurtbox) if not px1.invulnerable else None
    p1_hit = p2_hit = p1_throwing = p2_throwing = False
    if p1_hit_by is not None:
        if not p1_hit_by.IS_THROW_BOX:
            p1_hit = True
        else:
            p2_throwing = True
    if p2_hit_by is not None:
        if not p2_hit_by.IS_THROW_BOX:
            p2_hit = True
        else:
            p1_throwing = True

    clashed = False
    if match.clashing_enabled:
        for p1_hitbox in p1_hitboxes:
            if p1_hitbox.IS_THROW_BOX or not p1_hitbox.can_clash:
                continue
            p2_hitbox = get_colliding_hitbox(p2_hitboxes, p1_hitbox)
            if p2_hitbox is None or p2_hitbox.IS_THROW_BOX or not p2_hitbox.can_clash:
                continue
            valid_clash = False
            if match.asymmetrical_clashing:
                if p1_hit and not p2_hit and p1_hitbox.damage - p2_hitbox.damage < CLASH_DAMAGE_DIFF:
                    valid_clash = True
                if p2_hit and not p1_hit and p2_hitbox.damage - p1_hitbox.damage < CLASH_DAMAGE_DIFF:
                    valid_clash = True
            if (not p1_hit and not p2_hit) or (p1_hit and p2_hit):
                if int_abs(p2_hitbox.damage - p1_hitbox.damage) < CLASH_DAMAGE_DIFF:
                    valid_clash = True
                elif p1_hitbox.damage > p2_hitbox.damage:
                    p1_hit = False
                elif p1_hitbox.damage < p2_hitbox.damage:
                    p2_hit = False
            if valid_clash:
                clashed = True
                break

    if clashed:
        px1.clash()
        px2.clash()
        px1.add_penalty(-25)
        px2.add_penalty(-25)
    else:
        if p1_hit:
            if not (p1_throwing and not p1_hit_by.beats_grab):
                p1_hit_by.hit(px1)
            else:
                p1_hit = False
        if p2_hit:
            if not (p2_throwing and not p2_hit_by.beats_grab):
                p2_hit_by.hit(px2)
            else:
                p2_hit = False

    players_hittable = True
    if not p2_hit and not p1_hit:
        players_hittable = _resolve_throws(px1, px2, p1_hit_by, p2_hit_by, p1_throwing, p2_throwing)

    _apply_object_hits(match, px1, px2, players_hittable)


def _resolve_throws(px1, px2, p1_hit_by, p2_hit_by, p1_throwing, p2_throwing) -> bool:
    """Throws when no strike landed: techs, or the thrower's box hits.  Returns players_hittable."""
    players_hittable = True
    techable1 = px1.current_state().throw_techable
    techable2 = px2.current_state().throw_techable
    if p2_throwing and p1_throwing and techable1 and techable2:
        px1.state_machine.queue_state("ThrowTech")
        px2.state_machine.queue_state("ThrowTech")
        return False
    if p2_throwing and p1_throwing and not techable1 and not techable2:
        return False
    if p1_throwing:
        thrower, victim, box = px1, px2, p2_hit_by
    elif p2_throwing:
        thrower, victim, box = px2, px1, p1_hit_by
    else:
        return True
    if px1.current_state().throw_techable and px2.current_state().throw_techable:
        px1.state_machine.queue_state("ThrowTech")
        px2.state_machine.queue_state("ThrowTech")
        players_hittable = False
    can_hit = True
    if victim.is_grounded() and not box.hits_vs_grounded:
        can_hit = False
    if not victim.is_grounded() and not box.hits_vs_aerial:
        can_hit = False
    if not players_hittable:
        can_hit = False
    if can_hit:
        box.hit(victim)
        if box.throw_state:
            thrower.state_machine.queue_state(box.throw_state)
        players_hittable = False
    return players_hittable


def _apply_object_hits(match, px1, px2, players_hittable: bool) -> None:
    objects_to_hit = []
    players_to_hit = []
    objects_hit_each_other = player_hit_object = objects_hit_player = False
    for obj in match.objects:
        if obj.disabled:
            continue
        o_hitboxes = obj.get_active_hitboxes()
        o_pos = obj.get_pos()
        for hitbox in o_hitboxes:
            hitbox.update_position(o_pos["x"], o_pos["y"])
        if players_hittable:
            for p in (px1, px2):
                if p is match.p1 and obj.id == 1 and not obj.damages_own_team:
                    continue
                if p is match.p2 and obj.id == 2 and not obj.damages_own_team:
                    continue
                can_be_hit_by_melee = getattr(obj, "can_be_hit_by_melee", None)
                obj_hit_by = get_colliding_hitbox(p.get_active_hitboxes(), obj.hurtbox)
                if obj_hit_by is not None and (can_be_hit_by_melee or obj_hit_by.hitbox_type == DETECT):
                    player_hit_object = True
                    objects_to_hit.append((obj_hit_by, obj))
                if p.projectile_invulnerable and getattr(obj, "immunity_susceptible", None):
                    continue
                p_hit_by = get_colliding_hitbox(obj.get_active_hitboxes(), p.hurtbox)
                if p_hit_by is not None:
                    players_to_hit.append((p_hit_by, p))
                    objects_hit_player = True
        opp_id = (obj.id % 2) + 1
        opp_objects = [o for o in match.objects
                       if not o.disabled and (o.id == opp_id or (obj.hit_by_self_projectiles and o is not obj))]
        if not obj.projectile_immune:
            for opp_object in opp_objects:
                obj_hit_by = get_colliding_hitbox(opp_object.get_active_hitboxes(), obj.hurtbox)
                if obj_hit_by is not None:
                    objects_hit_each_other = True
                    objects_to_hit.append((obj_hit_by, obj))
    if objects_hit_each_other or player_hit_object:
        for hitbox, victim in objects_to_hit:
            hitbox.hit(victim)
    if objects_hit_player:
        for hitbox, victim in players_to_hit:
            hitbox.hit(victim)
