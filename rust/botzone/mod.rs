//! Botzone's Chinese Standard Mahjong judge (docs/botzone.md): a program run once per turn
//! that reads `{"initdata", "log"}` and prints the next output, as the official judge
//! (`ailab-pku/Chinese-Standard-Mahjong`, `judge/main.cpp`) prints it, built on the engine
//! under the `botzone` rules. The engine decides what is legal and what a win or a verdict
//! scores; this module owns the protocol.

pub mod answer;
pub mod display;
pub mod input;
pub mod output;
pub mod request;
pub mod tiles;
