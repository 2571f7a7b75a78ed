"""The ``yomi`` command and its tools: bench, parity, watch, the trace extractor of the game's
scenes and the C table generator.  Tools may use everything below them (trainer, environment,
engine); nothing below imports a tool."""
