"""Self-play PPO trainer: see docs/TRAINING.md.  Depends on the environment, never on the tools."""
