//! What a hand of a run or a match starts from ([`HandStart`]): its seed (`hand_seed`, one
//! for every unit of a run), its dealer and scores, and the seats of duplicate play.

/// The seed of hand (or match) `index` of a run seeded with `seed`: SplitMix64's output for
/// `seed + (index + 1) · golden gamma` (mod 2^64), so that hands are independent. `index`
/// −1 seeds a match's random first dealer.
#[must_use]
pub const fn hand_seed(seed: u64, index: i64) -> u64 {
    let mut z =
        seed.wrapping_add((index.wrapping_add(1) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seats of duplicate rotation `rotation` (0–3): `seating[s]` is the listed bot that
/// sits in seat `s`, so that the bot listed for seat `b` sits in seat `(b + rotation) % 4`.
#[must_use]
pub const fn duplicate_seating(rotation: u8) -> [u8; 4] {
    let r = rotation % 4;
    [(4 - r) % 4, (5 - r) % 4, (6 - r) % 4, (7 - r) % 4]
}

/// A hand as a driver deals it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandStart {
    /// The unit of the run it belongs to (0 in a match on its own).
    pub unit: u64,
    /// Its number in its match (0 for a hand on its own).
    pub number: u32,
    /// Its duplicate rotation (0 otherwise).
    pub rotation: u8,
    pub seed: u64,
    pub dealer: u8,
    /// The scores it starts from: the match's so far.
    pub scores: [i32; 4],
    /// `seating[s]`: the listed bot that sits in seat `s`.
    pub seating: [u8; 4],
    /// The prevalent wind (圈风: 0 东 … 3 北) it is played under: a match's hand's as its
    /// profile says ([`crate::selfplay::MatchDriver::prevalent_wind`], set by the
    /// [`crate::selfplay::Schedule`]), else 东.
    pub prevalent_wind: u8,
}

impl HandStart {
    /// The seed of the bot in seat `seat`: the hand's seed + `seat` + 1.
    #[must_use]
    #[inline]
    pub const fn bot_seed(&self, seat: u8) -> u64 {
        self.seed.wrapping_add(seat as u64 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicate_seats_every_bot_in_every_seat() {
        for r in 0..4u8 {
            let seating = duplicate_seating(r);
            for b in 0..4u8 {
                let seat = (b + r) % 4;
                assert_eq!(seating[seat as usize], b, "rotation {r}, bot {b}");
            }
        }
    }
}
