"""Profile ``queyimen`` (RULES §9)."""
