// The focused element's ring (its own outline, or the nearest ancestor's that draws one, as the
// editor's frame does for its content) against the background it is drawn on, outside the element.
// WCAG 1.4.11: 3:1 at least. Null when nothing has the focus; `id` numbers the elements met.
() => {
  const focused = document.activeElement;
  if (!focused || focused === document.body) return null;
  const parse = (c) => {
    const m = c && c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const channel = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const luminance = (c) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0.5) return c;
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  };
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
  const [a, b] = [luminance(ring), luminance(background(ringed.parentElement))];
  return { what, id, ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
}
