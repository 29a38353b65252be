// Tiles, melds, seats and the settlement drawn as DOM: shared by the table and the replay viewer.
// A tile's face is an inline SVG of shapes (dots, sticks, strokes, Latin letters and digits),
// so that a table is readable without a CJK font; the names of rule terms (transfer
// reasons, patterns, a profile's wildcard, how each event reads) come from the server
// (`GET /names`, in NAMES).
"use strict";

// The names the server sends once (table.js fills it in before the first table is drawn).
let NAMES = { reasons: {}, patterns: {}, profiles: {}, events: { types: {}, win_kinds: {} } };

const SUITS = ["万", "筒", "条"];
const HONORS = ["东", "南", "西", "北", "白", "发", "中"];
const FLOWERS = ["梅", "兰", "竹", "菊", "春", "夏", "秋", "冬"];
const SUIT_LETTERS = ["m", "p", "s"];
const SUIT_ENGLISH = ["characters", "dots", "bamboo"];
const HONOR_ENGLISH = ["east", "south", "west", "north", "white dragon", "green dragon", "red dragon"];
const FLOWER_ENGLISH = ["plum", "orchid", "bamboo", "chrysanthemum", "spring", "summer", "autumn", "winter"];

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

function tileEnglish(t) {
  if (t < 27) return `${t % 9 + 1} ${SUIT_ENGLISH[Math.floor(t / 9)]}`;
  if (t < 34) return HONOR_ENGLISH[t - 27];
  return FLOWER_ENGLISH[t - 34];
}

// -- faces: SVG in a 30 × 40 box ---------------------------------------------------------

const INK = { red: "#b3261e", blue: "#1b4f9c", green: "#1e7b34", dark: "#222", gold: "#c98a00" };
const LATIN = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

// Where the dots (筒) and sticks (条) of each rank sit, and which are red.
const DOTS = [
  [[15, 20]],
  [[15, 11], [15, 29]],
  [[8, 9], [15, 20], [22, 31]],
  [[9, 11], [21, 11], [9, 29], [21, 29]],
  [[8, 9], [22, 9], [15, 20], [8, 31], [22, 31]],
  [[9, 8], [21, 8], [9, 20], [21, 20], [9, 32], [21, 32]],
  [[7, 6], [15, 10], [23, 14], [9, 24], [21, 24], [9, 34], [21, 34]],
  [[9, 5.5], [21, 5.5], [9, 15.5], [21, 15.5], [9, 24.5], [21, 24.5], [9, 34.5], [21, 34.5]],
  [[7, 8], [15, 8], [23, 8], [7, 20], [15, 20], [23, 20], [7, 32], [15, 32], [23, 32]],
];
const DOT_R = [9, 6, 5, 5, 4.6, 4.4, 3.9, 3.6, 3.7];
const RED_DOTS = [[0], [], [1], [], [2], [2, 3, 4, 5], [0, 1, 2], [], [3, 4, 5]];
const STICKS = [
  null, // the 1 of bamboo is a bird
  [[15, 10], [15, 30]],
  [[15, 10], [9, 30], [21, 30]],
  [[9, 10], [21, 10], [9, 30], [21, 30]],
  [[7, 10], [23, 10], [15, 20], [7, 30], [23, 30]],
  [[6, 11], [15, 11], [24, 11], [6, 29], [15, 29], [24, 29]],
  [[15, 6], [6, 20], [15, 20], [24, 20], [6, 33], [15, 33], [24, 33]],
  [[5, 11], [11.7, 11], [18.3, 11], [25, 11], [5, 29], [11.7, 29], [18.3, 29], [25, 29]],
  [[6, 7], [15, 7], [24, 7], [6, 20], [15, 20], [24, 20], [6, 33], [15, 33], [24, 33]],
];
const RED_STICKS = [[], [], [0], [], [2], [], [0], [], [1, 4, 7]];

function dotsFace(rank) {
  const r = DOT_R[rank - 1];
  const red = new Set(RED_DOTS[rank - 1]);
  return DOTS[rank - 1].map(([x, y], i) => {
    const c = red.has(i) ? INK.red : i % 2 && rank > 5 ? INK.green : INK.blue;
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}"/>` +
      `<circle cx="${x}" cy="${y}" r="${r * 0.55}" fill="none" stroke="#fff" stroke-width="${r * 0.22}"/>` +
      (rank === 1 ? `<circle cx="15" cy="20" r="2.4" fill="#fff"/>` : "");
  }).join("");
}

function bambooFace(rank) {
  if (rank === 1) {
    // A bird on a stick: body, head, beak, tail.
    return `<path d="M15 37 V25" stroke="${INK.green}" stroke-width="2.4" stroke-linecap="round"/>` +
      `<ellipse cx="15" cy="20" rx="7" ry="5.5" fill="${INK.green}"/>` +
      `<circle cx="20" cy="11" r="3.6" fill="${INK.red}"/>` +
      `<path d="M23 10 L27 11.5 L23 13 Z" fill="${INK.gold}"/>` +
      `<path d="M9 19 L3 12 M9 21 L2 19 M10 23 L4 27" stroke="${INK.red}" stroke-width="1.8" stroke-linecap="round"/>` +
      `<circle cx="21" cy="10.4" r="0.9" fill="#fff"/>`;
  }
  const red = new Set(RED_STICKS[rank - 1]);
  const h = rank >= 7 ? 9.5 : 12;
  return STICKS[rank - 1].map(([x, y], i) => {
    const c = red.has(i) ? INK.red : INK.green;
    return `<rect x="${x - 1.9}" y="${y - h / 2}" width="3.8" height="${h}" rx="1.6" fill="${c}"/>` +
      `<path d="M${x - 1.9} ${y} H${x + 1.9}" stroke="#fff" stroke-width="0.9"/>`;
  }).join("");
}

// 万 drawn as three strokes, under the rank's digit.
const WAN = `<g fill="none" stroke="${INK.red}" stroke-width="2.3" stroke-linecap="round" stroke-linejoin="round">` +
  `<path d="M6 23 H24"/><path d="M12.5 23 C12.5 30 10.5 34.5 6 37.5"/>` +
  `<path d="M12.5 28.5 H21.5 C21.5 33.5 20.5 37 16.5 37"/></g>`;

function charactersFace(rank) {
  return `<text x="15" y="17" text-anchor="middle" font-family="${LATIN}" font-weight="bold"` +
    ` font-size="17" fill="${INK.dark}">${rank}</text>` + WAN;
}

// The winds: the letter, and an arrow pointing the wind's way (east right, south down...).
const WIND_LETTERS = ["E", "S", "W", "N"];
const WIND_ARROWS = [
  "M8 32 H21 M17 28 L21 32 L17 36",
  "M15 27 V37 M11 33 L15 37 L19 33",
  "M22 32 H9 M13 28 L9 32 L13 36",
  "M15 37 V27 M11 31 L15 27 L19 31",
];

function windFace(i) {
  return `<circle cx="15" cy="14" r="11" fill="none" stroke="${INK.blue}" stroke-width="1.2"/>` +
    `<text x="15" y="20" text-anchor="middle" font-family="${LATIN}" font-weight="bold"` +
    ` font-size="16" fill="${INK.blue}">${WIND_LETTERS[i]}</text>` +
    `<path d="${WIND_ARROWS[i]}" fill="none" stroke="${INK.dark}" stroke-width="2"` +
    ` stroke-linecap="round" stroke-linejoin="round"/>`;
}

function dragonFace(i) {
  if (i === 0) { // 白: an empty blue frame
    return `<rect x="5" y="6" width="20" height="28" rx="2" fill="none" stroke="${INK.blue}" stroke-width="2.4"/>` +
      `<rect x="9" y="10" width="12" height="20" fill="none" stroke="${INK.blue}" stroke-width="1"/>`;
  }
  if (i === 1) { // 发, in green strokes
    return `<g fill="none" stroke="${INK.green}" stroke-width="2.3" stroke-linecap="round" stroke-linejoin="round">` +
      `<path d="M9 7 L6 13"/><path d="M20 6.5 L23.5 10"/><path d="M4.5 14 H25.5"/>` +
      `<path d="M15.5 8 C15.5 21 12 29 5 35"/><path d="M12 22 H22 C19.5 29 15 33.5 9 36.5"/>` +
      `<path d="M13.5 26 C17 31 21 34.5 25.5 36"/></g>`;
  }
  // 中: a box and the stroke through it, in red
  return `<g fill="none" stroke="${INK.red}" stroke-width="2.6" stroke-linejoin="round">` +
    `<rect x="5.5" y="13" width="19" height="12"/><path d="M15 4.5 V36" stroke-linecap="round"/></g>`;
}

function flowerFace(i) {
  // Five petals, red for the plants (梅兰竹菊), blue for the seasons (春夏秋冬), and the number.
  const c = i < 4 ? INK.red : INK.blue;
  let petals = "";
  for (let k = 0; k < 5; k++) {
    const a = (k * 72 - 90) * Math.PI / 180;
    petals += `<circle cx="${(15 + 6.5 * Math.cos(a)).toFixed(1)}" cy="${(23 + 6.5 * Math.sin(a)).toFixed(1)}" r="4.2" fill="${c}"/>`;
  }
  return petals + `<circle cx="15" cy="23" r="3" fill="${INK.gold}"/>` +
    `<path d="M15 30 V38" stroke="${INK.green}" stroke-width="2"/>` +
    `<text x="4" y="11" font-family="${LATIN}" font-weight="bold" font-size="10" fill="${c}">${i % 4 + 1}</text>`;
}

function faceSvg(t) {
  let body;
  if (t < 9) body = charactersFace(t + 1);
  else if (t < 18) body = dotsFace(t - 8);
  else if (t < 27) body = bambooFace(t - 17);
  else if (t < 31) body = windFace(t - 27);
  else if (t < 34) body = dragonFace(t - 31);
  else body = flowerFace(t - 34);
  return `<svg class="face" viewBox="0 0 30 40" aria-hidden="true">${body}</svg>`;
}

// A star at a wildcard's corner.
const WILD_MARK = `<svg class="wild-mark" viewBox="0 0 10 10" aria-hidden="true">` +
  `<path d="M5 0.3 L6.3 3.6 L9.8 3.8 L7.1 6 L8 9.5 L5 7.6 L2 9.5 L2.9 6 L0.2 3.8 L3.7 3.6 Z" fill="${INK.gold}" stroke="#7a5a00" stroke-width="0.5"/></svg>`;

// The profile's own name for its wildcard (耗子, 混), from the server's names.
function wildcardName(view) {
  const p = view && view.rules && NAMES.profiles[view.rules.profile];
  return (p && p.wildcard) || "wildcard";
}

// One tile: its face, or a back when t is null. `opts.wild` marks a wildcard (its name in
// `opts.wildName`), `opts.drawn` the tile just drawn, `opts.claimed` a discard another seat took.
function tileEl(t, opts = {}) {
  const e = document.createElement("span");
  e.className = "tile";
  if (t === null || t === undefined) {
    e.classList.add("back");
    e.title = "concealed";
    return e;
  }
  e.dataset.tile = String(t);
  e.title = `${tileChinese(t)} ${tileEnglish(t)} (${tileName(t)})`;
  e.classList.add(t < 27 ? "suit-" + SUIT_LETTERS[Math.floor(t / 9)] : t < 34 ? "honor" : "flower");
  e.innerHTML = faceSvg(t);
  if (opts.wild) {
    e.classList.add("wild");
    e.insertAdjacentHTML("beforeend", WILD_MARK);
    e.title += ` · ${opts.wildName || "wildcard"} wildcard`;
  }
  if (opts.drawn) e.classList.add("drawn");
  if (opts.claimed) {
    e.classList.add("claimed");
    e.title += " · taken";
  }
  return e;
}

// Tiles in a row, for a line of text (the log, the settlement).
function tileRow(tiles, opts = {}) {
  const g = el("span", "tile-row");
  for (const t of tiles) g.append(tileEl(t, opts));
  return g;
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

const MELD_NAMES = { pong: "碰", kong: "杠", added_kong: "补杠", concealed_kong: "暗杠", chow: "吃", dice_kong: "杠" };
const KIND_NAMES = {
  discard: "打", declare: "报听", self_draw_win: "自摸", win: "胡", pong: "碰", kong: "杠",
  added_kong: "补杠", concealed_kong: "暗杠", pass: "过", chow: "吃", pao: "跑",
  dice_kong: "杠", opening_win: "起手胡", haidi: "要海底", exchange: "换三张", void: "定缺",
};
const POSITIONS = ["bottom", "right", "top", "left"];
const RELATIVE = ["自家", "下家", "对家", "上家"];
const CLAIMS = ["chow", "pong", "kong", "dice_kong", "win"];

function english(name) {
  return String(name).replace(/_/g, " ");
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// A line of text and tiles: strings become text, arrays of tiles become tile rows, nodes stay.
function line(tag, cls, parts) {
  const e = el(tag, cls);
  for (const p of parts) {
    if (p === null || p === undefined || p === "") continue;
    e.append(Array.isArray(p) ? tileRow(p) : typeof p === "string" ? document.createTextNode(p) : p);
  }
  return e;
}

// What a seat asked about a discard may do, from its legal actions: 可碰胡 (pong, win).
function claimLabel(legal) {
  const kinds = [...new Set((legal || []).map((a) => a.kind).filter((k) => CLAIMS.includes(k)))];
  if (!kinds.length) return "打出 discarded ";
  const names = [...new Set(kinds.map((k) => KIND_NAMES[k]))].join("");
  return `可${names} ${kinds.map(english).join(" / ")} `;
}

// Draw a board: four seats around the middle. `me` sits at the bottom (0 when null);
// `hands[s]` are seat s's tiles when shown (else backs, `sizes[s]` of them). A seat's void
// suit (定缺) is a badge once known, its score the running one (the deal's plus what was
// paid since); a seat that won and left (`opts.departures[s]`, from noteDeparture) shows
// the tiles it showed, its win and what it was paid; `opts.pays[s]` are the seat's
// payment floats ({float, age}: payFloatEl).
function renderBoard(board, view, opts) {
  const me = opts.me === null || opts.me === undefined ? 0 : opts.me;
  const wild = new Set(view.wildcards || []);
  const wildName = wildcardName(view);
  const tile = (t, more = {}) => tileEl(t, { wild: wild.has(t), wildName, ...more });
  board.replaceChildren();
  // Before play (换三张, 定缺) every seat decides at once: nobody is on turn.
  const turn = ["over", "exchange", "void"].includes(view.phase) ? null : view.turn;
  const departures = opts.departures || {};
  for (let s = 0; s < 4; s++) {
    const rel = (s - me + 4) % 4;
    const seat = el("div", `seat seat-${POSITIONS[rel]}`);
    seat.dataset.seat = String(s);
    if (turn === s) seat.classList.add("turn");
    const gone = view.left && view.left[s] !== null && view.left[s] !== undefined;
    const dep = departures[s] || null;
    if (gone) seat.classList.add("left");
    const head = el("div", "seat-head");
    const name = (opts.names && opts.names[s]) || `seat ${s}`;
    head.append(el("span", "seat-name", `${RELATIVE[rel]} · ${name}`));
    if (view.dealer === s) head.append(el("span", "badge dealer", "庄 dealer"));
    if (view.declared && view.declared[s]) head.append(el("span", "badge declared", "听 ready"));
    const suit = view.voids ? view.voids[s] : null;
    if (suit !== null && suit !== undefined) {
      const b = el("span", "badge void", `缺${SUITS[suit]}`);
      b.dataset.suit = SUIT_LETTERS[suit];
      b.title = `定缺 void suit: ${SUIT_ENGLISH[suit]} (${SUIT_LETTERS[suit]})`;
      head.append(b);
    }
    if (gone && !dep) head.append(el("span", "badge left-mark", "胡 离场 won, left"));
    if (turn === s) head.append(el("span", "badge turn-mark", "▶"));
    for (const p of (opts.pays && opts.pays[s]) || []) head.append(payFloatEl(p.float, p.age));
    const now = view.running ? view.running[s] : view.scores[s];
    const score = el("span", "score", `${now >= 0 ? "+" : ""}${now}`);
    score.dataset.running = String(now);
    if (now !== view.scores[s]) score.title = `开局 at the deal ${view.scores[s]}`;
    head.append(score);
    seat.append(head);
    if (dep) seat.append(departureEl(dep));

    const hand = el("div", "hand");
    if (opts.interactive && s === opts.me) hand.id = "my-hand";
    let tiles = opts.hands ? opts.hands[s] : null;
    if (dep) {
      tiles = dep.hand; // the hand it showed as it left, the winning tile in it
      hand.classList.add("shown");
    }
    if (tiles) {
      const shown = tiles.slice();
      let drawn = null;
      if (s === opts.drawnSeat && opts.drawn !== null && opts.drawn !== undefined) {
        const i = shown.lastIndexOf(opts.drawn);
        if (i >= 0) { shown.splice(i, 1); drawn = opts.drawn; }
      }
      for (const t of shown) hand.append(tile(t));
      if (drawn !== null) hand.append(tile(drawn, { drawn: true }));
    } else {
      const n = view.hand_sizes ? view.hand_sizes[s] : 0;
      for (let i = 0; i < n; i++) hand.append(tileEl(null));
    }
    seat.append(hand);

    const melds = el("div", "melds");
    for (const m of view.melds[s]) {
      const g = el("span", "meld");
      g.title = MELD_NAMES[m.kind] + (m.source !== null ? ` from seat ${m.source}` : "");
      for (const t of meldTiles(m)) g.append(tile(t));
      melds.append(g);
    }
    if (view.flowers && view.flowers[s].length) {
      const g = el("span", "meld flowers");
      for (const t of view.flowers[s]) g.append(tileEl(t));
      melds.append(g);
    }
    seat.append(melds);

    const discards = el("div", "discards");
    const taken = new Set((view.claimed && view.claimed[s]) || []);
    view.discards[s].forEach((t, i) => discards.append(tile(t, { claimed: taken.has(i) })));
    seat.append(discards);
    board.append(seat);
  }
  const middle = el("div", "middle");
  middle.append(el("div", "wall", `牌墙 wall ${view.wall_remaining}`));
  if (view.wildcards && view.wildcards.length) {
    const w = el("div", "wildcards", `${wildName} wildcard `);
    for (const t of view.wildcards) w.append(tile(t));
    middle.append(w);
  }
  if (view.indicator !== null && view.indicator !== undefined) {
    const w = el("div", "indicator", "翻 indicator ");
    w.append(tileEl(view.indicator));
    middle.append(w);
  }
  if (view.claim_tile !== null && view.claim_tile !== undefined) {
    const w = el("div", "claim", claimLabel(view.legal_actions));
    w.append(tile(view.claim_tile));
    middle.append(w);
  }
  board.append(middle);
}

// A win's score items as their `combine` says: 底 base 1 × 门清 concealed 2 + ...
function scoreItems(items) {
  const box = el("span", "score-items");
  items.forEach((item, i) => {
    const op = i === 0 || item.combine === "base" ? "" : item.combine === "add" ? "+" : "×";
    const part = el("span", "score-item");
    part.dataset.name = item.name;
    part.dataset.combine = item.combine;
    if (op) part.append(el("span", "op", ` ${op} `));
    part.append(el("span", "term", `${item.chinese} ${english(item.name)}`), el("b", "value", ` ${item.value}`));
    box.append(part);
  });
  return box;
}

// A win's value in its profile's words (the `value` of a win in `end_hand.result.wins`):
// the headline, then the others in brackets ("24 番 (底分 8)"); empty for an old log's win.
function winValue(values) {
  const box = el("span", "win-value");
  if (!values || !values.length) return box;
  const [head, ...rest] = values;
  const more = rest.map((v) => `${v.chinese} ${v.value}`).join(", ");
  box.dataset.name = head.name;
  box.textContent = `${head.value} ${head.chinese}` + (more ? ` (${more})` : "") + " · ";
  return box;
}

function reasonText(reason) {
  const r = NAMES.reasons[reason];
  return r ? `${r.chinese} ${r.english}` : english(reason);
}

// The settlement of a finished hand, with every seat's tiles (the end_hand event's `hands`).
function renderSettlement(box, result, hands, wildcards, view) {
  box.replaceChildren();
  box.hidden = false;
  const wild = new Set(wildcards || []);
  const wildName = wildcardName(view);
  const tile = (t) => tileEl(t, { wild: wild.has(t), wildName });
  let title;
  if (result.winner === null) {
    title = "荒庄 · drawn hand";
  } else {
    title = `seat ${result.winners.join(", ")} 胡 wins`;
  }
  box.append(el("h3", "settlement-title", title));
  const wins = result.wins && result.wins.length ? result.wins : [];
  for (const w of wins) {
    const row = line("div", "win-line", [`seat ${w.seat} 胡 (${winKindText(w.kind)}) `]);
    row.dataset.seat = String(w.seat);
    row.append(tile(w.tile), document.createTextNode(" · "), winValue(w.value), scoreItems(w.score_items));
    box.append(row);
  }
  if (result.patterns && result.patterns.length) {
    const names = result.patterns.map((p) => `${NAMES.patterns[p] || ""} ${english(p)}`.trim());
    box.append(el("div", "patterns", `牌型 patterns: ${names.join(", ")}`));
  }
  if (result.bird) {
    const b = line("div", "bird", ["扎鸟 bird "]);
    b.append(tile(result.bird.tile), document.createTextNode(` → seat ${result.bird.seat}`));
    box.append(b);
  }
  (result.opening_wins || []).forEach((ws, s) => {
    if (ws.length) box.append(el("div", "opening-wins", `起手胡 opening wins seat ${s}: ${ws.map(english).join(", ")}`));
  });
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
      const revealed = el("div", "revealed");
      revealed.append(el("span", "seat-name", `seat ${s}: `));
      for (const t of hands[s]) revealed.append(tile(t));
      box.append(revealed);
    }
  }
  const ul = el("ul", "transfers");
  for (const t of result.transfers) {
    const share = t.share_of !== null && t.share_of !== undefined && t.share_of !== t.payer ? `, share of seat ${t.share_of}` : "";
    const li = el("li", "transfer", `seat ${t.payer} → seat ${t.payee}: ${t.amount} (${reasonText(t.reason)}${share})`);
    li.dataset.reason = t.reason;
    ul.append(li);
  }
  box.append(ul);
}

// How each event reads comes from the server (`GET /names`, NAMES.events: the table of
// koudiandian/eventtexts.py, which the terminal renders too): per type, its Chinese word, its
// English verb (third person here) and a template whose placeholders are filled below.

// The tiles of the meld a claim makes: a pong's three, a kong's four, a chow's run.
function claimedMeld(e) {
  if (e.type === "chow") return [e.tile, e.tile + 1, e.tile + 2];
  return e.type === "pong" ? [e.tile, e.tile, e.tile] : [e.tile, e.tile, e.tile, e.tile];
}

// A win's kind, in Chinese and English (自摸 self-draw).
function winKindText(kind) {
  const k = ((NAMES.events || {}).win_kinds || {})[kind];
  return k ? `${k.chinese} ${k.english}` : english(kind);
}

// One placeholder of an event's template: text, or tiles (an array) drawn as on the table.
function fillEvent(name, e, text) {
  switch (name) {
    case "who": return `seat ${e.seat}`;
    case "verb": return text.verb[1];
    case "tile": case "claimed": case "hun": return [e[name]];
    case "meld": return claimedMeld(e);
    case "from": return e.from !== undefined && e.from !== null ? ` from seat ${e.from}` : "";
    case "kind": return winKindText(e.kind);
    case "action": {
      // A decision before play names its tile (an exchange's pick) or suit (a void suit).
      const named = `${KIND_NAMES[e.action] || e.action} ${english(e.action)}`;
      if (e.action === "exchange" && Number.isInteger(e.tile)) return `${named} ${tileName(e.tile)}`;
      if (e.action === "void" && Number.isInteger(e.tile)) return `${named} ${SUITS[e.tile]}`;
      return named;
    }
    case "tiles": case "hand": return e[name] && e[name].length ? e[name] : "none";
    case "to": return `seat ${e.to}`;
    case "suit": return SUITS[e.suit] || "?";
    case "transfers":
      return (e.transfers || [])
        .map((t) => `seat ${t.payer} → seat ${t.payee} ${t.amount} (${english(t.reason)})`)
        .join("; ") || "none";
    case "dice": return e.dice.join(" and ");
    case "wins": return e.wins.map(english).join(", ");
    case "dealer": return `seat ${e.dealer}`;
    case "wildcards": return e.wildcards.length ? e.wildcards : "none";
    case "deltas": return e.result.deltas.join(", ");
    default: return e[name] === undefined ? "?" : String(e[name]);
  }
}

// One event as a line of the log: the seat, the event's Chinese word, its English with the
// tiles drawn as the table draws them, and its notes (补 replacement).
function describeEvent(e) {
  const base = ((NAMES.events || {}).types || {})[e.type];
  if (!base) return [`${e.type} `, e.tile === undefined ? [] : [e.tile]]; // no names: the raw type
  const text = { ...base };
  for (const [field, overrides] of Object.entries(base.variants || {})) {
    if (e[field]) Object.assign(text, overrides);
  }
  if ((e.tile === null || e.tiles === null) && base.hidden) Object.assign(text, base.hidden);
  // The line leads with the word, so the template's gloss of it, " (报听)", is left out.
  let template = text.english.split(" ({chinese})").join("");
  const parts = [];
  if (template.startsWith("{who} ")) {
    parts.push(`seat ${e.seat} `);
    template = template.slice("{who} ".length);
  }
  parts.push(`${text.chinese} `);
  template.split(/(\{\w+\})/).forEach((piece) => {
    const m = /^\{(\w+)\}$/.exec(piece);
    parts.push(m ? fillEvent(m[1], e, text) : piece);
  });
  for (const [field, note] of Object.entries(text.notes || {})) {
    if (e[field]) parts.push(` (${note.chinese ? note.chinese + " " : ""}${note.english})`);
  }
  return parts;
}

// Whether `e` is the claim a seat's answer `a` (an answer event) asked for.
function carriesAnswer(a, e) {
  if (!a || e.seat !== a.seat) return false;
  return e.type === a.action || (a.action === "kong" && e.type === "dice_kong");
}
