"""What the window keeps on disk: saves, score sheets, statistics."""
