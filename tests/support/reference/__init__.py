"""The slow, readable Python reference the engine is tested against: hand evaluation,
scoring, settlement, the seeded deal and the hand state machines."""
