//! The contract scenarios through played hands.
