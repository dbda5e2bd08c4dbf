"""Onexeno's rules page, in our own words, in English and French (HTML fragments).

Written from the rules as the project plays them, the rulebook's and its rulings where it
is silent (``docs/RULES.md``, ``game/onexeno.py``).  The pictures are drawn with
the screen's own card.
"""

from __future__ import annotations

from functools import partial

from game import onexeno

from ui.kit import i18n
from ui.kit.html import esc
from .cards import card_name, card_svg, inline, turn_words


def _cards(*specs) -> str:
    """A row of cards, each ``"4c"`` or ``"4c+90"``, drawn as on the table."""
    out = []
    for spec in specs:
        card, _, t = spec.partition("+")
        out.append(f'<span class="omini">{card_svg(card, int(t or 0))}</span>')
    return f'<div class="ominis rules-cards">{"".join(out)}</div>'


EXAMPLE = _cards("0a", "1a", "2a", "4c", "4c+90", "7b", "8a")

# -- the pictures the rulebook lost, from real positions (tests/test_ui_onexeno.py plays
#    each on the engine: the placements are legal, the faults refused for the reason said,
#    the lines taken) ------------------------------------------------------------------

# (table before, the card placed: (cell, "card+turn"))
PLACEMENTS = {
    "edge": ({"e5": "6g"}, ("f5", "4r+90")),
    "corner": ({"e5": "1b"}, ("f6", "4f+90")),
    "point": ({"e5": "5h", "f5": "4a+180", "e6": "5m+90"}, ("f6", "1b+270")),
}
FAULTS = {
    "grid": ({"e5": "6g"}, ("f5", "4r+90")),          # drawn half a cell off
    "sides": ({"e5": "4r"}, ("f5", "5n")),            # onexeno.clash, side W
    "corners": ({"e5": "4r"}, ("f6", "0a")),          # onexeno.clash, corner SW
}
LINES = {
    "column": ({"e5": "0a", "e4": "2d+180", "e6": "4l+270", "e3": "3m+90"}, ("e7", "6d+90")),
    "row": ({"e5": "4r", "d5": "2g", "f5": "4m", "c5": "1b"}, ("g5", "5b+180")),
    "diagonal": ({"e5": "4l", "d4": "5k+270", "f6": "4i+180", "c3": "8a"}, ("g7", "4d")),
    "several": ({"e3": "5i", "e4": "6c+90", "d5": "4p+90", "e6": "3l+270", "e7": "3f+270", "c5": "6d",
                 "f5": "2d+270", "g5": "3n"}, ("e5", "3c+180")),
}
AREAS = {
    "minimum": {"e5": "5c"},
    "columns": {"e5": "5c", "d5": "3f+270", "c5": "5g+270", "f6": "5f+90", "g6": "5d+90"},
    "both": {"e5": "2f", "d5": "4e+270", "c5": "4m+270", "f6": "2g+180", "g6": "0a", "e4": "3e+270",
             "e3": "4d+180", "f7": "1a+270"},
}


def region(table: dict) -> set:
    """The cells a card may take on ``table`` (touching the cards' span, within the 5x5 box
    and the frame), whatever it shows."""
    xy = [onexeno.cell_xy(c) for c in table]
    xs, ys = [x for x, _ in xy], [y for _, y in xy]
    f, b = onexeno.FRAME - 1, onexeno.BOX - 1
    x0, x1 = max(min(xs) - 1, max(xs) - b, 0), min(max(xs) + 1, min(xs) + b, f)
    y0, y1 = max(min(ys) - 1, max(ys) - b, 0), min(max(ys) + 1, min(ys) + b, f)
    return {onexeno.cell_name(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)} - set(table)


def _line_cells(table: dict, cell: str) -> set:
    """The cells of the lines of five the card on ``cell`` completes."""
    out = set()
    x, y = onexeno.cell_xy(cell)
    full = set(table) | {cell}
    for dx, dy in onexeno.LINES:
        run = [(x + k * dx, y + k * dy) for k in range(-4, 5)]
        names = [onexeno.cell_name(a, b) if 0 <= a < 9 and 0 <= b < 9 else None for a, b in run]
        for i in range(5):
            window = names[i:i + 5]
            if all(n in full for n in window):
                out |= set(window)
    return out


def diagram(table: dict, new=None, lit=(), line=(), fault: str = "", off: bool = False) -> str:
    """A small table: the cards (``"4c+90"``), the card just placed (``new``: cell, spec),
    the cells ``lit`` (a play area) and ``line`` (taken), a ``fault`` outline, a card drawn
    half a cell off the grid (``off``)."""
    cells = dict(table)
    if new:
        cells[new[0]] = new[1]
    keys = set(cells) | set(lit)
    xy = [onexeno.cell_xy(c) for c in keys]
    x0, x1 = min(x for x, _ in xy) - (0 if lit else 1), max(x for x, _ in xy) + (0 if lit else 1)
    y0, y1 = min(y for _, y in xy) - (0 if lit else 1), max(y for _, y in xy) + (0 if lit else 1)
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, 8), min(y1, 8)
    items = []
    for y in range(y1, y0 - 1, -1):
        for x in range(x0, x1 + 1):
            name = onexeno.cell_name(x, y)
            pos = f'style="grid-column:{x - x0 + 1};grid-row:{y1 - y + 1}"'
            spec = cells.get(name)
            cls = "ocell"
            if name in line:
                cls += " line"
            if spec and not (off and new and name == new[0]):
                card, _, t = spec.partition("+")
                if new and name == new[0]:
                    cls += " card last" + (" fault" if fault else "")
                else:
                    cls += " card"
                items.append(f'<span class="{cls}" {pos} data-cell="{name}">{card_svg(card, int(t or 0))}</span>')
            else:
                cls += " empty" + (" lit" if name in lit else "")
                items.append(f'<span class="{cls}" {pos}><small class="oname-cell">{name}</small></span>')
    if off and new:
        card, _, t = new[1].partition("+")
        x, y = onexeno.cell_xy(new[0])
        items.append(f'<span class="ocell card last fault off" style="grid-column:{x - x0 + 1};'
                     f'grid-row:{y1 - y + 1}">{card_svg(card, int(t or 0))}</span>')
    return (f'<div class="ogrid" style="--cols:{x1 - x0 + 1};--rows:{y1 - y0 + 1}" aria-hidden="true">'
            f'{"".join(items)}</div>')


def _figure(inner: str, caption: str) -> str:
    return f'<figure class="odiag">{inner}<figcaption>{caption}</figcaption></figure>'


def _gallery(figs: list) -> str:
    return f'<div class="odiags">{"".join(figs)}</div>'


DEMO = ({"e5": "5h", "f5": "4a+180", "e6": "5m+90"}, ("0a", "2e", "5n"))


def demo_fits() -> dict:
    """Where each card of the demo's hand fits, and in which turns: the engine's answer."""
    table, hand = DEMO
    st = onexeno.position(2, table=table, hands=[" ".join(hand), ""])
    out = {c: {} for c in hand}
    for a in st.legal_actions(0):
        if a != "pass":
            p = onexeno.parse(a)
            out[p.card].setdefault(p.cell, []).append(p.turn)
    return out


_PRINTED = {"en": "as printed", "fr": "tel quel"}    # the table's other turns: turn_words
_ANY = {"en": "any way round", "fr": "dans tous les sens"}
_FITS = {"en": "The {card} fits on {cells}.", "fr": "Le {card} va en {cells}."}


def demo(lang: str) -> str:
    """A table and a hand of three: a tap on a card lights the cells where it fits and says
    in which turns (radio buttons and CSS: no script, so it works on the static page too)."""
    table, hand = DEMO
    fits = demo_fits()
    fr = lang == "fr"
    tr = partial(i18n.tr, lang)
    # the empty cells, each with the classes of the hand cards that fit there
    xy = [onexeno.cell_xy(c) for c in table]
    x0, x1 = min(x for x, _ in xy) - 1, max(x for x, _ in xy) + 1
    y0, y1 = min(y for _, y in xy) - 1, max(y for _, y in xy) + 1
    items = []
    for y in range(y1, y0 - 1, -1):
        for x in range(x0, x1 + 1):
            name = onexeno.cell_name(x, y)
            pos = f'style="grid-column:{x - x0 + 1};grid-row:{y1 - y + 1}"'
            if name in table:
                card, _, t = table[name].partition("+")
                items.append(f'<span class="ocell card" {pos}>{card_svg(card, int(t or 0))}</span>')
            else:
                cls = " ".join(f"f{i}" for i, c in enumerate(hand) if name in fits[c])
                items.append(f'<span class="ocell empty {cls}" {pos}><small class="oname-cell">{name}</small></span>')
    grid = (f'<div class="ogrid" style="--cols:{x1 - x0 + 1};--rows:{y1 - y0 + 1}" aria-hidden="true">'
            f'{"".join(items)}</div>')
    # data-act: the page's change handler reads it (ui/web/dom.py); "odemo" is nobody's act, so
    # the app leaves the radios to the browser and the CSS
    radios = "".join(f'<input type="radio" name="odemo" id="odemo-{i}" class="visually-hidden" data-act="odemo" data-i="{i}"'
                     f'{" checked" if i == 0 else ""}>' for i in range(len(hand)))
    labels = "".join(
        f'<label for="odemo-{i}" class="odemo-card" data-i="{i}"><span class="visually-hidden">'
        f'{esc(card_name(tr, card))}</span>{card_svg(card)}</label>' for i, card in enumerate(hand))
    says = []
    for i, card in enumerate(hand):
        cells = (" ; " if fr else "; ").join(f'{cell} ({_ANY[lang] if sorted(ts) == list(onexeno.turns_of(card)) else ", ".join(turn_words(tr, t) or _PRINTED[lang] for t in sorted(ts))})'
                          for cell, ts in sorted(fits[card].items()))
        said = _FITS[lang].format(card=card_name(tr, card), cells=cells)
        says.append(f'<p class="odemo-say s{i}">{inline(lang, esc(said))}</p>')
    intro = ("Touchez une carte de la main : les cases où elle va s'allument, et voici dans quels sens."
             if fr else "Tap a card of the hand: the cells where it fits light up, and here is which way round.")
    return (f'<div class="odemo">{radios}<p class="odemo-intro">{intro}</p>{grid}'
            f'<div class="odemo-hand" role="group">{labels}</div><div class="odemo-says">{"".join(says)}</div></div>')


def pictures(lang: str) -> dict:
    """The rules page's pictures in ``lang``: placements, faults, lines and play areas."""
    fr = lang == "fr"
    cap = {
        "edge": ("Edges that match: the three facing cells agree.",
                 "Bords assortis : les trois cases en face s'accordent."),
        "corner": ("Touching by a corner only: the two corner cells agree.",
                   "Par un coin seulement : les deux cases de coin s'accordent."),
        "point": ("Four cards around a point: every edge and corner agrees.",
                  "Quatre cartes autour d'un point : chaque bord et chaque coin s'accordent."),
        "grid": ("Fault: not on the grid. A card sits square on a cell.",
                 "Faute : hors de la grille. Une carte se pose droit sur une case."),
        "sides": ("Fault: the sides clash (f5's left edge against e5).",
                  "Faute : les bords ne s'accordent pas (bord gauche de f5 contre e5)."),
        "corners": ("Fault: the corners clash (f6's bottom left corner against e5).",
                    "Faute : les coins ne s'accordent pas (coin en bas à gauche de f6 contre e5)."),
        "column": ("A column of five: taken.", "Une colonne de cinq : prise."),
        "row": ("A row of five: taken.", "Une rangée de cinq : prise."),
        "diagonal": ("A diagonal of five: taken.", "Une diagonale de cinq : prise."),
        "several": ("Two lines at once: all nine cards taken.",
                    "Deux lignes d'un coup : les neuf cartes prises."),
        "minimum": ("The smallest play area: around the first card.",
                    "La plus petite zone de jeu : autour de la première carte."),
        "columns": ("Five columns used: bounded left and right.",
                    "Cinq colonnes prises : bornée à gauche et à droite."),
        "both": ("Five columns and five rows: the 5x5 square is fixed.",
                 "Cinq colonnes et cinq rangées : le carré de 5x5 est fixé."),
    }
    c = {k: v[1 if fr else 0] for k, v in cap.items()}
    out = {}
    out["placements"] = _gallery(
        [_figure(diagram(t, new), c[k]) for k, (t, new) in PLACEMENTS.items()]
        + [_figure(diagram(t, new, fault=k, off=k == "grid"), c[k]) for k, (t, new) in FAULTS.items()])
    out["lines"] = _gallery([_figure(diagram(t, new, line=_line_cells(t, new[0])), c[k])
                             for k, (t, new) in LINES.items()])
    out["demo"] = demo(lang)
    out["areas"] = _gallery([_figure(diagram(t, lit=region(t)), c[k]) for k, t in AREAS.items()])
    return out


_EN, _FR = pictures("en"), pictures("fr")

ONEXENO_EN = f"""
<h1>Onexeno</h1>
<p class="lede">A pattern-matching card game by Raymond Lauzzana · 2 to 7 players, or 2 or 3 teams of two ·
about 20 minutes.</p>
<p><strong>Goal.</strong> Take the most points: complete lines of five cards on the table, and keep few
cards in hand.</p>

<h2>The cards</h2>
<p>Seventy square cards, all different. Each is a 3×3 grid: its 8 border cells are light or dark, and the
middle shows its value, the number of dark cells (0 to 8). A card may be laid in any of its four rotations,
never flipped; the small red dot marks its printed top.</p>
{EXAMPLE}

<h2>Setup</h2>
<p>Each player gets 5 cards; the top card of the deck starts the table, in the middle. The player left of
the dealer starts; the dealer moves one seat on each round.</p>

<h2>Your turn</h2>
<ol>
<li>Draw a card, if the deck has any (the app does it for you: the new card is marked in your hand).</li>
<li>Then place one card of your hand, or pass.</li>
</ol>
<p>A card goes on a free cell touching the table by an edge or a corner. Everywhere it touches, the colours
must match: along a shared edge the three facing cells agree; cards that touch only at a corner agree on
those two corner cells. All the cards must stay inside a 5×5 square (shown on the table once it is fixed
in a direction). In the app, pick a card: the cells where it fits light up; pick a cell, turn the card
if it fits more than one way, and place it. A cell where it does not fit tells you why.</p>
<p class="tip">Keyboard: the arrow keys walk your hand; <kbd>Enter</kbd> picks a card. <kbd>Tab</kbd>
enters the table on one cell, and the arrow keys walk it cell by cell, each cell said with what lies there:
a card by its pattern, or whether your card fits there, and why not. <kbd>Enter</kbd> or <kbd>Space</kbd>
taps the cell; <kbd>Esc</kbd> cancels.</p>
{_EN["placements"]}
{_EN["demo"]}

<h2>Lines</h2>
<p>Placing the fifth card of a row, a column or a diagonal of five takes those five cards: they leave the
table and count for you. Several lines made at once are all taken (at most 17 cards). The square may then
open again.</p>
{_EN["lines"]}
<p>The play area: the cells next to the cards, as long as the cards still fit in a 5×5 square.</p>
{_EN["areas"]}

<h2>The end</h2>
<p>Once the deck is empty, a pass is final: you play no more this round. The round ends when everyone has
passed, or at once when someone places their last card.</p>

<h2>Score</h2>
<p>Each round scores the values of the cards you took, less the values of the cards left in your hand.
With several rounds, the scores add up. The highest total wins.</p>

<h2>Teams</h2>
<p>With 4 or 6 players, you may play in teams of two, partners seated alternately. Partners' scores add,
and in the end phase a partner's pass stops both.</p>

<h2>What is hidden</h2>
<p>The hands and the deck. When several people share the device, it asks to be passed between turns.</p>
"""

ONEXENO_FR = f"""
<h1>Onexeno</h1>
<p class="lede">Un jeu de cartes d'assemblage de Raymond Lauzzana · 2 à 7 joueurs, ou 2 ou 3 équipes de
deux · environ 20 minutes.</p>
<p><strong>But.</strong> Prendre le plus de points : compléter des lignes de cinq cartes sur la table, et
garder peu de cartes en main.</p>

<h2>Les cartes</h2>
<p>Soixante-dix cartes carrées, toutes différentes. Chacune est une grille de 3×3 : ses 8 cases du bord sont
claires ou foncées, et le centre montre sa valeur, le nombre de cases foncées (0 à 8). Une carte se pose dans
l'une de ses quatre rotations, jamais retournée ; le petit point rouge marque son haut imprimé.</p>
{EXAMPLE}

<h2>Mise en place</h2>
<p>Chacun reçoit 5 cartes ; la première carte de la pioche ouvre la table, au centre. Le joueur à gauche du
donneur commence ; le donneur change à chaque manche.</p>

<h2>Votre tour</h2>
<ol>
<li>Piochez une carte, s'il en reste (l'appli le fait pour vous : la nouvelle carte est marquée dans votre
main).</li>
<li>Puis posez une carte de votre main, ou passez.</li>
</ol>
<p>La carte va sur une case libre qui touche la table par un bord ou un coin. Partout où elle touche, les
couleurs doivent s'accorder : le long d'un bord commun, les trois cases en face sont pareilles ; deux cartes
qui ne se touchent que par un coin s'accordent sur ces deux cases de coin. Toutes les cartes doivent tenir
dans un carré de 5×5 (montré sur la table dès qu'il est fixé dans un sens). Dans l'appli, choisissez une
carte : les cases où elle va s'allument ; choisissez une case, tournez la carte si elle va de plusieurs
façons, et posez-la. Une case où elle ne va pas vous dit pourquoi.</p>
<p class="tip">Au clavier : les flèches parcourent votre main ; <kbd>Entrée</kbd> choisit une carte.
<kbd>Tab</kbd> entre dans la table sur une case, et les flèches la parcourent case par case, chacune dite avec
ce qui s'y trouve : une carte par son motif, ou si votre carte y va, et sinon pourquoi. <kbd>Entrée</kbd> ou
<kbd>Espace</kbd> touche la case ; <kbd>Échap</kbd> annule.</p>
{_FR["placements"]}
{_FR["demo"]}

<h2>Les lignes</h2>
<p>Poser la cinquième carte d'une rangée, d'une colonne ou d'une diagonale de cinq prend ces cinq cartes :
elles quittent la table et comptent pour vous. Plusieurs lignes faites d'un coup sont toutes prises (17
cartes au plus). Le carré peut alors se rouvrir.</p>
{_FR["lines"]}
<p>La zone de jeu : les cases voisines des cartes, tant que les cartes tiennent dans un carré de 5×5.</p>
{_FR["areas"]}

<h2>La fin</h2>
<p>Une fois la pioche vide, passer est définitif : vous ne jouez plus de la manche. La manche finit quand
tout le monde a passé, ou aussitôt que quelqu'un pose sa dernière carte.</p>

<h2>Score</h2>
<p>Chaque manche rapporte les valeurs des cartes prises, moins celles des cartes restées en main. Sur
plusieurs manches, les scores s'additionnent. Le plus haut total gagne.</p>

<h2>Équipes</h2>
<p>À 4 ou 6 joueurs, on peut jouer en équipes de deux, partenaires assis en alternance. Les scores des
partenaires s'additionnent, et en fin de partie le passe d'un partenaire arrête les deux.</p>

<h2>Ce qui est caché</h2>
<p>Les mains et la pioche. Quand plusieurs personnes partagent l'appareil, il demande à être passé entre
les tours.</p>
"""

RULES = {"en": ONEXENO_EN, "fr": ONEXENO_FR}

assert onexeno.HAND == 5
