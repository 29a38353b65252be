//! The fan table of Chinese Official Mahjong: the 81 fans of the 1998 rules and the
//! reference's 明暗杠, their names (as PyMahjongGB 1.4.0 writes them) and values, in the
//! reference's order.
//!
//! The fans are listed once, in the `fan_table!` invocation below: one line a fan (its
//! variant, its key, its Chinese name, its value), from which the enum, [`FAN_COUNT`],
//! [`Fan::ALL`] and the table behind [`Fan::key`], [`Fan::name`] and [`Fan::value`] are
//! made.

/// What the table says of one fan.
struct FanInfo {
    key: &'static str,
    name: &'static str,
    value: u8,
}

/// Declares [`Fan`] with its variants in the order given, and [`FAN_COUNT`], [`Fan::ALL`]
/// and `FANS` (a [`FanInfo`] a fan, by [`Fan`] number) from the same list.
macro_rules! fan_table {
    ($($variant:ident, $key:literal, $name:literal, $value:literal;)*) => {
        /// A fan (番种), in the reference's table order (its `fan_t`, less `FAN_NONE`; the
        /// last, `ConcealedKongAndMeldedKong`, is the reference's 明暗杠, not one of the 81).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Fan {
            $(
                #[doc = $name]
                $variant,
            )*
        }

        /// Number of fans in [`Fan::ALL`].
        pub const FAN_COUNT: usize = [$(Fan::$variant),*].len();

        /// Each fan's key, name and value, by [`Fan`] number.
        const FANS: [FanInfo; FAN_COUNT] = [$(FanInfo { key: $key, name: $name, value: $value }),*];

        impl Fan {
            /// Every fan, in table order.
            pub const ALL: [Fan; FAN_COUNT] = [$(Fan::$variant),*];
        }
    };
}

// Variant, key (the reference's English name in snake case), Chinese name (as the reference
// writes it), value; in the reference's order.
fan_table! {
    // 88 fans
    BigFourWinds, "big_four_winds", "大四喜", 88;
    BigThreeDragons, "big_three_dragons", "大三元", 88;
    AllGreen, "all_green", "绿一色", 88;
    NineGates, "nine_gates", "九莲宝灯", 88;
    FourKongs, "four_kongs", "四杠", 88;
    SevenShiftedPairs, "seven_shifted_pairs", "连七对", 88;
    ThirteenOrphans, "thirteen_orphans", "十三幺", 88;
    // 64 fans
    AllTerminals, "all_terminals", "清幺九", 64;
    LittleFourWinds, "little_four_winds", "小四喜", 64;
    LittleThreeDragons, "little_three_dragons", "小三元", 64;
    AllHonors, "all_honors", "字一色", 64;
    FourConcealedPungs, "four_concealed_pungs", "四暗刻", 64;
    PureTerminalChows, "pure_terminal_chows", "一色双龙会", 64;
    // 48 fans
    QuadrupleChow, "quadruple_chow", "一色四同顺", 48;
    FourPureShiftedPungs, "four_pure_shifted_pungs", "一色四节高", 48;
    // 32 fans
    FourPureShiftedChows, "four_pure_shifted_chows", "一色四步高", 32;
    ThreeKongs, "three_kongs", "三杠", 32;
    AllTerminalsAndHonors, "all_terminals_and_honors", "混幺九", 32;
    // 24 fans
    SevenPairs, "seven_pairs", "七对", 24;
    GreaterHonorsAndKnittedTiles, "greater_honors_and_knitted_tiles", "七星不靠", 24;
    AllEvenPungs, "all_even_pungs", "全双刻", 24;
    FullFlush, "full_flush", "清一色", 24;
    PureTripleChow, "pure_triple_chow", "一色三同顺", 24;
    PureShiftedPungs, "pure_shifted_pungs", "一色三节高", 24;
    UpperTiles, "upper_tiles", "全大", 24;
    MiddleTiles, "middle_tiles", "全中", 24;
    LowerTiles, "lower_tiles", "全小", 24;
    // 16 fans
    PureStraight, "pure_straight", "清龙", 16;
    ThreeSuitedTerminalChows, "three_suited_terminal_chows", "三色双龙会", 16;
    PureShiftedChows, "pure_shifted_chows", "一色三步高", 16;
    AllFive, "all_five", "全带五", 16;
    TriplePung, "triple_pung", "三同刻", 16;
    ThreeConcealedPungs, "three_concealed_pungs", "三暗刻", 16;
    // 12 fans
    LesserHonorsAndKnittedTiles, "lesser_honors_and_knitted_tiles", "全不靠", 12;
    KnittedStraight, "knitted_straight", "组合龙", 12;
    UpperFour, "upper_four", "大于五", 12;
    LowerFour, "lower_four", "小于五", 12;
    BigThreeWinds, "big_three_winds", "三风刻", 12;
    // 8 fans
    MixedStraight, "mixed_straight", "花龙", 8;
    ReversibleTiles, "reversible_tiles", "推不倒", 8;
    MixedTripleChow, "mixed_triple_chow", "三色三同顺", 8;
    MixedShiftedPungs, "mixed_shifted_pungs", "三色三节高", 8;
    ChickenHand, "chicken_hand", "无番和", 8;
    LastTileDraw, "last_tile_draw", "妙手回春", 8;
    LastTileClaim, "last_tile_claim", "海底捞月", 8;
    OutWithReplacementTile, "out_with_replacement_tile", "杠上开花", 8;
    RobbingTheKong, "robbing_the_kong", "抢杠和", 8;
    // 6 fans
    AllPungs, "all_pungs", "碰碰和", 6;
    HalfFlush, "half_flush", "混一色", 6;
    MixedShiftedChows, "mixed_shifted_chows", "三色三步高", 6;
    AllTypes, "all_types", "五门齐", 6;
    MeldedHand, "melded_hand", "全求人", 6;
    TwoConcealedKongs, "two_concealed_kongs", "双暗杠", 6;
    TwoDragonsPungs, "two_dragons_pungs", "双箭刻", 6;
    // 4 fans
    OutsideHand, "outside_hand", "全带幺", 4;
    FullyConcealedHand, "fully_concealed_hand", "不求人", 4;
    TwoMeldedKongs, "two_melded_kongs", "双明杠", 4;
    LastTile, "last_tile", "和绝张", 4;
    // 2 fans
    DragonPung, "dragon_pung", "箭刻", 2;
    PrevalentWind, "prevalent_wind", "圈风刻", 2;
    SeatWind, "seat_wind", "门风刻", 2;
    ConcealedHand, "concealed_hand", "门前清", 2;
    AllChows, "all_chows", "平和", 2;
    TileHog, "tile_hog", "四归一", 2;
    DoublePung, "double_pung", "双同刻", 2;
    TwoConcealedPungs, "two_concealed_pungs", "双暗刻", 2;
    ConcealedKong, "concealed_kong", "暗杠", 2;
    AllSimples, "all_simples", "断幺", 2;
    // 1 fan
    PureDoubleChow, "pure_double_chow", "一般高", 1;
    MixedDoubleChow, "mixed_double_chow", "喜相逢", 1;
    ShortStraight, "short_straight", "连六", 1;
    TwoTerminalChows, "two_terminal_chows", "老少副", 1;
    PungOfTerminalsOrHonors, "pung_of_terminals_or_honors", "幺九刻", 1;
    MeldedKong, "melded_kong", "明杠", 1;
    OneVoidedSuit, "one_voided_suit", "缺一门", 1;
    NoHonors, "no_honors", "无字", 1;
    EdgeWait, "edge_wait", "独听・边张", 1;
    ClosedWait, "closed_wait", "独听・嵌张", 1;
    SingleWait, "single_wait", "独听・单钓", 1;
    SelfDrawn, "self_drawn", "自摸", 1;
    FlowerTiles, "flower_tiles", "花牌", 1;
    // 明暗杠: one exposed and one concealed kong (the reference's, not one of the 81).
    ConcealedKongAndMeldedKong, "concealed_kong_and_melded_kong", "明暗杠", 5;
}

impl Fan {
    /// The fan numbered `i` (0 ≤ i < [`FAN_COUNT`]; larger numbers give 明暗杠).
    #[must_use]
    pub const fn from_index(i: usize) -> Fan {
        if i < FAN_COUNT {
            Fan::ALL[i]
        } else {
            Fan::ConcealedKongAndMeldedKong
        }
    }

    /// The fan's key as a score item's `name`: the reference's English name in snake case.
    #[must_use]
    pub const fn key(self) -> &'static str {
        FANS[self as usize].key
    }

    /// The fan's Chinese name, exactly as the reference writes it (边张, 嵌张 and 单钓将 as
    /// 独听・边张, 独听・嵌张, 独听・单钓).
    #[must_use]
    pub const fn name(self) -> &'static str {
        FANS[self as usize].name
    }

    /// What one count of the fan is worth.
    #[must_use]
    pub const fn value(self) -> u8 {
        FANS[self as usize].value
    }
}
