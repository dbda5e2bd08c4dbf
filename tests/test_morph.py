"""ui/web/morph.py: the patches from one drawing to the next give the page the next drawing.

The page is modelled by Python's own HTML parser (html.parser, not morph's reader): each
drawing the app makes in whole games of every game of the catalogue, between bots, is read
into a tree; the patches from the drawing before are applied to the tree of that drawing;
the result must be the tree of the new drawing, element for element, attribute for attribute,
text for text.
"""

from __future__ import annotations

import random

import pytest

from ui.web import morph
from ui.kit import registry
from helpers.app import RecordingPage, make_app
from helpers.markup import El, page_of, same

def _at(kids: list, el: El) -> int:
    return next(i for i, k in enumerate(kids) if k is el)


def apply(page: El, patches: list) -> None:
    """What ui/web/dom.py does to the page, done to the model."""
    for p in patches:
        el, parent, index = page, None, None
        for i, tag in zip(p.path, p.tags):
            parent, index = el, _at(el.kids, el.elements()[i])
            el = el.elements()[i]
            assert el.tag == tag
        if isinstance(p, morph.Attrs):
            # html.parser lowercases names; the page's setAttribute does so on HTML elements
            el.attrs.update({k.lower(): v for k, v in p.set.items()})
            for name in p.drop:
                del el.attrs[name.lower()]
        elif isinstance(p, morph.Splice):
            kids = el.elements()
            at = _at(el.kids, kids[p.index]) if p.index < len(kids) else len(el.kids)
            for tag in p.gone:
                assert el.kids[at].tag == tag
                del el.kids[at]
            el.kids[at:at] = page_of(p.html).kids
        elif p.path:
            new = page_of(p.html).kids
            assert len(new) == 1 and isinstance(new[0], El)
            parent.kids[index] = new[0]
        else:
            page.kids = page_of(p.html).kids


def shape(n: morph.Node) -> tuple:
    """What a node says of its string, wherever it was read from."""
    return (n.tag, n.outer(), tuple(morph._texts(n)), tuple(shape(k) for k in n.kids))


def check_steps(drawings: list[str]) -> tuple[int, int]:
    """Reads each drawing with the last one's tree, as ui/web/dom.py does, and applies the step's
    patches; returns (steps, characters written) over the drawings."""
    written = 0
    last = morph.parse(drawings[0])
    for before, after in zip(drawings, drawings[1:]):
        tree = morph.parse(after, last)
        assert shape(tree.root) == shape(morph.parse(after).root)     # as if read afresh
        patches = morph.diff(last, tree)
        page = page_of(before)
        apply(page, patches)
        same(page, page_of(after))
        written += sum(len(p.html) for p in patches if not isinstance(p, morph.Attrs))
        last = tree
    return len(drawings) - 1, written


@pytest.mark.slow
@pytest.mark.parametrize("game_id", registry.playable())
def test_every_drawing_of_a_game_between_bots_is_reached_by_its_patches(game_id, monkeypatch):
    """The rules page, the new-game form, then the first 80 drawings of a game between bots,
    then home (whole games, their ends and taps anywhere: tests/e2e/test_tables.py)."""
    monkeypatch.setattr("helpers.app.FakePage", RecordingPage)
    app, page = make_app()
    page.go(f"#rules/{game_id}")
    page.go(f"#new/{game_id}")
    page.go(f"#new/{game_id}")      # its second opening: the form as drawn once the lesson was offered
    app.on_form("kind0", "bot")
    app.on_form("level0", "novice")
    app.on_click("start", {})
    while page.tasks and len(page.renders) < 80:
        page.run_one()
    page.go("")
    steps, written = check_steps(page.renders)
    total = sum(len(d) for d in page.renders[1:])
    # the point of it: a move writes a small part of the page (a move is one drawing: a
    # short game, Fennecs at two, makes about 20)
    assert steps > 15 and written < total / 4, (steps, written, total)


def test_what_the_parser_would_rebuild_is_written_whole():
    old = '<div><table><tr><td>1</td></tr></table><p>a <b>b</b></p></div>'
    new = '<div><table><tr><td>2</td></tr></table><p>a <b>c</b></p></div>'
    patches = morph.diff(morph.parse(old), morph.parse(new))
    assert [(type(p).__name__, p.path) for p in patches] == [("Write", (0, 1)), ("Write", (0, 0))]


def test_text_beside_elements_that_changes_rewrites_its_parent():
    old = '<ul><li>one <b>1</b> left</li></ul>'
    new = '<ul><li>one <b>1</b> right</li></ul>'
    assert morph.diff(morph.parse(old), morph.parse(new)) == [morph.Write((0, 0), "<li>one <b>1</b> right</li>", ("ul", "li"))]


def test_attributes_are_set_and_dropped_with_their_entities_read_and_svg_case_kept():
    old = '<svg viewBox="0 0 1 1" class="a"><g data-x="1"><path d="M0 0"/></g></svg>'
    new = '<svg viewBox="0 0 2 2"><g data-x="&lt;2&gt;" aria-label="Tom &amp; Jo"><path d="M0 0"/></g></svg>'
    assert morph.diff(morph.parse(old), morph.parse(new)) == [
        morph.Attrs((0,), {"viewBox": "0 0 2 2"}, ("class",), ("svg",)),
        morph.Attrs((0, 0), {"data-x": "<2>", "aria-label": "Tom & Jo"}, (), ("svg", "g"))]


def test_another_element_is_written_whole_and_children_taken_out_or_put_in_are_spliced():
    def d(a, b):
        return morph.diff(morph.parse(a), morph.parse(b))

    assert d("<div><b>1</b></div>", "<div><i>1</i></div>") == [morph.Write((0, 0), "<i>1</i>", ("div", "b"))]
    assert d("<div><b>1</b></div>", "<div><b>1</b><b>2</b></div>") == [
        morph.Splice((0,), 1, (), "<b>2</b>", ("div",))]
    assert d("<ol><li>3</li><li>2</li><li>1</li></ol>", "<ol><li>4</li><li>3</li><li>2</li><li>1</li></ol>") == [
        morph.Splice((0,), 0, (), "<li>4</li>", ("ol",))]
    assert d("<ol><li>1</li><li>2</li><li>3</li></ol>", '<ol class="x"><li>1</li><li>4</li><li>5</li><li>3</li></ol>') == [
        morph.Attrs((0,), {"class": "x"}, (), ("ol",)), morph.Splice((0,), 1, ("li",), "<li>4</li><li>5</li>", ("ol",))]
    assert d("<p>1</p>", "<p>1</p><p>2</p>") == [morph.Splice((), 1, (), "<p>2</p>")]
    # nothing alike at either end, or text among the children that change: the parent anew
    assert d("<div><b>1</b></div>", "<div><i>1</i><i>2</i></div>") == [
        morph.Write((0,), "<div><i>1</i><i>2</i></div>", ("div",))]
    assert d("<div><b>1</b> <b>2</b></div>", "<div><b>1</b> <b>2</b> <b>3</b></div>") == [
        morph.Write((0,), "<div><b>1</b> <b>2</b> <b>3</b></div>", ("div",))]


def test_unbalanced_html_is_not_read():
    for bad in ("<div><b>1</div>", "<div>", "</div>", "<textarea>x"):
        with pytest.raises(morph.Unreadable):
            morph.parse(bad)


def test_raw_text_is_read_to_its_end_tag_and_void_elements_have_no_end():
    tree = morph.parse('<textarea id="t"><b>not a tag</textarea><input value="x"><br><svg><circle r="1"/></svg>')
    assert [n.tag for n in tree.root.kids] == ["textarea", "input", "br", "svg"]
    assert tree.root.kids[0].kids == [] and [n.tag for n in tree.root.kids[3].kids] == ["circle"]


def test_random_edits_of_a_page_are_reached():
    """Random trees, each edited at random: the patches always reach the edited tree."""
    rng = random.Random(7)
    tags = ["div", "span", "b", "li", "p", "button", "svg", "g", "rect", "input", "br"]

    def tree(depth):
        out = []
        for _ in range(rng.randint(0, 4)):
            tag = rng.choice(tags if depth < 3 else ["b", "rect", "br", "input"])
            attrs = "".join(f' {a}="{rng.randint(0, 2)}"' for a in rng.sample(["id", "class", "data-x"], rng.randint(0, 2)))
            if tag in ("rect", "br", "input"):
                out.append(f"<{tag}{attrs}{'/' if tag == 'rect' else ''}>")
            else:
                out.append(f"<{tag}{attrs}>{rng.choice(['', 'x', 'y &amp; z'])}{tree(depth + 1)}</{tag}>")
            if rng.random() < 0.3:
                out.append(rng.choice(["t", " ", "u"]))
        return "".join(out)

    for _ in range(400):
        a = tree(0)
        b = a
        for _ in range(rng.randint(1, 3)):       # change a digit or a letter, or drop a piece
            i = rng.randrange(len(b)) if b else 0
            b = b[:i] + b[i:].replace("1", "2", 1) if rng.random() < 0.5 else b[:i] + b[i:].replace("x", "t", 1)
        if rng.random() < 0.3:
            b = tree(0)
        check_steps([a, b])
