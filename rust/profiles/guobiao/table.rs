//! A fan table: how many times each [`Fan`] is scored by one reading, and the flags of the
//! moment of the win as the calculator reads them.

use super::fan::{Fan, FAN_COUNT};

/// Times each fan is scored, by [`Fan`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FanTable(pub [u16; FAN_COUNT]);

impl FanTable {
    #[must_use]
    pub const fn new() -> Self {
        FanTable([0; FAN_COUNT])
    }

    /// The points: each fan's value times its count.
    #[must_use]
    pub fn points(&self) -> u32 {
        Fan::ALL
            .iter()
            .map(|&f| u32::from(f.value()) * u32::from(self[f]))
            .sum()
    }

    /// Whether no fan is scored.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }
}

impl Default for FanTable {
    fn default() -> Self {
        Self::new()
    }
}

impl std::ops::Index<Fan> for FanTable {
    type Output = u16;
    fn index(&self, f: Fan) -> &u16 {
        &self.0[f as usize]
    }
}

impl std::ops::IndexMut<Fan> for FanTable {
    fn index_mut(&mut self, f: Fan) -> &mut u16 {
        &mut self.0[f as usize]
    }
}

/// The situation as bits, once corrected by what the tiles show (`fans::score`).
pub mod flag {
    /// 自摸.
    pub const SELF_DRAWN: u8 = 1;
    /// 和绝张.
    pub const LAST_COPY: u8 = 2;
    /// 杠上开花 with a self-draw, 抢杠和 without.
    pub const KONG: u8 = 4;
    /// 妙手回春 with a self-draw, 海底捞月 without.
    pub const WALL_LAST: u8 = 8;
}
