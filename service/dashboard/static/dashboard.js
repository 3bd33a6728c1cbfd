// The dashboard's only script: refresh live regions when the course changes, and follow regrades.
"use strict";

// A sentence of the page's language, kept by the template in a data attribute: "{done} of {total}…".
function say(element, name, values) {
  const template = element.dataset[name] || "";
  return template.replace(/\{(\w+)\}/g, (_, key) => String(values[key]));
}

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
        status.textContent = say(status, "updated", { time: new Date().toLocaleTimeString(document.documentElement.lang) });
      }
      mark = next;
    } catch (error) {
      status.textContent = say(status, "paused", { error: error.message });
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
      status.textContent = say(status, p.finished ? "finished" : "progress", p);
      if (p.finished) return;
    } catch (error) {
      status.textContent = say(status, "failed", { error: error.message });
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
