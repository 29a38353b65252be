// An exec bot for koudiandian in JavaScript, run with Node.js (>= 18):
//
//     koudiandian simulate --bots greedy greedy greedy "exec:node examples/bots/simple_bot.js"
//
// One frame a line on standard input (a JSON array of messages, docs/bots.md); every frame
// holding a `view` is answered with one line on standard output. Its play: win whenever it
// may; pong when offered, pass on every other claim; discard the honor or terminal it holds
// fewest of, else its drawn tile; take every other decision's first legal action. It
// answers with the action's text ("discard 5m"), which the protocol also takes.
"use strict";

const readline = require("node:readline");

const WINS = new Set(["win", "self_draw_win", "opening_win"]);
const SUITS = "mps";

function text(action) {
  if (action.tile === null) return action.kind;
  if (action.kind === "pao") return `${action.kind} ${action.tile}`;
  const t = action.tile;
  const name = t < 27 ? `${(t % 9) + 1}${SUITS[Math.floor(t / 9)]}` : `${t - 26}z`;
  return `${action.kind} ${name}`;
}

function choose(view) {
  const legal = view.legal_actions;
  const win = legal.find((a) => WINS.has(a.kind));
  if (win) return win;
  if (view.phase !== "turn") {
    return legal.find((a) => a.kind === "pong") || legal.find((a) => a.kind === "pass") || legal[0];
  }
  const discards = legal.filter((a) => a.kind === "discard");
  if (discards.length === 0) return legal[0];
  const count = new Map();
  for (const t of view.hand) count.set(t, (count.get(t) || 0) + 1);
  const edge = (t) => t >= 27 || t % 9 === 0 || t % 9 === 8;
  const lonely = discards.filter((a) => edge(a.tile) && count.get(a.tile) === 1);
  if (lonely.length) return lonely[0];
  return discards.find((a) => a.tile === view.drawn) || discards[0];
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  for (const message of JSON.parse(line)) {
    if (message.type === "view") process.stdout.write(text(choose(message.view)) + "\n");
  }
});
