// The dashboard's only script: live regions sent by the server as the course changes, and regrades followed.
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

// Replace only the parts of the live region that changed (cards and tables keep their place,
// an open <details> stays open), and put back this page's form token (the server leaves it out).
function patch(live, fresh, token) {
  fresh.querySelectorAll('input[name="csrf_token"]').forEach((input) => { input.value = token; });
  const old = new Map([...live.children].filter((e) => e.id).map((e) => [e.id, e]));
  const same = [...fresh.children].every((e) => e.id && old.has(e.id)) && fresh.children.length === live.children.length;
  if (!same) { live.replaceWith(fresh); return; }
  for (const element of [...fresh.children]) {
    const before = old.get(element.id);
    if (before.outerHTML !== element.outerHTML) before.replaceWith(element);
  }
}

// Server-sent events: the server sends this page's live region when a stored result changes it
// (one render per change for every browser showing the page); nothing is polled.
function followActivity(status) {
  const view = location.pathname + location.search;
  const source = new EventSource(status.dataset.activity + "?view=" + encodeURIComponent(view));
  source.addEventListener("live", (event) => {
    const fresh = new DOMParser().parseFromString(event.data, "text/html").getElementById("live");
    const live = document.getElementById("live");
    if (!fresh || !live) return;
    patch(live, fresh, status.dataset.csrf || "");
    status.textContent = say(status, "updated", { time: new Date().toLocaleTimeString(document.documentElement.lang) });
  });
  source.addEventListener("error", () => {
    status.textContent = say(status, "paused", { error: "connection lost" });
  });
}

// A regrade's progress, then (once every submission is previewed or stored) its result, put in
// place from the page itself and said by the status line: what would change, in words.
function followRegrade(bar) {
  const status = document.getElementById("regrade-status");
  const wasFinished = bar.dataset.finishedAtLoad === "true";
  async function tick() {
    try {
      const p = await json(bar.dataset.url);
      bar.max = Math.max(p.total, 1);
      bar.value = p.total ? p.done : 1;
      bar.textContent = p.percent + "%";
      if (p.finished) {
        const told = wasFinished ? "" : await showResult();
        status.textContent = [say(status, "finished", p), told].filter(Boolean).join(" ");
        return;
      }
      status.textContent = say(status, "progress", p);
    } catch (error) {
      status.textContent = say(status, "failed", { error: error.message });
    }
    setTimeout(tick, 1000);
  }
  tick();
}

async function showResult() {
  const response = await fetch(location.href, { credentials: "same-origin", cache: "no-store" });
  if (!response.ok) throw new Error(String(response.status));
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("regrade-result");
  const result = document.getElementById("regrade-result");
  if (!fresh || !result) return "";
  result.replaceWith(fresh);
  return ["regrade-effect", "regrade-moves"].map((id) => (document.getElementById(id) || {}).textContent || "").join(" ").trim();
}

document.addEventListener("DOMContentLoaded", () => {
  const status = document.querySelector("[data-activity]");
  if (status) followActivity(status);
  const bar = document.getElementById("regrade-progress");
  if (bar) followRegrade(bar);
});
