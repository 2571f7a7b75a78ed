"""The action layout every yomi environment publishes as ``env.action_spec``.

An action is one integer per head (``MultiDiscrete(head_sizes)``).  Head 0 is
the *move* (index 0 = Continue, 1..K = the character's menu moves); the other
heads are *data* heads (direction, scalar, flags, DI, ...).  A move uses only
some data heads (``head_used``); the game ignores the others, so the trainer
must not count them in log-probabilities or entropy.

The legal values are carried in the observation: the last ``mask_size`` floats
of each observation encode

* ``move_mask[K+1]``: which moves are legal now;
* ``data_mask[K+1, D]``: for every move m, the legal values of every data head
  *given that move* (the per-head masks concatenated, D = sum of data sizes).

How those floats are packed is the environment's business: this class ships a
simple reference packing (move mask, then the full table flattened) which the
stand-in environment uses; the real environment passes its own compact
``decoder`` (and ``mask_size``) that returns the same two tensors.

The policy rarely needs the whole [K+1, D] table: it needs the move mask, then
the one row of the move it chose.  ``decode_move_mask`` and ``decode_data_row``
give just that; an environment with a compact packing should pass
``move_decoder`` and ``row_decoder`` too (else they fall back on the full
``decoder``, which can dominate the cost of acting for a large D).  A decoder
must be plain tensor operations on ``obs.device`` with no host synchronisation
(no ``.item()``, no data-dependent shapes): it runs inside the policy's forward
pass, which the CUDA path may capture as a graph.
"""
from __future__ import annotations

from typing import Callable, Sequence

import numpy as np
import torch

MaskDecoder = Callable[[torch.Tensor], tuple[torch.Tensor, torch.Tensor]]  # obs -> (move_mask, data_mask)
MoveDecoder = Callable[[torch.Tensor], torch.Tensor]  # obs -> move_mask bool[B, K+1]
RowDecoder = Callable[[torch.Tensor, torch.Tensor], torch.Tensor]  # (obs, move[B]) -> data_mask[b, move_b], bool[B, D]


class ActionSpec:
    def __init__(
        self,
        head_names: Sequence[str],
        head_sizes: Sequence[int],
        feature_size: int,
        head_used: np.ndarray,
        move_names: Sequence[str] | None = None,
        mask_size: int | None = None,
        decoder: MaskDecoder | None = None,
        move_decoder: MoveDecoder | None = None,
        row_decoder: RowDecoder | None = None,
    ):
        self.head_names = tuple(head_names)
        self.head_sizes = tuple(int(s) for s in head_sizes)
        assert len(self.head_names) == len(self.head_sizes) >= 1
        self.num_moves = self.head_sizes[0]  # K + 1 (Continue included)
        self.data_sizes = self.head_sizes[1:]
        self.data_size = int(sum(self.data_sizes))  # D
        self.data_offsets = tuple(int(o) for o in np.cumsum((0,) + self.data_sizes)[:-1])
        self.feature_size = int(feature_size)  # F

        head_used = np.asarray(head_used, dtype=bool)
        assert head_used.shape == (self.num_moves, len(self.head_sizes)), head_used.shape
        head_used = head_used.copy()
        head_used[:, 0] = True  # every move "uses" the move head
        self.head_used = head_used
        self.move_names = tuple(move_names) if move_names else tuple(f"move{i}" for i in range(self.num_moves))

        reference_size = self.num_moves + self.num_moves * self.data_size
        if decoder is None:
            assert mask_size in (None, reference_size), "a custom mask_size needs its own decoder"
        self.mask_size = int(mask_size if mask_size is not None else reference_size)  # M
        self._decoder = decoder
        self._move_decoder = move_decoder
        self._row_decoder = row_decoder

    @property
    def num_heads(self) -> int:
        return len(self.head_sizes)

    @property
    def obs_size(self) -> int:
        return self.feature_size + self.mask_size

    def features(self, obs: torch.Tensor) -> torch.Tensor:
        return obs[..., : self.feature_size]

    def decode_masks(self, obs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """obs [B, F+M] -> (move_mask bool[B, K+1], data_mask bool[B, K+1, D])."""
        if self._decoder is not None:
            return self._decoder(obs)
        packed = obs[..., self.feature_size :]
        k1 = self.num_moves
        move_mask = packed[..., :k1] > 0.5
        data_mask = packed[..., k1:].reshape(*packed.shape[:-1], k1, self.data_size) > 0.5
        return move_mask, data_mask

    def decode_move_mask(self, obs: torch.Tensor) -> torch.Tensor:
        """obs [B, F+M] -> move_mask bool[B, K+1]."""
        if self._move_decoder is not None:
            return self._move_decoder(obs)
        if self._decoder is not None:
            return self._decoder(obs)[0]
        return obs[..., self.feature_size : self.feature_size + self.num_moves] > 0.5

    def decode_data_row(self, obs: torch.Tensor, move: torch.Tensor) -> torch.Tensor:
        """obs [B, F+M], move [B] -> data_mask[b, move[b]], bool[B, D]: the legal data values given each move."""
        rows = torch.arange(move.shape[0], device=move.device)
        if self._row_decoder is not None:
            return self._row_decoder(obs, move)
        if self._decoder is not None:
            return self._decoder(obs)[1][rows, move]
        table = obs[..., self.feature_size + self.num_moves :].reshape(-1, self.num_moves, self.data_size)
        return table[rows, move] > 0.5

    def decode_lazy(self, obs: torch.Tensor) -> tuple[torch.Tensor, Callable[[torch.Tensor], torch.Tensor]]:
        """(move_mask, row_of) where row_of(move) = data_mask[b, move_b]: what sampling needs, with
        the full table decoded at most once (only when the env gives no row decoder)."""
        if self._decoder is not None and (self._move_decoder is None or self._row_decoder is None):
            move_mask, data_mask = self._decoder(obs)
            return move_mask, lambda move: data_mask[torch.arange(move.shape[0], device=move.device), move]
        return self.decode_move_mask(obs), lambda move: self.decode_data_row(obs, move)

    def pack_masks(self, move_mask: np.ndarray, data_mask: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """Reference packing (numpy), the inverse of the default ``decode_masks``."""
        n = move_mask.shape[0]
        if out is None:
            out = np.empty((n, self.mask_size), dtype=np.float32)
        k1 = self.num_moves
        out[:, :k1] = move_mask
        out[:, k1:] = data_mask.reshape(n, k1 * self.data_size)
        return out

    def describe(self) -> dict:
        """JSON-friendly summary, stored with checkpoints to catch a mismatched env."""
        return dict(
            head_names=list(self.head_names),
            head_sizes=list(self.head_sizes),
            feature_size=self.feature_size,
            mask_size=self.mask_size,
            move_names=list(self.move_names),
            head_used=self.head_used.astype(int).tolist(),
        )
