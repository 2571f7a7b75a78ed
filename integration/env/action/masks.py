"""Masks of a decision: evaluate the rules (:func:`compute`), pack the bits that can change
(:func:`pack_masks`) and unpack them (:func:`decode_masks`, :func:`torch_mask_decoder`).
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
        """bool[K+1, D] (through the packing: the same gather the network side does)."""
        return decode_masks(self.spec.character, self.packed())[1]

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


def decode_masks(character: str, packed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """numpy inverse of :func:`pack_masks`: packed [..., M] -> (move_mask [..., K+1], data_mask [..., K+1, D])."""
    sp = get_spec(character)
    packed = np.asarray(packed)
    lead = packed.shape[:-1]
    move = packed[..., :sp.K1] > 0.5
    bank = np.concatenate([np.zeros(lead + (1,), dtype=bool), np.ones(lead + (1,), dtype=bool),
                           packed[..., sp.K1:] > 0.5], axis=-1)
    return move, bank[..., sp.gather_index]


def torch_mask_decoder(character: str, feature_size: int):
    """A callable obs[B, F+M] -> (move_mask bool[B, K+1], data_mask bool[B, K+1, D]) in torch."""
    import torch

    sp = get_spec(character)
    index = torch.as_tensor(sp.gather_index, dtype=torch.long)
    K1 = sp.K1
    cache: dict = {}

    def decoder(obs):
        packed = obs[..., feature_size:]
        dev = packed.device
        idx = cache.get(dev)
        if idx is None:
            idx = cache[dev] = index.to(dev)
        move = packed[..., :K1] > 0.5
        lead = packed.shape[:-1]
        bank = torch.cat([torch.zeros(lead + (1,), dtype=torch.bool, device=dev),
                          torch.ones(lead + (1,), dtype=torch.bool, device=dev),
                          packed[..., K1:] > 0.5], dim=-1)
        return move, bank[..., idx]

    return decoder


def action_spec(character: str, feature_size: int):
    """The trainer's ``integration.env.spec.ActionSpec`` for this character, with our packing
    (its ``decode_masks`` is :func:`torch_mask_decoder`; fill the observation tail with
    :func:`pack_masks`, not with ``ActionSpec.pack_masks``, which is the uncompressed reference)."""
    from integration.env.spec import ActionSpec

    sp = get_spec(character)
    return ActionSpec(head_names=sp.head_names, head_sizes=sp.head_sizes, feature_size=feature_size,
                      head_used=sp.head_used, move_names=sp.moves, mask_size=sp.mask_size,
                      decoder=torch_mask_decoder(character, feature_size))
