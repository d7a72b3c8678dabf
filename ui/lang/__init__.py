"""The on-screen strings, one module per language (``ui.i18n`` picks one)."""
