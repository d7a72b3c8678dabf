"""The guided first game: its lessons (``lessonN.json``) and their steps."""
