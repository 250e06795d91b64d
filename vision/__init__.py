"""Camera pipeline: sources, board registration, slot recognition. Knows images, never rules."""
