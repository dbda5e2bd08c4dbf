"""Issue 53, WCAG 2.2's 2.4.11 (Focus Not Obscured): whatever the keyboard focuses is never
hidden by what the page keeps on the screen (the status bar sticking to the top or the bottom
of a phone's screen, a lesson's bar beside the table).

Each game's table mid-game (tests/e2e/positions.py), on a phone upright (390x844) and on its
side (844x390): Tab through every control of the page once, and at each, the focused element
has a part inside the viewport that is its own (``elementFromPoint`` there lands in it), not
under another element."""

from __future__ import annotations


import pytest
from conftest import shared_device
from positions import TABLES, open_table


SIZES = {"390x844": {"width": 390, "height": 844}, "844x390": {"width": 844, "height": 390}}

# The focused element, two frames after the key (the page may scroll it clear in the next):
# where it lies, and whether one of 25 points of its part in the viewport is its own.
SEEN = """async () => {
  await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));   // the page's own scroll done
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  if (el.__tabbed) return {again: true};
  el.__tabbed = true;
  const b = el.getBoundingClientRect();
  const l = Math.max(b.left, 0), t = Math.max(b.top, 0);
  const r = Math.min(b.right, innerWidth), d = Math.min(b.bottom, innerHeight);
  const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.getAttribute('aria-label') ? ' "' + el.getAttribute('aria-label').slice(0, 40) + '"' : '');
  if (b.width === 0 && b.height === 0) return {name, seen: true};   // nothing drawn to hide
  if (r <= l || d <= t) return {name, seen: false, why: 'outside the viewport'};
  for (const fy of [.5, .25, .75, .1, .9]) for (const fx of [.5, .25, .75, .1, .9]) {
    const at = document.elementFromPoint(l + (r - l) * fx, t + (d - t) * fy);
    if (at && (el.contains(at) || at.contains(el) || (el.closest('svg') && el.closest('svg') === at.closest('svg'))))
      return {name, seen: true};
  }
  const c = document.elementFromPoint(l + (r - l) / 2, t + (d - t) / 2);
  const over = c && (c.closest('[id]') || c);
  return {name, seen: false, why: 'under ' + (over ? over.tagName.toLowerCase() + '#' + over.id : '?')};
}"""


phone = shared_device(service_workers="block", is_mobile=True, has_touch=True, device_scale_factor=2,
                      viewport=SIZES["390x844"])


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
@pytest.mark.parametrize("gid", sorted(TABLES))
def test_every_control_focused_by_tab_is_not_hidden(gid, size, phone, shared_at):
    page = shared_at(phone, SIZES[size])
    open_table(page, gid)
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    seen, hidden = 0, []
    for _ in range(150):
        page.keyboard.press("Tab")
        f = page.evaluate(SEEN)
        if f is None:
            continue
        if f.get("again"):
            break                                  # round the page once
        seen += 1
        if not f["seen"]:
            hidden.append(f"{f['name']}: {f['why']}")
    assert seen > 5, f"{gid} at {size}: only {seen} controls reached by Tab"
    assert not hidden, f"{gid} at {size}: {len(hidden)} of {seen} focused controls hidden:\n" + "\n".join(hidden)
