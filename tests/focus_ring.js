// The focused element's ring (its own outline, or the nearest ancestor's that draws one, as the
// editor's frame does for its content) against the background it is drawn on, outside the element.
// WCAG 1.4.11: 3:1 at least. Null when nothing has the focus; `id` numbers the elements met.
// Its colour helpers come from colours.js (tests.accessibility.page_check).
() => {
  const focused = document.activeElement;
  if (!focused || focused === document.body) return null;
  let ringed = focused;
  for (let e = focused, up = 0; e && up < 4; e = e.parentElement, up++) {
    if (getComputedStyle(e).outlineStyle !== "none") { ringed = e; break; }
  }
  const style = getComputedStyle(ringed);
  const ring = parse(style.outlineColor);
  const what = focused.outerHTML.slice(0, 100);
  window.ringStops = window.ringStops || new Map();  // the same element twice means Tab stayed put
  if (!window.ringStops.has(focused)) window.ringStops.set(focused, window.ringStops.size + 1);
  const id = window.ringStops.get(focused);
  if (style.outlineStyle === "none" || parseFloat(style.outlineWidth) < 2 || !ring) return { what, id, ratio: 0 };
  return { what, id, ratio: contrast(ring, background(ringed.parentElement)) };
}
