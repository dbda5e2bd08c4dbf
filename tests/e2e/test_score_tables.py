"""Every round summary and end table fits a phone (issue 54, item 3), in Chromium at 390x844:
Fennecs at 2-5 players, Fowl Play at 2-4, Onexeno at 2-7 (and in teams), Le Renard des Bois, with the longest
names a person may type: no sideways scroll of the page or of the table, no column's head
of more than two lines, no word broken mid-word, and every player's name and score inside the screen's width.  With a seat on another device, at
820x1180 and 390x844, the devices bar is over no part of a round's summary nor of the end's
dialog (issue 52)."""

from __future__ import annotations

import os
import random

import pytest

from conftest import Watch, open_save, quick, wait_ready
from ui.store import saves
from ui.store.session import Session

# Names as long as a person may type them, alike at their start (a short form must tell them apart)
LONG = ["Anne-Sophie de la Fontaine-Moreau", "Anne-Sophie Delacroix-Martin", "Bartholomew Wolfenstein",
        "Marie-Christine Lefebvre", "Jean-Baptiste Poquelin", "Maximilienne Oppenheimer", "Wilhelmina Ásgeirsdóttir"]
assert all(len(n) <= saves.MAX_NAME for n in LONG)


def _save(game_id, players, options, seed, stop, names=LONG):
    """A save of a game played at random from ``seed`` until ``stop(session)``; the summary of
    the first round not seen yet is on screen when it opens (``round_seen``)."""
    seats = ([{"kind": "human", "name": names[0], "level": None}]
             + [{"kind": "bot", "name": names[i], "level": "novice"} for i in range(1, players)])
    rng = random.Random(seed)
    ses = Session.start(f"tb{seed:x}{game_id[:3]}{players}", game_id, seats, options, seed, 1_764_000_000)
    while not ses.state.over and not stop(ses):
        seat = ses.state.to_move[0]
        ses.apply(seat, rng.choice(ses.state.legal_actions(seat)), 1_764_000_000)
    return ses


def _fennecs_round(ses):
    return any(e["type"] == "round_end" for e in ses.state.view(None)["log"])


def _renard_round(ses):
    return ses.state.view(0)["last_round"] is not None


# Whether the page and the dialog's score table fit the screen, and each player's whole name and
# each score is inside it (a name shortened in the table's head: written whole under it).
_MEASURE = r"""(names) => {
  const dlg = document.querySelector('#round-dialog, #end-dialog');
  const table = dlg.querySelector('table'), wrap = table.parentElement;
  const W = window.innerWidth, out = [];
  const inside = r => r.left >= -0.5 && r.right <= W + 0.5;
  if (document.documentElement.scrollWidth > W) out.push('page ' + document.documentElement.scrollWidth);
  if (wrap.scrollWidth > wrap.clientWidth + 0.5) out.push('table ' + wrap.scrollWidth + ' in ' + wrap.clientWidth);
  for (const cell of table.querySelectorAll('td, th'))
    if (cell.textContent.trim() && (!inside(cell.getBoundingClientRect()) || cell.scrollWidth > cell.clientWidth + 1))
      out.push('cell ' + cell.textContent);      // off the screen, or spilling over its neighbour
  for (const th of table.querySelectorAll('thead th[scope=col]')) {      // a head: two lines at most
    const tops = new Set(), walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      if (!t.data.trim() || t.parentElement.closest('.visually-hidden')) continue;
      const range = document.createRange(); range.selectNodeContents(t);
      for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top / 4));
    }
    if (tops.size > 2) out.push('head of ' + tops.size + ' lines: ' + th.textContent);
  }
  const cells = table.querySelectorAll('td, th'), broken = /[^\s\-‐]+/g;
  for (const cell of cells) {                      // no word broken inside it: "(hexagon" / ")"
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      if (t.parentElement.closest('.visually-hidden')) continue;
      for (const m of t.data.matchAll(broken)) {
        const range = document.createRange(); range.setStart(t, m.index); range.setEnd(t, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top / 4)));
        if (tops.size > 1) out.push('word broken: ' + m[0]);
      }
    }
  }
  for (const name of names) {
    const walk = document.createTreeWalker(dlg, NodeFilter.SHOW_TEXT);
    let seen = false;
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      if (t.data.trim() !== name || t.parentElement.closest('.visually-hidden')) continue;
      const range = document.createRange(); range.selectNodeContents(t);
      const rects = [...range.getClientRects()];
      if (rects.length && rects.every(inside) && rects.every(r => r.width > 0)) seen = true;
    }
    if (!seen) out.push('name ' + name);
  }
  return out;
}"""


def _cases():
    for n in (2, 3, 4, 5):
        yield f"fennecs-{n}-round", "fennecs", n, {}, _fennecs_round, "#round-dialog"
        yield f"fennecs-{n}-end", "fennecs", n, {}, None, "#end-dialog"
    for n in (2, 3, 4):
        yield f"fowl-{n}-end", "fowl_play", n, {}, None, "#end-dialog"
    for n in range(2, 8):
        yield f"onexeno-{n}-end", "onexeno", n, {"rounds": 3} if n == 7 else {}, None, "#end-dialog"
    yield "onexeno-6-teams", "onexeno", 6, {"teams": 3}, None, "#end-dialog"
    yield "renard-2-round", "renard_des_bois", 2, {}, _renard_round, "#round-dialog"
    yield "renard-2-end", "renard_des_bois", 2, {}, None, "#end-dialog"


def test_every_round_summary_and_end_table_fits_a_phone(phone_page, server):
    _every_table_fits(phone_page, server)


def test_every_round_summary_and_end_table_fits_a_tablet(browser, server, open_watched):
    """At 820x1180 the dialog is wider, and its heads hold more names whole: they fit too."""
    ctx, w, page = _tablet(browser, server, open_watched, (820, 1180))
    _every_table_fits(page, server)
    ctx.close()
    w.check()


def _tablet(browser, server, open_watched, size):
    ctx = browser.new_context(service_workers="allow", **dict(TABLET, viewport={"width": size[0], "height": size[1]}))
    ctx.set_default_timeout(30_000)
    quick(ctx)
    w = Watch(server.url)
    w.attach_context(ctx)
    return ctx, w, open_watched(ctx, w)


def _every_table_fits(page, server):
    page.goto(server.url)
    wait_ready(page)
    faults = {}
    for k, (label, game_id, n, options, stop, dialog) in enumerate(_cases()):
        ses = _save(game_id, n, options, 40 + k, stop or (lambda s: False))
        save = ses.save
        save["round_seen"] = 0 if stop else 99
        open_save(page, save)
        page.wait_for_selector(f"{dialog} table", timeout=60_000)
        names = LONG[:n]
        bad = page.evaluate(_MEASURE, names)
        if os.environ.get("SHOTS"):         # each table as drawn, to look at
            page.locator(f"{dialog} .count-wrap:visible").last.screenshot(path=f"{os.environ['SHOTS']}/table-{label}.png")
        if bad:
            faults[label] = bad
    assert not faults, {label: bad[:3] for label, bad in faults.items()}


def test_the_fennecs_round_summary_at_five_in_french(phone_page, server):
    """The summary of a 5-player round in French, the names as the app gives them (no name
    typed): it fits too, with nothing shortened; a screenshot in test-results/ (or $SHOTS)."""
    from pathlib import Path

    page = phone_page
    page.goto(server.url)
    wait_ready(page)
    page.click('[data-act="lang"][data-lang="fr"]')
    ses = _save("fennecs", 5, {}, 7, _fennecs_round, names=[""] * 5)
    ses.save["round_seen"] = 0
    open_save(page, ses.save)
    page.wait_for_selector("#round-dialog table.score")
    names = page.evaluate("() => [...document.querySelectorAll('#round-dialog thead th[scope=col]')]"
                          ".map(th => th.querySelector('abbr') ? th.querySelector('abbr').title : th.textContent.trim())")
    assert names[0].replace("\u00a0", " ") == "Joueur 1" and len(names) == 5, names
    assert page.evaluate(_MEASURE, names) == []
    shots = Path(os.environ.get("SHOTS", "test-results"))
    shots.mkdir(parents=True, exist_ok=True)
    page.locator("#round-dialog table.score").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "fennecs-summary5-fr.png"))


# -- a game with a seat on another device: its bar above the table, never over a dialog -------

# Where the dialog's first line is against the devices bar, and whether a tap at its centre
# reaches the dialog; and every name cell of the table whole, the table inside the dialog.
_UNDER_BAR = r"""() => {
  const dlg = document.querySelector('#round-dialog, #end-dialog'), bar = document.querySelector('#devices');
  const h2 = dlg.querySelector('h2'), range = document.createRange();
  range.selectNodeContents(h2);
  const line = [...range.getClientRects()].find(r => r.width > 0), b = bar.getBoundingClientRect();
  const rect = r => [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)];
  const meet = (p, q) => p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom;
  const out = [], at = document.elementFromPoint((line.left + line.right) / 2, (line.top + line.bottom) / 2);
  const table = dlg.querySelector('table'), d = dlg.getBoundingClientRect(), t = table.getBoundingClientRect();
  if (meet(line, b)) out.push('first line ' + rect(line) + ' under the bar ' + rect(b));
  if (meet(d, b)) out.push('dialog ' + rect(d) + ' under the bar ' + rect(b));
  if (!at || !dlg.contains(at)) out.push('a tap on the first line reaches ' + (at ? at.outerHTML.slice(0, 60) : null));
  if (t.left < d.left - 0.5 || t.right > d.right + 0.5) out.push('table ' + rect(t) + ' out of the dialog ' + rect(d));
  for (const cell of table.querySelectorAll('thead th, tbody th[scope=row]'))
    if (cell.scrollWidth > cell.clientWidth + 1) out.push('name cut: ' + cell.textContent);
  for (const e of dlg.querySelectorAll('*'))
    if (getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth) out.push('ellipsis: ' + e.textContent);
  if (innerWidth >= 760)          // a tablet: the names its heads hold are whole, none cut short ("Lysand…")
    for (const b of table.querySelectorAll('thead bdi'))
      if (b.getClientRects().length && !b.closest('.visually-hidden') && b.textContent.includes('…'))
        out.push('name cut short: ' + b.textContent);
  return {out, line: rect(line), bar: rect(b), dialog: rect(d)};
}"""

# Four names: a phone's heads shorten them to "ASDM", "Wilh…", "MCL" and "Lysa…"; a tablet's
# hold two whole (its old heads did not: "Lysand…")
FOUR = ["Anne-Sophie Delacroix-Martin", "Wilhelmina", "Marie-Christine Lefebvre", "Lysandre"]
TABLET = {"viewport": {"width": 820, "height": 1180}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


@pytest.mark.parametrize("size", [(820, 1180), (390, 844)], ids=["tablet", "phone"])
def test_the_devices_bar_covers_no_dialog_and_four_names_fit(browser, server, open_watched, size):
    """Issue 52: the bar of a seat on another device was over the first line of the round's
    summary and the end's dialog at 820x1180, and a table of 4 cut its names short ("Ly…")
    at a tablet's size, where a dialog has the room for them."""
    ctx, w, page = _tablet(browser, server, open_watched, size)
    page.goto(server.url)
    wait_ready(page)
    faults = {}
    for k, (label, game_id, stop, dialog) in enumerate((("fennecs-round", "fennecs", _fennecs_round, "#round-dialog"),
                                                         ("fennecs-end", "fennecs", None, "#end-dialog"),
                                                         ("fowl-end", "fowl_play", None, "#end-dialog"))):
        ses = _save(game_id, 4, {}, 90 + k, stop or (lambda s: False), names=FOUR)
        save = ses.save
        save["seats"][3] = dict(save["seats"][3], kind="device", level=None)
        save["round_seen"] = 0 if stop else 99
        open_save(page, save)
        page.wait_for_selector(f"{dialog} table")
        page.wait_for_selector("#devices li.away")
        page.wait_for_timeout(300)          # the backdrop's fade
        got = page.evaluate(_UNDER_BAR)
        print(size, label, got)
        got["out"] += page.evaluate(_MEASURE, [s["name"] for s in save["seats"]])
        if os.environ.get("SHOTS"):
            page.screenshot(path=f"{os.environ['SHOTS']}/devices-{label}-{size[0]}.png")
        if k == 0:          # the bar in reach over the dialog: its invitation opens, still not over it
            page.click("#invite-3")
            page.wait_for_selector("#invite")
            got["out"] += [f"with the invitation: {f}" for f in page.evaluate(_UNDER_BAR)["out"]]
        if got["out"]:
            faults[label] = got["out"]
    ctx.close()
    w.check()
    assert not faults, faults

