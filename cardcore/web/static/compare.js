// The compare pages: start a comparison (POST /api/compare), then follow its progress until done.
"use strict";
const form = document.getElementById("compare");
if (form) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const arms = form.arms.value.split("\n").map((a) => a.trim()).filter((a) => a);
    const body = {arms, bots: form.bots.value.trim(), n: Number(form.n.value), seed: Number(form.seed.value)};
    try {
      const job = await api("POST", "/api/compare", body);
      window.location.href = job.url;
    } catch (e) {
      document.getElementById("error").textContent = e.message;
    }
  });
}
const job = document.getElementById("job");
if (job && job.dataset.status === "running") {
  const poll = async () => {
    const state = await api("GET", `/api/compare/${job.dataset.id}`);
    if (state.status !== "running") { window.location.reload(); return; }
    document.getElementById("progress").value = state.done;
    document.getElementById("done").textContent = state.done;
    setTimeout(poll, 700);
  };
  setTimeout(poll, 700);
  document.getElementById("stop").addEventListener("click", () => api("DELETE", `/api/compare/${job.dataset.id}`));
}
