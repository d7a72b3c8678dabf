"""The table view: play and replay on one table, its drawing, timeline and overlays."""
