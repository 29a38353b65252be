"""The reinforcement-learning environments (``koudiandian.rl``)."""
