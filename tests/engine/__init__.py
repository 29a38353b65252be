"""The shared engine: the API, the hand functions, scenarios, invariants, property tests,
the reference comparisons, the stubs, the events doc, the README and what a new user meets."""
