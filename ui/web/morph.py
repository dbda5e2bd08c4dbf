"""What changed between two drawings of a screen: the few elements to write again, not the page.

The shell draws a whole screen as one string of HTML.  Writing it all into the page on every
frame (``innerHTML``) makes the browser parse, style, lay out and paint the whole table again,
one card added or not: at move 310 of Onexeno, 73 kB of table on each of four devices.  Here
the new string is compared with the last one, element by element, and only what differs is
handed to the page: an element written anew (its ``outerHTML``), or an element whose own tag
changed but whose content did not (its attributes), or a run of children taken out or put
in (a card added to the table, a line to the log).  Pure Python, no DOM: ui/web/dom.py applies
the patches; tests/test_morph.py checks them on CPython against a model of the page.

It reads only the HTML the shell writes: well formed, attributes quoted, no comments.  What
the browser's parser would build otherwise than the string says (a ``<table>`` gets a
``<tbody>``; a ``<p>`` ends at a ``<div>``) is never entered: such an element is written anew
as a whole when it changes.  Form fields too, whose state (a value typed, a box ticked) lives
apart from their attributes.

>>> old = '<main id="m" data-ply="4"><p>Hello</p><div><b>1</b><i>2</i></div></main>'
>>> new = '<main id="m" data-ply="5"><p>Hello</p><div><b>1</b><i>3</i></div></main>'
>>> for patch in diff(parse(old), parse(new)): print(patch)
Attrs(path=(0,), set={'data-ply': '5'}, drop=(), tags=('main',))
Write(path=(0, 1, 1), html='<i>3</i>', tags=('main', 'div', 'i'))
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from html import unescape

VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
RAW = frozenset(("script", "style", "textarea", "title"))   # text up to their end tag
# Never entered: the parser rebuilds their content (tables), or a person's input lives in them.
WHOLE = frozenset("table thead tbody tfoot tr select option input textarea p".split())

_START = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)")
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*?)(/?)>")
_ATTR = re.compile(r"""([^\s"'=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?""")


class Unreadable(ValueError):
    """HTML this module does not read (unbalanced tags): the page is written whole."""


class Node:
    """An element: its tag, the string it was read from (``src``), where its outer HTML starts
    and ends there and where its open tag ends, its child elements, and where each child
    stands in ``src`` (``spans``: a child taken from the last tree was read from another
    string).  The root (tag "") is a whole string."""

    __slots__ = ("tag", "src", "start", "open_end", "end", "kids", "spans")

    def __init__(self, tag: str, src: str, start: int, open_end: int):
        self.tag, self.src, self.start, self.open_end, self.end = tag, src, start, open_end, start
        self.kids, self.spans = [], []

    def outer(self) -> str:
        return self.src[self.start:self.end]


class Tree:
    """A parsed string: ``html`` and its ``root``.  ``reads``: how many parses since one that
    reused nothing (see :func:`parse`)."""

    __slots__ = ("html", "root", "reads")

    def __init__(self, html: str, root: Node, reads: int = 0):
        self.html, self.root, self.reads = html, root, reads


def parse(html: str, last: Tree | None = None) -> Tree:
    """The element tree of ``html`` (raises Unreadable).

    With ``last``, the tree of the drawing before, an element found unchanged at the place of
    its twin is not read again: the twin's node (and all below it) is taken as it is, still
    reading from the last string.  That is most of a table from one move to the next, so a
    frame costs what changed, not the size of the page; each node keeps its string alive, so
    the caller reads the whole string afresh now and then (``Tree.reads``).

    Each tag is found by its name and the next ``>``; only a tag whose quotes do not pair up
    there (a ``>`` inside a quoted value) is read by the slower pattern that knows quotes."""
    root = top = Node("", html, 0, 0)
    # per open element: (node, its twin in the last tree or None, the twin's next child)
    stack = [[root, last.root if last is not None else None, 0]]
    twin = stack[0][1]
    pos = 0
    search, find, count, startswith = _START.search, html.find, html.count, html.startswith
    while True:
        m = search(html, pos)
        if m is None:
            break
        start = m.start()
        slash, tag = m.groups()
        if twin is not None and not slash:
            # the twin's children near where this one stands: unchanged, or one taken out
            kids, at = twin.kids, stack[-1][2]
            found = None
            for i in range(max(at - 1, 0), min(at + 3, len(kids))):
                k = kids[i]
                if k.tag == tag and startswith(k.src[k.start:k.end], start):
                    found = i
                    break
            if found is not None:
                k = kids[found]
                pos = start + k.end - k.start
                top.kids.append(k)
                top.spans.append((start, pos))
                stack[-1][2] = found + 1
                continue
        end = find(">", start) + 1
        if not end:
            raise Unreadable(f"a tag never ends at {start}")
        if count('"', start, end) & 1 or count("'", start, end) & 1:
            full = _TAG.match(html, start)
            if full is None:
                raise Unreadable(f"a tag never ends at {start}")
            end = full.end()
        if slash:
            if top.tag != tag or top is root:
                raise Unreadable(f"</{tag}> closes <{top.tag}> at {start}")
            top.end = end
            stack.pop()
            parent = stack[-1][0]
            parent.spans[-1] = (top.start, end)
            top, twin = parent, stack[-1][1]
        else:
            node = Node(tag, html, start, end)
            top.kids.append(node)
            if tag in VOID or html[end - 2] == "/":
                node.end = end
                top.spans.append((start, end))
            elif tag in RAW:
                close = find(f"</{tag}>", end)
                if close < 0:
                    raise Unreadable(f"<{tag}> never closed")
                node.end = end = close + len(tag) + 3
                top.spans.append((start, end))
            else:
                top.spans.append(None)          # its end: when its end tag is read
                # its twin: the last tree's child where it stands, if of its tag (it changed)
                mine = None
                if twin is not None:
                    kids, at = twin.kids, stack[-1][2]
                    if at < len(kids) and kids[at].tag == tag:
                        mine = kids[at]
                        stack[-1][2] = at + 1
                stack.append([node, mine, 0])
                top, twin = node, mine
        pos = end
    if top is not root:
        raise Unreadable(f"<{top.tag}> never closed")
    root.end = len(html)
    return Tree(html, root, last.reads + 1 if last is not None else 0)


def attrs(open_tag: str) -> dict:
    """The attributes of an open tag: names as written (an SVG's ``viewBox`` is not
    ``viewbox``), values with their entities read."""
    inside = open_tag[1:-1].rstrip("/")
    inside = inside[len(inside) - len(inside.lstrip()):]
    space = re.search(r"\s", inside)
    out = {}
    if space:
        for m in _ATTR.finditer(inside, space.start()):
            value = m.group(2) if m.group(2) is not None else m.group(3) if m.group(3) is not None else m.group(4)
            out[m.group(1)] = "" if value is None else unescape(value)
    return out


@dataclass(frozen=True)
class Write:
    """Write the element at ``path`` anew (``outerHTML``); the root's path () is the whole page
    (``innerHTML``).  ``tags``: the tag of each element along the path, for the page to check
    that its elements are the ones the string says."""
    path: tuple
    html: str
    tags: tuple = ()


@dataclass(frozen=True)
class Attrs:
    """The element at ``path`` keeps its content; its attributes change: ``set`` and ``drop``."""
    path: tuple
    set: dict
    drop: tuple
    tags: tuple = ()


@dataclass(frozen=True)
class Splice:
    """At ``path``, the children from ``index`` on whose tags are ``gone`` are taken out, and
    ``html`` goes in their place (a card added to a hand, a line to the log)."""
    path: tuple
    index: int
    gone: tuple
    html: str
    tags: tuple = ()


def _inner_end(n: Node) -> int:
    """Where the content of ``n`` ends: before its end tag (an empty element has none)."""
    return n.end if n.end == n.open_end or not n.tag else n.end - len(n.tag) - 3


def diff(old: Tree, new: Tree) -> list:
    """The patches that turn the page drawn from ``old`` into one drawn from ``new``, in the
    order to apply them (a path counts element children, as ``el.children`` does)."""
    out: list = []
    _diff(old.root, new.root, (), (), out)
    return out


def _texts(n: Node) -> list:
    """The text before each child of ``n``, then after the last."""
    src, out, at = n.src, [], n.open_end
    for start, end in n.spans:
        out.append(src[at:start])
        at = end
    out.append(src[at:_inner_end(n)])
    return out


def _diff(a: Node, b: Node, path: tuple, tags: tuple, out: list) -> None:
    if a is b:                       # taken as it was by parse(html, last)
        return
    outer = b.outer()
    if path and a.outer() == outer:
        return
    if path and (a.tag != b.tag or a.tag in WHOLE or a.tag in RAW):
        out.append(Write(path, outer, tags))
        return
    ka, kb, ta, tb = a.kids, b.kids, _texts(a), _texts(b)
    if any(ta) or any(tb):
        # text among the children: entered one for one only, where nothing moved
        runs = [(0, len(ka), 0, len(kb))] if ta == tb and len(ka) == len(kb) else None
    else:
        runs = _runs([k.outer() for k in ka], [k.outer() for k in kb])
    if runs is None:
        out.append(Write(path, outer, tags))
        return
    if path and a.src[a.start:a.open_end] != b.src[b.start:b.open_end]:
        was, now = attrs(a.src[a.start:a.open_end]), attrs(b.src[b.start:b.open_end])
        out.append(Attrs(path, {k: v for k, v in now.items() if was.get(k) != v},
                         tuple(k for k in was if k not in now), tags))
    # from the last run to the first, so that a splice never moves a child a patch still names
    for i0, i1, j0, j1 in reversed(runs):
        if i1 - i0 == j1 - j0:
            for i in range(i1 - 1, i0 - 1, -1):
                _diff(ka[i], kb[j0 + i - i0], path + (i,), tags + (ka[i].tag,), out)
        else:
            out.append(Splice(path, i0, tuple(k.tag for k in ka[i0:i1]),
                              "".join(k.outer() for k in kb[j0:j1]), tags))


def _runs(old: list, new: list):
    """The runs of children that differ, as (old from, old to, new from, new to), between the
    children found alike in both (each one of a kind on both sides, in the same order: the
    longest such chain); None if too little is alike to be worth it."""
    if old == new:
        return []
    once_old, once_new = {}, {}
    for i, key in enumerate(old):
        once_old[key] = -1 if key in once_old else i
    for j, key in enumerate(new):
        once_new[key] = -1 if key in once_new else j
    pairs = [(i, once_new[key]) for i, key in enumerate(old)
             if once_old[key] >= 0 and once_new.get(key, -1) >= 0]
    # the longest chain of pairs increasing on both sides (patience sorting)
    tails, back, ends = [], [], []
    for n, (_, j) in enumerate(pairs):
        k = bisect_left(tails, j)
        if k == len(tails):
            tails.append(j)
            ends.append(n)
        else:
            tails[k], ends[k] = j, n
        back.append(ends[k - 1] if k else -1)
    chain, n = [], ends[-1] if ends else -1
    while n >= 0:
        chain.append(pairs[n])
        n = back[n]
    chain.reverse()
    if not chain and len(old) != len(new):
        return None
    runs, i, j = [], 0, 0
    for ci, cj in chain + [(len(old), len(new))]:
        if ci > i or cj > j:
            runs.append((i, ci, j, cj))
        i, j = ci + 1, cj + 1
    return runs
