//! The factor table of the `hebei` profile (RULES-hebei "Scoring"). Placeholder until the
//! scoring lands: the base only.

use crate::error::{Error, Result};
use crate::game::{ScoreItem, WinContext};
use crate::hand::Hand;
use crate::rules::EvalRules;
use crate::score::Shape;
use crate::shape::hand_wins;

/// The best reading's factor, shape and items.
///
/// # Errors
/// `Error::NotWinning` if the hand does not win.
pub fn score(
    hand: &Hand,
    _tile: u8,
    context: WinContext,
    _hun_on: bool,
) -> Result<(u32, Shape, Vec<ScoreItem>)> {
    if !hand_wins(hand, EvalRules::default()) {
        return Err(Error::NotWinning("not a winning hand".to_owned()));
    }
    let mut items = vec![ScoreItem::base("base", "底", 1)];
    if context.dealer {
        items.push(ScoreItem::times("dealer", "庄", 2));
    }
    let factor = items.iter().map(|i| i.value as u32).product();
    Ok((factor, Shape::Standard, items))
}
