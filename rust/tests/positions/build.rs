//! A position built from its [`Recipe`], deterministically: declared melds, then the shape
//! from the copies left, wildcards, the perturbations and, for a waiting hand, a tile taken
//! away. Physical limits always hold (four copies of a kind, melds included).

use super::recipe::{Group, Recipe, ShapeChoice};
use super::{Case, Kind};
use crate::brute::{kinds_in_play, Counts, ORPHANS};
use koudiandian::eval::EvalRules;
use koudiandian::hand::Meld;
use proptest::sample::Index;

/// The physical tiles not yet used: four copies of each kind in play.
struct Copies {
    play: Vec<u8>,
    left: Counts,
}

impl Copies {
    fn new(rules: EvalRules) -> Self {
        let play: Vec<u8> = kinds_in_play(rules).map(|k| k as u8).collect();
        let mut left = [0u8; 34];
        for &k in &play {
            left[k as usize] = 4;
        }
        Copies { play, left }
    }

    /// Take the tiles `kinds` if they are all left; take nothing otherwise.
    fn take(&mut self, kinds: &[u8]) -> bool {
        let mut after = self.left;
        for &k in kinds {
            match after[k as usize].checked_sub(1) {
                Some(c) => after[k as usize] = c,
                None => return false,
            }
        }
        self.left = after;
        true
    }

    /// Exchange `tiles[i]` for a tile of kind `new` (one that is left).
    fn exchange(&mut self, tiles: &mut [u8], i: usize, new: u8) {
        self.left[tiles[i] as usize] += 1;
        self.left[new as usize] -= 1;
        tiles[i] = new;
    }

    /// Exchange the tile at `pos` for one of another kind, picked among the kinds left.
    fn replace(&mut self, tiles: &mut [u8], pos: Index, new: Index) {
        let i = pos.index(tiles.len());
        let candidates: Vec<u8> = self
            .play
            .iter()
            .copied()
            .filter(|&k| self.left[k as usize] > 0 && k != tiles[i])
            .collect();
        self.exchange(tiles, i, *new.get(&candidates));
    }
}

impl Recipe {
    /// The position, or `None` when its shape does not fit in the copies left.
    pub(super) fn build(&self, kind: Kind) -> Option<Case> {
        let rules = self.rules;
        let mut copies = Copies::new(rules);

        let mut choices = copies.play.clone();
        let mut wildcards: Vec<u8> = self
            .wildcard_kinds
            .iter()
            .map(|i| choices.remove(i.index(choices.len())))
            .collect();
        wildcards.sort_unstable();

        // Declared melds: distinct kinds, none a wildcard kind.
        choices.retain(|k| !wildcards.contains(k));
        let mut melds = Vec::new();
        for &(meld_kind, i) in &self.melds {
            let tile = choices.remove(i.index(choices.len()));
            copies.left[tile as usize] -= meld_kind.size();
            melds.push(Meld {
                kind: meld_kind,
                tile,
            });
        }

        let size = 14 - 3 * melds.len();
        let mut shape = self.shape;
        // Seven pairs and thirteen orphans are concealed shapes; orphans need the honors.
        if (!melds.is_empty()
            && matches!(
                shape,
                ShapeChoice::SevenPairs | ShapeChoice::ThirteenOrphans
            ))
            || (shape == ShapeChoice::ThirteenOrphans && rules.no_honors)
        {
            shape = ShapeChoice::Standard;
        }
        let mut tiles = match shape {
            ShapeChoice::Standard => self.standard(size, &mut copies)?,
            ShapeChoice::SevenPairs => self.seven_pairs(&mut copies)?,
            ShapeChoice::ThirteenOrphans => {
                let mut tiles: Vec<u8> = ORPHANS.iter().map(|&k| k as u8).collect();
                tiles.push(*self.doubled_orphan.get(&tiles));
                copies.take(&tiles).then_some(tiles)?
            }
            ShapeChoice::Random => self.random(size, &mut copies, ..)?,
            ShapeChoice::Dense => {
                let (first, width) = self.window;
                let first = first.index(copies.play.len());
                self.random(size, &mut copies, first..first + width)?
            }
        };

        self.add_wildcards(&mut tiles, &wildcards, &mut copies);
        for &(pos, new) in &self.perturb {
            copies.replace(&mut tiles, pos, new);
        }
        if kind.waiting {
            let i = self.drop.index(tiles.len());
            copies.left[tiles[i] as usize] += 1;
            tiles.remove(i);
        }
        if !tiles.is_empty() {
            for &(pos, new) in &self.swaps {
                copies.replace(&mut tiles, pos, new);
            }
        }
        let intact = !matches!(shape, ShapeChoice::Random | ShapeChoice::Dense)
            && self.perturb.is_empty()
            && !kind.waiting
            && self.swaps.is_empty();
        Some(Case {
            tiles,
            melds,
            wildcards,
            rules,
            intact,
        })
    }

    /// A pair and `(size − 2) / 3` groups, the first candidate groups that fit.
    fn standard(&self, size: usize, copies: &mut Copies) -> Option<Vec<u8>> {
        let pair = *self.pair.get(&copies.play);
        if !copies.take(&[pair, pair]) {
            return None;
        }
        let mut tiles = vec![pair, pair];
        for group in &self.groups {
            if tiles.len() == size {
                break;
            }
            if matches!(group, Group::Winds(_) | Group::Dragons) && !self.rules.wind_runs {
                continue;
            }
            let kinds = group.kinds(&copies.play);
            if copies.take(&kinds) {
                tiles.extend(kinds);
            }
        }
        (tiles.len() == size).then_some(tiles)
    }

    /// Seven pairs, sometimes with quads (two pairs of one kind).
    fn seven_pairs(&self, copies: &mut Copies) -> Option<Vec<u8>> {
        let mut tiles = Vec::new();
        for &(i, quad) in &self.pairs {
            if tiles.len() == 14 {
                break;
            }
            let k = *i.get(&copies.play);
            let n = if quad && tiles.len() <= 10 { 4 } else { 2 };
            let pairs = vec![k; n];
            if copies.take(&pairs) {
                tiles.extend(pairs);
            }
        }
        (tiles.len() == 14).then_some(tiles)
    }

    /// `size` tiles drawn from the copies left of the kinds in play at positions `kinds`,
    /// or `None` when fewer are left.
    fn random(
        &self,
        size: usize,
        copies: &mut Copies,
        kinds: impl std::ops::RangeBounds<usize>,
    ) -> Option<Vec<u8>> {
        let (play, left) = (&copies.play, &copies.left);
        let mut pool: Vec<u8> = (0..play.len())
            .filter(|i| kinds.contains(i))
            .flat_map(|i| std::iter::repeat_n(play[i], left[play[i] as usize] as usize))
            .collect();
        if pool.len() < size {
            return None;
        }
        let tiles: Vec<u8> = self.random_tiles[..size]
            .iter()
            .map(|i| pool.remove(i.index(pool.len())))
            .collect();
        let taken = copies.take(&tiles);
        assert!(taken, "drawn from the pool of copies left");
        Some(tiles)
    }

    /// Turn up to `wild_target` tiles into tiles of the wildcard kinds: a complete hand
    /// stays complete, since a wildcard stands for the tile it replaces.
    fn add_wildcards(&self, tiles: &mut [u8], wildcards: &[u8], copies: &mut Copies) {
        let mut added = 0;
        for &(pos, which) in &self.wild_slots {
            let i = pos.index(tiles.len());
            let free: Vec<u8> = wildcards
                .iter()
                .copied()
                .filter(|&w| copies.left[w as usize] > 0)
                .collect();
            if added == self.wild_target || free.is_empty() {
                break;
            }
            if !wildcards.contains(&tiles[i]) {
                copies.exchange(tiles, i, *which.get(&free));
                added += 1;
            }
        }
    }
}
