"""Botzone's Chinese Standard Mahjong (docs/botzone.md): its bot protocol and games between
Botzone bots (:mod:`.runner`, :mod:`.game`)."""
