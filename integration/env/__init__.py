"""The environment: YomiEnv (:mod:`.env`), its observation (:mod:`.obs`) and action layout
(:mod:`.encoding`, :mod:`.spec`), the baselines, and the Gymnasium / PettingZoo wrappers.
Depends on the engine interface (:mod:`integration.engine`), never on the trainer or the tools."""
