// Tiles, melds, seats and the settlement drawn as DOM: shared by the table and the replay viewer.
"use strict";

const SUITS = ["万", "筒", "条"];
const HONORS = ["东", "南", "西", "北", "白", "发", "中"];
const FLOWERS = ["梅", "兰", "竹", "菊", "春", "夏", "秋", "冬"];
const SUIT_LETTERS = ["m", "p", "s"];

function tileName(t) {
  if (t === null || t === undefined) return "?";
  if (t < 27) return (t % 9 + 1) + SUIT_LETTERS[Math.floor(t / 9)];
  if (t < 34) return (t - 26) + "z";
  return (t - 33) + "f";
}

function tileChinese(t) {
  if (t < 27) return "一二三四五六七八九"[t % 9] + SUITS[Math.floor(t / 9)];
  if (t < 34) return HONORS[t - 27];
  return FLOWERS[t - 34];
}

function tileGlyph(t) {
  // U+1F000: 东南西北 中发白, then 1–9 万, 1–9 条, 1–9 筒, then flowers.
  let code;
  if (t < 9) code = 0x1F007 + t;
  else if (t < 18) code = 0x1F019 + (t - 9);
  else if (t < 27) code = 0x1F010 + (t - 18);
  else if (t < 31) code = 0x1F000 + (t - 27);
  else if (t < 34) code = [0x1F006, 0x1F005, 0x1F004][t - 31];
  else code = 0x1F022 + (t - 34);
  return String.fromCodePoint(code);
}

// One tile: a face (rank and suit, or the honor), or a back when t is null.
function tileEl(t, opts = {}) {
  const el = document.createElement("span");
  el.className = "tile";
  if (t === null || t === undefined) {
    el.classList.add("back");
    el.title = "concealed";
    return el;
  }
  el.dataset.tile = String(t);
  el.title = `${tileChinese(t)} ${tileName(t)} ${tileGlyph(t)}`;
  if (t < 27) {
    el.classList.add("suit-" + SUIT_LETTERS[Math.floor(t / 9)]);
    el.innerHTML = `<b>${t % 9 + 1}</b><i>${SUITS[Math.floor(t / 9)]}</i>`;
  } else if (t < 34) {
    el.classList.add("honor", "honor-" + (t - 26));
    el.innerHTML = `<b>${HONORS[t - 27]}</b>`;
  } else {
    el.classList.add("flower");
    el.innerHTML = `<b>${FLOWERS[t - 34]}</b>`;
  }
  if (opts.wild) {
    el.classList.add("wild");
    el.title += " · 耗子 wildcard";
  }
  if (opts.drawn) el.classList.add("drawn");
  return el;
}

function meldTiles(m) {
  const t = m.tile;
  switch (m.kind) {
    case "chow": return [t, t + 1, t + 2];
    case "pong": return [t, t, t];
    case "concealed_kong": return t === null ? [null, null, null, null] : [null, t, t, null];
    default: return [t, t, t, t];
  }
}

const MELD_NAMES = { pong: "碰", kong: "杠", added_kong: "补杠", concealed_kong: "暗杠", chow: "吃" };
const KIND_NAMES = {
  discard: "打", declare: "报听", self_draw_win: "自摸", win: "胡", pong: "碰", kong: "杠",
  added_kong: "补杠", concealed_kong: "暗杠", pass: "过", chow: "吃", pao: "跑",
  dice_kong: "杠", opening_win: "起手胡", haidi: "要海底",
};
const WIN_KINDS = { self_draw: "自摸", discard: "点炮", robbed_kong: "抢杠" };
const POSITIONS = ["bottom", "right", "top", "left"];
const RELATIVE = ["自家", "下家", "对家", "上家"];

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// Draw a board: four seats around the middle. `me` sits at the bottom (0 when null);
// `hands[s]` are seat s's tiles when shown (else backs, `sizes[s]` of them).
function renderBoard(board, view, opts) {
  const me = opts.me === null || opts.me === undefined ? 0 : opts.me;
  const wild = new Set(view.wildcards || []);
  board.replaceChildren();
  for (let s = 0; s < 4; s++) {
    const rel = (s - me + 4) % 4;
    const seat = el("div", `seat seat-${POSITIONS[rel]}`);
    seat.dataset.seat = String(s);
    if (view.phase !== "over" && view.turn === s) seat.classList.add("turn");
    const head = el("div", "seat-head");
    const name = (opts.names && opts.names[s]) || `seat ${s}`;
    head.append(el("span", "seat-name", `${RELATIVE[rel]} · ${name}`));
    if (view.dealer === s) head.append(el("span", "badge dealer", "庄"));
    if (view.declared && view.declared[s]) head.append(el("span", "badge declared", "听"));
    if (view.phase !== "over" && view.turn === s) head.append(el("span", "badge turn-mark", "▶ 出牌"));
    head.append(el("span", "score", `${view.scores[s] >= 0 ? "+" : ""}${view.scores[s]}`));
    seat.append(head);

    const hand = el("div", "hand");
    if (opts.interactive && s === opts.me) hand.id = "my-hand";
    const tiles = opts.hands ? opts.hands[s] : null;
    if (tiles) {
      const shown = tiles.slice();
      let drawn = null;
      if (s === opts.drawnSeat && opts.drawn !== null && opts.drawn !== undefined) {
        const i = shown.lastIndexOf(opts.drawn);
        if (i >= 0) { shown.splice(i, 1); drawn = opts.drawn; }
      }
      for (const t of shown) hand.append(tileEl(t, { wild: wild.has(t) }));
      if (drawn !== null) hand.append(tileEl(drawn, { wild: wild.has(drawn), drawn: true }));
    } else {
      const n = view.hand_sizes ? view.hand_sizes[s] : 0;
      for (let i = 0; i < n; i++) hand.append(tileEl(null));
    }
    seat.append(hand);

    const melds = el("div", "melds");
    for (const m of view.melds[s]) {
      const g = el("span", "meld");
      g.title = MELD_NAMES[m.kind] + (m.source !== null ? ` from seat ${m.source}` : "");
      for (const t of meldTiles(m)) g.append(tileEl(t, { wild: wild.has(t) }));
      melds.append(g);
    }
    if (view.flowers && view.flowers[s].length) {
      const g = el("span", "meld flowers");
      for (const t of view.flowers[s]) g.append(tileEl(t));
      melds.append(g);
    }
    seat.append(melds);

    const discards = el("div", "discards");
    for (const t of view.discards[s]) discards.append(tileEl(t, { wild: wild.has(t) }));
    seat.append(discards);
    board.append(seat);
  }
  const middle = el("div", "middle");
  middle.append(el("div", "wall", `牌墙 ${view.wall_remaining}`));
  if (view.wildcards && view.wildcards.length) {
    const w = el("div", "wildcards", "耗子 ");
    for (const t of view.wildcards) w.append(tileEl(t, { wild: true }));
    middle.append(w);
  }
  if (view.indicator !== null && view.indicator !== undefined) {
    const w = el("div", "indicator", "翻 ");
    w.append(tileEl(view.indicator));
    middle.append(w);
  }
  if (view.claim_tile !== null && view.claim_tile !== undefined) {
    const w = el("div", "claim", "可吃碰杠胡 ");
    w.append(tileEl(view.claim_tile, { wild: wild.has(view.claim_tile) }));
    middle.append(w);
  }
  board.append(middle);
}

// The settlement of a finished hand, with every seat's tiles (the end_hand event's `hands`).
function renderSettlement(box, result, hands, wildcards) {
  box.replaceChildren();
  box.hidden = false;
  const wild = new Set(wildcards || []);
  let title;
  if (result.winner === null) {
    title = "荒庄 · drawn hand";
  } else {
    const kind = WIN_KINDS[result.win_kind] || result.win_kind;
    title = `seat ${result.winners.join(", ")} 胡 (${kind}) ${tileChinese(result.win_tile)}` +
      ` · ${result.points} 点 × ${result.factor}`;
    if (result.patterns.length) title += ` · ${result.patterns.join(", ")}`;
  }
  box.append(el("h3", "settlement-title", title));
  const table = el("table", "deltas");
  const row = el("tr");
  row.append(el("th", "", "seat"));
  for (let s = 0; s < 4; s++) row.append(el("th", "", String(s)));
  table.append(row);
  const d = el("tr");
  d.append(el("th", "", "±"));
  for (let s = 0; s < 4; s++) d.append(el("td", result.deltas[s] >= 0 ? "plus" : "minus", String(result.deltas[s])));
  table.append(d);
  box.append(table);
  if (hands) {
    for (let s = 0; s < 4; s++) {
      const line = el("div", "revealed");
      line.append(el("span", "seat-name", `seat ${s}: `));
      for (const t of hands[s]) line.append(tileEl(t, { wild: wild.has(t) }));
      box.append(line);
    }
  }
  const ul = el("ul", "transfers");
  for (const t of result.transfers) {
    ul.append(el("li", "", `seat ${t.payer} → seat ${t.payee}: ${t.amount} (${t.reason})`));
  }
  box.append(ul);
}

function describeEvent(e) {
  const who = e.seat !== undefined && e.seat !== null ? `seat ${e.seat} ` : "";
  const tile = e.tile === null ? "🂠" : e.tile !== undefined ? tileName(e.tile) : "";
  switch (e.type) {
    case "start_hand": return `开局 dealer seat ${e.dealer}`;
    case "draw": return `${who}摸 ${tile}${e.replacement ? " (补)" : ""}`;
    case "discard": return `${who}${e.declare ? "报听 " : "打 "}${tile}`;
    case "answer": return `${who}${KIND_NAMES[e.action] || e.action}`;
    case "win": return `${who}胡 ${tile} (${WIN_KINDS[e.kind] || e.kind})`;
    case "end_hand": return "终局 settlement";
    default: return `${who}${MELD_NAMES[e.type] || KIND_NAMES[e.type] || e.type} ${tile}`;
  }
}
