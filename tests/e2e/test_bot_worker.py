"""The bot's worker boots ahead of the bot's first move (ui/web/botworker.py).

WebKit compiles the worker's Pyodide anew (7-22 s there, against about 1 s in Chromium), so
the app starts the worker early, on the home page too: at the person's first input, or a few
quiet seconds after ready; a move asked for while it still boots waits for it (the page stays
free).  In Chromium:
  - on the home page, no game open, the worker is started (its <script>, data-bot-worker);
  - not before the person's first input, nor in the first quiet seconds;
  - a game against a bot opened from home after that is answered by that worker: no second
    start, no move on the page, the worker up before the Start tap;
  - a game opened by its link, a bot to move and a worker slow to come up (its script held
    back by the test): the bot's move waits for the worker, none is chosen on the page;
  - ``?noprewarm`` keeps the older start: nothing on the home page.
bench/bench_bot_start.py measures it in Chromium and WebKit side by side.
"""

from __future__ import annotations

import json

import pytest

from conftest import quick


WORKER_SCRIPT = 'script[type="py"][worker][name="bot"]'
STARTS = "() => performance.getEntriesByName('renardiere:worker-start').length"
ANSWERED = ("() => { const m = document.querySelector('main.play');"
            " return !!m && +m.dataset.ply >= 1 && m.dataset.thinking === undefined; }")


@pytest.fixture
def context(browser):
    """The page's context as conftest's, but with the worker's start as shipped (the other
    tests start it at the first move asked: conftest.WORKER_ON_DEMAND)."""
    ctx = browser.new_context(worker_on_demand=False, service_workers="allow",
                              viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(30_000)
    quick(ctx)
    yield ctx
    ctx.close()


def controlled(page, wait_ready, url) -> None:
    """The page loaded under its service worker (which a first visit installs): the worker's
    runtime then comes from its cache, and the app prewarms."""
    page.goto(url)
    wait_ready(page)
    if not page.evaluate("navigator.serviceWorker.controller !== null"):
        page.reload()
        wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")


def test_the_worker_boots_on_the_home_page(page, server, wait_ready):
    controlled(page, wait_ready, server.url)
    assert page.evaluate("location.hash") == "" and page.locator("main.home").count() == 1
    page.wait_for_selector(WORKER_SCRIPT, state="attached", timeout=10_000)
    assert page.evaluate("document.body.dataset.botWorker") in ("booting", "ready")
    assert page.evaluate("location.hash") == "" and page.locator("main.play").count() == 0
    # up on its own, still on home
    page.wait_for_function("document.body.dataset.botWorker === 'ready'", timeout=90_000)
    assert page.evaluate(STARTS) == 1


def test_the_worker_waits_for_the_first_input(page, server, wait_ready):
    """Not at ready: a reload in the first seconds would meet its Pyodide compiling (the quick
    reloads of bench/bench_load.py).  A key pressed starts it."""
    controlled(page, wait_ready, server.url)
    page.wait_for_timeout(2000)
    assert page.locator(WORKER_SCRIPT).count() == 0, "the worker started with no input, 2 s after ready"
    assert page.evaluate("document.body.dataset.botWorker") is None
    page.keyboard.press("Shift")
    page.wait_for_selector(WORKER_SCRIPT, state="attached", timeout=5_000)
    assert page.evaluate("location.hash") == ""


def test_a_game_from_home_is_answered_by_the_booted_worker(page, server, wait_ready):
    controlled(page, wait_ready, server.url)
    page.wait_for_function("document.body.dataset.botWorker === 'ready'", timeout=90_000)
    ready_at = page.evaluate("performance.getEntriesByName('renardiere:worker-ready')[0].startTime")
    page.click("#new-fendo")
    page.check('input[name="kind0"][value="bot"]')
    page.check('input[name="kind1"][value="human"]')
    page.evaluate("addEventListener('click', (e) => { if (e.target.closest('#start')) window.__startAt = e.timeStamp; }, true)")
    page.click("#start")
    page.wait_for_function(ANSWERED, timeout=60_000)
    assert page.evaluate("window.__startAt") > ready_at
    assert page.evaluate(STARTS) == 1, "a second worker was started"
    assert page.evaluate("document.body.dataset.botOnPage") is None, "the move was chosen on the page"
    assert page.locator(WORKER_SCRIPT).count() == 1


def test_a_bot_to_move_at_load_waits_for_the_worker(browser, server, new_watch, open_watched, wait_ready):
    """The worker's script sleeps 6 s before it is up: the bot's first move waits for it, the
    page free meanwhile, and none is chosen on the page.  (Service workers blocked, so that the
    test's route sees the worker's request.)"""
    from bench.bench_bot_start import bot_first_save

    save = bot_first_save()

    def slow(route):
        body = route.fetch().text()
        route.fulfill(status=200, content_type="text/plain; charset=utf-8",
                      body="import time\ntime.sleep(6)\n" + body)

    context = browser.new_context(worker_on_demand=False, service_workers="block")
    watch = new_watch(server.url)
    watch.attach_context(context)
    page = open_watched(context, watch)
    try:
        page.goto(server.url)
        wait_ready(page)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["renardiere.save." + save["id"], json.dumps(save)])
        context.route("**/ui/worker.py*", slow)
        page.goto("about:blank")
        page.goto(server.url + "#play/" + save["id"])
        page.wait_for_selector("main.play[data-thinking]", timeout=30_000)
        assert page.evaluate("document.body.dataset.botWorker") == "booting"
        assert page.evaluate("1 + 1") == 2            # the page answers while the bot waits
        page.wait_for_function(ANSWERED, timeout=90_000)
        assert page.evaluate("document.body.dataset.botWorker") == "ready"
        assert page.evaluate("document.body.dataset.botOnPage") is None, "a move was chosen on the page"
        watch.check()
    finally:
        context.close()


def test_noprewarm_keeps_the_older_start(page, server, wait_ready):
    controlled(page, wait_ready, server.url)
    page.goto(server.url + "?noprewarm")
    wait_ready(page)
    page.wait_for_timeout(3000)
    assert page.locator(WORKER_SCRIPT).count() == 0 and page.evaluate(STARTS) == 0
    page.click("#new-fendo")
    page.wait_for_selector(WORKER_SCRIPT, state="attached", timeout=10_000)
