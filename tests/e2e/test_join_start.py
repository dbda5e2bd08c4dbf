"""A join link's first visit (issue 52): from the first paint, before the runtime is ready
(4.5-8.3 s on a phone), the static page says in its language that it loads the game to join,
then makes this device's answer (assets/lang.js, the .booting.joining line of index.html)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("locale, words", [("en-GB", "Loading the game to join; then this device makes its answer…"),
                                           ("fr-FR", "Chargement de la partie à rejoindre ; puis cet appareil prépare sa réponse…")])
def test_a_join_link_says_what_it_loads_before_the_runtime_is_ready(browser, server, locale, words):
    ctx = browser.new_context(service_workers="block", locale=locale, viewport={"width": 390, "height": 844})
    try:
        for part in ("pyscript", "pyodide"):          # the runtime never comes (its stylesheet does)
            ctx.route(f"**/assets/runtime/{part}/**", lambda route: route.abort())
        page = ctx.new_page()
        page.goto(server.url.rstrip("/") + "/#join/anything", wait_until="domcontentloaded")
        shown = page.locator(".static .booting:visible")
        assert shown.count() == 1 and shown.inner_text().replace("\u00a0", " ").replace("\u202f", " ") == words
        assert page.evaluate("!document.body.dataset.ready")       # Python never ran
        page.goto(server.url.rstrip("/") + "/", wait_until="domcontentloaded")   # the home says its own
        assert page.locator(".static .booting:visible").inner_text() != words
    finally:
        ctx.close()
