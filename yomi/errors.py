"""The engine's exceptions, shared by the Python reference engine's interface
(:mod:`integration.engine`) and the C extension (``yomi._native``, csrc/python/py_match.c),
which raises these classes, so callers catch one set whichever engine runs.

Contract: :class:`EngineError` means the engine was asked for something impossible and
changed nothing; :class:`EngineUnavailable` (a subclass) means the requested engine or table
is not built in this checkout.
"""
from __future__ import annotations


class EngineError(RuntimeError):
    """The engine was asked for something impossible (not a decision, match over, ...)."""


class EngineUnavailable(EngineError):
    """The requested engine is not built in this checkout."""
