// The browser table: a lobby, one seat's play over the WebSocket, and the replay viewer.
// Plain JavaScript, no build step; the protocol is docs/server.md.
"use strict";

const $ = (sel) => document.querySelector(sel);

const state = {
  table: null, token: null, seat: null, seats: null, ws: null,
  hand: 0, sent: 0,         // the hand and the number of its events received (to resume)
  view: null, legal: [], pending: false, declaring: false,
  endHand: null, over: false, retry: 0,
  room: null,               // the room this page plays in (see "rooms" below), or null
  // Clocks, 托管 and dismiss votes (see "clocks" below).
  clockSettings: null,      // the table's clock settings (hello), or null: no clocks
  clock: null,              // the public clock of the seat on turn: {seat, until, bank}
  myClock: null,            // this seat's clock for the decision its view asks: {until, bank}
  auto: [false, false, false, false], // each seat's 托管 mark
  vote: null,               // the open dismiss vote (its message, with `until`), or null
  confirming: false,        // the 解散 button asked "sure?"
  matchEnd: null,           // the match's end line, kept in #info
  // A hand that goes on after a win (血战到底): the seats that left (noteDeparture), and
  // the payments made as played, each seat's float shown for a while (PAY_FLOAT_MS).
  departures: newDepartures(),
  floats: [],               // {float: payFloats' item, at: performance.now()}
  exchangeDirection: null,  // where the hand's exchange goes, when drawn (start_hand)
};

// How long a payment's float stays on its seat (table.css fades it over as long).
const PAY_FLOAT_MS = 6000;
// An exchange direction (start_hand's exchange_direction) as the seats it moves on.
const EXCHANGE_SHIFTS = { next: 1, opposite: 2, previous: 3 };

const PANELS = ["lobby", "room", "play", "scores", "replay"];

function show(name) {
  for (const id of PANELS) $("#" + id).hidden = id !== name;
  if (name === "scores") refreshRecord();
}

function shown() {
  return PANELS.find((id) => !$("#" + id).hidden) || null;
}
for (const b of document.querySelectorAll("nav button")) {
  b.addEventListener("click", () => show(b.dataset.show));
}

// -- the lobby --------------------------------------------------------------------------

$("#new-game").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  if (state.room) leaveRoomState(); // the room keeps the seat: its link takes the page back
  const f = new FormData(ev.target);
  const bot = f.get("bots");
  const body = {
    rules: f.get("rules"),
    seats: ["human", bot, bot, bot],
    match: f.get("match") === "" ? null : f.get("match") === "one_round" ? "one_round" : Number(f.get("match")),
    bot_delay: Number(f.get("bot_delay")),
  };
  const r = await fetch("/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) { $("#lobby-error").textContent = `${data.error}: ${data.message}`; return; }
  // The token stays in the fragment: it is never sent in a request line or a referrer.
  const fragment = `table=${data.id}&token=${data.tokens[0]}`;
  // Another process of the server plays the table: the page moves there (docs/server.md).
  if (data.url && data.url !== location.origin) { moveTo(data.url, fragment); return; }
  location.hash = fragment;
  start(data.id, data.tokens[0]);
});

$("#watch").addEventListener("click", () => {
  const id = $("#watch-id").value.trim();
  if (!id) return;
  if (state.room) leaveRoomState();
  location.hash = `table=${id}`;
  start(id, null);
});

// Play (or watch) `table` with `token`; `panel` is the panel shown (null: the one shown stays).
function start(table, token, panel = "play") {
  if (state.ws) { state.ws.onclose = null; state.ws.close(); state.ws = null; }
  Object.assign(state, { table, token, seat: null, hand: 0, sent: 0, view: null, legal: [], pending: false, endHand: null, over: false, retry: 0 });
  Object.assign(state, { clockSettings: null, clock: null, myClock: null, auto: [false, false, false, false], vote: null, confirming: false, matchEnd: null });
  Object.assign(state, { departures: newDepartures(), floats: [], exchangeDirection: null });
  for (const id of ["#log", "#board", "#info", "#actions", "#waits"]) $(id).replaceChildren();
  $("#message").textContent = "";
  $("#settlement").hidden = true;
  $("#show-play").hidden = false;
  $("#vote-outcome").hidden = true;
  renderMarks();
  if (panel) show(panel);
  connect(false);
}

// -- the socket ---------------------------------------------------------------------------

function connect(resume) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  let url = `${proto}://${location.host}/tables/${encodeURIComponent(state.table)}/ws`;
  const q = ["views=all"];
  if (resume) q.push(`hand=${state.hand}`, `since=${state.sent}`);
  if (q.length) url += "?" + q.join("&");
  // The token goes as a Sec-WebSocket-Protocol value, not in the URL: no log line holds it.
  const protocols = state.token ? ["koudiandian", "token." + state.token] : ["koudiandian"];
  const ws = new WebSocket(url, protocols);
  state.ws = ws;
  ws.onopen = () => {
    $("#connection").textContent = "connected";
    state.retry = 0;
    // The server's live processes: where to look for the table if this one goes away.
    fetch("/health").then((r) => r.json()).then((h) => { state.peers = h.peers || []; }).catch(() => {});
  };
  // Every frame is a JSON array of messages, in order.
  ws.onmessage = (m) => {
    if (state.ws !== ws) return; // a socket the page left (another table of its room)
    for (const msg of JSON.parse(m.data)) receive(msg);
  };
  ws.onclose = (e) => {
    if (state.ws !== ws) return;
    $("#connection").textContent = `disconnected (${e.code})`;
    if (state.room) {
      // A room's seat: a refused token means the seat is no longer this page's (removed,
      // or it left on another tab); a closed room is not connected to again.
      if (state.room.closed || state.room.gone) return;
      if (e.code === 4401) { roomLost("你不再在这个房间里 this seat is no longer yours (removed or left)"); return; }
      if (e.code === 4404) { roomLost("找不到这个房间的牌桌 the room's table was not found"); return; }
      // After its match the socket still brings the room's news (the rematch): reconnect.
    } else if (e.code === 4401 || e.code === 4404 || state.over) return;
    if (state.moving) return;
    // This process is gone (the socket never opened again): another one of the server's
    // plays the table now, or will once its lease runs out, and sends the page on.
    const others = (state.peers || []).filter((u) => u !== location.origin);
    if (state.retry >= 2 && others.length) {
      const fragment = new URLSearchParams(location.hash.slice(1));
      fragment.set("away", location.origin);
      moveTo(others[state.retry % others.length], fragment.toString());
      return;
    }
    // Resume where it stopped: the server sends the view and the events missed.
    state.retry = Math.min(state.retry + 1, 5);
    setTimeout(() => connect(true), 500 * state.retry);
  };
}

// The page goes to another process of the server, keeping its fragment (table and token).
function moveTo(url, fragment) {
  state.moving = true;
  if (state.ws) { state.ws.onclose = null; state.ws.close(); }
  location.href = `${url}/#${fragment}`;
}

function receive(m) {
  switch (m.type) {
    case "redirect":
      // The table is played by another process: go there (or, not yet known, ask again).
      // Not back to the one it left because it had gone away: its lease has not run out
      // yet, and this process takes the table over once it has (the socket retries).
      if (m.url && m.url !== state.away) moveTo(m.url, location.hash.slice(1));
      break;
    case "hello":
      state.away = null;
      state.seat = m.seat;
      state.seats = m.seats;
      if (state.room && m.seat !== null && m.seat !== undefined) state.room.seat = m.seat;
      // A new socket: the seats on 托管 and an open vote follow the hello, told again.
      state.clockSettings = m.clock || null;
      state.auto = [false, false, false, false];
      state.vote = null;
      renderMarks();
      break;
    case "room":
      applyRoom(m.room);
      break;
    case "event":
      if (m.hand !== state.hand) { state.hand = m.hand; state.sent = 0; $("#log").replaceChildren(); }
      if (m.replaces) break; // the deal filled in after the bids: the view shows the tiles
      if (m.n !== state.sent) break; // already had it (a resumed socket)
      state.sent = m.n + 1;
      logEvent(m.event);
      // The seat on the clock moved: its clock is done.
      if (state.clock && m.event.seat === state.clock.seat) { state.clock = null; renderMarks(); }
      if (m.event.type === "start_hand") {
        Object.assign(state, { endHand: null, wildcards: m.event.wildcards, rules: m.event.rules, departures: newDepartures(), floats: [] });
        state.exchangeDirection = m.event.exchange_direction || null; // drawn per hand (sichuan)
      }
      noteDeparture(state.departures, m.event);
      // A payment made as played floats by the seats it moves (not the ones a page that
      // opens mid-hand is sent before its first view: those are old news).
      if (m.event.type === "pay" && state.view) {
        const at = performance.now();
        state.floats = state.floats.filter((f) => at - f.at < PAY_FLOAT_MS);
        for (const f of payFloats(m.event)) state.floats.push({ float: f, at });
      }
      if (m.event.type === "end_hand") {
        // The settlement stays on screen (a match deals the next hand at once).
        state.endHand = m.event;
        state.clock = null;
        state.myClock = null;
        renderMarks();
        const wild = (state.view && state.view.wildcards) || state.wildcards;
        renderSettlement($("#settlement"), m.event.result, m.event.hands, wild, state.view || { rules: state.rules });
        $("#settlement").dataset.hand = String(m.hand);
        if (state.room) refreshRecord();
      }
      break;
    case "view":
      state.view = m.view;
      state.myClock = m.view.remaining_ms === null || m.view.remaining_ms === undefined ? null : countdown(m.view.remaining_ms, m.view.bank_ms);
      if (m.view.auto !== undefined && state.seat !== null && state.seat !== undefined) state.auto[state.seat] = Boolean(m.view.auto);
      state.legal = m.view.legal_actions;
      state.pending = false;
      state.declaring = false;
      $("#message").textContent = "";
      render();
      break;
    case "error":
      $("#message").textContent = `${m.error}: ${m.message}`;
      // A refused resume, proposal or vote says nothing of the action the seat may have sent.
      if (m.error === "AutoPlayError" || m.error === "DismissVoteError") {
        if (state.vote) state.vote.sent = false;
        renderMarks();
        break;
      }
      state.pending = false;
      if (m.legal_actions && m.legal_actions.length) state.legal = m.legal_actions;
      render();
      break;
    case "clock":
      // The public clock of the seat on turn (never a claim's): on its seat until that
      // seat's next event or the next clock, counted on the page's own time.
      state.clock = { seat: m.seat, ...countdown(m.remaining_ms, m.bank_ms) };
      renderMarks();
      break;
    case "auto":
      state.auto[m.seat] = Boolean(m.auto);
      renderMarks();
      if (state.room && state.room.data) renderRoom();
      break;
    case "dismiss":
      receiveVote(m);
      break;
    case "bot_fallback":
      // A seat's registered bot failed: greedy plays it from now on (sent after every hello).
      if (!document.querySelector(`#info .bot-fallback[data-seat="${m.seat}"]`)) {
        const note = el("div", "bot-fallback", `seat ${m.seat}: bot ${m.bot} failed · ${m.plays} plays it`);
        note.dataset.seat = String(m.seat);
        $("#info").append(note);
      }
      break;
    case "match_end": {
      state.over = true;
      Object.assign(state, { clock: null, myClock: null, vote: null, confirming: false });
      const d = m.dismissed;
      const how = d ? `解散 match dismissed, proposed by ${seatName(d.by)}` : "终 match over";
      const note = el("div", "match-end", `${how} · scores ${m.scores.join(" / ")} · ranking ${m.ranking.join(" > ")}`);
      if (d) note.dataset.dismissed = String(d.by);
      state.matchEnd = note;
      $("#info").append(note);
      renderMarks();
      if (state.room) refreshRecord();
      break;
    }
  }
}

function send(action) {
  if (state.pending || !state.ws || state.ws.readyState !== WebSocket.OPEN) return;
  state.pending = true;
  // The action names the decision it answers (protocol 2): sent twice, or after the
  // decision was taken on another socket, it is refused and changes nothing.
  state.ws.send(JSON.stringify({ type: "action", decision: state.view.decision, action }));
  state.legal = [];
  renderActions();
}

// One line per event, tiles drawn as on the table; a seat's answer (碰 ...) is shown until
// the claim it asked for follows, which then takes its line.
function logEvent(e) {
  const log = $("#log");
  const last = log.lastElementChild;
  const li = line("li", "", describeEvent(e));
  li.dataset.type = e.type;
  if (e.seat !== undefined && e.seat !== null) li.dataset.seat = String(e.seat);
  if (e.type === "answer") li.dataset.action = e.action;
  if (last && last.dataset.type === "answer" && carriesAnswer({ seat: Number(last.dataset.seat), action: last.dataset.action }, e)) {
    last.replaceWith(li);
  } else {
    log.append(li);
  }
}

// -- drawing the table ------------------------------------------------------------------------

function seatNames() {
  const room = state.room && state.room.data;
  return (state.seats || ["", "", "", ""]).map((k, s) => {
    const name = room ? roomSeatName(room, s) : k;
    return (s === state.seat ? (room ? `你 you · ${name}` : "你 you") : name) + ` (${s})`;
  });
}

// The tiles left in each seat's part of a wall cut in four (Botzone's rules: each seat
// draws from its own part), after the whole wall's count; nothing for other rules.
function partsText(parts) {
  if (!parts) return "";
  return ` (${["东", "南", "西", "北"].map((w, s) => `${w} ${parts[s]}`).join(" · ")})`;
}

function render() {
  const v = state.view;
  if (!v) return;
  const me = state.seat;
  const info = $("#info");
  info.replaceChildren();
  const turn = v.phase === "over" ? "终局 over"
    : v.phase === "exchange" ? "换三张 every seat picks tiles to pass on"
    : v.phase === "void" ? "定缺 every seat declares a void suit"
    : me !== null && v.turn === me ? "轮到你 your turn" : `seat ${v.turn} 出牌`;
  info.append(
    el("span", "", `table ${state.table}`),
    el("span", "", `第 ${state.hand + 1} 局 hand ${state.hand + 1}`),
    el("span", "", `庄 dealer seat ${v.dealer}`),
    el("span", "", `牌墙 wall ${v.wall_remaining}` + partsText(v.part_remaining)),
    el("span", "turn-info", turn),
  );
  info.dataset.phase = v.phase;
  const hands = [null, null, null, null];
  if (me !== null) hands[me] = v.hand;
  if (state.endHand) for (let s = 0; s < 4; s++) hands[s] = state.endHand.hands[s];
  if (state.clockSettings) {
    const c = state.clockSettings;
    info.append(el("span", "clock-settings muted", `倒计时 clock ${c.turn} s · 吃碰 claim ${c.claim} s · 备用 bank ${c.bank} s`));
  }
  if (state.matchEnd) info.append(state.matchEnd);
  const now = performance.now();
  const pays = [[], [], [], []];
  for (const f of state.floats) {
    if (now - f.at < PAY_FLOAT_MS) pays[f.float.seat].push({ float: f.float, age: now - f.at });
  }
  renderBoard($("#board"), v, {
    me, hands, drawn: v.drawn, drawnSeat: me, names: seatNames(), interactive: true,
    departures: state.departures.seats, pays,
  });
  renderActions();
  renderMarks();
}

// A button's label: the action's name (Chinese and English) and its tiles, drawn.
function actionLabel(a) {
  if (a.kind === "void") return [`${SUITS[a.tile]} ${SUIT_LETTERS[a.tile]}`];
  const name = `${KIND_NAMES[a.kind] || a.kind} ${english(a.kind)}`;
  if (a.kind === "pao") return [`${name} ${a.tile}`];
  if (a.kind === "chow") return [`${name} `, [a.tile, a.tile + 1, a.tile + 2]];
  if (a.tile !== null && a.tile !== undefined) return [`${name} `, [a.tile]];
  if (a.kind === "self_draw_win") return ["胡 (自摸) self-draw win"];
  return [name];
}

// The seat's 听口: while it may discard, each discard that leaves it ready and the winning
// tiles after it (with their points; under 报听 the ones it may declare with); once it is
// ready, its winning tiles. The server sends them to this seat only.
function renderWaits() {
  const v = state.view;
  const box = $("#waits");
  box.replaceChildren();
  if (!v || state.seat === null) return;
  const wild = new Set(v.wildcards || []);
  const wildName = wildcardName(v);
  const tiles = (list) => {
    const g = el("span", "wait-tiles");
    for (const w of list) {
      const c = el("span", "wait");
      c.dataset.tile = String(w.tile);
      c.append(tileEl(w.tile, { wild: wild.has(w.tile), wildName }));
      if (w.points !== null) c.append(el("small", "points", `${w.points}`)); // a profile that values tiles
      g.append(c);
    }
    return g;
  };
  const ready = (state.pending ? [] : v.ready_discards || []).filter((r) => !state.declaring || r.declarable);
  if (ready.length) {
    box.append(el("div", "waits-title", state.declaring ? "报听 declare: 打 discard → 听 waits (点 points)" : "听牌 ready after: 打 discard → 听 waits (点 points)"));
    for (const r of ready) {
      const row = el("div", "ready-discard" + (r.declarable ? " declarable" : ""));
      row.dataset.discard = String(r.discard);
      row.append(tileEl(r.discard, { wild: wild.has(r.discard), wildName }), el("span", "arrow", " → "));
      row.append(r.winning_tiles.length ? tiles(r.winning_tiles) : el("span", "muted", "a drawn wildcard only"));
      if (r.wildcard_points !== null) row.append(el("span", "muted", ` ${wildName} wildcard ${r.wildcard_points}`));
      box.append(row);
    }
  } else if (v.waits && v.waits.length) {
    const row = el("div", "my-waits", "听 waits (点 points): ");
    row.append(tiles(v.waits));
    box.append(row);
  }
  const hand = $("#my-hand");
  if (hand) {
    const after = new Map(ready.map((r) => [r.discard, r]));
    for (const t of hand.querySelectorAll(".tile")) {
      const r = after.get(Number(t.dataset.tile));
      t.classList.toggle("ready-after", Boolean(r));
    }
  }
}

function renderActions() {
  const box = $("#actions");
  box.replaceChildren();
  renderWaits();
  const legal = state.pending ? [] : state.legal;
  const discards = new Map();
  const declares = new Map();
  const exchanges = new Map();
  for (const a of legal) {
    if (a.kind === "discard") discards.set(a.tile, a);
    else if (a.kind === "declare") declares.set(a.tile, a);
    else if (a.kind === "exchange") exchanges.set(a.tile, a);
  }
  // Click a tile of one's hand to discard it (or, after 报听, to declare with it; before
  // play, to pick it to pass on: one decision a click).
  const playable = state.declaring ? declares : exchanges.size ? exchanges : discards;
  const hand = $("#my-hand");
  const v = state.view;
  if (hand) {
    // The tiles picked so far are marked (the first copies of each kind picked), the ones
    // it may not pick dimmed.
    const picked = new Map();
    for (const k of (v && v.phase === "exchange" && v.picked) || []) picked.set(k, (picked.get(k) || 0) + 1);
    for (const t of hand.querySelectorAll(".tile")) {
      const k = Number(t.dataset.tile);
      const mark = (picked.get(k) || 0) > 0;
      if (mark) picked.set(k, picked.get(k) - 1);
      const a = mark ? null : playable.get(k);
      t.classList.toggle("picked", mark);
      t.classList.toggle("dimmed", exchanges.size > 0 && !a && !mark);
      t.classList.toggle("playable", Boolean(a));
      t.classList.toggle("declarable", Boolean(a) && state.declaring);
      t.onclick = a ? () => send(a) : null;
    }
  }
  if (v && v.phase === "exchange" && state.seat !== null) {
    const n = (v.picked || []).length;
    // Where the tiles go, when the hand drew it (the start_hand event's exchange_direction).
    const shift = EXCHANGE_SHIFTS[state.exchangeDirection];
    const to = shift === undefined ? "" : ` · 换给 to ${RELATIVE[shift]} ${english(state.exchangeDirection)}, seat ${(state.seat + shift) % 4}`;
    const note = el("span", "exchange-note", exchanges.size
      ? `换三张: 点牌选要换出的牌 click a tile to pick it to pass on · 已选 picked ${n}${to}`
      : `换三张: 已选 picked ${n}${to} · 等其他人 waiting for the others`);
    box.append(note);
  }
  const voids = legal.filter((a) => a.kind === "void");
  if (voids.length) {
    box.append(el("span", "void-note", "定缺 declare a void suit: "));
    for (const a of voids) {
      const b = line("button", "act act-void", actionLabel(a));
      b.dataset.kind = "void";
      b.dataset.suit = SUIT_LETTERS[a.tile];
      b.title = `定缺 void ${SUIT_ENGLISH[a.tile]}`;
      // How many tiles of the suit the hand holds (what the void suit leaves to discard).
      const held = (v.hand || []).filter((t) => Math.floor(t / 9) === a.tile).length;
      b.append(el("small", "suit-count", ` ×${held}`));
      b.onclick = () => send(a);
      box.append(b);
    }
  }
  if (declares.size) {
    const b = el("button", "act" + (state.declaring ? " active" : ""), state.declaring ? "报听: 选牌 pick a tile to declare with" : "报听 declare");
    b.dataset.kind = "declare";
    b.onclick = () => { state.declaring = !state.declaring; renderActions(); };
    box.append(b);
  }
  for (const a of legal) {
    if (["discard", "declare", "exchange", "void"].includes(a.kind)) continue;
    const b = line("button", "act act-" + a.kind, actionLabel(a));
    b.dataset.kind = a.kind;
    if (a.tile !== null && a.tile !== undefined) b.dataset.tile = String(a.tile);
    b.onclick = () => send(a);
    box.append(b);
  }
  if (legal.length && discards.size && !state.declaring) box.append(el("span", "muted", "点牌出牌 click a tile to discard"));
}

// -- clocks, 托管 and dismiss votes ---------------------------------------------------------
// The server's turn clocks (docs/server.md): the seat on turn's clock is public (`clock`
// messages), a claim's only in the asked seat's view. A seat whose time runs out (or whose
// sockets are gone) goes on 托管 (auto-play) until it takes its seat back (收回). A seated
// player may propose to dismiss (解散) the match; the others vote while play pauses.
// Countdowns run on the page's own clock from `remaining_ms` (the server's `deadline` is
// another machine's time).

// A countdown of `ms` from now, with `bank` ms of the seat's bank in it (or null).
function countdown(ms, bank) {
  return { until: performance.now() + ms, bank: bank === null || bank === undefined ? null : bank };
}

// A countdown's element; the timer below keeps its text.
function clockEl(c, cls) {
  const e = el("span", "clock" + (cls ? " " + cls : ""));
  e.dataset.until = String(c.until);
  if (c.bank !== null) e.dataset.bank = String(c.bank);
  paintClock(e);
  return e;
}

// The seconds left (the bank's shown apart: it is spent once the turn's own time is).
function paintClock(e) {
  const left = Math.max(0, Number(e.dataset.until) - performance.now());
  e.dataset.left = String(Math.ceil(left / 1000));
  let text = `倒计时 clock ${Math.ceil(left / 1000)} s`;
  if (e.dataset.bank !== undefined) {
    const bank = Math.min(Number(e.dataset.bank), left);
    text = `倒计时 clock ${Math.ceil((left - bank) / 1000)} s · 备用 bank ${Math.ceil(bank / 1000)} s`;
  }
  if (e.textContent !== text) e.textContent = text;
  e.classList.toggle("low", left < 5000);
}

setInterval(() => {
  for (const e of document.querySelectorAll(".clock[data-until]")) paintClock(e);
}, 250);

// Seat `s` as a player reads it: the room's name, or the seat's number.
function seatName(s) {
  const rs = state.room && state.room.data;
  const name = rs ? `${roomSeatName(rs, s)} (${s})` : `seat ${s}`;
  return s === state.seat ? `你 you · ${name}` : name;
}

function seated() {
  return state.seat !== null && state.seat !== undefined;
}

// A control message of the seat (not an action: it answers no decision).
function sendControl(message) {
  if (!state.ws || state.ws.readyState !== WebSocket.OPEN) return false;
  $("#message").textContent = "";
  state.ws.send(JSON.stringify(message));
  return true;
}

// The marks on the board's seats (托管, clocks) and the table's controls: 收回, 解散, the vote.
function renderMarks() {
  const me = state.seat;
  for (const seat of document.querySelectorAll("#board .seat")) {
    const s = Number(seat.dataset.seat);
    const head = seat.querySelector(".seat-head");
    for (const old of head.querySelectorAll(".seat-auto, .clock")) old.remove();
    const before = head.querySelector(".score");
    seat.classList.toggle("auto", state.auto[s]);
    seat.dataset.auto = String(state.auto[s]);
    if (state.auto[s]) head.insertBefore(el("span", "badge seat-auto", "托管 Auto-play"), before);
    const c = state.clock && state.clock.seat === s ? state.clock : s === me && !state.pending ? state.myClock : null;
    if (c) head.insertBefore(clockEl(c, "seat-clock"), before);
  }
  const mine = $("#my-clock");
  mine.replaceChildren();
  mine.hidden = !(state.myClock && !state.pending);
  if (!mine.hidden) mine.append(clockEl(state.myClock, "my-clock"));
  $("#take-back").hidden = !(seated() && state.auto[me] && !state.over);
  const rs = state.room && state.room.data;
  const playing = seated() && state.view && !state.over && !(rs && rs.status !== "playing");
  const open = Boolean(state.vote);
  if (!playing || open) state.confirming = false;
  $("#dismiss").hidden = !playing || open || state.confirming;
  $("#dismiss-confirm").hidden = !state.confirming;
  renderVote();
}

// A `dismiss` message: the vote opened, someone answered, or it closed.
function receiveVote(m) {
  if (m.open) {
    const sent = state.vote ? state.vote.sent : false;
    state.vote = { ...m, sent, ...countdown(m.remaining_ms === null ? 0 : m.remaining_ms, null) };
    state.clock = null; // every clock pauses while the vote is open
    state.myClock = null;
    $("#vote-outcome").hidden = true;
  } else {
    state.vote = null;
    showOutcome(m);
  }
  renderMarks();
}

function renderVote() {
  const box = $("#vote");
  const v = state.vote;
  box.hidden = !v;
  if (!v) return;
  box.dataset.by = String(v.by);
  $("#vote-by").textContent = `${seatName(v.by)} 提议解散 proposes to dismiss the match`;
  const list = $("#vote-seats");
  list.replaceChildren();
  v.votes.forEach((answer, s) => {
    const bot = state.seats && state.seats[s] !== "human";
    const said = answer === true ? (s === v.by ? "提议 proposed" : "同意 accepts")
      : answer === false ? "拒绝 refuses"
      : bot ? "不投票 does not vote" : "等待 waiting";
    const li = el("li", "vote-seat", `${seatName(s)}: ${said}`);
    li.dataset.seat = String(s);
    li.dataset.vote = String(answer);
    list.append(li);
  });
  const clock = $("#vote-clock");
  clock.replaceChildren();
  if (v.remaining_ms !== null && v.remaining_ms !== undefined) clock.append(clockEl(v, "vote-clock"));
  const asked = seated() && state.seat !== v.by && v.votes[state.seat] === null && !v.sent;
  $("#vote-accept").hidden = !asked;
  $("#vote-refuse").hidden = !asked;
}

// The vote's end, shown for a while: dismissed (the match's end follows), or play resumes.
function showOutcome(m) {
  const box = $("#vote-outcome");
  box.dataset.outcome = m.dismissed ? "dismissed" : "resumed";
  const refused = m.votes.map((a, s) => (a === false ? seatName(s) : null)).filter((x) => x !== null);
  box.textContent = m.dismissed ? "已解散 Dismissed"
    : `继续 Play resumes${refused.length ? ` · 拒绝 refused by ${refused.join(", ")}` : ""}`;
  box.hidden = false;
  clearTimeout(showOutcome.timer);
  showOutcome.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

function vote(accept) {
  if (!state.vote || !sendControl({ type: "vote", accept })) return;
  state.vote.sent = true;
  renderMarks();
}

$("#take-back").addEventListener("click", () => sendControl({ type: "resume" }));
$("#dismiss").addEventListener("click", () => { state.confirming = true; renderMarks(); });
$("#dismiss-yes").addEventListener("click", () => {
  state.confirming = false;
  sendControl({ type: "dismiss" });
  renderMarks();
});
$("#dismiss-no").addEventListener("click", () => { state.confirming = false; renderMarks(); });
$("#vote-accept").addEventListener("click", () => vote(true));
$("#vote-refuse").addEventListener("click", () => vote(false));

// -- rooms ------------------------------------------------------------------------------------
// A room (docs/server.md, "Rooms"): people fill a table by its six-digit number, say ready,
// play a match, and play again (再来一局). The page keeps `#room=NUMBER&token=...` in its
// fragment (and the token in sessionStorage, by number), so that a reload takes the same seat.
// The room's state comes with every change as a `room` message on the table's socket.

const STATUS_NAMES = {
  waiting: "等待中 waiting for players", playing: "对局中 playing", over: "已结束 match over", closed: "已解散 closed",
};
const HOW_NAMES = { self_draw: "自摸 self-draw", discard: "点炮 on a discard", robbed_kong: "抢杠 robbed kong", drawn: "荒庄 drawn" };
const SEAT_KINDS = [
  ["human", "玩家 human player"], ["greedy", "机器人 bot greedy"], ["expert", "机器人 bot expert"], ["random", "机器人 bot random"],
];

// The lobby's room forms: the rules and lengths as the new-game form offers them, each
// seat's kind.
$("#new-room select[name=room_rules]").innerHTML = $("#new-game select[name=rules]").innerHTML;
$("#new-room select[name=room_match]").innerHTML = $("#new-game select[name=match]").innerHTML;
for (const sel of document.querySelectorAll("#new-room select.seat-kind")) {
  for (const [value, label] of SEAT_KINDS) sel.append(Object.assign(el("option", "", label), { value }));
}
try {
  const name = localStorage.getItem("kdd-name") || "";
  $("#new-room input[name=host_name]").value = name;
  $("#join-room input[name=player_name]").value = name;
} catch (e) { /* no storage: the name is typed */ }

function rememberName(name) {
  try { localStorage.setItem("kdd-name", name); } catch (e) { /* not kept */ }
}

function storeToken(number, token) {
  try {
    if (token) sessionStorage.setItem("kdd-room-" + number, token);
    else sessionStorage.removeItem("kdd-room-" + number);
  } catch (e) { /* the fragment keeps it */ }
}

function storedToken(number) {
  try { return sessionStorage.getItem("kdd-room-" + number); } catch (e) { return null; }
}

// A request to the server's JSON API; a refusal throws an Error whose message is the
// server's (`ClassName: message`).
// A request to the server (its JSON answer, or an Error naming the server's error). A table
// or room another process serves answers 421 with its `owner` (the page asks not to be
// redirected: fetch cannot follow a 307 to another origin): the page moves there, with
// `fragment` (default its own) to open again.
async function api(method, path, body, token, fragment) {
  const headers = { "x-koudiandian-redirect": "manual" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = "Bearer " + token;
  let r;
  try {
    r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new Error(`网络错误 network error: ${e.message}`);
  }
  let data = null;
  try { data = await r.json(); } catch (e) { /* not JSON */ }
  if (r.status === 421 && data && data.owner) {
    moveTo(String(data.owner).replace(/\/+$/, ""), fragment || location.hash.slice(1));
  }
  if (!r.ok) {
    const err = new Error(data && data.message ? `${data.error}: ${data.message}` : `HTTP ${r.status}`);
    err.status = r.status;
    err.kind = data && data.error;
    throw err;
  }
  return data;
}

// The page's fragment, set without reacting to it as to a link the user opened.
function setFragment(fragment) {
  state.fragment = fragment;
  location.hash = fragment;
}

$("#new-room").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = new FormData(ev.target);
  const match = f.get("room_match");
  const name = String(f.get("host_name") || "").normalize("NFC").trim();
  const body = {
    rules: f.get("room_rules"),
    seats: ["human", f.get("seat1"), f.get("seat2"), f.get("seat3")],
    match: match === "" ? null : match === "one_round" ? "one_round" : Number(match),
    bot_delay: Number(f.get("room_bot_delay")),
    // The turn clocks (docs/server.md, "Clocks and 托管"); the server checks each range.
    clock: f.get("clock_off") ? null : {
      turn: Number(f.get("clock_turn")),
      claim: Number(f.get("clock_claim")),
      bank: Number(f.get("clock_bank")),
    },
    name,
  };
  $("#create-room-error").textContent = "";
  let data;
  try {
    data = await api("POST", "/rooms", body);
  } catch (e) {
    $("#create-room-error").textContent = e.message;
    return;
  }
  rememberName(name);
  const fragment = `room=${data.room}&token=${data.token}`;
  storeToken(data.room, data.token);
  if (data.url && data.url !== location.origin) { moveTo(data.url, fragment); return; }
  enterRoom(data.room, data.token, data.seat, name, data.state);
});

$("#join-room").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = new FormData(ev.target);
  const number = String(f.get("room_number") || "").trim();
  const name = String(f.get("player_name") || "").normalize("NFC").trim();
  $("#join-room-error").textContent = "";
  rememberName(name); // (kept for the form at the process the page may move to)
  let data;
  try {
    data = await api("POST", `/rooms/${encodeURIComponent(number)}/join`, { name }, null, `room=${encodeURIComponent(number)}`);
  } catch (e) {
    $("#join-room-error").textContent = e.message;
    return;
  }
  const fragment = `room=${data.room}&token=${data.token}`;
  storeToken(data.room, data.token);
  if (data.url && data.url !== location.origin) { moveTo(data.url, fragment); return; }
  enterRoom(data.room, data.token, data.seat, name, data.state);
});

// A share link (`#room=NUMBER`) or a reload (`#room=NUMBER&token=...`): back to the seat the
// token holds, else the join form with the number filled in.
async function openRoomLink(number, token) {
  token = token || storedToken(number);
  if (!token) { showJoin(number, ""); return; }
  let rs;
  try {
    rs = await api("GET", `/rooms/${encodeURIComponent(number)}`);
  } catch (e) {
    showJoin(number, e.message);
    return;
  }
  if (rs.status === "closed") {
    storeToken(number, null);
    showJoin(number, `房间 ${number} 已解散 room ${number} was closed`);
    return;
  }
  storeToken(number, token);
  enterRoom(number, token, null, null, rs);
}

function showJoin(number, message) {
  leaveRoomState();
  $("#join-room input[name=room_number]").value = number || "";
  $("#join-room-error").textContent = message || "";
  show("lobby");
  const name = $("#join-room input[name=player_name]");
  (number && !name.value ? name : $("#join-room input[name=room_number]")).focus();
}

// The page forgets its room (left, closed, or its seat lost): the socket closes.
function leaveRoomState() {
  if (state.room) { state.room.gone = true; clearTimeout(state.room.poll); }
  if (state.ws) { state.ws.onclose = null; state.ws.close(); state.ws = null; }
  state.room = null;
  $("#show-room").hidden = true;
  $("#show-scores").hidden = true;
}

// Sit in room `number` with `token` (seat and name when known) and show it.
function enterRoom(number, token, seat, name, rs) {
  if (state.room && state.room.number !== number) leaveRoomState();
  state.room = { number, token, seat, name, data: null, closed: false, gone: false, record: null };
  setFragment(`room=${number}&token=${token}`);
  $("#show-room").hidden = false;
  $("#show-scores").hidden = false;
  $("#room-error").textContent = "";
  $("#scores-error").textContent = "";
  $("#scoreboard").replaceChildren(el("p", "muted", "还没有打完的局 no hand finished yet"));
  start(rs.table, token, null);
  applyRoom(rs);
}

// The seat `s` of room state `rs`, named: its player's name, a bot's name, or empty.
function roomSeatName(rs, s) {
  const seat = rs.seats[s];
  if (!seat) return `seat ${s}`;
  if (seat.kind !== "human") return `机器人 bot ${seat.kind}`;
  return seat.name || "空位 empty";
}

// Whether table `id` is the room's table after the one the page plays (never back).
function laterTable(rs, id) {
  const i = rs.tables.indexOf(id);
  const j = rs.tables.indexOf(state.table);
  return i >= 0 && (j < 0 || i > j);
}

// A room state (`room` message, or an API's answer): redraw the room and follow it.
function applyRoom(rs) {
  const room = state.room;
  if (!room || !rs || rs.room !== room.number || room.gone) return;
  const before = room.data ? room.data.status : null;
  room.data = rs;
  const mine = room.seat !== null && room.seat !== undefined ? rs.seats[room.seat] : null;
  if (mine && !room.name && mine.name) room.name = mine.name;
  if (rs.status !== "closed" && mine && room.name && mine.name !== room.name) {
    roomLost(mine.name === null ? "你已被移出房间 you were removed from the room" : "你的座位已被别人占了 your seat is someone else's now");
    return;
  }
  if (rs.table === state.table) rs.seats.forEach((x, s) => { if (x.auto !== undefined) state.auto[s] = Boolean(x.auto); });
  renderRoom();
  renderMarks();
  // Between matches no process holds the room: a rematch made through another process
  // reaches this page's socket nowhere, so the page asks for the room now and then.
  clearTimeout(room.poll);
  if (rs.status === "over") room.poll = setTimeout(() => pollRoom(room), 3000);
  if (rs.status === "closed") {
    room.closed = true;
    storeToken(room.number, null);
    if (state.ws) { state.ws.onclose = null; state.ws.close(); state.ws = null; }
    $("#connection").textContent = "房间已解散 room closed";
    show("room");
    return;
  }
  // The rematch's table (or a table made while the page was away): play there, same token.
  if (rs.table !== state.table && laterTable(rs, rs.table)) start(rs.table, room.token, null);
  if (rs.status !== before) {
    const now = shown();
    if (rs.status === "playing") show("play");
    else if (rs.status === "over") show("scores");
    else if (before === null || now === "play" || now === "lobby") show("room");
  }
  if (state.view && state.seat !== null) render(); // the names at the table
  refreshRecord();
}

// The room's state asked for again (while its match is over; see applyRoom).
async function pollRoom(room) {
  if (state.room !== room || room.gone) return;
  try {
    applyRoom(await api("GET", `/rooms/${encodeURIComponent(room.number)}`));
  } catch (e) {
    room.poll = setTimeout(() => pollRoom(room), 3000); // (a lost request: ask again)
  }
}

// The page's seat in the room is gone: back to the join form, saying why.
function roomLost(why) {
  const number = state.room ? state.room.number : "";
  storeToken(number, null);
  setFragment(`room=${number}`);
  showJoin(number, why);
}

function renderRoom() {
  const room = state.room;
  const rs = room.data;
  const me = room.seat;
  const host = me !== null && me !== undefined && me === rs.host;
  const waiting = rs.status === "waiting";
  const over = rs.status === "over";
  const closed = rs.status === "closed";
  $("#room-number").textContent = rs.room;
  const status = $("#room-status");
  status.textContent = STATUS_NAMES[rs.status] || rs.status;
  status.dataset.status = rs.status;
  $("#room").dataset.status = rs.status;
  $("#room-link").value = new URL(rs.link, location.origin).href;
  const length = rs.match === null ? "一局 one hand" : rs.match === "one_round" ? "一圈 one round" : `${rs.match} 局 hands`;
  const n = rs.tables.length;
  $("#room-rules").textContent = `规则 rules: ${rs.rules.profile} · 长度 length: ${length} · 第 ${n} 场 match ${n} · table ${rs.table}`;

  const list = $("#room-seats");
  list.replaceChildren();
  for (const seat of rs.seats) {
    const s = seat.seat;
    const li = el("li", "room-seat");
    li.dataset.seat = String(s);
    li.dataset.kind = seat.kind;
    li.dataset.ready = String(seat.ready);
    li.dataset.connected = String(seat.connected);
    li.append(el("span", "seat-no", `座 seat ${s}`));
    const bot = seat.kind !== "human";
    const name = el("span", "seat-player" + (bot ? " bot" : seat.name ? "" : " empty"), roomSeatName(rs, s));
    li.append(name);
    if (s === rs.host) li.append(el("span", "badge host", "房主 host"));
    if (s === me) li.append(el("span", "badge you", "你 you"));
    const auto = rs.table === state.table ? state.auto[s] : Boolean(seat.auto);
    li.dataset.auto = String(auto);
    if (auto) li.append(el("span", "badge seat-auto", "托管 Auto-play"));
    if (!bot && seat.name) {
      li.append(el("span", "mark ready-mark" + (seat.ready ? " on" : ""), seat.ready ? "✓ 准备 ready" : "… 未准备 not ready"));
      li.append(el("span", "mark conn-mark" + (seat.connected ? " on" : ""), seat.connected ? "● 在线 online" : "○ 离线 offline"));
    } else if (bot) {
      li.append(el("span", "mark ready-mark on", "✓ 准备 ready"));
    } else {
      li.append(el("span", "muted", "等人加入 waiting for someone to join"));
    }
    if (host && !bot && seat.name && s !== rs.host && (waiting || over)) {
      const b = el("button", "remove", "移出 remove");
      b.type = "button";
      b.dataset.seat = String(s);
      b.onclick = () => roomCall("POST", "remove", { seat: s });
      li.append(b);
    }
    list.append(li);
  }

  const mine = me !== null && me !== undefined ? rs.seats[me] : null;
  const ready = Boolean(mine && mine.ready);
  $("#room-ready").hidden = !(waiting && !ready);
  $("#room-unready").hidden = !(waiting && ready);
  $("#room-rematch").hidden = !over;
  // After a match, once another said ready again, the room waits at its next table.
  $("#scores-rematch").hidden = !(over || (waiting && !ready && n > 1));
  $("#room-leave").hidden = host || closed || rs.status === "playing" || me === null;
  $("#room-close").hidden = !host || closed || rs.status === "playing";
  $("#room-scores").hidden = closed && !n;
  let note = "";
  if (closed) note = "房间已解散 the host closed this room";
  else if (waiting) {
    const missing = rs.seats.filter((x) => x.kind === "human" && !x.name).length;
    const unready = rs.seats.filter((x) => x.kind === "human" && x.name && !x.ready).length;
    note = missing ? `等 ${missing} 人加入 waiting for ${missing} player(s) to join · 分享房间号 share the number`
      : unready ? `等 ${unready} 人准备 waiting for ${unready} player(s) to be ready`
      : "开局中 dealing…";
  } else if (over) note = "本场结束 the match is over · 再来一局 rematch: everyone says ready again";
  else note = "对局中 the match is being played";
  $("#room-note").textContent = note;
  $("#scores-note").textContent = over || (waiting && n > 1) ? note : "";
  $("#scores-room").textContent = `房间 room ${rs.room}`;
}

// A room request with this seat's token; its answer (a room state) is applied.
async function roomCall(method, what, body) {
  const room = state.room;
  if (!room) return null;
  $("#room-error").textContent = "";
  $("#scores-error").textContent = "";
  const path = `/rooms/${encodeURIComponent(room.number)}${what ? "/" + what : ""}`;
  try {
    const rs = await api(method, path, body, room.token);
    if (state.room === room) applyRoom(rs);
    return rs;
  } catch (e) {
    $("#room-error").textContent = e.message;
    $("#scores-error").textContent = e.message;
    return null;
  }
}

$("#room-ready").addEventListener("click", () => roomCall("POST", "ready", { ready: true }));
$("#room-unready").addEventListener("click", () => roomCall("POST", "ready", { ready: false }));
// 再来一局: ready after a match makes the room's next table (the server answers with it).
for (const b of document.querySelectorAll("button.rematch")) {
  b.addEventListener("click", () => roomCall("POST", "ready", { ready: true }));
}
$("#room-scores").addEventListener("click", () => show("scores"));
$("#room-leave").addEventListener("click", async () => {
  const room = state.room;
  if (!room) return;
  $("#room-error").textContent = "";
  try {
    await api("POST", `/rooms/${encodeURIComponent(room.number)}/leave`, undefined, room.token);
  } catch (e) {
    $("#room-error").textContent = e.message;
    return;
  }
  storeToken(room.number, null);
  setFragment("");
  showJoin(room.number, `已离开房间 ${room.number} you left room ${room.number}`);
});
$("#room-close").addEventListener("click", () => roomCall("DELETE", ""));
$("#room-copy").addEventListener("click", async () => {
  const input = $("#room-link");
  const text = `${input.value} (房间号 room ${state.room ? state.room.number : ""})`;
  let ok = false;
  try {
    if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(input.value); ok = true; }
  } catch (e) { /* below */ }
  if (!ok) {
    input.select();
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
  }
  $("#room-copied").textContent = ok ? "已复制 copied" : `请手动复制 copy it by hand: ${text}`;
});
$("#room-link").addEventListener("focus", (ev) => ev.target.select());

// A link opened in this tab (the fragment changed by hand): a room's, or a table's.
window.addEventListener("hashchange", () => {
  if (location.hash.slice(1) === (state.fragment || "")) return;
  const params = new URLSearchParams(location.hash.slice(1));
  const number = params.get("room");
  if (number && !(state.room && state.room.number === number)) openRoomLink(number, params.get("token"));
});

// -- the scoreboard (积分表) ---------------------------------------------------------------

let recordBusy = false;
let recordAgain = false;

// Fetch the room's record (every match's scoreboard) and draw it; one request at a time.
async function refreshRecord() {
  if (!state.room || state.room.gone) return;
  if (recordBusy) { recordAgain = true; return; }
  recordBusy = true;
  const room = state.room;
  try {
    do {
      recordAgain = false;
      let data;
      try {
        data = await api("GET", `/rooms/${encodeURIComponent(room.number)}/record`);
      } catch (e) {
        if (state.room === room) $("#scores-error").textContent = e.message;
        return;
      }
      if (state.room !== room) return;
      room.record = data;
      renderRecord(data);
    } while (recordAgain);
  } finally {
    recordBusy = false;
  }
}

function signed(n) {
  return `${n > 0 ? "+" : ""}${n}`;
}

function renderRecord(data) {
  const rs = state.room.data;
  const box = $("#scoreboard");
  box.replaceChildren();
  if (!data.matches.length) {
    box.append(el("p", "muted", "还没有打完的局 no hand finished yet"));
    return;
  }
  const name = (s) => (rs ? roomSeatName(rs, s) : `seat ${s}`);
  // The newest match first: the one being played or just over.
  [...data.matches].reverse().forEach((m) => {
    const k = data.matches.indexOf(m) + 1;
    const div = el("div", "match-record");
    div.dataset.table = m.table;
    div.dataset.over = String(m.over);
    const length = m.match === 1 ? "一局 one hand" : `${m.match} 局 hands`;
    const how = m.dismissed ? `已解散 dismissed, proposed by ${name(m.dismissed.by)} (${m.dismissed.by})` : m.over ? "已结束 over" : "进行中 in progress";
    if (m.dismissed) div.dataset.dismissed = String(m.dismissed.by);
    div.append(el("h3", "", `第 ${k} 场 match ${k} · ${length} · ${how}`));
    const table = el("table", "scoreboard");
    const head = el("tr");
    for (const h of ["局 hand", "庄 dealer", "胡 winner", "方式 how", "番 score"]) head.append(el("th", "", h));
    for (let s = 0; s < 4; s++) {
      const th = el("th", "seat-col", `${name(s)} (${s})`);
      th.dataset.seat = String(s);
      head.append(th);
    }
    head.append(el("th", "", "回放 replay"));
    table.append(el("thead"));
    table.tHead.append(head);
    const body = el("tbody");
    for (const h of m.hands) {
      const tr = el("tr", "hand-row");
      tr.dataset.hand = String(h.hand);
      tr.append(el("td", "hand-no", String(h.hand + 1)));
      tr.append(el("td", "dealer", name(h.dealer)));
      tr.append(el("td", "winners", h.winners.length ? h.winners.map(name).join(", ") : "—"));
      const how = HOW_NAMES[h.how] || english(h.how);
      tr.append(el("td", "how", h.discarder !== null && h.discarder !== undefined ? `${how} ← ${name(h.discarder)}` : how));
      const items = el("td", "items");
      for (const w of h.wins) {
        const row = el("div", "win-items");
        row.dataset.seat = String(w.seat);
        if (h.wins.length > 1) row.append(el("span", "", `${name(w.seat)}: `));
        row.append(tileEl(w.tile), document.createTextNode(" "), winValue(w.value), scoreItems(w.items));
        items.append(row);
      }
      tr.append(items);
      for (let s = 0; s < 4; s++) {
        const td = el("td", "seat-delta " + (h.deltas[s] > 0 ? "plus" : h.deltas[s] < 0 ? "minus" : "zero"));
        td.dataset.seat = String(s);
        td.dataset.delta = String(h.deltas[s]);
        td.dataset.total = String(h.totals[s]);
        td.append(el("b", "delta", signed(h.deltas[s])), el("small", "total", ` = ${h.totals[s]}`));
        tr.append(td);
      }
      const cell = el("td");
      const b = el("button", "replay-hand", "回放 replay");
      b.type = "button";
      b.onclick = () => openReplay(h.replay, h.hand);
      cell.append(b);
      tr.append(cell);
      body.append(tr);
    }
    table.append(body);
    const foot = el("tfoot");
    const tot = el("tr", "totals");
    tot.append(Object.assign(el("th", "", "合计 totals"), { colSpan: 5 }));
    for (let s = 0; s < 4; s++) {
      const td = el("td", "seat-total " + (m.totals[s] > 0 ? "plus" : m.totals[s] < 0 ? "minus" : "zero"), signed(m.totals[s]));
      td.dataset.seat = String(s);
      tot.append(td);
    }
    tot.append(el("td"));
    foot.append(tot);
    table.append(foot);
    div.append(table);
    if (!m.hands.length) div.append(el("p", "muted", "还没有打完的局 no hand finished yet"));
    if (m.ranking) div.append(el("p", "ranking", `名次 ranking: ${m.ranking.map((s) => `${name(s)} (${s})`).join(" > ")}`));
    box.append(div);
  });
}

// A hand of the room in the replay viewer (the room's token reads its private log).
function openReplay(path, hand) {
  $("#replay-hand").value = String(hand);
  const headers = state.room ? { authorization: "Bearer " + state.room.token } : {};
  show("replay");
  loadFrames(fetch(path, { headers }));
}

// -- the replay viewer ------------------------------------------------------------------------

const replay = { frames: [], i: 0 };

async function loadFrames(promise) {
  $("#replay-error").textContent = "";
  const r = await promise;
  const data = await r.json();
  if (!r.ok) { $("#replay-error").textContent = `${data.error}: ${data.message}`; return; }
  replay.frames = data.frames;
  replay.i = 0;
  renderReplay();
}

$("#replay-load-table").addEventListener("click", () => {
  const id = state.table || $("#watch-id").value.trim();
  if (!id) { $("#replay-error").textContent = "no table: start or watch one first"; return; }
  // A private table's log is shown only with one of its tokens (the one this page holds).
  const headers = state.token && id === state.table ? { authorization: "Bearer " + state.token } : {};
  loadFrames(fetch(`/tables/${encodeURIComponent(id)}/hands/${Number($("#replay-hand").value)}/replay`, { headers }));
});

$("#replay-load-file").addEventListener("click", async () => {
  const file = $("#replay-file").files[0];
  if (!file) { $("#replay-error").textContent = "choose a file first"; return; }
  const text = await file.text();
  loadFrames(fetch(`/replay?hand=${Number($("#replay-line").value)}`, { method: "POST", body: text }));
});

function step(to) {
  if (!replay.frames.length) return;
  replay.i = Math.max(0, Math.min(replay.frames.length - 1, to));
  renderReplay();
}
$("#rp-first").addEventListener("click", () => step(0));
$("#rp-back").addEventListener("click", () => step(replay.i - 1));
$("#rp-fwd").addEventListener("click", () => step(replay.i + 1));
$("#rp-last").addEventListener("click", () => step(replay.frames.length - 1));
$("#rp-seat").addEventListener("change", () => renderReplay());
document.addEventListener("keydown", (e) => {
  if ($("#replay").hidden) return;
  if (e.key === "ArrowRight") step(replay.i + 1);
  if (e.key === "ArrowLeft") step(replay.i - 1);
});

function renderReplay() {
  const f = replay.frames[replay.i];
  if (!f) return;
  const choice = $("#rp-seat").value;
  const open = choice === "all";
  const seat = open ? 0 : Number(choice);
  const v = f.views[seat];
  const end = f.events.find((e) => e.type === "end_hand");
  let hands = open ? f.views.map((w) => w.hand) : [0, 1, 2, 3].map((s) => (s === seat ? v.hand : null));
  if (end) hands = end.hands; // the settlement shows every hand
  const turnSeat = open ? v.turn : seat;
  // The seats that left so far, and this step's payments (made as played) by their seats.
  const departures = newDepartures();
  for (const g of replay.frames.slice(0, replay.i + 1)) for (const e of g.events) noteDeparture(departures, e);
  const pays = [[], [], [], []];
  for (const e of f.events) {
    if (e.type === "pay") for (const p of payFloats(e)) pays[p.seat].push({ float: p, age: null });
  }
  renderBoard($("#replay-board"), v, {
    me: seat, hands, drawn: f.views[turnSeat].drawn, drawnSeat: turnSeat, names: null,
    departures: departures.seats, pays,
  });
  $("#rp-pos").textContent = `${replay.i} / ${replay.frames.length - 1}`;
  const what = f.action === null ? "deal" : `seat ${f.seat}: ${f.action}`;
  const parts = [`${what} — `];
  f.events.forEach((e, i) => parts.push(...(i ? [" · "] : []), ...describeEvent(e)));
  $("#rp-step").replaceWith(Object.assign(line("p", "muted", parts), { id: "rp-step" }));
  const box = $("#replay-settlement");
  if (v.result) {
    renderSettlement(box, v.result, end ? end.hands : f.views.map((w) => w.hand), v.wildcards, v);
  } else {
    box.hidden = true;
  }
}

// -- start -------------------------------------------------------------------------------------

(async function init() {
  // The names of rule terms, from the core, once (the page keeps no table of its own).
  try {
    const r = await fetch("/names");
    if (r.ok) NAMES = await r.json();
  } catch (e) { /* the raw names are shown */ }
  const params = new URLSearchParams(location.hash.slice(1));
  state.away = params.get("away"); // the process it left because it had gone away
  if (params.get("room")) openRoomLink(params.get("room"), params.get("token"));
  else if (params.get("table")) start(params.get("table"), params.get("token"));
})();
