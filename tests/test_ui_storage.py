"""Whether the browser keeps the saves (ui/store/storage.py): from the browser's answers, made up
here, to what is asked of it and what the home page says, in both languages; and the app's
part (ui/app.py on_keep, ui/parts/play.py write) with a fake page."""

from __future__ import annotations

import html as html_
import random
import re

import pytest

from helpers.app import PAGES, DirectBot, FakePage, start_vs_bot, tap_d1_d4N
from ui.kit import i18n
from ui.store import saves, storage
from ui.app import App
from ui.store.saves import MemoryStore
from ui.store.storage import NO_API, NOT_GRANTED, SAFE, SEVEN_DAYS, Facts

UA = {
    "iphone": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    "iphone_chrome": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
    "ipad_desktop": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
    "mac_safari": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
    "mac_chrome": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "android_chrome": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    "edge": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    "firefox": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
}


@pytest.mark.parametrize("name,touch,want", [
    ("iphone", 5, (True, True)), ("iphone_chrome", 5, (True, True)), ("ipad_desktop", 5, (True, True)),
    ("mac_safari", 0, (True, False)), ("mac_chrome", 0, (False, False)), ("android_chrome", 5, (False, False)),
    ("edge", 0, (False, False)), ("firefox", 0, (False, False)), ("", 0, (False, False)),
])
def test_the_engine_is_read_from_the_user_agent(name, touch, want):
    assert storage.engine(UA.get(name, ""), touch) == want


# Every state, from the browser's answers.
STATES = {
    "granted": (Facts(api=True, persisted=True), SAFE),
    "refused": (Facts(api=True, persisted=False), NOT_GRANTED),
    "refused, installed": (Facts(api=True, persisted=False, standalone=True), NOT_GRANTED),
    "no api": (Facts(), NO_API),
    "safari tab": (Facts(api=True, persisted=True, webkit=True, ios=True), SEVEN_DAYS),
    "safari tab, no api": (Facts(webkit=True), SEVEN_DAYS),
    "safari home screen": (Facts(api=True, persisted=False, webkit=True, ios=True, standalone=True), SAFE),
    "not answered yet": (Facts(api=True), None),
}


@pytest.mark.parametrize("name", STATES)
def test_state_of_every_answer(name):
    facts, want = STATES[name]
    assert storage.state(facts) == want


def tr_of(lang):
    return lambda key, /, **p: i18n.tr(lang, key, **p)


SAYS = {  # a few words of each state's line, in each language
    SAFE: ("will keep your saved games", "gardera vos parties"),
    NOT_GRANTED: ("runs low on space", "manque de place"),
    SEVEN_DAYS: ("seven days without a visit", "sept jours sans visite"),
    NO_API: ("does not promise to keep", "ne promet pas de garder"),
}


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("name", STATES)
@pytest.mark.parametrize("has_saves", [True, False])
def test_the_home_page_says_each_state_in_each_language(name, lang, has_saves):
    facts, state = STATES[name]
    top, tools = storage.home(tr_of(lang), facts, has_saves)
    if state is None:                           # persisted() has not answered: nothing yet
        assert (top, tools) == ("", "")
        return
    html = html_.unescape(top + tools)
    assert html.count('id="keep"') == 1 and f'data-keep="{state}"' in html
    assert SAYS[state][i18n.LANGS.index(lang)] in html
    assert SAYS[state][1 - i18n.LANGS.index(lang)] not in html
    assert "keep." not in html                  # no key left untranslated
    if state == SAFE:                           # one line, in "Saved games", nothing to do
        assert top == "" and "<details" not in tools and "data-act" not in tools
        return
    # at risk: folded, above the games when there are games to lose
    assert html.startswith("<details") and "<summary>" in html and " open" not in html
    assert (top != "") == has_saves
    assert ('data-act="recovery-download"' in html) == has_saves     # nothing to download yet
    if facts.standalone:
        assert 'data-act="install"' not in html and "Renardière" not in html   # installed already
    else:
        how = (("Share", "Partager") if facts.ios else ("Dock", "Dock") if facts.webkit
               else ("browser's menu", "menu du navigateur"))
        assert how[i18n.LANGS.index(lang)] in html


def test_the_install_button_is_offered_when_the_browser_handed_its_prompt():
    tr = tr_of("en")
    top, _ = storage.home(tr, Facts(api=True, persisted=False, prompt=True), True)
    assert 'data-act="install"' in top and "browser's menu" not in top
    _, tools = storage.home(tr_of("fr"), Facts(prompt=True), False)
    assert "Installer l'application" in html_.unescape(tools)
    # installed (running from the home screen), no prompt is shown even if one was kept
    top, _ = storage.home(tr, Facts(api=True, persisted=False, prompt=True, standalone=True), True)
    assert 'data-act="install"' not in top


def test_persistent_storage_is_asked_for_once_per_reason_and_never_for_nothing():
    k = storage.Keeper()
    assert not k.ask("save")                     # persisted() has not answered yet
    k.facts = Facts(api=True, persisted=True)
    assert not k.ask("save") and not k.ask("installed")   # held already
    k.facts = Facts()
    assert not k.ask("save")                     # no API to ask
    k.facts = Facts(api=True, persisted=False)
    assert not k.ask(None) and not k.ask("start")          # a start in a tab: not asked
    assert k.ask("save") and not k.ask("save")             # the first save, once
    assert k.ask("installed") and not k.ask("installed")
    k.facts = Facts(api=True, persisted=False, standalone=True)
    assert k.ask("start") and not k.ask("start")           # a start, installed


# -- the app's part ------------------------------------------------------------------------

class KeepPage(FakePage):
    """A page whose browser answers persist() with ``grant`` and counts the asks."""

    grant = False

    def __init__(self, facts=None):
        super().__init__()
        self.facts = facts or Facts(api=True, persisted=False)
        self.asked = 0
        self.installs = 0

    def persist(self, done):
        self.asked += 1
        self.facts.persisted = self.facts.persisted or self.grant
        done(Facts(**vars(self.facts)))

    def install(self, done):
        self.installs += 1
        done(Facts(**vars(self.facts)))


def keep_app(page, store=None):
    PAGES.append(page)
    app = App(page, store if store is not None else MemoryStore(), DirectBot(), bot_delay=0,
              rng=random.Random(7))
    page.app = app
    app.boot("")
    app.on_keep(Facts(**vars(page.facts)), "start")    # what ui/web/dom.py tells once started
    return app


def test_the_first_game_saved_asks_to_keep_the_saves_once():
    page = KeepPage()
    page.grant = True
    app = keep_app(page)
    assert page.asked == 0                       # a start in a tab asks nothing
    assert 'data-keep="not_granted"' in page.html and "<details" in page.html
    start_vs_bot(app, page)
    assert page.asked == 1                       # the game's first save
    tap_d1_d4N(app)
    page.run()
    assert len(app.play.session.state.actions) == 2 and page.asked == 1   # not at every save
    page.go("#")
    assert 'data-keep="safe"' in page.html and "<details" not in page.html


def test_a_start_installed_asks_at_once_and_a_refusal_stays_said():
    page = KeepPage(Facts(api=True, persisted=False, standalone=True))
    app = keep_app(page)
    assert page.asked == 1 and 'data-keep="not_granted"' in page.html
    app.on_keep(Facts(**vars(page.facts)), "start")     # the same answer again: not asked again
    assert page.asked == 1


def test_an_install_asks_again_and_the_install_button_calls_the_prompt():
    page = KeepPage(Facts(api=True, persisted=False, prompt=True))
    app = keep_app(page)
    assert 'id="keep-install"' in page.html
    app.on_click("install", {})
    assert page.installs == 1
    page.grant = True
    app.on_keep(Facts(api=True, persisted=False), "installed")   # appinstalled
    assert page.asked == 1 and 'data-keep="safe"' in page.html


def test_download_all_from_the_warning_imports_back_on_another_device():
    page = KeepPage()
    app = keep_app(page)
    ses = start_vs_bot(app, page)
    tap_d1_d4N(app)
    page.run()
    page.go("#")
    button = re.search(r'<button[^>]*data-act="([^"]+)"[^>]*id="keep-download"', page.html)
    assert button, page.html
    app.on_click(button.group(1), {})
    name, text = page.downloads[-1]
    assert name.endswith(".json")
    other = KeepPage()
    app2 = keep_app(other)
    app2.import_text(text, name)
    assert ": 1 game imported, 0 already on this device, 0 that" in html_.unescape(other.html)
    (save, state), = app2.home.games
    assert save["record"] == app.play.session.save["record"] and state.actions == ses.state.actions
    assert saves.stored_rev(app2.store, save["id"]) is not None
