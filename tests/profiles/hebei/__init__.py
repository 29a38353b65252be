"""Profile ``hebei`` (RULES-hebei.md)."""
