// How the pages fit the reader: times in the browser's time zone, a hint where content scrolls sideways.
"use strict";

// The server renders times in the zone of a cookie. Unless one was chosen in the settings, the
// browser's zone is written there, from the log-in page on, so every page after it is rendered in
// it. A page rendered in the browser's former zone (it moved, or its zone was changed) is
// reloaded once in the new one, so no page shows times in a zone the reader has left.
function rememberBrowserZone() {
  const root = document.documentElement;
  if (root.dataset.tzSource === "chosen") return;
  let zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) {
    return;
  }
  if (!/^[A-Za-z0-9_+\-\/]+$/.test(zone) || zone === root.dataset.tz) return;
  document.cookie = "dashboard_tz=browser:" + zone + "; path=/dashboard; max-age=31536000; samesite=lax";
  if (root.dataset.tzSource === "browser" && document.cookie.includes("browser:" + zone)) reloadOnceFor(zone);
}

function reloadOnceFor(zone) {
  try {  // once per zone and tab: a cookie the server does not take back never loops
    if (sessionStorage.getItem("dashboard-tz-reloaded") === zone) return;
    sessionStorage.setItem("dashboard-tz-reloaded", zone);
  } catch (error) {
    return;
  }
  location.reload();
}

function hintScrolling(scope) {
  const text = document.body.dataset.scrollHint;
  for (const box of scope.querySelectorAll(".scroller")) {
    let hint = box.previousElementSibling;
    if (!hint || !hint.classList.contains("scroll-hint")) {
      hint = document.createElement("p");
      hint.className = "scroll-hint";
      hint.textContent = text;
      box.before(hint);
    }
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    hint.hidden = !scrolls;
    box.classList.toggle("scrolls", scrolls);
  }
}

document.addEventListener("DOMContentLoaded", () => {
  rememberBrowserZone();
  const main = document.getElementById("main");
  if (!main) return;
  const update = () => hintScrolling(main);
  update();
  window.addEventListener("resize", update);
  // live updates replace content, and a closed <details> has nothing to measure until it opens
  new MutationObserver(update).observe(main, { childList: true, subtree: true });
  main.addEventListener("toggle", update, true);
});
