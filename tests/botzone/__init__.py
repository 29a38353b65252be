"""Botzone: its judge, logs and bots."""
