"""WCAG 2.2's 2.5.8 (Target Size, Minimum) and 2.5.7 (Dragging Movements), issue 53: at a phone
held upright (390x844), on home, the new-game form and each game's table mid-game
(tests/e2e/positions.py), every target a tap can hit is at least 24 by 24 CSS px, or is the
criterion's spacing exception: a 24 px square centred on it overlaps no other target.  And no
interaction drags: no element is draggable (a long press is a tap held, not a move)."""

from __future__ import annotations


import pytest
from conftest import shared_device
from positions import TABLES, store_tables


phone = shared_device(service_workers="block", is_mobile=True, has_touch=True, device_scale_factor=1,
                      viewport={"width": 390, "height": 844})

# Each visible target's box, and those too small without the spacing exception.  Text links in a
# sentence are the criterion's own "inline" exception; targets of a browser's own (a native
# <details>' summary is ours) are measured as drawn.
SMALL = """() => {
  const sel = 'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=gridcell], [data-act]:not(form)';
  const boxes = [];
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    if (!r.width || !r.height || cs.visibility === 'hidden' || cs.pointerEvents === 'none') continue;
    const inline = el.matches('a[href]') && getComputedStyle(el).display === 'inline'
      && el.parentElement && /\\S/.test(el.parentElement.textContent.replace(el.textContent, ''));
    if (el.parentElement && el.parentElement.closest('button, a[href], summary')) continue;   // inside a button: it counts
    boxes.push({el, r, inline});
  }
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') +
    ' "' + (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30) + '"';
  const small = [];
  for (const b of boxes) {
    if (b.inline || (b.r.width >= 24 && b.r.height >= 24)) continue;
    const cx = b.r.left + b.r.width / 2, cy = b.r.top + b.r.height / 2;
    const sq = {l: cx - 12, t: cy - 12, r: cx + 12, b: cy + 12};
    const hit = boxes.find((o) => o !== b && o.r.left < sq.r && o.r.right > sq.l && o.r.top < sq.b && o.r.bottom > sq.t);
    if (hit) small.push(`${name(b.el)} ${b.r.width.toFixed(0)}x${b.r.height.toFixed(0)} beside ${name(hit.el)}`);
  }
  return {targets: boxes.length, small, draggable: document.querySelectorAll('[draggable=true]').length};
}"""


def _screens():
    yield "home", "#", "main.home"
    yield "new-game form", "#new/fennecs", "#newgame-form"
    for gid in sorted(TABLES):
        yield f"{gid} table", f"#play/{TABLES[gid]['id']}", "main.play"


@pytest.fixture
def page(phone, shared_at):
    page = shared_at(phone, {"width": 390, "height": 844})
    store_tables(page)
    return page


@pytest.mark.parametrize("screen,hash_,ready", list(_screens()), ids=[s for s, _, _ in _screens()])
def test_every_target_is_24_px_or_spaced_and_nothing_drags(page, screen, hash_, ready):
    page.evaluate("(h) => { location.hash = h; }", hash_)
    page.wait_for_selector(ready)
    page.wait_for_timeout(100)
    r = page.evaluate(SMALL)
    print(f"{screen}: {r['targets']} targets, {len(r['small'])} too small")
    assert r["targets"] >= 5, r
    assert not r["small"], "\n".join(r["small"])
    assert r["draggable"] == 0


def test_the_check_finds_a_small_target_beside_another(page):
    """The measure itself: two 12 px buttons side by side are found, one 12 px button alone is
    the spacing exception."""
    page.evaluate("(h) => { location.hash = h; }", "#")
    page.wait_for_selector("main.home")
    page.evaluate("""() => { const box = document.createElement('div');
      box.style.cssText = 'position:fixed;left:100px;top:400px;z-index:99';
      box.innerHTML = '<button id="t1" style="width:12px;height:12px;padding:0;min-height:0;min-width:0"></button>'
        + '<button id="t2" style="width:12px;height:12px;padding:0;min-height:0;min-width:0;margin-left:2px"></button>';
      document.body.appendChild(box); }""")
    small = page.evaluate(SMALL)["small"]
    page.evaluate("() => { document.getElementById('t2').remove(); }")
    alone = page.evaluate(SMALL)["small"]
    page.evaluate("() => { document.getElementById('t1').parentElement.remove(); }")
    assert any(s.startswith("button#t1") for s in small) and any(s.startswith("button#t2") for s in small), small
    assert not any("#t1" in s for s in alone), alone
