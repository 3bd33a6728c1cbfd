"""Reflow (WCAG 1.4.10) as the page tests check it: at 320 CSS px nothing makes the page scroll
sideways, and no choice or date a control shows is cut short by its box."""

from __future__ import annotations

from playwright.sync_api import Page, ViewportSize

NARROWEST: ViewportSize = {"width": 320, "height": 640}
_OVERFLOW = "() => document.documentElement.scrollWidth - window.innerWidth"
# A select (with only its chosen option) or a date input laid out at its own width, beside the
# real one: a real one narrower than that shows its value cut ("count as any attemp").
_CUT = """() => [...document.querySelectorAll('select, input[type=datetime-local], input[type=date]')]
  .filter((control) => control.getClientRects().length > 0)
  .filter((control) => {
    const natural = control.cloneNode(true);
    if (natural.tagName === 'SELECT') {
      [...natural.options].forEach((o, i) => { if (i !== control.selectedIndex) o.remove(); });
    }
    natural.removeAttribute('id');
    natural.style.cssText = 'position:absolute;visibility:hidden;width:auto;max-width:none;min-width:0;flex:none';
    control.parentElement.append(natural);
    const needs = natural.getBoundingClientRect().width;
    natural.remove();
    return control.getBoundingClientRect().width + 0.5 < needs;
  })
  .map((control) => `${control.id || control.name}: ${Math.round(control.getBoundingClientRect().width)} px`)"""


def overflow(page: Page) -> int:
    """How many CSS px the page is wider than its window (0 or less: it reflows)."""
    found: int = page.evaluate(_OVERFLOW)
    return found


def cut_controls(page: Page) -> list[str]:
    """Each select or date input whose box is narrower than the value it shows."""
    found: list[str] = page.evaluate(_CUT)
    return found


__all__ = ["NARROWEST", "cut_controls", "overflow"]
