"""Profile ``taiyuan`` (the default rules): its scoring."""
