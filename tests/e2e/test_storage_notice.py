"""Whether the saves are safe, on the home page, in Chromium at a phone's size (390x844).

Chromium answers ``navigator.storage.persisted()`` for itself, so each context stubs it before
the app loads (``STUB``): ``persisted()`` and ``persist()`` answer what the test says and count
the asks, or ``navigator.storage`` is deleted.  Safari is simulated, not run: an iPhone's user
agent and touch points, ``navigator.standalone`` for a start from the home screen; what that
proves is our reading of them (ui/store/storage.py), not WebKit's seven-day rule.  The install
prompt is a stand-in ``beforeinstallprompt`` event (Chromium offers none to a headless page).

Five page loads in all.  Screenshots: test-results/storage-notice/*.png (not committed).
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import PHONE, Watch, box_of, quick
from playing import SAVE_PREFIX

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "storage-notice"
STUB = """(() => {
  const cfg = %s;
  const prop = (name, value) => Object.defineProperty(Navigator.prototype, name, { get: () => value, configurable: true });
  if (cfg.ua) prop("userAgent", cfg.ua);
  if (cfg.touch) prop("maxTouchPoints", cfg.touch);
  if (sessionStorage.getItem("stub-standalone")) prop("standalone", true);   // iOS Safari's own
  if (cfg.absent) { delete Navigator.prototype.storage; return; }
  const stub = window.keepStub = { asked: 0, grant: !!cfg.grant };
  const held = () => sessionStorage.getItem("stub-persisted") === "1";
  navigator.storage.persisted = () => Promise.resolve(held());
  navigator.storage.persist = () => {
    stub.asked++;
    if (stub.grant) sessionStorage.setItem("stub-persisted", "1");
    return Promise.resolve(held());
  };
})();"""

IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")

# A stand-in for Chromium's install prompt: prompt() is counted, the player accepts.
FAKE_PROMPT = """() => {
  const e = new Event("beforeinstallprompt", { cancelable: true });
  window.prompted = 0;
  e.prompt = () => { window.prompted++; return Promise.resolve({ outcome: "accepted" }); };
  e.userChoice = Promise.resolve({ outcome: "accepted", platform: "web" });
  window.dispatchEvent(e);
}"""


def _context(browser, server, **stub):
    ctx = browser.new_context(service_workers="allow", **PHONE)
    ctx.set_default_timeout(30_000)
    quick(ctx)
    ctx.add_init_script(STUB % json.dumps(stub))
    watch = Watch(server.url)
    watch.attach_context(ctx)
    page = ctx.new_page()
    watch.attach_page(page)
    return ctx, watch, page


def _shot(page, name: str, locator: str | None = None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    if locator:
        page.locator(locator).screenshot(path=str(SHOTS / f"{name}.png"))
    else:
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def _start_a_game(page) -> str:
    page.click("#new-fendo")
    page.wait_for_selector("#newgame-form")
    page.click("#start")
    page.wait_for_selector("#board")
    sid = page.url.split("#play/")[1]
    page.click('header a[href="#"]')
    page.wait_for_selector("main.home .continue")
    return sid


def _asked(page) -> int:
    page.wait_for_timeout(300)      # persist() is asked from the tap; its answer comes after
    return page.evaluate("window.keepStub.asked")


def _keep(page, state: str) -> str:
    page.wait_for_selector(f'#keep[data-keep="{state}"]')
    return page.inner_text("#keep")


def _in_first_screen(page, selector: str) -> bool:
    box = box_of(page, selector)
    return box is not None and box["y"] + box["height"] <= PHONE["viewport"]["height"]


def test_chromium_refused_then_installed_then_granted(browser, server, wait_ready):
    ctx, watch, page = _context(browser, server, grant=False)
    try:
        page.goto(server.url)
        wait_ready(page)
        # refused, no game yet: the folded warning sits in "Saved games", nothing asked at start
        assert "runs low on space" in _keep(page, "not_granted")
        assert page.locator("section.tools #keep").count() == 1 and _asked(page) == 0
        assert page.locator('#keep [data-act="recovery-download"]').count() == 0   # nothing to save yet
        _shot(page, "not-granted-no-games", "section.tools")
        # the first game saved asks once; a move saved after it does not
        sid = _start_a_game(page)
        assert _asked(page) == 1
        # now there is something to lose: the warning is above the games, folded to one line,
        # and the game to continue is still on the first screen
        _keep(page, "not_granted")
        assert page.evaluate("document.querySelector('#keep').nextElementSibling.matches('section.continue')")
        assert not page.locator("#keep").evaluate("d => d.open")
        assert _in_first_screen(page, ".continue .saved")
        _shot(page, "not-granted")
        page.click("#keep summary")
        assert "browser's menu" in page.inner_text("#keep")
        _shot(page, "not-granted-open")
        # "Download all games" saves the recovery screen's file, with the game as stored
        with page.expect_download() as dl:
            page.click("#keep-download")
        backup = json.loads(Path(dl.value.path()).read_text(encoding="utf-8"))
        stored = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_PREFIX + sid)})")
        assert backup["renardiere_backup"] == 1 and backup["keys"][SAVE_PREFIX + sid] == stored
        page.click('[data-act="lang"][data-lang="fr"]')
        page.click("#keep summary")
        assert "manque de place" in _keep(page, "not_granted")
        _shot(page, "not-granted-open-fr")
        page.click('[data-act="lang"][data-lang="en"]')
        # the browser offers its install prompt: a button; installed, the saves are asked for again
        page.evaluate(FAKE_PROMPT)
        page.wait_for_selector("#keep-install", state="attached")   # drawn anew, folded
        page.click("#keep summary")
        assert "browser's menu" not in page.inner_text("#keep")    # its button instead
        _shot(page, "not-granted-install-button")
        page.click("#keep-install")
        page.wait_for_function("window.prompted === 1")
        page.evaluate("window.keepStub.grant = true; window.dispatchEvent(new Event('appinstalled'))")
        assert "will keep your saved games" in _keep(page, "safe")
        assert _asked(page) == 2
        assert page.locator("section.tools #keep").count() == 1
        _shot(page, "safe", "section.tools")
        # granted at the next start: said at once, and never asked again
        page.reload()
        wait_ready(page)
        _keep(page, "safe")
        _start_a_game(page)
        assert _asked(page) == 0
        _shot(page, "safe-first-screen")
    finally:
        ctx.close()
    watch.check()


def test_no_storage_api(browser, server, wait_ready):
    ctx, watch, page = _context(browser, server, absent=True)
    try:
        page.goto(server.url)
        wait_ready(page)
        assert page.evaluate("!('storage' in navigator)")
        assert "does not promise" in _keep(page, "no_api")
        _start_a_game(page)             # nothing to ask, and nothing goes wrong
        _keep(page, "no_api")
        assert _in_first_screen(page, ".continue .saved")
        _shot(page, "no-api")
        page.click("#keep summary")
        _shot(page, "no-api-open")
    finally:
        ctx.close()
    watch.check()


def test_safari_on_an_iphone_in_a_tab_then_from_the_home_screen(browser, server, wait_ready):
    ctx, watch, page = _context(browser, server, ua=IPHONE, touch=5, grant=False)
    try:
        page.goto(server.url)
        wait_ready(page)
        assert "seven days" in _keep(page, "seven_days")
        _start_a_game(page)
        assert _asked(page) == 1        # Safari has persist() too: asked, but the tab stays at risk
        _keep(page, "seven_days")
        assert _in_first_screen(page, ".continue .saved")
        _shot(page, "seven-days")
        page.click("#keep summary")
        text = page.inner_text("#keep")
        assert "tap Share, then “Add to Home Screen”" in text and "Download all games" in text
        assert page.locator("#keep-install").count() == 0
        _shot(page, "seven-days-open")
        # opened from the home screen (navigator.standalone): safe, and asked at once
        page.evaluate("sessionStorage.setItem('stub-standalone', '1')")
        page.reload()
        wait_ready(page)
        _keep(page, "safe")
        assert _asked(page) == 1
        _shot(page, "safari-home-screen", "section.tools")
    finally:
        ctx.close()
    watch.check()
