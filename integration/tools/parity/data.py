"""Where the reference data recorded from the real game lives.

The repository ships it in ``tests/data/parity/`` (format and provenance in that
folder's README.md): the traces under ``traces/`` and the FixedMath, physics-body
and RNG vector files beside them, each either plain ``.jsonl`` or gzip-compressed
``.jsonl.gz`` (readers detect gzip by its magic bytes, not by the name).

``YOMI_PARITY_DATA=DIR`` **replaces** the shipped folder: every parity check and
test then reads ``DIR`` (same structure: ``DIR/traces/*.jsonl.gz`` and the vector
files).  To check extra traces as well as the shipped ones, pass them to
``yomi parity trace`` as paths instead.

Contract: the functions only compute paths; they never fall back to another
folder, so a missing file is reported as missing (a parity check that finds no
data fails, it never passes or skips silently).
"""
from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "YOMI_PARITY_DATA"
SHIPPED = Path(__file__).resolve().parents[3] / "tests" / "data" / "parity"

FIXEDMATH = "fixedmath_vectors.jsonl"
FGOBJECT = "fgobject_vectors.jsonl"
RNG = "godot_rng_vectors.jsonl"


def data_dir() -> Path:
    """The reference-data folder in use: ``$YOMI_PARITY_DATA`` when set (and non-empty), else the shipped one."""
    override = os.environ.get(ENV_VAR, "").strip()
    return Path(override).expanduser().resolve() if override else SHIPPED


def traces_dir() -> Path:
    return data_dir() / "traces"


def trace_paths(pattern: str = "*.jsonl*") -> list[Path]:
    """The reference traces matching ``pattern`` (a glob on the file name), sorted; empty when none."""
    folder = traces_dir()
    return sorted(p for p in folder.glob(pattern) if p.is_file()) if folder.is_dir() else []


def vector_file(name: str) -> Path:
    """The vector file ``name`` (e.g. ``fixedmath_vectors.jsonl``) or its ``.gz`` form, whichever exists.

    When neither exists the plain name is returned, so the caller's error names the file it wanted.
    """
    plain = data_dir() / name
    for candidate in (plain, plain.with_name(plain.name + ".gz")):
        if candidate.is_file():
            return candidate
    return plain
