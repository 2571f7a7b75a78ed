"""Masks of a decision: evaluate the rules (:func:`compute`) and pack the bits that can change
(:func:`pack_masks`). The env's observations carry them in the unified layout, whose decoders
(numpy and torch, every character) are :mod:`integration.env.action_layout`'s.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional

import numpy as np


from integration.env.action.context import Ctx
from integration.env.action.rule_table import DYNAMIC_RULES
from integration.env.action.panels import CharSpec, get_spec


@dataclass
class MaskState:
    spec: CharSpec
    move_mask: np.ndarray
    dyn: dict          # key id -> evaluated mask (dynamic keys)

    def key_mask(self, kid: int) -> np.ndarray:
        s = self.spec.static_mask.get(kid)
        return s if s is not None else self.dyn[kid]

    def head_mask(self, m: int, head: str) -> np.ndarray:
        j = self.spec.head_pos[head] - 1
        return self.key_mask(int(self.spec.move_key[m, j]))

    def data_mask(self) -> np.ndarray:
        """bool[K+1, D] through the packing: ``[0, 1, varying bits]`` gathered by the character's
        ``gather_index``, the table the unified decoders use (:mod:`integration.env.action_layout`)."""
        sp = self.spec
        packed = self.packed()
        bank = np.concatenate([[False, True], packed[sp.K1:] > 0.5])
        return bank[sp.gather_index]

    def data_mask_reference(self) -> np.ndarray:
        """bool[K+1, D] assembled head by head from the rule masks (slow; for tests)."""
        sp = self.spec
        out = np.zeros((sp.K1, sp.D), dtype=bool)
        for m in range(sp.K1):
            for j in range(len(sp.data_sizes)):
                o = sp.data_offsets[j]
                out[m, o:o + sp.data_sizes[j]] = self.key_mask(int(sp.move_key[m, j]))
        return out

    def packed(self, out: Optional[np.ndarray] = None) -> np.ndarray:
        sp = self.spec
        if out is None:
            out = np.zeros(sp.mask_size, dtype=np.float32)
        out[:sp.K1] = self.move_mask
        for kid in sp.dyn_keys:
            varying, always = sp.dyn_bits[kid]
            v = self.dyn[kid]
            fixed = np.ones(len(v), dtype=bool)
            fixed[varying] = False
            if (v[fixed] != always[fixed]).any():   # a rule left its enumerated feature domain
                raise AssertionError(f"{sp.character}: rule {sp.key_list[kid]} gave {v.astype(int)} outside its domain")
            s = sp.K1 + sp.dyn_slot[kid]
            out[s:s + len(varying)] = v[varying]
        return out


def compute(character: str, legal_moves: Iterable[str], fighter_view: dict, opponent_view: Optional[dict] = None,
            objects: Optional[Iterable[dict]] = None) -> MaskState:
    """Masks for one decision (see :func:`masks`)."""
    sp = get_spec(character)
    c = Ctx(sp, fighter_view, opponent_view, objects)
    mm = np.zeros(sp.K1, dtype=bool)
    for name in legal_moves:
        i = sp.move_index.get(name)
        if i is None:
            raise ValueError(f"{sp.character}: {name!r} is not a menu move")
        mm[i] = True
    dyn = {}
    for kid in sp.dyn_keys:
        j, key = sp.key_list[kid]
        rule = DYNAMIC_RULES[key[0]]
        dyn[kid] = rule.evaluate(sp, key, sp.data_sizes[j], rule.features(sp, key, c))
    return MaskState(sp, mm, dyn)


def masks(character: str, legal_moves: Iterable[str], fighter_view: dict, opponent_view: Optional[dict] = None,
          objects: Optional[Iterable[dict]] = None) -> tuple[np.ndarray, np.ndarray]:
    """(move_mask bool[K+1], data_mask bool[K+1, D]).

    ``legal_moves``: the engine's ``legal_actions(player)`` names (``"Continue"`` included when it
    is offered).  ``fighter_view``/``opponent_view``: per-tick fighter dicts with the trace's field
    names; optional extra fields ``disable_aerial_movement`` and ``in_blockstring`` make the
    parry-related extras rules exact (otherwise ``disable_aerial_movement`` is taken from the
    current state's exported flag and ``in_blockstring`` as false).  ``objects``: the trace's
    object dicts (name, scene, state, st, px, py, active, locked...); without them, object-dependent
    toggles are allowed whenever the fighter names the object."""
    st = compute(character, legal_moves, fighter_view, opponent_view, objects)
    return st.move_mask, st.data_mask()


def pack_masks(character: str, legal_moves: Iterable[str], fighter_view: dict, opponent_view: Optional[dict] = None,
               objects: Optional[Iterable[dict]] = None, out: Optional[np.ndarray] = None) -> np.ndarray:
    """float32[M]: move mask then the varying bits of the dynamic rules (see module doc)."""
    return compute(character, legal_moves, fighter_view, opponent_view, objects).packed(out)
