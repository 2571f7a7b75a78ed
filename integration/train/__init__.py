"""Self-play PPO trainer (issue 8): see docs/TRAINING.md."""
