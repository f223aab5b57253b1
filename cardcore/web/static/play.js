// The table: the server holds the game; this page shows it, sends the person's moves by name, and
// asks for the bots' moves one at a time, at the chosen pace.
"use strict";
const root = document.getElementById("game");
const gameId = root.dataset.id;
const watching = root.dataset.watching === "true";
let pace = Number(root.dataset.pace);
let paused = false;
let stepping = false;
const selected = [];  // the cards selected, each by its data-key: a copy of its own, so twins each count
const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

// a refusal, in red; what the page tells otherwise (an undo done, a question answered no) goes to the notice
function say(message) {
  document.getElementById("refusal").textContent = message || "";
  if (message) notice("");
}

function notice(message) {
  document.getElementById("notice").textContent = message || "";
}

function addLog(items) {
  const log = document.getElementById("log");
  for (const item of items) {
    const div = document.createElement("div");
    div.className = `log-${item.kind}`;
    div.innerHTML = item.html;
    log.appendChild(div);
  }
  log.scrollTop = log.scrollHeight;
}

async function refresh() {
  const response = await fetch(`/play/${gameId}/table`);
  const html = await response.text();
  if (!response.ok) { say(JSON.parse(html).error); return null; }
  document.getElementById("table").innerHTML = html;
  selected.length = 0;
  const view = document.querySelector(".table-view");
  // the game over: no moves, hints or undo are left to ask for
  const over = view.dataset.finished === "true";
  for (const control of document.querySelectorAll("[data-text=moves], [data-text=hint], #undo, #typed")) {
    control.hidden = over;
  }
  if (openText === "score" || openText === "history") showText(openText, true);
  return view;
}

// The end of a deal: its points by source stay on the table, the next deal hidden, until the
// person asks for it (as the terminal waits for Enter); a person's game only, as there. Kept for
// the tab's session, so that a reload still waits (until the next deal's first move). At a table
// of several people the server holds the deal's end until each has pressed Next deal (live.js).
let dealEnded = null;  // the resolver of the wait, while a deal's end is shown
const dealEndKey = `cardcore-deal-end-${gameId}`;

function nextDeal() {
  document.getElementById("deal-end").hidden = true;
  document.getElementById("table").hidden = false;
  window.sessionStorage.removeItem(dealEndKey);
  if (dealEnded) { dealEnded(); dealEnded = null; }
}

function dealEnd(state) {
  const round = state.log.filter((item) => item.kind === "round").pop();
  if (!round || state.finished || watching || state.shared) return Promise.resolve();
  window.sessionStorage.setItem(dealEndKey, JSON.stringify({actions: state.actions, html: round.html}));
  return showDealEnd(round.html);
}

// the deal's end still waiting when the page was reloaded, if nothing was played since
function dealEndWaiting(state) {
  const kept = JSON.parse(window.sessionStorage.getItem(dealEndKey) || "null");
  if (!kept || kept.actions !== state.actions || state.finished) return Promise.resolve();
  return showDealEnd(kept.html);
}

function showDealEnd(html) {
  document.getElementById("deal-end-grid").innerHTML = html;
  document.getElementById("deal-end").hidden = false;
  document.getElementById("table").hidden = true;
  document.getElementById("next-deal").focus();
  return new Promise((resolve) => { dealEnded = resolve; });
}
document.getElementById("next-deal").addEventListener("click", nextDeal);

// a bot slow to answer (a hard bot thinks for seconds): said on the table, as the terminal's spinner
function thinking() {
  const view = document.querySelector(".table-view");
  const turn = document.getElementById("turn");
  if (!view || !turn) return;
  turn.textContent = `${view.dataset.currentName} is thinking…`;
  turn.classList.add("thinking");
}

let position = 0;  // bumped by undo: the bot moves asked for before it belong to a game since taken back

async function botsMove(toMove) {
  if (stepping) return;
  stepping = true;
  const asked = position;
  try {
    while (toMove === "bot" && !paused && asked === position) {
      await sleep(pace);
      if (paused || asked !== position) break;
      const slow = setTimeout(thinking, 250);
      let state;
      try {
        state = await api("POST", `/api/games/${gameId}/step`);
      } finally {
        clearTimeout(slow);
      }
      addLog(state.log);
      await refresh();
      await dealEnd(state);
      if (asked !== position) break;
      toMove = state.to_move;
    }
  } catch (e) {
    if (asked === position) say(`${e.message} Reload the page to go on.`);
  } finally {
    stepping = false;
  }
}

async function send(action, confirmed = false) {
  say("");
  notice("");
  try {
    const state = await api("POST", `/api/games/${gameId}/actions`, confirmed ? {action, confirm: true} : {action});
    addLog(state.log);
    await refresh();
    const asked = position;
    await dealEnd(state);
    if (asked === position) botsMove(state.to_move);  // unless an undo came meanwhile
  } catch (e) {
    // a standing action that asks to be confirmed is taken only once confirmed: the server asks
    if (e.confirm && !confirmed) {
      if (window.confirm(e.message)) send(action, true); else notice(e.notConfirmed);
      return;
    }
    say(e.message);
  }
}

function selectedCards() {
  return selected.map((key) => document.querySelector(`.mine button.card[data-key="${key}"]`).dataset.card);
}

function showSelected() {
  const out = document.getElementById("selected");
  if (out) out.textContent = selected.length ? selectedCards().join(" ") : "none: click your cards";
  for (const button of document.querySelectorAll(".mine button.card")) {
    button.classList.toggle("selected", selected.includes(button.dataset.key));
  }
}

document.getElementById("table").addEventListener("click", (event) => {
  const card = event.target.closest(".mine button.card");
  if (card) {
    const view = document.querySelector(".table-view");
    if (view.dataset.toMove !== "you") { say("Wait for your turn."); return; }
    const name = card.dataset.card;
    // a table card names its own copy (play KS from table) where a twin lies in the hand
    if (view.dataset.plays === "true" && !selected.length) { send(card.dataset.play || `play ${name}`); return; }
    const at = selected.indexOf(card.dataset.key);
    if (at >= 0) selected.splice(at, 1); else selected.push(card.dataset.key);
    showSelected();
    return;
  }
  const move = event.target.closest("button.move");
  if (move) { send(move.dataset.action); return; }
  const verb = event.target.closest("button.verb");
  if (verb) {
    if (!selected.length) { say("Select the cards first: click them in your hand."); return; }
    send(`${verb.dataset.verb} ${selectedCards().join(" ")}`);
  }
});

// an amount (a bid) typed in its box: any amount, the engine says whether the rules allow it
document.getElementById("table").addEventListener("submit", (event) => {
  const form = event.target.closest("form.amount");
  if (!form) return;
  event.preventDefault();
  const amount = form.elements.amount.value.trim();
  if (!amount) { say("Type an amount first."); return; }
  send(`${form.dataset.verb} ${amount}`);
});

// the text open in the panel: the score and the history are asked for again after every move
let openText = null;

async function showText(what, again = false) {
  const body = document.getElementById("panel-body");
  if (!again) body.textContent = what === "hint" ? "Thinking about a hint…" : "";
  document.getElementById("panel").hidden = false;
  openText = what;
  try {
    const text = await api("GET", `/api/games/${gameId}/text/${what}`);
    if (openText === what) body.innerHTML = text.html;
  } catch (e) {
    body.textContent = e.message;
  }
}

for (const button of document.querySelectorAll("[data-text]")) {
  button.addEventListener("click", () => { say(""); showText(button.dataset.text); });
}
document.getElementById("close-panel").addEventListener("click", () => {
  document.getElementById("panel").hidden = true;
  openText = null;
});

async function undo() {
  say("");
  position += 1;  // the bot moves under way stop: they may belong to what is taken back
  nextDeal();  // a deal's end shown belongs to what may be taken back
  try {
    const state = await api("POST", `/api/games/${gameId}/undo`);
    document.getElementById("log").innerHTML = "";
    addLog(state.log);
    notice(`Undone: ${state.undone} move${state.undone === 1 ? "" : "s"} taken back; the record is rewritten to match.`);
  } catch (e) {
    say(e.message);
  }
  while (stepping) await sleep(0.05);  // the stopped bot loop ends at its next step
  const view = await refresh();
  if (view) botsMove(view.dataset.toMove);  // e.g. nothing was undone and the bots were to move
}

const undoButton = document.getElementById("undo");
if (undoButton) undoButton.addEventListener("click", undo);

const typed = document.getElementById("typed");
if (typed) {
  typed.addEventListener("submit", (event) => {
    event.preventDefault();
    const input = document.getElementById("move-text");
    const text = input.value.trim();
    if (!text) return;
    const asks = {"?": "moves", "moves": "moves", "help": "help", "hint": "hint", "score": "score", "history": "history"};
    const ask = asks[text.toLowerCase()] && document.querySelector(`[data-text=${asks[text.toLowerCase()]}]`);
    if (text.toLowerCase() === "undo") {
      // not offered at a table of several: the server says why
      if (undoButton) undo(); else api("POST", `/api/games/${gameId}/undo`).catch((e) => say(e.message));
    } else if (ask) {
      ask.click();
    } else if (asks[text.toLowerCase()]) {  // not offered on this page (Hint at a table of several)
      showText(asks[text.toLowerCase()]);
    } else {
      send(text);
    }
    input.value = "";
  });
}

const speed = document.getElementById("speed");
if (speed) speed.addEventListener("change", () => { pace = Number(speed.value); });
const pause = document.getElementById("pause");
if (pause) {
  pause.addEventListener("click", () => {
    paused = !paused;
    pause.textContent = paused ? "Play on" : "Pause";
    if (!paused) botsMove(document.querySelector(".table-view").dataset.toMove);
  });
}

(async () => {
  let state = null;
  try {
    state = await api("GET", `/api/games/${gameId}?since=0`);
    addLog(state.log);
  } catch (e) {
    say(e.message);
  }
  const view = await refresh();
  if (state) await dealEndWaiting(state);
  if (view) botsMove(view.dataset.toMove);
})();

// a bot seat's level, chosen at the table: the bot of that seat from its next move on
document.getElementById("table").addEventListener("change", async (event) => {
  const select = event.target.closest("select.bot-level");
  if (!select || !select.value) return;
  say("");
  try {
    const state = await api("POST", `/api/games/${gameId}/bots/${select.dataset.seat}`, {level: select.value});
    notice(`${state.names[Number(select.dataset.seat)]} is now ${state.players[Number(select.dataset.seat)]}.`);
  } catch (e) {
    say(e.message);
  }
  await refresh();
});
