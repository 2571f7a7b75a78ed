"""yomi package."""
