// The browser table: a lobby, one seat's play over the WebSocket, and the replay viewer.
// Plain JavaScript, no build step; the protocol is docs/server.md.
"use strict";

const $ = (sel) => document.querySelector(sel);

const state = {
  table: null, token: null, seat: null, seats: null, ws: null,
  hand: 0, sent: 0,         // the hand and the number of its events received (to resume)
  view: null, legal: [], pending: false, declaring: false,
  endHand: null, over: false, retry: 0,
};

function show(name) {
  for (const id of ["lobby", "play", "replay"]) $("#" + id).hidden = id !== name;
}
for (const b of document.querySelectorAll("nav button")) {
  b.addEventListener("click", () => show(b.dataset.show));
}

// -- the lobby --------------------------------------------------------------------------

$("#new-game").addEventListener("submit", async (ev) => {
  ev.preventDefault();
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
  if (id) { location.hash = `table=${id}`; start(id, null); }
});

function start(table, token) {
  if (state.ws) { state.ws.onclose = null; state.ws.close(); }
  Object.assign(state, { table, token, seat: null, hand: 0, sent: 0, view: null, legal: [], pending: false, endHand: null, over: false, retry: 0 });
  $("#log").replaceChildren();
  $("#settlement").hidden = true;
  $("#show-play").hidden = false;
  show("play");
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
  ws.onmessage = (m) => { for (const msg of JSON.parse(m.data)) receive(msg); };
  ws.onclose = (e) => {
    $("#connection").textContent = `disconnected (${e.code})`;
    if (e.code === 4401 || e.code === 4404 || state.over) return;
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
      break;
    case "event":
      if (m.hand !== state.hand) { state.hand = m.hand; state.sent = 0; $("#log").replaceChildren(); }
      if (m.replaces) break; // the deal filled in after the bids: the view shows the tiles
      if (m.n !== state.sent) break; // already had it (a resumed socket)
      state.sent = m.n + 1;
      logEvent(m.event);
      if (m.event.type === "start_hand") { state.endHand = null; state.wildcards = m.event.wildcards; state.rules = m.event.rules; }
      if (m.event.type === "end_hand") {
        // The settlement stays on screen (a match deals the next hand at once).
        state.endHand = m.event;
        const wild = (state.view && state.view.wildcards) || state.wildcards;
        renderSettlement($("#settlement"), m.event.result, m.event.hands, wild, state.view || { rules: state.rules });
        $("#settlement").dataset.hand = String(m.hand);
      }
      break;
    case "view":
      state.view = m.view;
      state.legal = m.view.legal_actions;
      state.pending = false;
      state.declaring = false;
      $("#message").textContent = "";
      render();
      break;
    case "error":
      state.pending = false;
      $("#message").textContent = `${m.error}: ${m.message}`;
      if (m.legal_actions.length) state.legal = m.legal_actions;
      render();
      break;
    case "bot_fallback":
      // A seat's registered bot failed: greedy plays it from now on (sent after every hello).
      if (!document.querySelector(`#info .bot-fallback[data-seat="${m.seat}"]`)) {
        const note = el("div", "bot-fallback", `seat ${m.seat}: bot ${m.bot} failed · ${m.plays} plays it`);
        note.dataset.seat = String(m.seat);
        $("#info").append(note);
      }
      break;
    case "match_end":
      state.over = true;
      $("#info").append(el("div", "match-end", `终 match over · scores ${m.scores.join(" / ")} · ranking ${m.ranking.join(" > ")}`));
      break;
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
  return (state.seats || ["", "", "", ""]).map((k, s) => (s === state.seat ? "你 you" : k) + ` (${s})`);
}

function render() {
  const v = state.view;
  if (!v) return;
  const me = state.seat;
  const info = $("#info");
  info.replaceChildren();
  const turn = v.phase === "over" ? "终局 over" : me !== null && v.turn === me ? "轮到你 your turn" : `seat ${v.turn} 出牌`;
  info.append(
    el("span", "", `table ${state.table}`),
    el("span", "", `第 ${state.hand + 1} 局 hand ${state.hand + 1}`),
    el("span", "", `庄 dealer seat ${v.dealer}`),
    el("span", "", `牌墙 wall ${v.wall_remaining}`),
    el("span", "turn-info", turn),
  );
  info.dataset.phase = v.phase;
  const hands = [null, null, null, null];
  if (me !== null) hands[me] = v.hand;
  if (state.endHand) for (let s = 0; s < 4; s++) hands[s] = state.endHand.hands[s];
  renderBoard($("#board"), v, { me, hands, drawn: v.drawn, drawnSeat: me, names: seatNames(), interactive: true });
  renderActions();
}

// A button's label: the action's name (Chinese and English) and its tiles, drawn.
function actionLabel(a) {
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
  for (const a of legal) {
    if (a.kind === "discard") discards.set(a.tile, a);
    else if (a.kind === "declare") declares.set(a.tile, a);
  }
  // Click a tile of one's hand to discard it (or, after 报听, to declare with it).
  const playable = state.declaring ? declares : discards;
  const hand = $("#my-hand");
  if (hand) {
    for (const t of hand.querySelectorAll(".tile")) {
      const a = playable.get(Number(t.dataset.tile));
      t.classList.toggle("playable", Boolean(a));
      t.classList.toggle("declarable", Boolean(a) && state.declaring);
      t.onclick = a ? () => send(a) : null;
    }
  }
  if (declares.size) {
    const b = el("button", "act" + (state.declaring ? " active" : ""), state.declaring ? "报听: 选牌 pick a tile to declare with" : "报听 declare");
    b.dataset.kind = "declare";
    b.onclick = () => { state.declaring = !state.declaring; renderActions(); };
    box.append(b);
  }
  for (const a of legal) {
    if (a.kind === "discard" || a.kind === "declare") continue;
    const b = line("button", "act act-" + a.kind, actionLabel(a));
    b.dataset.kind = a.kind;
    if (a.tile !== null && a.tile !== undefined) b.dataset.tile = String(a.tile);
    b.onclick = () => send(a);
    box.append(b);
  }
  if (legal.length && discards.size && !state.declaring) box.append(el("span", "muted", "点牌出牌 click a tile to discard"));
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
  renderBoard($("#replay-board"), v, { me: seat, hands, drawn: f.views[turnSeat].drawn, drawnSeat: turnSeat, names: null });
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
  if (params.get("table")) start(params.get("table"), params.get("token"));
})();
