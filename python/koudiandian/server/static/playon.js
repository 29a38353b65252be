// A hand that goes on after a win (血战到底), as the table and the replay viewer draw it: the
// seats that won and left, read from the hand's events, and the payments made as played,
// floated by the seats they move. Uses tiles.js (el, tileEl, winKindText, reasonText).
"use strict";

// The seats that won and left a hand so far, read from its events one at a time
// (noteDeparture): by seat, the tiles it showed as it left (`hand`), its `win` event, and
// `paid`, what the payments made at that win gave it, net.
function newDepartures() {
  return { seats: {}, wins: {}, unpaid: [] };
}

function noteDeparture(deps, e) {
  if (e.type === "win") {
    deps.wins[e.seat] = e;
  } else if (e.type === "leave") {
    deps.seats[e.seat] = { hand: e.hand, win: deps.wins[e.seat] || null, paid: 0 };
    deps.unpaid.push(e.seat);
  } else if (e.type === "pay") {
    for (const s of deps.unpaid) deps.seats[s].paid = netPaid(e.transfers, s);
    deps.unpaid = [];
  } else {
    deps.unpaid = [];
  }
}

// What `transfers` give seat `s`, net (negative: it pays).
function netPaid(transfers, s) {
  let net = 0;
  for (const t of transfers || []) net += (t.payee === s ? t.amount : 0) - (t.payer === s ? t.amount : 0);
  return net;
}

// A `pay` event as each seat's float: `{seat, amount, title}` for every seat it moves
// (+2 ← for a payee, −2 → for a payer), titled with who paid whom and why.
function payFloats(e) {
  const out = [];
  for (let s = 0; s < 4; s++) {
    const net = netPaid(e.transfers, s);
    if (!net) continue;
    const mine = (e.transfers || []).filter((t) => t.payer === s || t.payee === s);
    const title = mine.map((t) => `seat ${t.payer} → seat ${t.payee} ${t.amount} (${reasonText(t.reason)})`).join("; ");
    out.push({ seat: s, amount: net, title, reasons: [...new Set(mine.map((t) => t.reason))] });
  }
  return out;
}

// A float's element: `+2 ←` (received) or `−2 →` (paid); `age` ms into its fade (null: it
// stays, as in the replay viewer).
function payFloatEl(f, age) {
  const e = el("span", "pay-float " + (f.amount > 0 ? "plus" : "minus"), f.amount > 0 ? `+${f.amount} ←` : `−${-f.amount} →`);
  e.title = f.title;
  e.dataset.amount = String(f.amount);
  e.dataset.reasons = f.reasons.join(" ");
  if (age === null) e.classList.add("still");
  else e.style.animationDelay = `${-age}ms`;
  return e;
}

// A seat's win as it left: 胡 (自摸 self-draw) 8s ← seat 2 · +3.
function departureEl(d) {
  const box = el("div", "departure");
  box.append(el("span", "badge left-mark", "胡 离场 won, left"));
  if (d.win) {
    box.append(document.createTextNode(` ${winKindText(d.win.kind)} `), tileEl(d.win.tile));
    if (d.win.from !== null && d.win.from !== undefined) box.append(document.createTextNode(` ← seat ${d.win.from}`));
  }
  if (d.paid) box.append(el("b", "departure-paid " + (d.paid > 0 ? "plus" : "minus"), ` ${d.paid > 0 ? "+" : ""}${d.paid}`));
  return box;
}
