// The dashboard's only script: refresh live regions when the course changes, and follow regrades.
"use strict";

async function json(url) {
  const response = await fetch(url, { credentials: "same-origin", cache: "no-store" });
  if (!response.ok) throw new Error(String(response.status));
  return response.json();
}

function followActivity(status) {
  let mark = null;
  async function tick() {
    try {
      const next = (await json(status.dataset.activity)).mark;
      if (mark !== null && next !== mark) {
        const page = await fetch(location.href, { credentials: "same-origin", cache: "no-store" });
        const fresh = new DOMParser().parseFromString(await page.text(), "text/html").getElementById("live");
        const live = document.getElementById("live");
        if (fresh && live) live.replaceWith(fresh);
        status.textContent = "Updated at " + new Date().toLocaleTimeString() + ".";
      }
      mark = next;
    } catch (error) {
      status.textContent = "Live updates paused (" + error.message + "); retrying.";
    }
    setTimeout(tick, 3000);
  }
  tick();
}

function followRegrade(bar) {
  const status = document.getElementById("regrade-status");
  async function tick() {
    try {
      const p = await json(bar.dataset.url);
      bar.max = Math.max(p.total, 1);
      bar.value = p.total ? p.done : 1;
      bar.textContent = p.percent + "%";
      status.textContent = p.finished
        ? "Finished: " + p.done + " of " + p.total + " submissions regraded."
        : p.done + " of " + p.total + " submissions regraded…";
      if (p.finished) return;
    } catch (error) {
      status.textContent = "Could not read the progress (" + error.message + "); retrying.";
    }
    setTimeout(tick, 1000);
  }
  tick();
}

document.addEventListener("DOMContentLoaded", () => {
  const status = document.querySelector("[data-activity]");
  if (status) followActivity(status);
  const bar = document.getElementById("regrade-progress");
  if (bar) followRegrade(bar);
});
