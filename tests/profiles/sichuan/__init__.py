"""Profile ``sichuan`` (血战到底, docs/rules.md §14)."""
