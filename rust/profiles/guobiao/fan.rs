//! The fan table of Chinese Official Mahjong: the 81 fans of the 1998 rules and the
//! reference's 明暗杠, their names (as PyMahjongGB 1.4.0 writes them) and values, in the
//! reference's order.

/// A fan (番种), in the reference's table order (its `fan_t`, less `FAN_NONE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Fan {
    BigFourWinds,
    BigThreeDragons,
    AllGreen,
    NineGates,
    FourKongs,
    SevenShiftedPairs,
    ThirteenOrphans,
    AllTerminals,
    LittleFourWinds,
    LittleThreeDragons,
    AllHonors,
    FourConcealedPungs,
    PureTerminalChows,
    QuadrupleChow,
    FourPureShiftedPungs,
    FourPureShiftedChows,
    ThreeKongs,
    AllTerminalsAndHonors,
    SevenPairs,
    GreaterHonorsAndKnittedTiles,
    AllEvenPungs,
    FullFlush,
    PureTripleChow,
    PureShiftedPungs,
    UpperTiles,
    MiddleTiles,
    LowerTiles,
    PureStraight,
    ThreeSuitedTerminalChows,
    PureShiftedChows,
    AllFive,
    TriplePung,
    ThreeConcealedPungs,
    LesserHonorsAndKnittedTiles,
    KnittedStraight,
    UpperFour,
    LowerFour,
    BigThreeWinds,
    MixedStraight,
    ReversibleTiles,
    MixedTripleChow,
    MixedShiftedPungs,
    ChickenHand,
    LastTileDraw,
    LastTileClaim,
    OutWithReplacementTile,
    RobbingTheKong,
    AllPungs,
    HalfFlush,
    MixedShiftedChows,
    AllTypes,
    MeldedHand,
    TwoConcealedKongs,
    TwoDragonsPungs,
    OutsideHand,
    FullyConcealedHand,
    TwoMeldedKongs,
    LastTile,
    DragonPung,
    PrevalentWind,
    SeatWind,
    ConcealedHand,
    AllChows,
    TileHog,
    DoublePung,
    TwoConcealedPungs,
    ConcealedKong,
    AllSimples,
    PureDoubleChow,
    MixedDoubleChow,
    ShortStraight,
    TwoTerminalChows,
    PungOfTerminalsOrHonors,
    MeldedKong,
    OneVoidedSuit,
    NoHonors,
    EdgeWait,
    ClosedWait,
    SingleWait,
    SelfDrawn,
    FlowerTiles,
    /// 明暗杠: one exposed and one concealed kong (the reference's, not one of the 81).
    ConcealedKongAndMeldedKong,
}

/// Number of fans in [`Fan::ALL`].
pub const FAN_COUNT: usize = 82;

/// The Chinese names, as the reference writes them, by [`Fan`] number.
const NAMES: [&str; FAN_COUNT] = [
    "大四喜",
    "大三元",
    "绿一色",
    "九莲宝灯",
    "四杠",
    "连七对",
    "十三幺",
    "清幺九",
    "小四喜",
    "小三元",
    "字一色",
    "四暗刻",
    "一色双龙会",
    "一色四同顺",
    "一色四节高",
    "一色四步高",
    "三杠",
    "混幺九",
    "七对",
    "七星不靠",
    "全双刻",
    "清一色",
    "一色三同顺",
    "一色三节高",
    "全大",
    "全中",
    "全小",
    "清龙",
    "三色双龙会",
    "一色三步高",
    "全带五",
    "三同刻",
    "三暗刻",
    "全不靠",
    "组合龙",
    "大于五",
    "小于五",
    "三风刻",
    "花龙",
    "推不倒",
    "三色三同顺",
    "三色三节高",
    "无番和",
    "妙手回春",
    "海底捞月",
    "杠上开花",
    "抢杠和",
    "碰碰和",
    "混一色",
    "三色三步高",
    "五门齐",
    "全求人",
    "双暗杠",
    "双箭刻",
    "全带幺",
    "不求人",
    "双明杠",
    "和绝张",
    "箭刻",
    "圈风刻",
    "门风刻",
    "门前清",
    "平和",
    "四归一",
    "双同刻",
    "双暗刻",
    "暗杠",
    "断幺",
    "一般高",
    "喜相逢",
    "连六",
    "老少副",
    "幺九刻",
    "明杠",
    "缺一门",
    "无字",
    "独听・边张",
    "独听・嵌张",
    "独听・单钓",
    "自摸",
    "花牌",
    "明暗杠",
];

/// The values, by [`Fan`] number.
const VALUES: [u8; FAN_COUNT] = [
    88, 88, 88, 88, 88, 88, 88, // 大四喜 … 十三幺
    64, 64, 64, 64, 64, 64, // 清幺九 … 一色双龙会
    48, 48, // 一色四同顺, 一色四节高
    32, 32, 32, // 一色四步高, 三杠, 混幺九
    24, 24, 24, 24, 24, 24, 24, 24, 24, // 七对 … 全小
    16, 16, 16, 16, 16, 16, // 清龙 … 三暗刻
    12, 12, 12, 12, 12, // 全不靠 … 三风刻
    8, 8, 8, 8, 8, 8, 8, 8, 8, // 花龙 … 抢杠和
    6, 6, 6, 6, 6, 6, 6, // 碰碰和 … 双箭刻
    4, 4, 4, 4, // 全带幺 … 和绝张
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, // 箭刻 … 断幺
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, // 一般高 … 自摸
    1, // 花牌
    5, // 明暗杠
];

impl Fan {
    /// Every fan, in table order.
    pub const ALL: [Fan; FAN_COUNT] = {
        let mut all = [Fan::BigFourWinds; FAN_COUNT];
        let mut i = 0;
        while i < FAN_COUNT {
            all[i] = Fan::from_index(i);
            i += 1;
        }
        all
    };

    /// The fan numbered `i` (0 ≤ i < [`FAN_COUNT`]; larger numbers give 明暗杠).
    #[must_use]
    pub const fn from_index(i: usize) -> Fan {
        #[allow(clippy::enum_glob_use)] // the table in the enum's order
        use Fan::*;
        const ORDER: [Fan; FAN_COUNT] = [
            BigFourWinds,
            BigThreeDragons,
            AllGreen,
            NineGates,
            FourKongs,
            SevenShiftedPairs,
            ThirteenOrphans,
            AllTerminals,
            LittleFourWinds,
            LittleThreeDragons,
            AllHonors,
            FourConcealedPungs,
            PureTerminalChows,
            QuadrupleChow,
            FourPureShiftedPungs,
            FourPureShiftedChows,
            ThreeKongs,
            AllTerminalsAndHonors,
            SevenPairs,
            GreaterHonorsAndKnittedTiles,
            AllEvenPungs,
            FullFlush,
            PureTripleChow,
            PureShiftedPungs,
            UpperTiles,
            MiddleTiles,
            LowerTiles,
            PureStraight,
            ThreeSuitedTerminalChows,
            PureShiftedChows,
            AllFive,
            TriplePung,
            ThreeConcealedPungs,
            LesserHonorsAndKnittedTiles,
            KnittedStraight,
            UpperFour,
            LowerFour,
            BigThreeWinds,
            MixedStraight,
            ReversibleTiles,
            MixedTripleChow,
            MixedShiftedPungs,
            ChickenHand,
            LastTileDraw,
            LastTileClaim,
            OutWithReplacementTile,
            RobbingTheKong,
            AllPungs,
            HalfFlush,
            MixedShiftedChows,
            AllTypes,
            MeldedHand,
            TwoConcealedKongs,
            TwoDragonsPungs,
            OutsideHand,
            FullyConcealedHand,
            TwoMeldedKongs,
            LastTile,
            DragonPung,
            PrevalentWind,
            SeatWind,
            ConcealedHand,
            AllChows,
            TileHog,
            DoublePung,
            TwoConcealedPungs,
            ConcealedKong,
            AllSimples,
            PureDoubleChow,
            MixedDoubleChow,
            ShortStraight,
            TwoTerminalChows,
            PungOfTerminalsOrHonors,
            MeldedKong,
            OneVoidedSuit,
            NoHonors,
            EdgeWait,
            ClosedWait,
            SingleWait,
            SelfDrawn,
            FlowerTiles,
            ConcealedKongAndMeldedKong,
        ];
        if i < FAN_COUNT {
            ORDER[i]
        } else {
            ConcealedKongAndMeldedKong
        }
    }

    /// The fan's Chinese name, exactly as the reference writes it (边张, 嵌张 and 单钓将 as
    /// 独听・边张, 独听・嵌张, 独听・单钓).
    #[must_use]
    pub const fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// What one count of the fan is worth.
    #[must_use]
    pub const fn value(self) -> u8 {
        VALUES[self as usize]
    }
}
