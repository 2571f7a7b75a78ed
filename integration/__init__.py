"""The layers above the engine: the engine interface (:mod:`.engine`) and the trace format
(:mod:`.tracefile`), then the environment (:mod:`.env`), the trainer (:mod:`.train`) and the
tools (:mod:`.tools`); each depends only on those before it (docs/ARCHITECTURE.md)."""
