// The table live: every page open at a game (each player's, a spectator's) hears of each change
// from the server's event stream and shows it without reloading. A dropped connection reconnects
// by itself and catches up; the page asks only for what its own link may see.
//
// Loaded after play.js, it takes over play.js's addLog and refresh: the page's own moves and the
// others' come through one queue of updates, so that no line of the log is shown twice.
"use strict";
(() => {
  const gameId = document.getElementById("game").dataset.id;
  const logBox = document.getElementById("log");
  const showTable = refresh;  // play.js's: the table fragment, the selection cleared
  const showLog = addLog;
  let shown = 0;  // the events whose lines the log shows
  let drawnAt = null;  // what the table was drawn for: the events, the players, whose move
  let lastState = null;
  let lastRound = "";  // the last deal's end, as the log tells it
  let thinkingTimer = null;
  let queued = null;
  let chain = Promise.resolve();

  async function catchUp() {
    if (!logBox.childElementCount) shown = 0;  // cleared, as after an undo
    let state = await api("GET", `/api/games/${gameId}?since=${shown}`);
    if (state.events < shown) {  // moves were taken back: the log is told again
      logBox.innerHTML = "";
      state = await api("GET", `/api/games/${gameId}?since=0`);
    }
    showLog(state.log);
    const round = state.log.filter((item) => item.kind === "round").pop();
    if (round) lastRound = round.html;
    shown = state.events;
    lastState = state;
    showSeats(state);
    showDealEnd(state);
    showThinking(state);
    // the table is drawn again only when it changed: a redraw would drop the cards selected, the
    // amount typed, or the click under way (a seat coming or going changes nothing on it)
    const drawn = document.querySelector(".table-view");
    const now = JSON.stringify([state.events, state.players, state.to_move]);
    if (drawn && now === drawnAt) return drawn;
    const view = await showTable();
    if (view) drawnAt = now;
    return view;
  }

  // one update at a time, and at most one waiting: a burst of changes is shown once
  function update() {
    if (queued) return queued;
    queued = chain.then(() => { queued = null; return catchUp(); });
    chain = queued.catch((e) => say(e.message));
    return queued;
  }

  // A deal's end at a table of several people: the server holds the next deal until each person has
  // pressed Next deal; each page shows the deal's points until its own person has.
  function showDealEnd(state) {
    const waiting = state.next_deal || [];
    const box = document.getElementById("deal-end");
    if (waiting.includes(state.seat)) {
      if (box.hidden) {
        document.getElementById("deal-end-grid").innerHTML = lastRound;
        box.hidden = false;
        document.getElementById("table").hidden = true;
        document.getElementById("next-deal").focus();
      }
    } else if (waiting.length) {
      notice(`The next deal starts when everyone has pressed Next deal: waiting for ${waiting.map((s) => state.names[s]).join(", ")}.`);
    } else if (document.getElementById("notice").textContent.startsWith("The next deal starts")) {
      notice("");
    }
  }

  document.getElementById("next-deal").addEventListener("click", async () => {
    if (!lastState || !lastState.shared) return;  // a person's game: play.js's own wait
    try {
      await api("POST", `/api/games/${gameId}/next-deal`);
    } catch (e) {
      say(e.message);
    }
    update();
  });

  // a bot of a table of several is moved by the server after its pace: longer, it is thinking
  function showThinking(state) {
    clearTimeout(thinkingTimer);
    const current = state.current_player;
    if (!state.shared || state.finished || state.to_move !== "other" || current === null
        || state.players[current] === "human" || (state.next_deal || []).length) return;
    thinkingTimer = setTimeout(thinking, pace * 1000 + 250);
  }

  refresh = update;
  addLog = () => {};  // the queue shows every line
  logBox.innerHTML = "";  // lines play.js showed before this took over come again, once
  update();

  // who sits where at a table of several people, who is away, and handing an empty seat to a bot
  const seats = document.createElement("div");
  seats.id = "live-seats";
  seats.setAttribute("aria-live", "polite");
  document.getElementById("deal-end").before(seats);  // above the table, and a deal's end shown over it

  function showSeats(state) {
    seats.hidden = !state.shared;
    if (!state.shared) return;
    seats.replaceChildren();
    const present = new Set(state.present || []);
    state.players.forEach((player, seat) => {
      const handed = (state.handovers || []).find((h) => h.seat === seat);
      if (player !== "human" && !handed) return;
      const item = document.createElement("span");
      item.className = "live-seat";
      item.dataset.seat = seat;
      const name = state.names[seat];
      if (handed) {
        item.textContent = `${name}: left; ${player} plays the seat.`;
      } else if (present.has(seat) || seat === state.seat) {
        item.textContent = `${name}: at the table.`;
      } else {
        item.textContent = `${name}: away. Wait for them, or `;
        const give = document.createElement("button");
        give.type = "button";
        give.className = "hand-over";
        give.textContent = "give the seat to a bot";
        give.disabled = state.role === "spectator" || state.finished;
        give.addEventListener("click", async () => {
          try {
            await api("POST", `/api/games/${gameId}/seats/${seat}/bot`, {});
            update();
          } catch (e) {
            say(e.message);
          }
        });
        item.append(give);
      }
      seats.append(item);
    });
    if (state.role === "host") {
      const link = document.createElement("a");
      link.href = `/play/${gameId}/invite`;
      link.textContent = "Invitations";
      seats.append(link);
    }
  }

  const events = new EventSource(`/api/games/${gameId}/events`);
  events.onmessage = () => update();
  events.onerror = () => {
    if (events.readyState === EventSource.CLOSED) say("The table is no longer live: reload the page.");
  };
})();
