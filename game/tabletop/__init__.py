"""The paper-game companion's models: score sheet, its codec, card calculator, statistics (pure)."""
