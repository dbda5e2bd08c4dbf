"""Fowl Play's short rules, in English and French (the whole game: docs/RULES.md)."""

from __future__ import annotations

EN = """<h1>Fowl Play</h1>
<p class="lede">A board game for 2 to 4 players by Richard Breese: foxes hunt, poultry run. Catch a
balanced diet, and keep alive the birds that look like your secret target.</p>
<h2>The farmyard</h2>
<ul><li>36 birds: 9 chickens, 9 ducks, 9 geese and 9 turkeys. Each is black, brown or white, and a
circle, a hexagon or a square. On the board a bird is its shape, in its colour, with its type's
letter: <b>C</b>hicken, <b>D</b>uck, <b>G</b>oose, <b>T</b>urkey.</li>
<li>The foxes start in the den around the central tunnel. Seven dark holes are tunnel entrances.</li></ul>
<h2>Setting up</h2>
<ul><li>Everyone is dealt 4 cards, one per bird, and keeps one, in secret, as their <b>target</b>. The
other three are the hand. Press “Show my target” to look at yours at any time.</li>
<li>In turn, each player places their fox on a den cell.</li></ul>
<h2>A round</h2>
<ol><li>Everyone chooses a card at the same time, in secret. The cards are revealed together: the lowest plays first.</li>
<li>In that order, each player moves birds: up to 3 steps in all, over up to three birds. A bird may move only if
it shares its type, colour or shape with the card played. A bird never enters a tunnel, never passes another piece,
and keeps its distance from the foxes: a bird 3 or more cells from every fox stays at 3 or more; a nearer bird may
only move to cells no closer, and once further it may not come back.</li>
<li>Then, in the same order, each fox moves up to 2 steps, from one tunnel entrance to any other as one step, never
onto another fox. A fox that lands on a bird catches it; a catch on the first step ends the move. In round 1 no fox may
end its move on the central tunnel.</li>
<li>If 8 birds or fewer are left, the game ends. From round 2 on, a round with no catch turns a clear-turn card (3
cards, 6 with two players); the last one ends the game. Everyone draws back to 3 cards.</li></ol>
<h2>Scoring</h2>
<ul><li>For each colour and each shape, whoever caught the most birds of it scores the number of different types
among them (ties all score).</li>
<li>4 points per set of the four types caught.</li>
<li>For each surviving bird, 1 point per trait it shares with your target; 1 more if the target bird itself survived.</li>
<li>Ties: the target survived, then the fewest birds caught, then a shared win.</li></ul>
<p class="tip">On your turn, tap a marked bird to see where it may go, then tap one of the dotted cells. “Done”
ends your moves early.</p>
<p class="tip">Keyboard: <kbd>Tab</kbd> enters the board, and the keys walk it cell by cell, each cell said with what
stands on it. <kbd>←</kbd> <kbd>→</kbd> go west and east; <kbd>↑</kbd> goes up-left and <kbd>↓</kbd> down-right,
with <kbd>Shift</kbd> up-right and down-left (or <kbd>Q</kbd> <kbd>E</kbd> <kbd>A</kbd> <kbd>D</kbd> <kbd>Z</kbd>
<kbd>C</kbd>, the six keys around <kbd>S</kbd>). <kbd>Enter</kbd> or <kbd>Space</kbd> taps the cell.</p>"""

FR = """<h1>Fowl Play</h1>
<p class="lede">Un jeu de plateau pour 2 à 4 joueurs de Richard Breese : les renards chassent, les volailles
détalent. Capturez un repas équilibré, et gardez en vie les volailles qui ressemblent à votre cible secrète.</p>
<h2>La ferme</h2>
<ul><li>36 volailles : 9 poules, 9 canards, 9 oies et 9 dindes. Chacune est noire, brune ou blanche, et ronde,
hexagonale ou carrée. Sur le plateau, une volaille est sa forme, dans sa couleur, avec la lettre de son type :
<b>P</b>oule, <b>C</b>anard, <b>O</b>ie, <b>D</b>inde.</li>
<li>Les renards commencent dans le repaire autour du tunnel central. Les sept trous sombres sont des entrées de tunnel.</li></ul>
<h2>Mise en place</h2>
<ul><li>Chacun reçoit 4 cartes, une par volaille, et en garde une, en secret, comme <b>cible</b>. Les trois autres
forment sa main. « Voir ma cible » la montre à tout moment.</li>
<li>À tour de rôle, chacun place son renard sur une case du repaire.</li></ul>
<h2>Un tour</h2>
<ol><li>Tous choisissent une carte en même temps, en secret. Les cartes sont révélées ensemble : la plus petite joue
en premier.</li>
<li>Dans cet ordre, chacun déplace des volailles : 3 pas en tout, sur trois volailles au plus. Une volaille ne peut
bouger que si elle partage son type, sa couleur ou sa forme avec la carte jouée. Elle n'entre jamais dans un tunnel, ne
passe jamais par une autre pièce, et garde ses distances avec les renards : à 3 cases ou plus de tout renard, elle
y reste ; plus proche, elle ne va que vers des cases pas plus proches, et une fois éloignée elle ne peut revenir.</li>
<li>Puis, dans le même ordre, chaque renard fait jusqu'à 2 pas, d'une entrée de tunnel à une autre en un pas, jamais
sur un autre renard. Un renard qui arrive sur une volaille la capture ; une capture au premier pas finit le
déplacement. Au tour 1, aucun renard ne finit sur le tunnel central.</li>
<li>S'il reste 8 volailles ou moins, la partie s'arrête. À partir du tour 2, un tour sans capture retourne une carte
tour blanc (3 cartes, 6 à deux joueurs) ; la dernière finit la partie. Chacun repioche jusqu'à 3 cartes.</li></ol>
<h2>Décompte</h2>
<ul><li>Pour chaque couleur et chaque forme, qui a capturé le plus de volailles de ce trait marque le nombre de types
différents parmi elles (les égalités marquent toutes).</li>
<li>4 points par série des quatre types capturés.</li>
<li>Pour chaque volaille survivante, 1 point par trait commun avec votre cible ; 1 de plus si la volaille cible a survécu.</li>
<li>Égalité : la cible a survécu, puis le moins de captures, puis victoire partagée.</li></ul>
<p class="tip">À votre tour, touchez une volaille marquée pour voir où elle peut aller, puis une case pointée.
« Terminé » arrête vos déplacements plus tôt.</p>
<p class="tip">Au clavier : <kbd>Tab</kbd> entre dans le plateau, et les touches le parcourent case par case, chacune
dite avec ce qui s'y trouve. <kbd>←</kbd> <kbd>→</kbd> vont à l'ouest et à l'est ; <kbd>↑</kbd> monte à gauche et
<kbd>↓</kbd> descend à droite, avec <kbd>Maj</kbd> en haut à droite et en bas à gauche (ou <kbd>Q</kbd> <kbd>E</kbd>
<kbd>A</kbd> <kbd>D</kbd> <kbd>Z</kbd> <kbd>C</kbd>, les six touches autour de <kbd>S</kbd>). <kbd>Entrée</kbd> ou
<kbd>Espace</kbd> touche la case.</p>"""

RULES = {"en": EN, "fr": FR}


# -- the diagrams the rulebook lost, drawn from real engine positions ----------------------

_CAPTIONS = {
    "d2": ("Diagram 2. Card 5, a brown duck circle, is played: the ringed birds share a trait with it "
           "(brown, duck or circle) and may move; the white chicken square may not. Tap a ringed bird: "
           "the dots are its legal steps.",
           "Diagramme 2. La carte 5, un canard brun rond, est jouée : les volailles cerclées partagent un "
           "trait avec elle (brun, canard ou rond) et peuvent bouger ; la poule blanche carrée non. Touchez "
           "une volaille cerclée : les points sont ses pas permis."),
    "d4": ("Diagram 4. The fox on g9; the bird on d8 is three cells away: it stays three or more away "
           "(d7, c8, c9), and never enters the tunnel on d9.",
           "Diagramme 4. Le renard en g9 ; la volaille de d8 est à trois cases : elle reste à trois cases ou "
           "plus (d7, c8, c9), et n'entre jamais dans le tunnel de d9."),
    "d5": ("Diagram 5. Two cells from the fox, the bird on e9 may keep its distance (e8, e10) or go "
           "away (d8), never closer.",
           "Diagramme 5. À deux cases du renard, la volaille de e9 peut garder sa distance (e8, e10) ou "
           "s'éloigner (d8), jamais s'approcher."),
    "d6": ("Diagram 6. Next to the fox, the bird on f8 may go to any free cell: none is closer.",
           "Diagramme 6. À côté du renard, la volaille de f8 peut aller sur toute case libre : aucune n'est "
           "plus proche."),
    "d7": ("Diagram 7. The bird went from i4 to i6, two cells from the black fox: it may no longer come "
           "next to it (i7).",
           "Diagramme 7. La volaille est allée de i4 à i6, à deux cases du renard noir : elle ne peut plus "
           "venir à côté de lui (i7)."),
    "tunnel": ("A tunnel jump: the fox on d3, a tunnel entrance, reaches any other entrance in one step, or "
               "a next cell; the duck on d4 would be caught.",
               "Un saut de tunnel : le renard en d3, une entrée de tunnel, atteint toute autre entrée en un "
               "pas, ou une case voisine ; le canard de d4 serait capturé."),
    "d8": ("Diagram 8. The score sheet of a finished 4-player game, as the engine scores it.",
           "Diagramme 8. La feuille de score d'une partie à 4 joueurs terminée, comptée par le moteur."),
}


def _steps(s, seat) -> dict:
    out: dict = {}
    for a in s.legal_actions(seat):
        if "-" in a and not a.startswith("fox"):
            frm, to = a.split("-")
            out.setdefault(frm, set()).add(to)
    return out


def _bird_diagram(tr, s, seat, cells, key, lang, show=None):
    from . import board
    steps = _steps(s, seat)
    marks = {"movable": set(steps)}
    if show:
        marks["selected"], marks["reach"] = show, steps.get(show, set())
    svg = board.render(tr, s.view(seat), interactive=False, marks=marks, label=_CAPTIONS[key][lang == "fr"],
                       box=board.window(cells), picks=steps, cls=" diagram-board")
    return (f'<figure class="diagram fowl-diagram" data-diagram="{key}">{svg}'
            f'<figcaption>{_CAPTIONS[key][lang == "fr"]}</figcaption></figure>')


def _start(s, cards: dict) -> None:
    """Every seat plays its card; the seats before ``0`` in the order say done."""
    for p, c in cards.items():
        s.apply(p, f"play {c}")
    while s.to_move != (0,):
        s.apply(s.to_move[0], "done")


def diagrams(lang: str, end_body) -> str:
    """The rulebook's diagrams 2, 4 to 7, a tunnel jump and diagram 8, from engine positions
    (the scenarios of tests/test_fowl_play.py); ``end_body`` draws the score sheet as the end
    of a game does (the screen's, handed in: the screen imports this module)."""
    from game import fowl_play as fowl

    from ui.kit import i18n
    from . import board

    def tr(key, **p):
        return i18n.tr(lang, key, **p)

    out = []
    # diagram 2: which birds card 5 lets you move
    s = fowl.position({"h10": 0, "k1": 1}, {"b3": 17, "b4": 27, "c3": 9, "c4": 25, "b5": 16, "c5": 2},
                      hands=[[5, 13, 31], [3, 4, 6]])
    _start(s, {0: 5, 1: 6})
    out.append(_bird_diagram(tr, s, 0, ["a2", "a6", "d2", "d6"], "d2", lang))
    # diagrams 4 to 6: the fox on g9
    for key, cell in (("d4", "d8"), ("d5", "e9"), ("d6", "f8")):
        s = fowl.position({"g9": 0, "a1": 1}, {cell: 5}, hands=[[18, 1, 2], [3, 4, 6]])
        _start(s, {0: 18, 1: 6})
        out.append(_bird_diagram(tr, s, 0, ["c7", "c11", "h7", "h11"], key, lang, show=cell))
    # diagram 7: moving away is for good
    s = fowl.position({"i3": 0, "j2": 1, "i8": 2}, {"i4": 5, "a1": 2}, hands=[[18, 1, 3], [4, 6, 7], [8, 9, 10]])
    _start(s, {0: 18, 1: 6, 2: 10})
    s.apply(0, "i4-i5")
    s.apply(0, "i5-i6")
    out.append(_bird_diagram(tr, s, 0, ["h2", "h9", "k2", "k9"], "d7", lang, show="i6"))
    # a tunnel jump
    s = fowl.position({"d3": 0, "k12": 1}, {"d4": 5, "a1": 6}, hands=[[5, 9, 30], [2, 3, 4]])
    s.apply(0, "play 5")
    s.apply(1, "play 2")
    s.apply(1, "done")
    s.apply(0, "done")
    s.apply(1, "done")
    fox = {a.split("-")[1] for a in s.legal_actions(0) if a.startswith("fox ")}
    svg = board.render(tr, s.view(0), interactive=False, marks={"reach": fox, "selected": "d3"},
                       label=_CAPTIONS["tunnel"][lang == "fr"], cls=" diagram-board")
    out.append(f'<figure class="diagram fowl-diagram" data-diagram="tunnel">{svg}'
               f'<figcaption>{_CAPTIONS["tunnel"][lang == "fr"]}</figcaption></figure>')
    # diagram 8: the score sheet
    captured = [[2, 6, 7, 13, 24], [8, 9, 16, 17, 22, 26, 33], [1, 3, 10, 12, 15, 20, 23, 32],
                [4, 5, 11, 21, 27, 29, 31, 36]]
    survivors = [28, 18, 19, 14, 30, 34, 25, 35]
    targets = [28, 8, 19, 18]
    sheet = fowl.score_sheet(captured, targets, survivors)
    view = {"players": 4, "winners": [3], "targets": targets, "sheet": sheet, "end_reason": "few_birds",
            "captured": captured, "birds": {str(i): b for i, b in enumerate(survivors)}}
    names = [tr(f"fowl_play.seat{i}") for i in range(4)]
    out.append(f'<figure class="diagram fowl-diagram fowl-sheet-diagram" data-diagram="d8">'
               f'{end_body(tr, view, names)}<figcaption>{_CAPTIONS["d8"][lang == "fr"]}</figcaption></figure>')
    head = "<h2>Diagrams</h2>" if lang != "fr" else "<h2>Diagrammes</h2>"
    return head + "".join(out)


def pages(end_body) -> dict:
    return {lang: RULES[lang] + diagrams(lang, end_body) for lang in RULES}
