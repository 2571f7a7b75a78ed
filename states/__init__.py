"""states package."""
