"""The PyScript layer: the page's DOM, localStorage and files (the bot's worker: ui/web/botworker.py).

Everything the app does in the browser goes through here, so that moving from
PyScript to bare Pyodide stays a small change (``pyscript.document`` is
``js.document``; ``pyscript.workers`` is the one PyScript-only feature used).
"""

import asyncio

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window
from pyscript.ffi import is_none

from ui.web.extras import Extras, guarded, or_none


class LocalStore:
    """localStorage with the store interface of ui.store.saves."""

    def __init__(self):
        self.ls = window.localStorage

    def keys(self):
        return [str(self.ls.key(i)) for i in range(self.ls.length)]

    def get(self, key):
        v = self.ls.getItem(key)
        return v if isinstance(v, str) else None

    def set(self, key, value):
        try:
            self.ls.setItem(key, value)
        except Exception as e:   # a JsException; the stored value is left as it was
            if "quota" in f"{getattr(e, 'name', '')} {e}".lower():
                from ui.store.saves import StorageFull   # not at the start (ui/boot.py)
                raise StorageFull(str(e)) from None
            raise

    def remove(self, key):
        self.ls.removeItem(key)


def _is(el, tag: str) -> bool:
    """Whether ``el`` is there and of ``tag`` (an SVG's ``foreignObject`` as written)."""
    return el is not None and str(el.localName).lower() == tag.lower()


def _dataset(el) -> dict:
    return {str(p[0]): str(p[1]) for p in js.Object.entries(el.dataset)}


class Dom(Extras):
    def __init__(self, root):
        self.root = root
        self.app = None
        self._listeners = {}      # kind: (target, handler), bind's listeners
        self._listener = None     # their one proxy
        self._tasks = set()
        self._refocus = None   # a [data-keys] group id ("*": any) to focus once drawn
        self._focus_back = ""  # what had the focus before a dialog took it (_dialog_focus)
        self._drawn = None     # what the page shows: a morph.Tree, its HTML not read yet, or None
        self._lit = ""         # the lit places last brought into view, and the words they follow

    # -- output -------------------------------------------------------------------

    def render(self, html, fresh=False):
        """Redraws the screen: only what changed since the last drawing, or all of it on a
        new screen (``fresh``).  The focus stays on the element of the same id; when that
        is gone (a card just played, the Fox's Keep button), it goes to the first usable
        button of its ``[data-keys]`` group (else of the screen's first group) as soon as
        one is drawn, so a keyboard player never falls back to the top of the page.  On a
        walkable board (``[data-roving]``, ui.kit.roving) the focus on the cursor follows it: to
        the cell now of ``tabindex="0"``, whose name the screen reader then speaks.  A board drawn wider than the screen ("Bigger cells") keeps its sideways scroll."""
        active = or_none(document.activeElement)
        on_body = active is None or bool(js.Object.is_(active, document.body))
        focus_id = "" if on_body else str(active.id or "")
        grid = or_none(active.closest("[data-roving]")) if not on_body and hasattr(active, "closest") else None
        # the focus on a walkable board's tab stop (its cursor): it follows the cursor; on another
        # of its cells (a screen reader's own cursor may put it there) it stays
        roving = str(grid.id or "") if grid is not None and str(active.getAttribute("tabindex")) == "0" else ""
        group = None
        if not on_body:
            g = or_none(active.closest("[data-keys]")) if hasattr(active, "closest") else None
            group = str(g.id or "") if g is not None else "*"
            self._refocus = None          # the player is somewhere: follow them from here
        strip = or_none(self.root.querySelector(".play-board"))
        across = strip.scrollLeft if strip is not None else 0   # a board wider than the phone
        was_open = or_none(self.root.querySelector("[data-takes-focus]")) is not None
        self._write(html, fresh)
        if across:
            strip = or_none(self.root.querySelector(".play-board"))
            if strip is not None:
                strip.scrollLeft = across
        el = or_none(document.getElementById(focus_id)) if focus_id else None
        if el is None and not on_body and (focus_id or group != "*"):
            self._refocus = group         # what had the focus is gone
        if el is None and self._refocus:
            box = or_none(document.querySelector("[data-keys]") if self._refocus == "*"
                      else document.getElementById(self._refocus))
            if box is not None and box.hasAttribute("data-keys"):
                el = or_none(box.querySelector(".legal")) or or_none(box.querySelector("button"))
        if roving:        # a walkable board (ui.kit.roving): the focus goes to its cursor's new cell
            grid = or_none(document.getElementById(roving))
            el = (or_none(grid.querySelector('[tabindex="0"]')) if grid is not None else None) or el
        if el is not None:
            self._refocus = None
            if not js.Object.is_(el, document.activeElement):
                el.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))
        self._dialog_focus(was_open, focus_id)
        scroller = or_none(document.getElementById("moves-scroll"))
        if scroller is not None:
            scroller.scrollTop = scroller.scrollHeight
        self._show_lit()

    def _dialog_focus(self, was_open, focus_id):
        """A dialog that takes the focus (``data-takes-focus``: the keys' help) gets it when
        it opens, and gives it back when it closes, to what had it (else the board's tab
        stop, else ``<main>``)."""
        dialog = or_none(self.root.querySelector("[data-takes-focus]"))
        if dialog is not None and not was_open:
            self._focus_back = focus_id
            first = or_none(dialog.querySelector("button, a[href]"))
            if first is not None:
                first.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))
        elif dialog is None and was_open:
            back = self._focus_back
            el = or_none(document.getElementById(back)) if back else None
            el = el or or_none(self.root.querySelector('[data-roving] [tabindex="0"]')) or or_none(document.getElementById("main"))
            self._focus_back = ""
            if el is not None:
                if not el.hasAttribute("tabindex") and str(el.tagName).lower() == "main":
                    el.setAttribute("tabindex", "-1")
                el.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))

    def _show_lit(self):
        """Newly lit places (``data-hint``: a hint, a lesson's step) and the words that
        describe them (their ``aria-describedby``) in view together, by one scroll of the page
        if they are not: on a phone a step's words at the top and its card at the bottom of
        the hand would otherwise ask for a scroll between reading and tapping.  Only when
        what is lit, its words, or where it lies on the page change: a person's own scroll is
        kept between drawings."""
        lit = [el for el in self.root.querySelectorAll("[data-hint]") if el.getClientRects().length]
        words = or_none(document.getElementById(str(lit[0].getAttribute("aria-describedby") or ""))) if lit else None
        # where the lit places lie on the page (not on the screen: a person's scroll moves
        # nothing here), so that words growing above them (a lesson's note) count too
        key = (" ".join(f"{el.id}@{round(el.getBoundingClientRect().top + window.scrollY)}" for el in lit)
               + "|" + (str(words.textContent) if words is not None else ""))
        if key == self._lit:
            return
        self._lit = key
        if not lit:
            return
        # first inside the boxes that scroll of their own: a lesson's bar beside the table, a
        # table wider than its column (Onexeno's); then the page
        nearest = to_js({"block": "nearest", "inline": "nearest"}, dict_converter=js.Object.fromEntries)
        for el in ([words] if words is not None else []) + lit:
            el.scrollIntoView(nearest)
        if words is not None and self._stuck(words) is not None:
            words = None                         # in a bar that stays on the screen: the page's scroll moves it not
        boxes = [el.getBoundingClientRect() for el in ([words] if words is not None else []) + lit]
        top, bottom = min(b.top for b in boxes), max(b.bottom for b in boxes)
        height = window.innerHeight
        if top < 0 or bottom > height:
            if bottom - top > height:            # they cannot all be seen: the lit places first
                top = min(b.top for b in boxes[1 if words is not None else 0:])
                bottom = top + height
            window.scrollBy(0, top - (height - (bottom - top)) / 2)
        self._uncover(lit)

    @staticmethod
    def _stuck(el):
        """The element, or its nearest ancestor, that sticks to the screen (sticky or fixed), if any."""
        while el is not None:
            if str(window.getComputedStyle(el).position) in ("sticky", "fixed"):
                return el
            el = or_none(el.parentElement)
        return None

    def _on_focus(self, ev):
        """What the keyboard focuses is never left under a bar that sticks to the screen's edge
        (WCAG 2.2's 2.4.11): checked once the browser has scrolled it into view."""
        el = or_none(ev.target)
        if el is not None and hasattr(el, "matches") and el.matches(":focus-visible"):
            window.requestAnimationFrame(create_once_callable(guarded(lambda _t: self._uncover([el]))))

    @staticmethod
    def _uncover(lit):
        """A lit place, or the focus, under something that sticks to the screen's edge (the
        status bar at the bottom of a phone's screen, over the board's last row): the page
        scrolls it clear.  Looked at in a few points of it, not its centre alone: the centre of
        a card in a fanned hand lies under the next card, its foot may lie under the bar."""
        for el in lit:
            b = el.getBoundingClientRect()
            for fx, fy in ((.5, .5), (.15, .9), (.5, .9), (.15, .1), (.5, .1)):
                at = or_none(document.elementFromPoint(b.left + b.width * fx, b.top + b.height * fy))
                bar = Dom._stuck(at) if at is not None and not el.contains(at) and not at.contains(el) else None
                if bar is not None and not bar.contains(el):
                    c = bar.getBoundingClientRect()
                    below = c.top + c.bottom > window.innerHeight      # stuck to the bottom edge
                    window.scrollBy(0, b.bottom - c.top + 8 if below else b.top - c.bottom - 8)
                    return

    MAX_PATCHES = 200       # more than this: the page is written whole
    REREAD = 30             # drawings read with the last one's tree, then one read afresh

    def _write(self, html, fresh=False):
        """Writes the screen into the page: only the elements that differ from the last
        drawing (ui/web/morph.py), else all of it.  The page then keeps what a person did to the
        rest: the focus, a scroll, a field being typed in; and the browser styles, lays out
        and paints a card, not the whole table again.  A new screen is written whole, and
        read only when it is drawn again (so the start imports no morph)."""
        last, tree = (None if fresh else self._drawn), None
        if last is not None and (last if isinstance(last, str) else last.html) == html:
            return                              # drawn again as it is: nothing to write
        if last is not None:
            from ui.web import morph
            try:
                if isinstance(last, str):       # a new screen's drawing, read now
                    last = morph.parse(last)
                tree = morph.parse(html, last if last.reads < self.REREAD else None)
            except morph.Unreadable:
                tree = None
        patches = morph.diff(last, tree) if tree is not None else None
        if patches is None or len(patches) > self.MAX_PATCHES or not self._patch(patches):
            self.root.innerHTML = html
        self._drawn = tree if tree is not None else html
        if getattr(window, "renardiereKeepDrawn", False):    # the browser tests compare the
            window.renardiereDrawn = html                    # page with it (as_drawn)

    def warm(self) -> None:
        """Imports the redraws' reader once the page is idle (ui/web/boot.py)."""
        from ui.web import morph  # noqa: F401  (imported ahead of the first redraw)

    def _patch(self, patches) -> bool:
        """Applies the patches; False as soon as the page's elements are not the ones the
        last drawing says (something else changed the page): then it is written whole."""
        from ui.web import morph

        for p in patches:
            el = self.root
            for i, tag in zip(p.path, p.tags):
                el = or_none(el.children.item(i))
                if not _is(el, tag):
                    return False
            if isinstance(p, morph.Attrs):
                for name, value in p.set.items():
                    el.setAttribute(name, value)
                for name in p.drop:
                    el.removeAttribute(name)
            elif isinstance(p, morph.Splice):
                kids = el.children
                for tag in p.gone:
                    kid = or_none(kids.item(p.index))
                    if not _is(kid, tag):
                        return False
                    kid.remove()
                if p.html:
                    after = or_none(kids.item(p.index))
                    if after is None:
                        el.insertAdjacentHTML("beforeend", p.html)
                    else:
                        after.insertAdjacentHTML("beforebegin", p.html)
            elif p.path:
                el.outerHTML = p.html
            else:
                el.innerHTML = p.html
        return True

    _pairs = None           # PairChannel: answers handed over from this device's other tabs
    peers = None            # Peers: the app's channels to other devices
    later = None            # a first visit's app, not made yet (ui/web/boot.py, start_on_static)

    def post_pair(self, text):
        self._open_pairs()      # an answer link opened here, at the start: before bind's timer
        if self._pairs is not None:
            self._pairs.post(text)

    _scanner = None

    def _camera(self):
        if self._scanner is None:
            from ui.web.channels import Scanner      # the camera: only where a code is scanned
            self._scanner = Scanner()
        return self._scanner

    def scan(self, labels, on_text, live=None, on_refused=None):
        """Films for a QR code until ``on_text(text)`` returns True, or the person closes the
        box; ``live``: in the page's ``<video id=live>`` instead, until :meth:`scan_stop`."""
        scanner = self._camera()

        def read(text):
            if on_text(text):
                scanner.stop()

        if live is None:
            self.spawn(scanner.start(labels, read))
        else:
            self.spawn(scanner.live(live, read, on_refused or (lambda: None)))

    def scan_stop(self):
        if self._scanner is not None:
            self._scanner.stop()

    async def ensure(self, what):
        """Loads what play across devices needs, the first time: "rtc", "qr"."""
        if what == "rtc":
            from ui.web.channels import Peers, load_script
            await load_script(Peers.SCRIPT)
        elif what == "qr":
            from ui.net import qr
            await qr.ready(_fetch_bytes)

    def now(self) -> float:
        """The page's clock in seconds, the one of the events' ``timeStamp``."""
        return float(js.performance.now()) / 1000

    def to_top(self, at=None):
        """A new screen starts at its top, with the focus on its heading (else on ``<main>``):
        a keyboard or screen-reader user starts reading there, not where the last screen's
        button was.  ``at``: the id of a heading to start from instead (a rules section)."""
        window.scrollTo(0, 0)
        head = (or_none(self.root.querySelector(f"main h2#{at}")) if at else None) or \
            or_none(self.root.querySelector("main h1")) or or_none(self.root.querySelector("main"))
        if head is not None:
            if at:
                head.scrollIntoView()
            if not head.hasAttribute("tabindex"):
                head.setAttribute("tabindex", "-1")
            head.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))

    def announce(self, text):
        """Tells a move to screen readers through ``#announce``, a live region that lives
        outside ``#app`` so that no redraw replaces it (a region must already be in the page
        when its text changes to be read).  The same text twice gets a no-break space, so
        that it changes, and is read, again."""
        el = or_none(document.getElementById("announce"))
        if el is not None and text:
            el.textContent = text + ("\u00a0" if str(el.textContent) == text else "")

    def warn(self, text):
        js.console.warn("Renardière: " + text)

    def set_lang(self, lang):
        document.documentElement.lang = lang

    def set_title(self, text):
        document.title = text

    def go(self, hash_):
        current = str(window.location.hash or "")
        if current.lstrip("#") == hash_.lstrip("#"):
            self.app.route(hash_)
        else:
            window.location.hash = hash_

    def replace(self, hash_):
        """Like :meth:`go`, but in place of the address on screen (``history.replaceState``):
        Back skips it.  For a move link, which must not be gone back to."""
        current = str(window.location.hash or "")
        if current.lstrip("#") != hash_.lstrip("#"):
            url = str(window.location.href).split("#")[0] + "#" + hash_.lstrip("#")
            window.history.replaceState(window.history.state, "", url)
        self.app.route(hash_)

    def spawn(self, coro):
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def sleep(self, seconds):
        await asyncio.sleep(seconds)

    def download(self, filename, text):
        blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        a = document.createElement("a")
        a.href = url
        a.download = filename
        document.body.appendChild(a)
        a.click()
        a.remove()
        js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 2000)

    def share(self, url, title, text, done):
        """Offers ``url`` to send: the system's share sheet (Web Share API) where the device
        has one, else the clipboard.  ``done("shared" | "copied" | "shown")`` says what
        happened ("shown": neither worked, or the sheet was closed; the page shows the link).
        Called straight from the click, so that the browser sees the user's gesture."""
        nav = window.navigator
        kind, promise = "shown", None
        try:
            if js.Reflect.has(nav, "share"):
                data = to_js({"url": url, "title": title, "text": text}, dict_converter=js.Object.fromEntries)
                if not js.Reflect.has(nav, "canShare") or nav.canShare(data):
                    kind, promise = "shared", nav.share(data)
            if promise is None and js.Reflect.has(nav, "clipboard") and or_none(nav.clipboard) is not None:
                kind, promise = "copied", nav.clipboard.writeText(url)
        except Exception:
            kind, promise = "shown", None
        if promise is None:
            done("shown")
            return

        async def wait():
            try:
                await promise
            except Exception:   # the sheet was closed, or the clipboard refused
                done("shown")
                return
            done(kind)

        self.spawn(wait())

    # -- input --------------------------------------------------------------------------

    def bind(self, app):
        self.app = app
        listeners = (
            (self.root, "click", self._on_click),
            (document, "keydown", self._on_key),   # a replay's arrows work with the focus anywhere
            (self.root, "change", self._on_change),
            (self.root, "input", self._on_input),
            (self.root, "submit", self._on_submit),
            (window, "hashchange", self._on_hash),
            (window, "storage", self._on_storage),
            (window, "renardiere-update", self._on_update),
            (window, "renardiere-install", self._on_install),      # assets/register-sw.js
            (window, "renardiere-installed", self._on_install),
            (self.root, "pointerdown", self._on_press),
            (document, "pointerup", self._end_press),
            (document, "pointercancel", self._end_press),
            (document, "pointermove", self._move_press),
            (self.root, "contextmenu", self._on_context),
            (document, "focusin", self._on_focus),
        )
        # One proxy for them all, each event to its kind's handler: a proxy is made by a call
        # into the runtime, which a first visit's start pays before it is ready.
        self._listeners = {kind: (target, fn) for target, kind, fn in listeners}
        self._listener = create_proxy(guarded(self._dispatch))
        for kind, (target, _) in self._listeners.items():
            target.addEventListener(kind, self._listener)
        # A guest's answer link, opened in another tab: listened for from the task after this
        # start's, which it would add about 4 ms to on a cold start.
        window.setTimeout(create_once_callable(guarded(self._open_pairs)), 0)
        if getattr(window, "renardiereUpdateWaiting", False):   # found before Python was up
            app.on_update()
        self.spawn(self._tell_keep("start"))    # runs once this start's work is done

    def _open_pairs(self):
        """Listens for answers handed over by this device's other tabs (once bound, not after unbind)."""
        if self._listener is None or self._pairs is not None or not js.Reflect.has(window, "BroadcastChannel"):
            return
        from ui.web.channels import PairChannel
        self._pairs = PairChannel(self.app.on_answer)

    def _dispatch(self, ev):
        return self._listeners[str(ev.type)][1](ev)

    def unbind(self):
        """Takes this page's listeners off and cancels its tasks (a bot awaited, a hold's
        pause): the app it served does nothing more.  For the browser tests' restart of a
        page already started (ui/web/boot.py)."""
        self._end_press(None)
        for kind, (target, _) in self._listeners.items():
            target.removeEventListener(kind, self._listener)
        self._listeners = {}
        if self._listener is not None:
            self._listener.destroy()
            self._listener = None
        if self._pairs is not None:
            self._pairs.close()
            self._pairs = None
        if self.peers is not None:
            self.peers.stop()
        for task in list(self._tasks):
            task.cancel()

    # A long press on an element with ``data-hold`` (a card) sends that act instead of its tap:
    # the card is explained, not played.  The click that ends the press is swallowed, whatever
    # it lands on: the explanation's redraw has replaced the card under the finger, so the
    # element pressed is gone and the click finds its copy (issue 27).
    HOLD_MS = 500
    _press = None           # (element, x, y, timer id) while a finger rests on one
    _held = False           # this press's hold fired: its click is not a tap (reset at the next press or key)

    def _holdable(self, ev):
        target = or_none(ev.target)
        el = or_none(target.closest("[data-hold]")) if target is not None and hasattr(target, "closest") else None
        return el if el is not None and self.root.contains(el) else None

    def _on_press(self, ev):
        self._end_press(None)
        self._held = False
        el = self._holdable(ev)
        if el is None or (ev.pointerType == "mouse" and ev.button != 0):
            return
        proxy = create_once_callable(guarded(lambda: self._fire_press(el)))
        self._press = (el, float(ev.clientX), float(ev.clientY), window.setTimeout(proxy, self.HOLD_MS))

    def _move_press(self, ev):
        p = self._press
        if p is not None and abs(float(ev.clientX) - p[1]) + abs(float(ev.clientY) - p[2]) > 12:
            self._end_press(None)        # a swipe along the hand, not a press

    def _end_press(self, ev):
        if self._press is not None:
            window.clearTimeout(self._press[3])
            self._press = None

    def _fire_press(self, el):
        self._press = None
        self._held = True
        data = _dataset(el)
        act = data.pop("hold")
        data.pop("act", None)
        self.app.on_click(act, data)

    def _on_context(self, ev):
        if self._holdable(ev) is not None:
            ev.preventDefault()          # a phone's long press: ours, not the browser's menu

    def _on_click(self, ev):
        if self._held:
            self._held = False
            return                       # the end of a long press: it explained, it plays nothing
        target = or_none(ev.target)
        if target is None or not hasattr(target, "closest"):
            return
        link = or_none(target.closest("[data-quiet] a[href]"))
        if link is not None and self.root.contains(link) and self.app.too_soon(float(ev.timeStamp) / 1000):
            ev.preventDefault()          # it appeared under a double tap's finger: not followed
            return
        el = or_none(target.closest("[data-act]"))
        if el is None or not self.root.contains(el):
            return
        if str(el.tagName).lower() in ("input", "select", "form", "textarea", "label"):
            return
        data = _dataset(el)
        self.app.on_click(data.pop("act"), data, float(ev.timeStamp) / 1000)

    def _on_key(self, ev):
        self._held = False               # a mouse's hold ends with no click: Enter's click is a tap
        if ev.ctrlKey or ev.metaKey or ev.altKey:
            return
        target = or_none(ev.target)
        tid = str(target.id or "") if target is not None else ""
        key = str(ev.key)
        dialog = or_none(self.root.querySelector("[data-takes-focus]")) if key == "Tab" else None
        if dialog is not None:           # a dialog that took the focus keeps it: Tab goes round inside
            items = js.Array.from_(dialog.querySelectorAll("button, a[href]"))
            n = int(items.length)
            if n:
                i = int(items.indexOf(target))
                items[(i + (-1 if ev.shiftKey else 1)) % n if i >= 0 else 0].focus()
            ev.preventDefault()
            return
        grid = or_none(target.closest("[data-roving]")) if target is not None and hasattr(target, "closest") else None
        tapped = grid is not None and key in ("Enter", " ") and target.hasAttribute("data-act")
        if grid is not None and key != "Tab" and not tapped:   # Enter taps the cell with the focus (below)
            tid = str(grid.id or "")     # a cell of a walkable board (ui.kit.roving): its keys are the board's
            said = "Shift+" + key if ev.shiftKey and key.startswith("Arrow") else key   # a hex board's diagonals
            cell = str(target.getAttribute("data-cell") or "") or None    # from the cell with the focus
            if self.app.on_key(said, tid, cell):
                ev.preventDefault()
            return
        if key in ("ArrowLeft", "ArrowRight", "Home", "End") and target is not None and hasattr(target, "closest"):
            group = or_none(target.closest("[data-keys]"))
            if group is not None:     # a hand of cards, a row of columns: arrows walk it
                items = js.Array.from_(group.querySelectorAll("button"))
                i, n = int(items.indexOf(target)), int(items.length)
                if i >= 0:
                    j = {"ArrowLeft": i - 1, "ArrowRight": i + 1, "Home": 0, "End": n - 1}[key]
                    items[max(0, min(n - 1, j))].focus()
                    ev.preventDefault()
                    return
        tag = str(target.tagName or "").lower() if target is not None else ""
        if (key in ("Enter", " ") and target is not None and tag not in ("button", "a", "input", "select", "textarea")
                and target.hasAttribute("data-act") and target.hasAttribute("tabindex")):
            # a focusable cell of a board drawn as SVG (role=button): Enter or Space taps it
            data = _dataset(target)
            ev.preventDefault()
            self.app.on_click(data.pop("act"), data, float(ev.timeStamp) / 1000)
            return
        if tid != "board" and key != "Escape" and not (
                tag not in ("input", "select", "textarea") and self.app.takes_key(key)):
            return
        if self.app.on_key(key, tid):
            ev.preventDefault()

    def _field(self, ev):
        el = or_none(ev.target)
        if el is None or not hasattr(el, "getAttribute") or str(el.getAttribute("data-act") or "") not in ("form", "import"):
            return None         # a field of no form of the app's (the answer pasted: sent with its form)
        return el

    def _on_change(self, ev):
        el = self._field(ev)
        if el is None:
            return
        if str(el.dataset.act) == "import":
            files = or_none(el.files)
            if files is not None and files.length:
                self.spawn(self._import(el, files.item(0)))
            return
        if str(el.type) != "text":
            self.app.on_form(str(el.name), str(el.value))

    def _on_input(self, ev):
        el = self._field(ev)
        if el is not None and str(el.type) == "text":
            self.app.on_form(str(el.name), str(el.value))

    def _on_submit(self, ev):
        """A form sent: the new game's (``start``), or another's act with its fields' values
        (the answer pasted into an invitation: ``pair``)."""
        ev.preventDefault()
        form = or_none(ev.target)
        act = str(form.dataset.act or "") if form is not None else ""
        if act == "start":
            self.app.on_click("start", {})
        elif act:
            fields = {str(el.name): str(el.value) for el in form.elements if str(el.name or "")}
            self.app.on_click(act, fields)

    def _on_hash(self, ev):
        self.app.route(str(window.location.hash or ""))

    def _on_storage(self, ev):
        """Another tab wrote localStorage (this tab's own writes fire nothing here)."""
        key = or_none(ev.key)
        self.app.on_storage(None if key is None else str(key))

    def _on_update(self, ev):
        self.app.on_update()

    def update_now(self):
        """Lets the waiting service worker take over; register-sw.js then reloads the page."""
        apply = getattr(window, "renardiereApplyUpdate", None)
        if apply is not None and not is_none(apply):
            apply()
        else:
            window.location.reload()

    async def _import(self, el, file):
        text = str(await file.text())
        name = str(file.name)
        el.value = ""
        self.app.import_text(text, name)


async def _fetch_bytes(url: str) -> bytes:
    """The bytes at ``url``, by the page's ``fetch()`` (segno's wheel: ui/net/qr.py, ready)."""
    response = await js.fetch(url)
    if not response.ok:
        raise RuntimeError(f"{url}: HTTP {response.status}")
    return (await response.arrayBuffer()).to_bytes()
