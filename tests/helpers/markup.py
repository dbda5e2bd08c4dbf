"""The page's HTML as a tree (Python's own html.parser, not ui/web/morph.py's reader), and two
trees compared, element for element, attribute for attribute, text for text: what the patches
of ui/web/morph.py must keep (tests/test_morph.py; tests/e2e/conftest.py, the page's own DOM)."""

from __future__ import annotations

from html.parser import HTMLParser

from ui.web import morph

VOID = morph.VOID


class El:
    """An element: its tag, its attributes, its children (El, or str for a text)."""

    __slots__ = ("tag", "attrs", "kids")

    def __init__(self, tag, attrs):
        self.tag, self.attrs, self.kids = tag, attrs, []     # kids: El, or str (text)

    def elements(self):
        return [k for k in self.kids if isinstance(k, El)]

    def __eq__(self, other):
        return (isinstance(other, El) and self.tag == other.tag and self.attrs == other.attrs
                and texts(self.kids) == texts(other.kids))

    def __repr__(self):
        return f"<{self.tag} {self.attrs}>{self.kids!r}"


def texts(kids):
    """Adjacent text nodes as one (the parser may hand text over in pieces)."""
    out = []
    for k in kids:
        if isinstance(k, str) and out and isinstance(out[-1], str):
            out[-1] += k
        else:
            out.append(k)
    return out


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = El("", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        el = El(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].kids.append(el)
        if tag not in VOID:
            self.stack.append(el)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].kids.append(El(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag):
        assert self.stack[-1].tag == tag, (self.stack[-1].tag, tag)
        self.stack.pop()

    def handle_data(self, data):
        self.stack[-1].kids.append(data)


def page_of(html: str) -> El:
    """The tree of ``html``, under a root of tag "" (a fragment may hold several elements)."""
    r = _Reader()
    r.feed(html)
    r.close()
    assert len(r.stack) == 1
    return r.root


def same(a: El, b: El, where: str = "") -> None:
    """The two trees are alike; else fails naming the first element that differs, and how."""
    assert (a.tag, a.attrs) == (b.tag, b.attrs), f"{where or '/'}: <{a.tag} {a.attrs}> != <{b.tag} {b.attrs}>"
    ka, kb = a.elements(), b.elements()
    assert [k.tag for k in ka] == [k.tag for k in kb], f"{where or '/'}: children {[k.tag for k in ka]} != {[k.tag for k in kb]}"
    ta = [k for k in texts(a.kids) if isinstance(k, str)]
    tb = [k for k in texts(b.kids) if isinstance(k, str)]
    assert ta == tb, f"{where or '/'}: text {ta} != {tb}"
    for i, (x, y) in enumerate(zip(ka, kb)):
        same(x, y, f"{where}/{y.tag}[{i}]")
