"""Every game in WebKit (every iPhone's and iPad's engine) and Firefox, from Debian's packages,
driven through tools/engines.py: one browser session per engine, the games in sequence.

For each game of the catalogue (game.GAMES), in each engine: the home page, the game's new-game
form, a game started against novice bots (the person first); ten actions of ours by clicks on
what the table marks; the bots' answers; no sideways scroll at 390 and 1280 px wide.  Then one
reload for all: each of these games, opened again, is back at the position it was saved at
(its ply on the table, its record in storage unchanged).  Then, the network cut (the session's
server stopped): the page comes back from the service worker and every game starts.  In
WebKit, the Renard hand fans inside its panel at 1280x800 (it did not: WebKit kept the cards'
negative margins at 0).  A join link in WebKitGTK, which has no WebRTC, says so in words.

The pages play at the browser tests' pace, as the Chromium tests do (QUICK: no holds for a
person's eyes between the bots' moves, no double-tap guard on our clicks), set before the app's
Python starts.

Neither engine gives the console here: a test fails on what the app says of a failure
(``window.renardiereFailed``, the watchdog's notice, the recovery screen) and on any error or
unhandled rejection a listener added after each load saw.
"""

from __future__ import annotations

import json
import time

import pytest

import game
from tools import engines
from conftest import SHOWN_AND_DRAWN, as_drawn
from tools.serve import PRECACHED, make_server

ENGINES = ["webkit", "firefox"]
GAMES = list(game.GAMES)
ACTIONS = 10
READY = "() => !!document.body && document.body.dataset.ready === '1'"

# tests/e2e/conftest.py's QUICK and NO_SNAPSHOT and tools/serve.py's QUICK_TAPS, in every page
# (the session's preload); and whether it came before the app's Python read them (WebKit runs it
# at the load event: see engines.WebKitSession.preload; the app makes no snapshot either way, as
# it looks again once it is up).  tests/e2e/test_snapshot.py starts from one in both engines.
QUICK = """window.renardierePace = 0; window.renardiereTapQuietMs = 0; window.renardiereNoSnapshot = true;
window.__e2eQuick = performance.getEntriesByName('renardiere:python').length ? 'late' : 'early';"""

# After each load: errors and unhandled rejections from then on (no init scripts over WebDriver).
LISTEN = """() => { if (!window.__e2eErrors) { window.__e2eErrors = [];
  addEventListener('error', (e) => window.__e2eErrors.push('error: ' + (e.message || e.type)));
  addEventListener('unhandledrejection', (e) => window.__e2eErrors.push('rejection: ' + String(e.reason)));
} return true; }"""
TROUBLE = """() => [...(window.__e2eErrors || []),
  ...(window.renardiereFailed ? ['window.renardiereFailed'] : []),
  ...['#watchdog', '#recovery-keys', '.notice-error'].filter((s) => document.querySelector(s))
     .map((s) => s + ': ' + document.querySelector(s).textContent.slice(0, 300))]"""

# Nothing more will move without us: over, or our turn with no bot thinking.  Not a round's
# summary alone: the bots play on behind it (seen: a Fennecs save at ply 16 while the summary
# was up, 17 once the bot had played).
SETTLED = """() => { const m = document.querySelector('main.play');
  return !!m && (m.dataset.over === '1' || (m.dataset.acting === '0' && !m.dataset.thinking)); }"""

# What to click next, by what the table marks (the patterns of each game's own e2e tests):
# tags it data-e2e="next" and says {at: [x, y] from its corner, or null}; null: nothing yet.
NEXT = """(gameId) => {
  const q = (s) => document.querySelector(s), all = (s) => [...document.querySelectorAll(s)];
  const m = q('main.play');
  if (!m) return null;
  const st = window.__e2e = window.__e2e || {};
  for (const e of all('[data-e2e]')) e.removeAttribute('data-e2e');
  const pick = (e, at) => { if (!e) return null; e.setAttribute('data-e2e', 'next'); return {at: at || null, e}; };
  const usable = (s) => all(s).find((e) => !e.disabled && e.getAttribute('aria-disabled') !== 'true');
  if (q('#round-ok')) return pick(q('#round-ok'));
  if (m.dataset.over === '1' || m.dataset.acting !== '0' || m.dataset.thinking) return null;
  if (gameId === 'renard_des_bois') {
    return pick(q('#keep')) || pick(q('#hand.active .hcard.legal'), [6, 30]);
  }
  if (gameId === 'fennecs') {
    if (q('#confirm')) return pick(q('#confirm'));
    if (q('#face-up')) return pick(q('#face-up').getAttribute('aria-disabled') ? q('#face-down') : q('#face-up'));
    const takes = all('.ftake');
    return pick(q('button.fstack.lit'), [10, 10]) || pick(q('#hand.active .hcard.legal'), [6, 30]) ||
           pick(takes[takes.length - 1]);   // no card to play: collect a column
  }
  if (gameId === 'fowl_play') {
    const phase = m.dataset.phase, reach = all('#board .hex.reach');
    if (phase === 'target' || phase === 'choose') return pick(q('#hand button.fcard.legal'));
    if (phase === 'place') return pick(q('#board .hex.place'));
    if (phase === 'birds') {
      if (reach.length) { st.stepped = m.dataset.round; return pick(reach[0]); }
      if (st.stepped !== m.dataset.round && q('#board .hex.movable')) return pick(q('#board .hex.movable'));
      return pick(q('#done'));
    }
    if (reach.length && !q('#done')) return pick(reach[0]);
    if (reach.length && st.fox !== m.dataset.ply) { st.fox = m.dataset.ply; return pick(reach[reach.length - 1]); }
    return pick(q('#done'));
  }
  if (gameId === 'onexeno') {
    const place = q('#place');
    if (place) {
      if (!place.disabled && place.getAttribute('aria-disabled') !== 'true') return pick(place);
      st.turns = (st.turns || 0) + 1;
      if (st.turns < 5 && q('#turn')) return pick(q('#turn'));
    }
    st.turns = 0;
    return pick(q('.ocell.lit[data-act]')) || pick(q('#hand .hcard.legal'), [6, 30]) || pick(q('#pass'));
  }
  if (gameId === 'fendo') {
    const cell = (c) => q('#board [data-act="cell"].' + c);
    if (st.ply !== m.dataset.ply) { st.ply = m.dataset.ply; st.tried = []; }
    // a pawn of ours not tried yet this turn (one may have no move: its cell shows no reach)
    const pawn = all('#board [data-act="cell"].has-white').find((e) => !st.tried.includes(e.dataset.cell));
    if (pawn && !q('#board .wall-hit') && !q('#board .reach') && !q('#board .entry') && !usable('#reserve')) {
      st.tried.push(pawn.dataset.cell);
    }
    return pick(q('#board .wall-hit')) || pick(cell('entry')) || pick(cell('reach')) ||
           pick(usable('#reserve')) || pick(pawn) || pick(q('#pass'));
  }
  return pick(usable('main.play button.legal, main.play .legal[data-act]'));
}"""

# One round trip per look at the table: the ply, whether the game is over, and what to click
# next and where (NEXT, then engines.POINT), or null: nothing to click yet (the bots' turn), or,
# ``fresh`` (just clicked), the table not drawn again since the click (ui/web/dom.py writes only
# what changed, so the page's mutations say it, not a new element: the test's own data-e2e
# marks aside).
STEP = f"""(gameId, fresh) => {{
  const m = document.querySelector('main.play');
  if (!m) return null;
  const seen = {{ply: +m.dataset.ply, over: m.dataset.over === '1', next: null}};
  if (seen.over || (fresh && window.__e2eDrawn === false)) return seen;
  const next = ({NEXT})(gameId);
  if (next) {{
    seen.next = {{...({engines.POINT})(next.e, next.at), roundOk: next.e.id === 'round-ok',
                 what: next.e.outerHTML.slice(0, 100)}};
    if (seen.next.ok) {{            // about to be clicked: from now on, what the app draws
      if (!window.__e2eWatch) {{
        window.__e2eWatch = new MutationObserver((records) => {{
          if (records.some((r) => r.attributeName !== 'data-e2e')) window.__e2eDrawn = true; }});
        window.__e2eWatch.observe(document.getElementById('app'),
                                  {{subtree: true, childList: true, attributes: true, characterData: true}});
      }}
      window.__e2eWatch.takeRecords();
      window.__e2eDrawn = false;
    }}
  }}
  return seen;
}}"""

PLY = "() => { const m = document.querySelector('main.play'); return m ? +m.dataset.ply : null; }"
# The game on the table: its id (the address's), its ply, whether it is over, its save.
TABLE = """() => { const m = document.querySelector('main.play'), id = location.hash.split('#play/')[1];
  return {id: id || null, ply: m ? +m.dataset.ply : null, over: !!m && m.dataset.over === '1',
          save: id ? localStorage.getItem('renardiere.save.' + id) : null}; }"""
# The saved game ``id`` opened by its address, once drawn: its ply on the table and its record
# in storage (null until then).
OPEN = """(id) => { const m = document.querySelector('main.play');
  if (location.hash !== '#play/' + id) {
    if (m) m.dataset.e2eBefore = '1';
    location.hash = '#play/' + id;
    return null;
  }
  if (!m || m.dataset.e2eBefore) return null;
  const save = localStorage.getItem('renardiere.save.' + id);
  return {ply: +m.dataset.ply, record: save && JSON.parse(save).record}; }"""
NO_SIDEWAYS = "() => [document.documentElement.scrollWidth, innerWidth]"


# Each engine's tests are a group of their own for xdist (tests/conftest.py): the two engines
# run side by side, each on one of the run's processes.
@pytest.fixture(scope="module", params=[pytest.param(e, marks=pytest.mark.xdist_group("e2e-engines-" + e))
                                        for e in ENGINES])
def engine(request, site_root):
    """(name, session, server, saved): a browser of the engine and a server of its own, which
    the offline test stops; the app loaded once, ready; ``saved``: the games played, by game
    id, for the reload test (None: its test failed)."""
    name = request.param
    gone = engines.missing(name)
    if gone:
        pytest.skip(f"{name}: {', '.join(gone)} missing: `bash tools/ensure.sh {name}` installs them "
                    "(make test does)")
    srv = make_server(site_root, live_precache=False).start()
    started = time.monotonic()
    ses = engines.SESSIONS[name]()
    try:
        ses.preload(QUICK)
        ses.goto(srv.url)
        load(ses)
        print(f"\n{name} {ses.version}: ready in {time.monotonic() - started:.1f} s")
        yield name, ses, srv, {}
    finally:
        ses.close()
        srv.stop()
        print(f"{name}: {time.monotonic() - started:.1f} s in all")


def load(ses, timeout=120.0) -> None:
    """Waits for the app to be ready after a load, then listens for errors."""
    try:
        ses.wait(READY, timeout=timeout, every=0.1)
    except engines.EngineError:
        pytest.fail(f"{ses.name}: not ready after {timeout:g} s: {ses.evaluate(TROUBLE)}", pytrace=False)
    ses.evaluate(LISTEN)
    if ses.evaluate("() => window.__e2eQuick") != "early":
        print(f"{ses.name}: this page's app started before QUICK came: it plays at a person's pace")


def check(ses) -> None:
    trouble = ses.evaluate(TROUBLE)
    assert not trouble, f"{ses.name}: {trouble}"


def sideways(ses, width: int, height: int):
    """[scrollWidth, innerWidth] at ``width`` x ``height`` (the size() returns once the page has it)."""
    ses.size(width, height)
    return ses.evaluate(NO_SIDEWAYS)


def start_against_novices(ses, server_url: str, game_id: str) -> None:
    """Home, then the game's new-game form (by its button), every other seat a novice bot, started."""
    ses.goto(server_url + "#")
    ses.wait_for("#home, main.home, #new-" + game_id)
    ses.click("#new-" + game_id)
    ses.wait_for("#newgame-form")
    # the levels are <select>s, whose pop-ups a WebDriver cannot click: set as a person's choice would
    assert ses.evaluate("""() => { for (const s of document.querySelectorAll('#newgame-form select[id^="level"]')) {
        s.value = 'novice'; s.dispatchEvent(new Event('input', {bubbles: true}));
        s.dispatchEvent(new Event('change', {bubbles: true})); }
        return location.hash; }""") == "#new/" + game_id
    ses.click("#start")
    ses.wait_for("main.play")


def our_actions(ses, game_id: str, n: int, timeout: float = 90.0) -> int:
    """Plays ``n`` actions of ours by clicks on what NEXT picks, the bots answering in between;
    returns how many were played (fewer if the game ended).  An action: the ply moves on from
    ours after our clicks (a round's OK is not one)."""
    actions, ours, clicks, clicked, since = 0, None, 0, [], -10.0
    end = time.monotonic() + timeout
    while True:
        seen = ses.evaluate(STEP, game_id, time.monotonic() - since < 3)
        if seen and ours is not None and seen["ply"] != ours:
            actions, ours, clicks, end = actions + 1, None, 0, time.monotonic() + timeout
        if actions == n or (seen and seen["over"]):
            return actions
        nxt = seen and seen["next"]
        if nxt and nxt["ok"]:
            if ours is None and not nxt["roundOk"]:
                ours = seen["ply"]          # our turn, at this ply
            ses.click_at(nxt["x"], nxt["y"])
            clicks, since = clicks + 1, time.monotonic()
            clicked.append(nxt["what"])
            assert clicks < 40, f"{game_id}: 40 clicks and the ply did not move from {ours}: {clicked[-6:]}"
            continue
        if time.monotonic() > end:
            state = ses.evaluate("() => ({...(document.querySelector('main.play') || {}).dataset})")
            raise AssertionError(f"{game_id}: no action of ours in {timeout:g} s (ply {ours}, {state}, "
                                 f"next {nxt}); clicked: {clicked[-6:]}")
        time.sleep(0.05)


def a_game(name: str, ses, srv, game_id: str) -> dict:
    """A game's test up to the reload (the module's docstring): what the reload test needs of it."""
    t0 = time.monotonic()
    ses.size(1280, 800)
    start_against_novices(ses, srv.url, game_id)
    check(ses)
    ses.evaluate("() => { window.renardiereKeepDrawn = true; }")
    actions = our_actions(ses, game_id, ACTIONS)
    as_drawn(*ses.evaluate(SHOWN_AND_DRAWN))     # the engine's page is what the app drew
    ses.wait(SETTLED, timeout=90, every=0.05)
    table = ses.evaluate(TABLE)
    record = json.loads(table["save"])["record"]
    seats = [seat for seat, _ in record["actions"]]
    # ten actions of ours, or the whole game if it ended sooner (one Fennecs game in twenty
    # between random players does, at two players: seen in a run)
    assert seats.count(0) >= actions and (actions == ACTIONS or table["over"]), (actions, table["over"], seats)
    assert any(seat != 0 for seat in seats), f"{game_id}: no bot answered: {seats}"
    check(ses)
    # no sideways scroll, phone and desktop
    for w, h in ((390, 844), (1280, 800)):
        scroll, inner = sideways(ses, w, h)
        assert inner == w and scroll <= inner, f"{name} {game_id} at {w}x{h}: scrollWidth {scroll} > {inner}"
    check(ses)
    print(f"{name} {game_id}: {actions} actions, {len(seats)} in the record "
          f"({len(seats) - seats.count(0)} by bots), ply {table['ply']}, {time.monotonic() - t0:.1f} s")
    return {"id": table["id"], "ply": table["ply"], "record": record}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_against_bots_by_clicks_and_widths(engine, game_id):
    name, ses, srv, saved = engine
    saved[game_id] = None           # tried: the reload test does not play it again
    saved[game_id] = a_game(name, ses, srv, game_id)


def test_every_game_played_is_back_after_one_reload(engine):
    """One reload for every game the tests above played (a game whose test did not run is
    played here first): each, opened again by its address, is back at the ply it was saved
    at, its saved record the same.  One reload, not one per game: each reload starts Pyodide
    and the bot's worker again, 5-20 s in WebKit here."""
    name, ses, srv, saved = engine
    for game_id in GAMES:
        if game_id not in saved:
            saved[game_id] = a_game(name, ses, srv, game_id)
    games = {game_id: s for game_id, s in saved.items() if s is not None}
    if not games:
        pytest.skip(f"{name}: every game's test failed: no game to reload")
    t0 = time.monotonic()
    ses.reload()
    load(ses)
    for game_id, before in games.items():
        try:
            back = ses.wait(OPEN, before["id"], timeout=60, every=0.05)
        except engines.EngineError:
            pytest.fail(f"{name} {game_id}: not back after the reload: {ses.evaluate(TABLE)} "
                        f"{ses.evaluate(TROUBLE)}", pytrace=False)
        assert back["ply"] == before["ply"], f"{name} {game_id}: ply {back['ply']}, saved at {before['ply']}"
        assert back["record"] == before["record"], f"{name} {game_id}: its record changed"
        check(ses)
    print(f"{name}: {len(games)} games back after one reload, {time.monotonic() - t0:.1f} s")


# The Renard hand's width against its panel's, and the cards' left margins.
HAND = """() => { const h = document.querySelector('#hand'), p = h && h.closest('.rplayer');
  if (!h || !p) return null;
  const cards = [...h.querySelectorAll('.hcard')];
  return {hand: h.getBoundingClientRect().width, handScroll: h.scrollWidth,
          panel: p.getBoundingClientRect().width,
          margins: cards.slice(1, 4).map((c) => getComputedStyle(c).marginLeft),
          page: [document.documentElement.scrollWidth, innerWidth]}; }"""


def test_the_renard_hand_fans_inside_its_panel(engine):
    """WebKit kept the hand's cards at a 0 px left margin (#hand at min-width: auto in the
    player's grid): 1,092 px of cards in a 676 px panel, the page scrolling sideways."""
    name, ses, srv, _ = engine
    if "renard_des_bois" not in GAMES:
        pytest.skip("no Renard des Bois in the catalogue")
    ses.size(1280, 800)
    start_against_novices(ses, srv.url, "renard_des_bois")
    ses.wait_for("#hand .hcard")
    for w, h in ((1280, 800), (390, 844)):
        ses.size(w, h)
        m = ses.evaluate(HAND)
        assert m["hand"] <= m["panel"] + 0.5 and m["page"][0] <= m["page"][1], f"{name} at {w}x{h}: {m}"
    ses.size(1280, 800)
    check(ses)


# Whether each seat's "On their phone" is greyed on the new-game form, and the note that says why.
PHONE_SEATS = """() => [[...document.querySelectorAll('#newgame-form input[type=radio][value="device"]')]
  .map((r) => r.disabled), !!document.getElementById('device-off')]"""


def test_without_webrtc_a_join_link_says_so_and_with_it_the_form_offers_phones(engine):
    """Debian's WebKitGTK has no WebRTC (no RTCPeerConnection), as some browsers built into
    other apps: a join link opened there says in words which browsers can play across devices,
    and the form greys "On their phone" (issue 52, fault 10).  So WebKit is never tried across
    devices here (README).  Firefox has WebRTC: its form offers "On their phone"."""
    from across_devices import GUEST_SAYS, join_fragment

    name, ses, srv, _ = engine
    webrtc = ses.evaluate("() => typeof RTCPeerConnection === 'function' && typeof RTCDataChannel === 'function'")
    if not webrtc:
        ses.goto(srv.url + join_fragment())
        ses.wait(READY, timeout=120)
        said = ses.wait(GUEST_SAYS, timeout=60)
        assert said["state"] == "bad" and said["why"] == "guest.no_webrtc", said
        assert "cannot play across devices" in said["text"], said
        assert "Chrome, Edge, Firefox, or Safari on iPhone and iPad" in said["text"], said
        body = ses.evaluate("() => document.body.innerText")
        assert "JsException" not in body and "ReferenceError" not in body and "RTCPeerConnection" not in body
    elif name == "webkit":
        pytest.skip(f"this WebKit has WebRTC ({ses.version}): the join link would pair")
    ses.goto(srv.url + "#new/renard_des_bois")
    ses.wait_for("#newgame-form")
    greyed, note = ses.evaluate(PHONE_SEATS)
    assert len(greyed) == 2 and greyed == [not webrtc] * 2 and note == (not webrtc), (name, greyed, note)
    check(ses)


def test_a_firefox_host_s_invitation_says_what_to_do_about_its_hidden_address(engine):
    """Firefox names the host by mDNS names in its offer, with or without the camera's
    permission (Chromium gives its address once the camera is granted); some phone hotspots
    cannot resolve them.  The invitation says so, and what to do (issue 52)."""
    name, ses, srv, _ = engine
    if name != "firefox":
        pytest.skip("a host's offer in Firefox only (Chromium's: test_live_camera.py and the namespace tests)")
    ses.goto(srv.url + "#new/renard_des_bois")
    ses.wait_for("#newgame-form")
    ses.click('input[name="kind1"][value="device"]')
    ses.click("#start")
    ses.wait_for("#invite-1")
    ses.click("#invite-1")
    ses.wait_for("#join-link", timeout=60)
    ses.wait_for("#hidden-address", timeout=10)
    said = ses.evaluate("() => document.getElementById('hidden-address').textContent")
    assert "Wi-Fi router" in said and "Chrome" in said, said
    ses.click("#invite-close")
    check(ses)


def test_offline_after_one_visit_every_game_starts(engine):
    """The session's first visit installed the service worker; the server stopped, a reload comes
    back from its cache, and every game's table opens."""
    name, ses, srv, _ = engine
    t0 = time.monotonic()
    ses.goto(srv.url + "#")
    load(ses)
    ses.wait(PRECACHED, timeout=120, every=0.2)
    if not ses.evaluate("() => !!navigator.serviceWorker && navigator.serviceWorker.controller !== null"):
        ses.reload()            # a first page may load before its worker takes it over
        load(ses)
    assert ses.evaluate("() => navigator.serviceWorker.controller !== null"), f"{name}: no service worker"
    srv.stop()
    ses.reload()
    load(ses)
    for game_id in GAMES:
        start_against_novices(ses, srv.url, game_id)
        ses.wait("() => { const m = document.querySelector('main.play'); return !!m && m.dataset.ply !== undefined; }")
        check(ses)
    print(f"{name}: offline, {len(GAMES)} games started, {time.monotonic() - t0:.1f} s")


def test_every_lesson_to_its_end(engine):
    """Every lesson of the catalogue by clicks to its hand-over (the taps found on CPython,
    as tests/e2e/test_lessons_ui.py finds them), at 390x844, then its hand-over tapped: the
    game played on from the lesson's position where it offers one, else a fresh one."""
    from helpers.lessons import GAMES as LESSONS
    from helpers.lessons import plan, selector

    name, ses, srv, _ = engine
    ses.size(390, 844)
    phase = "(n, p) => { const b = document.getElementById('lesson-bar'); return !!b && b.dataset.step === String(n) && b.dataset.phase === p; }"
    playing = ("() => { const m = document.querySelector('main.play'); return location.hash.startsWith('#play/')"
               " && !!m && m.dataset.ply !== undefined && !document.getElementById('lesson-bar'); }")
    for gid in LESSONS:
        t0 = time.monotonic()
        steps, _, _ = plan(gid)
        ses.goto(srv.url + "#")
        ses.wait_for("#lesson-" + gid)
        ses.click("#lesson-" + gid)
        for i, path in enumerate(steps, 1):
            if path is not None:
                ses.wait(phase, i, "ask", timeout=60)
                for act, data in path:
                    ses.click(selector(act, data))
                ses.wait_for('#lesson-note[data-note="done"]')
            ses.wait(phase, i, "read", timeout=60)
            if i < len(steps):
                ses.click("#lesson-next")
        ses.wait_for("#lesson-play")
        check(ses)
        on = ses.evaluate("() => !!document.getElementById('lesson-play-on')")
        ses.click("#lesson-play-on" if on else "#lesson-play")
        ses.wait(playing, timeout=60)
        check(ses)
        print(f"{name} {gid}: its lesson played, {len(steps)} steps, then "
              f"{'played on from its position' if on else 'a fresh game'}, {time.monotonic() - t0:.1f} s")
