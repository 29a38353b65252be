//! Tile kinds (docs/rules.md §1): indices 0–33, point values, and the three text notations.

use crate::error::{Error, Result};

/// Number of tile kinds.
pub const KINDS: usize = 34;
/// First honor kind (东, `1z`).
pub const FIRST_HONOR: usize = 27;

/// Tiles held, by kind.
pub type Counts = [u8; KINDS];

/// The first flower (梅); the eight flowers 梅 兰 竹 菊 春 夏 秋 冬 are the ints 34–41, one
/// tile each. They are never held: a seat sets them aside (profiles with flowers).
pub const FIRST_FLOWER: u8 = 34;
/// Number of flowers.
pub const FLOWERS: u8 = 8;

/// Whether a wall tile is a flower.
#[inline]
#[must_use]
pub const fn is_flower(tile: u8) -> bool {
    tile >= FIRST_FLOWER && tile < FIRST_FLOWER + FLOWERS
}

/// A set of kinds, one bit per kind index.
pub type KindMask = u64;

/// All 34 kinds.
pub const ALL_KINDS: KindMask = (1 << KINDS) - 1;
/// The 27 suited kinds.
pub const SUITED_KINDS: KindMask = (1 << FIRST_HONOR) - 1;
/// 1s and 9s of each suit and the honors: the kinds of thirteen orphans (十三幺).
pub const ORPHAN_KINDS: KindMask =
    1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | (ALL_KINDS & !SUITED_KINDS);

/// One bit per kind: bit 0 of the byte that `f` makes of the kind's count, `f` working on
/// eight counts at once (one a byte, little-endian).
#[inline]
fn kind_bits(counts: &Counts, f: impl Fn(u64) -> u64) -> KindMask {
    const LOW: u64 = 0x0101_0101_0101_0101;
    // Gathers bit 0 of each byte into the top byte, byte i to bit 56 + i.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let mut mask = 0;
    for (i, chunk) in counts.chunks(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes[..chunk.len()].copy_from_slice(chunk);
        let w = f(u64::from_le_bytes(bytes)) & LOW;
        mask |= (w.wrapping_mul(GATHER) >> 56) << (8 * i);
    }
    mask
}

/// The kinds `counts` holds. Precondition: every count ≤ 4 (three bits).
#[inline]
#[must_use]
pub fn held_kinds(counts: &Counts) -> KindMask {
    kind_bits(counts, |w| w | w >> 1 | w >> 2)
}

/// The kinds `counts` holds two or more of. Precondition: every count ≤ 4.
#[inline]
#[must_use]
pub fn pair_kinds(counts: &Counts) -> KindMask {
    kind_bits(counts, |w| w >> 1 | w >> 2)
}

/// The kinds `counts` holds an odd number of. Precondition: every count ≤ 4.
#[inline]
#[must_use]
pub fn odd_kinds(counts: &Counts) -> KindMask {
    kind_bits(counts, |w| w)
}

/// The kinds `counts` holds four of. Precondition: every count ≤ 4.
#[inline]
#[must_use]
pub fn four_kinds(counts: &Counts) -> KindMask {
    kind_bits(counts, |w| w >> 2)
}

/// The kinds of `mask`, lowest first.
#[inline]
pub fn each_kind(mut mask: KindMask) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let k = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            k
        })
    })
}

const SUIT_LETTERS: [char; 5] = ['m', 'p', 's', 'z', 'f'];
/// The flowers by one Chinese character, in index order.
const FLOWER_CHARS: [char; 8] = ['梅', '兰', '竹', '菊', '春', '夏', '秋', '冬'];
const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// Honor kind (27–33) or flower (34–41) named by one Chinese character, traditional forms
/// included.
fn honor_char(c: char) -> Option<usize> {
    if let Some(f) = FLOWER_CHARS.iter().position(|&n| n == c) {
        return Some(FIRST_FLOWER as usize + f);
    }
    Some(match c {
        '东' | '東' => 27,
        '南' => 28,
        '西' => 29,
        '北' => 30,
        '白' => 31,
        '发' | '發' => 32,
        '中' => 33,
        _ => return None,
    })
}

/// Suit (0 万, 1 筒, 2 条) named by one Chinese character.
fn suit_char(c: char) -> Option<usize> {
    Some(match c {
        '万' | '萬' => 0,
        '筒' | '饼' | '餅' => 1,
        '条' | '條' | '索' => 2,
        _ => return None,
    })
}

/// Kind of a glyph of the Unicode Mahjong Tiles block.
fn glyph_kind(c: char) -> Option<usize> {
    let u = c as u32;
    Some(match u {
        0x1F000..=0x1F003 => 27 + (u - 0x1F000) as usize,
        0x1F004 => 33,
        0x1F005 => 32,
        0x1F006 => 31,
        0x1F007..=0x1F00F => (u - 0x1F007) as usize,
        0x1F010..=0x1F018 => 18 + (u - 0x1F010) as usize,
        0x1F019..=0x1F021 => 9 + (u - 0x1F019) as usize,
        0x1F022..=0x1F029 => FIRST_FLOWER as usize + (u - 0x1F022) as usize,
        _ => return None,
    })
}

/// Read tiles from text in MPSZ notation (`123m 456p 11z`), Chinese names (`一万东`,
/// `红中`, `发财`, `白板`), Unicode glyphs, or any mix; spaces, commas and `_` separate.
/// Flowers read as `1f`–`8f`, 梅兰竹菊春夏秋冬 or their glyphs.
///
/// # Errors
/// [`Error::InvalidTile`] naming the bad tile or character and its character position.
pub fn parse(text: &str) -> Result<Vec<u8>> {
    let mut r = Reader {
        text,
        chars: text.chars().collect(),
        out: Vec::new(),
        digits: Vec::new(),
    };
    r.out.reserve(r.chars.len());
    let mut i = 0;
    while i < r.chars.len() {
        let c = r.chars[i];
        if let Some(d) = c.to_digit(10).filter(|_| c.is_ascii_digit()) {
            r.digits.push((i, d));
            i += 1;
        } else if let Some(suit) = SUIT_LETTERS
            .iter()
            .position(|&l| l == c.to_ascii_lowercase())
        {
            r.close_suit(i, c, suit)?;
            i += 1;
        } else {
            i += r.word(i)?;
        }
    }
    if !r.digits.is_empty() {
        return Err(r.unfinished());
    }
    Ok(r.out)
}

/// Whether `c` separates tiles in text: any white space (the full-width space `　` too), the
/// comma `,` and the full-width comma `，`, the enumeration comma `、`, and `_`.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '，' | '、' | '_')
}

/// The state of [`parse`]: the text, the kinds read so far, and the digits waiting for a
/// suit letter (with their positions).
struct Reader<'a> {
    text: &'a str,
    chars: Vec<char>,
    out: Vec<u8>,
    digits: Vec<(usize, u32)>,
}

impl Reader<'_> {
    fn bad(&self, pos: usize, what: &str) -> Error {
        Error::InvalidTile(format!(
            "invalid tile {what} at position {pos} in {:?}",
            self.text
        ))
    }

    /// Digits that no suit letter closed.
    fn unfinished(&self) -> Error {
        let run: String = self
            .digits
            .iter()
            .map(|&(_, d)| char::from_digit(d, 10).unwrap_or('?'))
            .collect();
        self.bad(
            self.digits[0].0,
            &format!("'{run}' (digits with no suit letter after them)"),
        )
    }

    /// The suit letter `c` (suit number `suit`) at `pos` closes the digits before it.
    fn close_suit(&mut self, pos: usize, c: char, suit: usize) -> Result<()> {
        if self.digits.is_empty() {
            return Err(self.bad(
                pos,
                &format!("'{c}' (a suit letter with no digits before it)"),
            ));
        }
        let max = [9, 9, 9, 7, 8][suit];
        for &(at, d) in &self.digits {
            if d == 0 || d > max {
                return Err(self.bad(at, &format!("'{d}{c}'")));
            }
            self.out.push(if suit == 4 {
                FIRST_FLOWER + d as u8 - 1
            } else {
                (suit * 9 + d as usize - 1) as u8
            });
        }
        self.digits.clear();
        Ok(())
    }

    /// Read the separator, Chinese name or glyph at `i`; how many characters it took.
    fn word(&mut self, i: usize) -> Result<usize> {
        let c = self.chars[i];
        let known = is_separator(c)
            || matches!(c, '红' | '紅')
            || NUMERALS.contains(&c)
            || honor_char(c).is_some()
            || glyph_kind(c).is_some();
        if !known {
            return Err(self.bad(i, &format!("character {c:?}")));
        }
        if !self.digits.is_empty() {
            return Err(self.unfinished());
        }
        if is_separator(c) {
            return Ok(1);
        }
        if let Some(rank) = NUMERALS.iter().position(|&n| n == c) {
            let Some(suit) = self.chars.get(i + 1).copied().and_then(suit_char) else {
                return Err(self.bad(
                    i,
                    &format!("'{c}' (a numeral with no 万, 筒 or 条 after it)"),
                ));
            };
            self.out.push((suit * 9 + rank) as u8);
            return Ok(2);
        }
        if c == '红' || c == '紅' {
            if self.chars.get(i + 1) != Some(&'中') {
                return Err(self.bad(i, &format!("'{c}' (expected 红中)")));
            }
            self.out.push(33);
            return Ok(2);
        }
        let Some(kind) = honor_char(c).or_else(|| glyph_kind(c)) else {
            return Err(self.bad(i, &format!("character {c:?}")));
        };
        self.out.push(kind as u8);
        // 发财, 白板, and a 风 after a wind name are part of the name.
        let suffix = self.chars.get(i + 1).is_some_and(|&next| {
            (kind == 32 && (next == '财' || next == '財'))
                || (kind == 31 && next == '板')
                || ((27..=30).contains(&kind) && (next == '风' || next == '風'))
        });
        Ok(1 + usize::from(suffix))
    }
}

/// Write kinds in MPSZ notation, grouping consecutive tiles of one suit: `123m456p11z`;
/// flowers are `1f`–`8f`.
///
/// Precondition: every kind `< 42`.
pub fn format_mpsz(kinds: &[u8]) -> String {
    let suit_of = |k: u8| if k >= FIRST_FLOWER { 4 } else { (k / 9).min(3) };
    let digit_of = |k: u8| if k >= FIRST_FLOWER { k - 33 } else { k % 9 + 1 };
    let mut out = String::new();
    let mut i = 0;
    while i < kinds.len() {
        let suit = suit_of(kinds[i]);
        while i < kinds.len() && suit_of(kinds[i]) == suit {
            out.push(char::from_digit(u32::from(digit_of(kinds[i])), 10).unwrap_or('?'));
            i += 1;
        }
        out.push(SUIT_LETTERS[suit as usize]);
    }
    out
}

/// Counts of a list of kinds.
///
/// # Errors
/// [`Error::InvalidTile`] for a kind `>= 34`.
pub fn counts_of(kinds: &[u8]) -> Result<Counts> {
    let mut c = [0u8; KINDS];
    for (pos, &k) in kinds.iter().enumerate() {
        if k as usize >= KINDS {
            return Err(Error::InvalidTile(format!(
                "invalid tile index {k} at position {pos}"
            )));
        }
        c[k as usize] = c[k as usize].saturating_add(1);
    }
    Ok(c)
}

/// The kinds of `counts`, each as often as it is held, in kind order (the inverse of
/// [`counts_of`]).
#[must_use]
pub fn kinds_of(counts: &Counts) -> Vec<u8> {
    (0..KINDS as u8)
        .flat_map(|k| std::iter::repeat_n(k, counts[k as usize] as usize))
        .collect()
}

/// Parse a `"123m 55z"` hand into counts, for tests and benches.
///
/// # Panics
/// On invalid text: for literals in tests only.
#[must_use]
pub fn hand(text: &str) -> Counts {
    counts_of(&parse(text).expect("valid tile text")).expect("valid kinds")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packed masks against a count-by-count loop, on every count 0–4 in every place.
    #[test]
    fn kind_masks_match_counts() {
        let mut rng = crate::rng::Rng::new(3);
        for _ in 0..20_000 {
            let counts: Counts = std::array::from_fn(|_| rng.below(5) as u8);
            let slow = |f: fn(u8) -> bool| {
                (0..KINDS)
                    .filter(|&k| f(counts[k]))
                    .fold(0, |m, k| m | 1 << k)
            };
            assert_eq!(held_kinds(&counts), slow(|c| c > 0), "{counts:?}");
            assert_eq!(four_kinds(&counts), slow(|c| c == 4), "{counts:?}");
            assert_eq!(pair_kinds(&counts), slow(|c| c >= 2), "{counts:?}");
            assert_eq!(odd_kinds(&counts), slow(|c| c % 2 == 1), "{counts:?}");
            let kinds: Vec<u8> = each_kind(held_kinds(&counts)).collect();
            let expect: Vec<u8> = (0..KINDS as u8)
                .filter(|&k| counts[k as usize] > 0)
                .collect();
            assert_eq!(kinds, expect);
        }
    }

    #[test]
    fn parses_all_notations() {
        assert_eq!(
            parse("123m 456p 11z").unwrap(),
            vec![0, 1, 2, 12, 13, 14, 27, 27]
        );
        assert_eq!(parse("一万二万三万东东").unwrap(), vec![0, 1, 2, 27, 27]);
        assert_eq!(parse("九条红中发财白板").unwrap(), vec![26, 33, 32, 31]);
        assert_eq!(parse("🀇🀙🀐🀀🀄").unwrap(), vec![0, 9, 18, 27, 33]);
        assert_eq!(parse("5m,五筒 🀔").unwrap(), vec![4, 13, 22]);
        assert_eq!(parse("18f 梅冬🀢").unwrap(), vec![34, 41, 34, 41, 34]);
        assert_eq!(format_mpsz(&[0, 27, 33, 34, 41]), "1m17z18f");
    }

    #[test]
    fn reads_the_separators_a_chinese_keyboard_types() {
        // The full-width comma and space, the enumeration comma, next to the ASCII ones.
        for text in [
            "1m，2m，东",
            "1m　2m　东",
            "1m、2m、东",
            "一万，二万、东",
            "1m, 2m_东",
        ] {
            assert_eq!(parse(text).unwrap(), vec![0, 1, 27], "{text}");
        }
        let e = parse("12，3m").unwrap_err();
        assert!(e.message().contains("'12'"), "{}", e.message());
    }

    #[test]
    fn rejects_bad_text_with_position() {
        let e = parse("123m0z").unwrap_err();
        assert_eq!(e.message(), "invalid tile '0z' at position 4 in \"123m0z\"");
        assert!(parse("10m").unwrap_err().message().contains("'0m'"));
        assert!(parse("8z").unwrap_err().message().contains("'8z'"));
        assert!(parse("123")
            .unwrap_err()
            .message()
            .contains("no suit letter"));
        assert!(parse("12x").unwrap_err().message().contains("position 2"));
        assert!(parse("五").is_err());
    }

    #[test]
    fn formats_mpsz() {
        assert_eq!(
            format_mpsz(&parse("123m456p11z5m").unwrap()),
            "123m456p11z5m"
        );
        assert_eq!(ORPHAN_KINDS.count_ones(), 13);
    }
}
