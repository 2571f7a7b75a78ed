"""``yomi bridge``: a yomi policy plays one side of a match inside the real game (docs/BRIDGE.md)."""
