"""A virtual screen reader in the page (issue 53): the test's only window on a game.

@guidepup/virtual-screen-reader (npm, pinned in package.json) builds the page's accessibility
tree as a screen reader does and speaks each item it moves to, and each change of a live
region (``polite: ...``).  :class:`Reader` drives it with a reader's commands only (next,
previous, act, press a key, type, jump by role) and hands back what it spoke; it keeps a
transcript of every command and the phrases it brought.  A test that plays through it never
reads the DOM, a selector or a coordinate.
"""

from __future__ import annotations

import re
import time

from conftest import ROOT

SOURCE = ROOT / "node_modules" / "@guidepup" / "virtual-screen-reader" / "lib" / "esm" / "index.browser.js"
_EXPORT = re.compile(r"export\s*\{[^}]*\bas virtual\b[^}]*\}")


def _script() -> str:
    """The browser build as one expression that leaves ``window.vsr`` (its ``virtual``): the
    page's policy allows evaluation but no inline module."""
    src = SOURCE.read_text(encoding="utf-8")
    export = _EXPORT.findall(src)[-1]
    name = re.search(r"([\w$]+) as virtual\b", export).group(1)
    return "(() => {" + src.replace(export, f"window.vsr = {name};") + "\n})()"


_CALL = """async ([cmd, arg]) => { const v = window.vsr, n = (await v.spokenPhraseLog()).length;
  if (cmd === 'perform') await v.perform(v.commands[arg]);
  else if (arg === null) await v[cmd](); else await v[cmd](arg);
  await new Promise((r) => setTimeout(r, 0));
  return (await v.spokenPhraseLog()).slice(n); }"""


_HEARD = """async (n) => { try { return (await window.vsr.spokenPhraseLog()).slice(n); }
                            catch (e) { return []; } }"""    # not started yet


class Reader:
    """The reader on a page; each command returns the phrases it spoke."""

    def __init__(self, page):
        self.page, self.transcript, self._seen = page, [], 0

    def start(self) -> list[str]:
        if not self.page.evaluate("() => !!window.vsr"):
            self.page.evaluate(_script())
        pending = self.heard()
        if pending:
            self.transcript.append(("(heard)", None, pending))
        self.page.evaluate("async () => { await window.vsr.stop(); await window.vsr.start({container: document.body}); }")
        self._seen = 0
        return self._do("start", None, self.heard)

    def stop(self) -> None:
        self.page.evaluate("async () => { await window.vsr.stop(); }")

    def log(self) -> list[str]:
        """Every phrase spoken since the reader started on this page."""
        return self.page.evaluate("async () => await window.vsr.spokenPhraseLog()")

    @property
    def spoken(self) -> list[str]:
        """Every phrase spoken since this Reader began, over the reader's restarts."""
        return [p for _, _, said in self.transcript for p in said]

    def _do(self, what, arg, run) -> list[str]:
        heard_between = self.heard()          # live regions spoken while we waited
        if heard_between:
            self.transcript.append(("(heard)", None, heard_between))
        said = run()
        self._seen += len(heard_between) + len(said)
        self.transcript.append((what, arg, said))
        return said

    def _call(self, cmd: str, arg=None) -> list[str]:
        return self._do(cmd, arg, lambda: self.page.evaluate(_CALL, [cmd, arg]))

    def next(self) -> list[str]:
        return self._call("next")

    def previous(self) -> list[str]:
        return self._call("previous")

    def act(self) -> list[str]:
        return self._call("act")

    def press(self, key: str) -> list[str]:
        return self._call("press", key)

    def type(self, text: str) -> list[str]:
        return self._call("type", text)

    def perform(self, command: str) -> list[str]:
        """A reader's jump, by the package's name: moveToNextHeading, moveToNextMain..."""
        return self._call("perform", command)

    def here(self) -> str:
        """The last phrase the cursor spoke (not a live region's)."""
        for what, _, said in reversed(self.transcript):
            if what != "(heard)":
                for p in reversed(said):
                    if not p.startswith(("polite: ", "assertive: ")):
                        return p
        return ""

    def seek(self, match, limit: int = 400, back: bool = False) -> str | None:
        """Moves on (or back) until the item spoken matches ``match`` (a regex or a
        function of the phrase); the phrase, or None after ``limit`` moves."""
        test = (lambda p: re.search(match, p)) if isinstance(match, str) else match
        step = self.previous if back else self.next
        for _ in range(limit):
            for p in step():
                if test(p):
                    return p
        return None

    def jump(self, command: str, match, limit: int = 40) -> str | None:
        """As :meth:`seek`, by a reader's jump (moveToNextRegion, moveToNextHeading...)."""
        test = (lambda p: re.search(match, p)) if isinstance(match, str) else match
        for _ in range(limit):
            for p in self.perform(command):
                if test(p):
                    return p
        return None

    def listen(self, match, timeout: float = 90.0) -> str:
        """Waits for a live region to speak a phrase matching ``match``; the phrase."""
        test = (lambda p: re.search(match, p)) if isinstance(match, str) else match
        end = time.monotonic() + timeout
        while True:
            for p in self.heard():
                if p.startswith(("polite: ", "assertive: ")) and test(p[p.index(": ") + 2:]):
                    return p
            if time.monotonic() > end:
                raise AssertionError(f"not heard in {timeout:.0f} s: {match}; last: {self.log()[-8:]}")
            self.page.wait_for_timeout(100)

    def heard(self) -> list[str]:
        """The phrases spoken since the last command (live regions, while waiting)."""
        return self.page.evaluate(_HEARD, self._seen)

    def text(self, turns=None) -> str:
        """The transcript as lines: each command, then what was spoken; a run of moves
        (next, previous, a jump) as one line, with the item it stopped on."""
        out, run = [], []
        for what, arg, said in (self.transcript if turns is None else turns):
            if what in ("next", "previous", "perform"):
                run.append((what if arg is None else arg, said))
                continue
            if run:
                out.append(_walk(run))
                run = []
            cmd = what if arg is None else f"{what} {arg}"
            out.append(f"> {cmd}" + "".join(f"\n  {p}" for p in said))
        if run:
            out.append(_walk(run))
        return "\n".join(out)


def _walk(run) -> str:
    """A run of moves: how many, of which kind, and the phrases of the last."""
    kinds = sorted({k for k, _ in run})
    return f"> {' / '.join(kinds)} x{len(run)}" + "".join(f"\n  {p}" for p in run[-1][1])
