"""The page's start: on a first visit the static home is made live, and the app comes after.

ui/web/boot.py (``start_on_static``): with nothing stored but the language and no screen in the
address, index.html's static home in the page's language is the home the app would draw
(tests/test_ui_static.py checks it to the character), so the page makes it live and says it is
ready; the app is made in the next task, or by the first tap, key or address that comes sooner.
Any other start draws its screen with the app before it says it is ready.  What the page showed
when it said so is read in the page itself, by an observer of body[data-ready] (a microtask,
before any later task).
"""

from __future__ import annotations

import json

# At the ready: the static copies left, the shown copy's disabled controls, "getting ready"
# lines, and whether the import field has its id back; with ``tap``, the FR button is clicked
# then, in the same microtask, before the app is made.
AT_READY = """
window.__atReady = null;
new MutationObserver((_, obs) => {
  if (document.body.dataset.ready !== "1") return;
  obs.disconnect();
  const shown = document.querySelector('#app > .static[data-l="' + document.documentElement.lang + '"]');
  window.__atReady = {
    statics: document.querySelectorAll("#app > .static").length,
    disabled: shown ? shown.querySelectorAll("[disabled]").length : -1,
    booting: shown ? shown.querySelectorAll(".booting").length : -1,
    importId: !!(shown && shown.querySelector("#import-file")),
    ids: shown ? shown.querySelectorAll("[id]").length : 0,
  };
  if (window.__tapAtReady) shown.querySelector('[data-act="lang"][data-lang="fr"]').click();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
"""


def _open(browser, open_watched, watch, server, wait_ready, *, tap=False, stored=None, hash_=""):
    ctx = browser.new_context()
    ctx.add_init_script(AT_READY + ("window.__tapAtReady = true;" if tap else ""))
    if stored:
        ctx.add_init_script("for (const [k, v] of Object.entries(%s)) localStorage.setItem(k, v);" % json.dumps(stored))
    page = open_watched(ctx, watch)
    page.goto(server.url + hash_)
    wait_ready(page)
    page.wait_for_function("window.__atReady !== null")
    return ctx, page


def test_a_first_visit_is_ready_on_the_static_home_and_the_app_comes_next(browser, open_watched, watch, server, wait_ready):
    ctx, page = _open(browser, open_watched, watch, server, wait_ready)
    at = page.evaluate("window.__atReady")
    assert at["statics"] == 2                   # both copies still there: none was drawn again
    assert at["disabled"] == 0 and at["booting"] == 0 and at["importId"]
    assert at["ids"] == 12                      # main, five "New game" buttons and five "Learn by playing" links, the import field
    # The app, made in the next task, draws home over the copies: the same page, live.
    page.wait_for_selector("#app > .static", state="detached")
    assert page.locator("#new-fendo").count() == 1 and page.locator("h1").inner_text() == "Renardière"
    page.click("#new-fendo")
    page.wait_for_selector("#start")
    ctx.close()


def test_a_tap_before_the_app_is_made_makes_it_and_is_taken(browser, open_watched, watch, server, wait_ready):
    ctx, page = _open(browser, open_watched, watch, server, wait_ready, tap=True)
    assert page.evaluate("window.__atReady.statics") == 2
    page.wait_for_function("document.documentElement.lang === 'fr'")
    page.wait_for_selector("#app > .static", state="detached")
    assert page.locator("h2").first.inner_text() == "Jeux"
    assert page.evaluate("localStorage.getItem('renardiere.lang')") == "fr"
    ctx.close()


def test_a_start_with_something_stored_or_another_screen_draws_it_first(browser, open_watched, watch, server, wait_ready):
    setup = {"renardiere.setup.fendo": json.dumps({"seats": [], "options": {}})}
    for stored, hash_ in ((setup, ""), (None, "#rules/fendo")):
        ctx, page = _open(browser, open_watched, watch, server, wait_ready, stored=stored, hash_=hash_)
        assert page.evaluate("window.__atReady.statics") == 0, (stored, hash_)
        ctx.close()
    # The language alone is no reason: the static copy in French stands for home.
    ctx, page = _open(browser, open_watched, watch, server, wait_ready, stored={"renardiere.lang": "fr"})
    assert page.evaluate("window.__atReady") == {"statics": 2, "disabled": 0, "booting": 0, "importId": True, "ids": 12}
    assert page.evaluate("document.documentElement.lang") == "fr"
    ctx.close()
