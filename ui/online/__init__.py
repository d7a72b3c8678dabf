"""Play across screens: the window's side of a flip7-net/1 table (docs/network.md)."""
