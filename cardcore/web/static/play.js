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

function say(message) {
  document.getElementById("refusal").textContent = message || "";
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
  return document.querySelector(".table-view");
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
      const state = await api("POST", `/api/games/${gameId}/step`);
      addLog(state.log);
      await refresh();
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
  try {
    const state = await api("POST", `/api/games/${gameId}/actions`, confirmed ? {action, confirm: true} : {action});
    addLog(state.log);
    await refresh();
    botsMove(state.to_move);
  } catch (e) {
    // a claim (Pinochle's Out) is made only once confirmed: the server asks the question
    if (e.confirm && !confirmed) {
      if (window.confirm(e.message)) send(action, true); else say("No claim: play on.");
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

for (const button of document.querySelectorAll("[data-text]")) {
  button.addEventListener("click", async () => {
    say("");
    const body = document.getElementById("panel-body");
    body.textContent = button.dataset.text === "hint" ? "Thinking about a hint…" : "";
    document.getElementById("panel").hidden = false;
    try {
      const text = await api("GET", `/api/games/${gameId}/text/${button.dataset.text}`);
      body.innerHTML = text.html;
    } catch (e) {
      body.textContent = e.message;
    }
  });
}
document.getElementById("close-panel").addEventListener("click", () => {
  document.getElementById("panel").hidden = true;
});

async function undo() {
  say("");
  position += 1;  // the bot moves under way stop: they may belong to what is taken back
  try {
    const state = await api("POST", `/api/games/${gameId}/undo`);
    document.getElementById("log").innerHTML = "";
    addLog(state.log);
    say(`Undone: ${state.undone} move${state.undone === 1 ? "" : "s"} taken back; the record is rewritten to match.`);
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
    if (text.toLowerCase() === "undo") {
      undo();
    } else if (asks[text.toLowerCase()]) {
      document.querySelector(`[data-text=${asks[text.toLowerCase()]}]`).click();
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
  try {
    const state = await api("GET", `/api/games/${gameId}?since=0`);
    addLog(state.log);
  } catch (e) {
    say(e.message);
  }
  const view = await refresh();
  if (view) botsMove(view.dataset.toMove);
})();
