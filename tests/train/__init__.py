"""Training on the environments: the ``[rl-train]`` extra (torch, stable-baselines3,
sb3-contrib). Skipped where it is absent, unless ``KOUDIANDIAN_REQUIRE_TRAIN=1`` (``.ci/run``
sets it): then they fail."""
