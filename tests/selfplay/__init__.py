"""Self-play in Rust and the Ray backend."""
