"""The environment: YomiEnv (:mod:`.env`), its observation (:mod:`.obs`), its action layout (the
unified layout and its packed masks :mod:`.action_layout`, each character's encoding :mod:`.encoding`,
the trainer's view :mod:`.spec`), the generator of its C tables (:mod:`.c_tables`), the baselines,
and the Gymnasium / PettingZoo wrappers.
Depends on the engine interface (:mod:`integration.engine`), never on the trainer or the tools."""
