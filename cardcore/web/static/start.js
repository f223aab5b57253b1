// The start page: show the chosen game's settings, and start it through POST /api/games.
"use strict";
const form = document.getElementById("start");
const chosen = () => form.elements.game.value;
function showSettings() {
  for (const fs of form.querySelectorAll(".game-settings")) fs.hidden = fs.dataset.game !== chosen();
}
form.addEventListener("change", showSettings);
// the page opens on the game last started in this browser
const last = window.localStorage.getItem("cardcore-game");
if (last && [...form.elements.game.options].some((o) => o.value === last)) form.elements.game.value = last;
showSettings();

// People at one table: a box per seat; two or more make a table of several, each seat played
// from its own invitation link (the next page lists them)
for (const fs of form.querySelectorAll(".game-settings")) {
  const people = document.createElement("div");
  people.className = "people start-row";
  people.append("Seats for people, each invited by a link: ");
  for (let seat = 0; seat < Number(fs.dataset.players); seat++) {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.name = "person";
    box.value = seat;
    label.append(box, ` seat ${seat} `);
    people.append(label);
  }
  fs.querySelector(".start-row").after(people);
}
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const fs = form.querySelector(`.game-settings[data-game="${chosen()}"]`);
  const options = {};
  for (const control of fs.querySelectorAll("[data-option]")) {
    if (control.value !== control.dataset.default) options[control.dataset.option] = control.value;
  }
  const humans = [...fs.querySelectorAll("input[name=person]:checked")].map((box) => box.value);
  const invited = humans.length > 0;  // else the seat chosen above, or watching
  const seat = fs.querySelector("select[name=seat]").value;
  const body = invited ? {game: chosen(), options, humans: humans.map(Number)}
    : {game: chosen(), options, watch: seat === "watch", seat: seat === "watch" ? null : Number(seat)};
  const preset = fs.querySelector("select[name=preset]");
  if (preset && preset.value) body.preset = preset.value;
  const bots = [...fs.querySelectorAll("input[name=bot]")]
    .filter((input) => (invited ? !humans.includes(input.dataset.seat) : seat === "watch" || input.dataset.seat !== seat));
  if (bots.some((input) => input.value.trim())) {
    body.bots = bots.map((input) => input.value.trim() || fs.querySelector("select[name=level]").selectedOptions[0].dataset.spec);
  } else {
    body.level = fs.querySelector("select[name=level]").value;
  }
  const seed = form.querySelector("input[name=seed]").value;
  if (seed !== "") body.seed = Number(seed);
  try {
    const game = await api("POST", "/api/games", body);
    window.localStorage.setItem("cardcore-game", chosen());
    window.location.href = game.url;
  } catch (e) {
    document.getElementById("error").textContent = e.message;
  }
});
