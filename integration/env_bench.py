"""``yomi bench --env`` (integration/bench.py delegates here): the environment benchmark.

The benchmark itself is :func:`integration.env.bench_main` (see its docstring and docs/PERFORMANCE.md).
"""
from __future__ import annotations

from integration.env import bench, bench_main as main  # noqa: F401

__all__ = ["main", "bench"]
