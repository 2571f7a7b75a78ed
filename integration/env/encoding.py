"""Action encoding of the yomi environment: MultiDiscrete heads, decode/encode, masks, packing.

The code is in :mod:`integration.env.action`, by responsibility (widgets, panels, context,
the shared rules and one module of rules per character, masks, codec, validation); this module
gathers its public names in one namespace, as the environment and the tests use them
(``from integration.env import encoding as E``). The one layout every character shares, and the
decoders of the packed masks, are :mod:`integration.env.action_layout`'s.

Reference (pure Python + numpy) implementation, mirrored in C by the environment's C part
(csrc/env/), which reads the tables :mod:`integration.env.c_tables` generates from it; so
everything is table driven: per character a static :class:`CharSpec` is computed once from the
extracted frame-data tables (``states.data``), and the per-decision work is a handful of small
*rules* evaluated on a few discrete features of the fighter.

What the game's UI produces (and what :func:`decode` reproduces) comes from these scripts of the
original project (uzkbwza/hustle at 4450348), re-implemented here, not copied:

* ``ui/ActionSelector/ActionButtons.gd`` (``get_extra``, ``_send_ui_action``, ``show_button_data_node``,
  ``on_action_selected``): the extra dict, the reverse/feint buttons, the facing given to data widgets;
* ``ui/ActionSelector/ActionUIData/ActionUIData.gd`` (``get_data``: one widget -> its value, several -> a
  dict keyed by widget name), ``ActionUIDataCheckButton.gd``, ``ActionUIDataOptionButton.gd``,
  ``BlockHeightSelector.gd``, ``ParryActionUIData.gd``, ``SuperJumpActionUIData.gd``,
  ``StickmanSummonActionUIData.gd``;
* ``ui/XYPlot/XYPlot.gd`` (``update_value``, ``as_percentage_int_vec``, ``get_default_value``),
  ``ui/8Way/8Way.gd`` (``get_data``, ``set_facing``, ``_prepare``), ``ui/HorizSlider/HorizSlider.gd``,
  ``ui/CountOption/CountOption.gd``;
* the characters' ``actionuidata/*.gd`` (``fighter_update`` hooks) and ``*Extra.gd`` panels.

Heads
-----
Head 0 is the move: 0 = ``Continue`` ("Hold"), 1..K = the character's menu moves in table order
(``load_character(c)["menu_moves"]``, i.e. StateMachine order).  The data heads, per character
(only the heads some move needs are present; see :data:`HEAD_DOC`):

``dir`` (33)
    XYPlot: bin 0 = neutral (no input), bins 1..16 = radius 50 % at angles ``(b-1) * 22.5``
    degrees, bins 17..32 = radius 100 % at angles ``(b-17) * 22.5``.  Angles are Godot's
    (``Vector2.angle()``, screen y points down, so 90 degrees is straight down) and are measured in
    the *facing-relative* frame: 0 degrees is "forward" (towards where the widget faces).  Each bin
    is pushed through our port of ``XYPlot.update_value`` (limits, snapping, min length,
    always-max), so the ints are exactly what the widget makes of that pointer position; bins that
    give the same ints as a bin closer to them are masked, and so are all bins of a plot whose
    output would repeat.  8Way widgets use the same head: neutral = bin 0 and the 8 unit
    directions are the 100 % bins at multiples of 45 degrees (bin ``17 + 2k``), masked by the
    enabled buttons (defined facing right, mirrored like the widget).
``dir2`` (33)
    a second XYPlot (Robot's Chainsaw ``End``).
``scalar`` (21)
    HorizSlider: ``{"x": 5 * b}`` (0..100 step 5); CountOption: ``{"count": b + 1}``.
``flag1``, ``flag2`` (2)
    the move's CheckButtons (``flag1`` also carries a parry's block height: 0 high, 1 low).
``option`` (4)
    the OptionButton of Ninja's QuickSlash.
``di`` (33)
    the DI pad (full XYPlot, default config), same bins as ``dir``, relative to the fighter's facing.
``feint``, ``reverse`` (2)
    the two buttons of the panel.
character extras
    Ninja ``explode`` 2, ``hook`` 3 (none/pull/detach, exclusive buttons), ``release`` 34 (0 = no
    boost, 1..33 = boost with the ``dir`` bin ``b-1`` of the BoostDir pad);
    Cowboy ``aimage`` 5 (none/detonate/shift/drift/hindsight: exclusive buttons),
    ``gun_cancel`` 2;
    Wizard ``hover`` 3 (none/hover/fast_fall), ``detonate`` 2, ``orb`` 10 (0..8 = orb push
    direction with the lock off, 9 = lock the orb);
    Robot ``fly`` 10 (0 = fly off, 1..9 = fly on in 8-way direction ``b-1``), ``armor`` 3
    (none/armor/pull), ``nade`` 2, ``drive`` 2 (the value sent as ``drive_cancel``), ``loic`` 3
    (neutral/forward/back);
    Mutant ``spike`` 2, ``juke`` 10 (0 = no juke, 1..9 = juke in direction ``b-1``).
    8-way directions (``fly``, ``juke``, ``orb``) are ``DIR8`` order: neutral, then 0, 45, ...,
    315 degrees (E, SE, S, SW, W, NW, N, NE when facing right), relative to the fighter's facing.

Masks
-----
:func:`masks` returns ``move_mask[K+1]`` (from the engine's legal move names, taken literally:
Continue is legal only if listed) and ``data_mask[K+1, D]`` (every data head's legal values *given
the move*).  Heads a move does not use (``head_used`` false) allow bin 0 only; a value the UI
forces (hidden widget, disabled button, busy fighter whose extras panel is hidden) is the only
value allowed.  Every rule, with the script it comes from, is in :data:`DYNAMIC_RULES`:

* move data: SuperJump JumpArc only in combos, else ``"homing"``; Foresight limit (out of combo:
  210 deg around forward grounded, 150 deg around 30 deg airborne); TimeSplitter/FastTeleport limit
  150/30 out of combo; Grenade symmetric limit airborne; Summon directions by
  ``can_summon_kunai``/``can_summon_kick``; Mutant Roll S only airborne; Geyser count
  1..max(geyser_charge, 1); StickyBomb data ``true`` on the ground; Shoot2/PointBlank/ShootDodge2
  ActivateTemporal only with a temporal round; reblock parry (ParryAfterWhiff) timing hidden.
* feint: the move has a non-Detect hitbox or ``force_feintable``, ``can_feint_if_possible``, and
  feints > 0 or a full bar (CharState.gd ``can_feint``); PistolWhip not from Brandish/QuickerDraw;
  Robot grab + armor cannot feint (applied by :func:`decode`).  reverse: ``state.reversible``.
* extras: see the rule sources (Ninja/Cowboy/Wizard/Robot/Mutant ``*Extra.gd``: ``show_options``,
  ``reset``, ``update_selected_move``, ``get_extra``).

The fighter view must be the *decision-time* dict (``busy`` = ``busy_interrupt`` after the game's
turn gate); :func:`decision_view` fixes a trace ``tick`` dict.  Optional view fields
``disable_aerial_movement`` (current parry state, cleared by a perfect parry) and
``in_blockstring`` make two parry rules exact; without them the state's exported flag and
``False`` are used.  ``objects`` (the trace's object dicts) make the object rules exact (hook
locked = state ``Locked``, orb ``locked``/``lock_cooldown``, grenade ``active``, spike
``can_cancel`` = state tick < 20, after-image height); without them those toggles are allowed
whenever the fighter names the object.

Packing
-------
The mask of (move m, head h) is given by a rule key shared by many moves.  Static keys never change;
dynamic keys are evaluated per decision, and only their bits that can change (found by enumerating
each rule's small feature domain) are packed.  ``packed = move_mask ++ varying bits`` (float32
0/1); the decoder gathers ``bank = [0, 1, packed[K+1:]]`` with a static index table ``[K+1, D]``
(``CharSpec.gather_index``; :mod:`integration.env.action_layout` decodes the unified packing of
every character with one such table per character).  Sizes::

    Ninja   heads [65, 33, 21, 2, 4, 33, 2, 2, 2, 3, 34]         D 136  M 122
    Cowboy  heads [81, 33, 21, 2, 2, 33, 2, 2, 5, 2]             D 102  M 154
    Wizard  heads [56, 33, 21, 2, 33, 2, 2, 3, 2, 10]            D 108  M  89
    Robot   heads [67, 33, 33, 21, 2, 33, 2, 2, 10, 3, 2, 2, 3]  D 146  M 133
    Mutant  heads [59, 33, 21, 2, 33, 2, 2, 2, 10]               D 105  M  99

Known approximations
--------------------
* Cowboy shift/drift rename the Grounded/Aerial cancel categories, so they change which moves the
  panel offers.  The engine's legal list is the plain one; we allow shift/drift with a move only
  if the move's air type fits the air type they force (or is Both), and moves that only become
  legal through shift/drift are not offered.
* Widget states that persist across turns are not modelled: a busy fighter's extras are their
  reset defaults (the game sends last turn's Ninja pull/detach, Robot DriveCancel visibility).
* When both fighters share an x position the data widgets face 0 (XYPlot limits degenerate);
  decode then reports the widget's output for the bin's pointer in absolute coordinates, masks
  are the facing +1 ones (some bins may coincide).
* Neutral/zero pointer: the widget's special case for facing -1 is not mirrored (we mirror the
  facing +1 table); every decoded value is still one the widget produces for some pointer.
"""
from __future__ import annotations

# ruff: noqa: F401
# One namespace for the action encoding's public names; a module's private helpers stay in it
from integration.env.action.constants import (AERIAL, ATTACK, BOTH, CHARACTERS, DEFENSE, DRIFT_SUPERS,
    GROUNDED, HITBOX_DETECT, HOVER_MIN_AMOUNT, JUKE_PIPS_PER_USE, MAX_SUPER_METER, MOVEMENT, SPECIAL,
    SPIKE_CANCEL_TICKS, SUPER)
from integration.env.action.widgets import (DIR8, DIR8_INDEX, DIR8_NAMES, DI_PLOT, PANEL_SLACK_PX, Plot,
    SCALAR_BINS, SLIDER_STEP, XYBIN_TO_DIR8, XY_ANGLES, XY_BINS, XY_RADII, dir8_to_xybin, panel_domain,
    plot_default, plot_table, plot_value, xy_feasible)
from integration.env.action.context import BUSY_MOVES, Ctx, decision_view
from integration.env.action.rules import B, Rule, STATIC_RULES
from integration.env.action.rule_table import DYNAMIC_RULES
from integration.env.action.panels import CharSpec, EXTRA_HEADS, HEAD_DOC, HEAD_SIZES, MoveUI, Widget, get_spec
from integration.env.action.masks import MaskState, compute, masks, pack_masks
from integration.env.action.codec import EncodeResult, canonical, decode, encode
from integration.env.action.validation import check_action

__all__ = [
    "CHARACTERS", "DIR8", "XY_BINS", "CharSpec", "get_spec", "decode", "encode", "masks",
    "compute", "pack_masks", "check_action",
    "Plot", "plot_value", "xy_feasible", "EncodeResult", "MaskState", "DYNAMIC_RULES", "HEAD_DOC",
    "decision_view", "canonical", "plot_table", "panel_domain",
]
