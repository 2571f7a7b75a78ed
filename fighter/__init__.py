"""fighter package."""
