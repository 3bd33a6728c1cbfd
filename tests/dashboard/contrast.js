// WCAG 2 contrast of every visible text against its effective background: the failures, as text.
// Its colour helpers come from ../colours.js (tests.accessibility.page_check).
() => {
  const failures = [];
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const box = el.getBoundingClientRect();
    if (!own || box.width === 0 || box.height === 0) continue;
    const style = getComputedStyle(el);
    const svg = el instanceof SVGElement;
    const fg = parse(svg ? style.fill : style.color);
    if (!fg) continue;
    const ratio = contrast(fg, background(el));
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && parseInt(style.fontWeight, 10) >= 700);
    if (ratio < (large ? 3 : 4.5)) failures.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)}`);
  }
  return failures;
}
