"""Profile ``changsha`` (RULES-changsha.md)."""
