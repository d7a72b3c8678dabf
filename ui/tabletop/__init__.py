"""The paper-game companion's screens: score sheet, calculator, history, statistics, printing."""
