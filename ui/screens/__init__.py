"""The menus and forms around the table: menu, setup, rules, settings, files."""
