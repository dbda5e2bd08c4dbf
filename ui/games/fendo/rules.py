"""Fendo's rules page, in our own words, in English and French (HTML fragments).

Written from the publisher's rulebook and the project's decisions where it is silent
(``docs/RULES.md``).
"""

from __future__ import annotations

import game

from ui.kit import i18n
from . import board

FENDO_EN = """
<h1>Fendo</h1>
<p class="lede">A game by Dieter Stein · 2 players · about 20 minutes.</p>
<p><strong>Goal.</strong> Divide the board with walls so that, once the areas are closed, the areas
holding your pawns cover more cells than your opponent's.</p>

<h2>Setup</h2>
<p>The board has 7×7 cells (9×9 and 11×11 are options). Each player has 7 pawns, White or Orange.
White puts one pawn on the middle cell of the near edge (d1), Orange one on the middle of the far edge
(d7). The other pawns wait in the players' reserves. The walls are shared. White plays first.</p>

<!--diagram:start-->
<h2>Areas</h2>
<p>The board's edge and the walls cut the board into <em>areas</em>: cells that touch one another without
a wall between them.</p>
<ul>
<li>The <strong>open area</strong> is the area holding two pawns or more. There is never more than one.
At the start it is the whole board.</li>
<li>A <strong>closed area</strong> holds exactly one pawn. It belongs to that pawn's owner; that pawn
never moves again.</li>
<li>An area with no pawn may never exist.</li>
</ul>
<!--diagram:areas-->

<h2>Your turn</h2>
<p>Do one of these two actions.</p>
<h3>1. Move a pawn, then place a wall</h3>
<p>Choose one of your pawns in the open area. Move it in a straight line, as far as you like, and you
may turn once, at a right angle, on the way. A pawn never moves diagonally and never crosses a wall or
another pawn. You may also leave it where it is.</p>
<p>Then you <strong>must</strong> place a wall on a free side of the cell where that pawn now stands (not
along the board's edge). If no wall may go there, that move is not allowed.</p>
<!--diagram:move-->
<h3>2. Bring in a new pawn</h3>
<p>If you still have pawns in reserve, put one on an empty cell of the open area that one of your pawns
already in the open area could reach with a move. No wall is placed this turn.</p>

<h2>The two bans</h2>
<p>A wall that closes off an area must leave exactly one pawn inside it. So it is forbidden to:</p>
<ol type="a">
<li>close an area with no pawn in it;</li>
<li>cut the open area into two areas that each hold several pawns.</li>
</ol>

<h2>Passing</h2>
<p>If you can do neither action, you pass. You never pass by choice.</p>

<h2>End and scoring</h2>
<p>Each player counts the cells of the closed areas that hold their pawns. Closed areas never change,
so the game ends as soon as one player holds more than half of the board (25 of the 49 cells): the
result can no longer change. The game also ends when no open area is left, and when both players pass
one after the other. The player with more cells wins; equal counts are a draw.</p>

<h2>Handicap</h2>
<p>When players of very different strength meet, the stronger one may play with only 6, or even 5,
pawns. Choose it in the new-game screen, with the side that takes the handicap.</p>

<h2>Board sizes</h2>
<p>On 9×9 and 11×11 boards everything is the same: the first pawns start in the middle of each
player's edge (e1 and e9, f1 and f11), each player has 7 pawns, and more than half the cells wins
(41 of 81, 61 of 121).</p>

<h2 id="notation">Notation</h2>
<p>Columns are letters from the left (a, b, c…), rows numbers from White's side (1, 2, 3…).</p>
<ul>
<li><code>c4</code>: a new pawn enters on c4.</li>
<li><code>d1-d4N</code>: the pawn on d1 moves to d4, and a wall goes on the north side of d4 (N, E, S or W).</li>
<li><code>d1E</code>: the pawn on d1 stays, and a wall goes on its east side.</li>
<li><code>pass</code>: no action was possible.</li>
</ul>

<h2>Playing here</h2>
<ul>
<li>Tap one of your pawns: the cells it can reach light up. Tap one (or the pawn itself to stay), then
tap one of the walls offered around it.</li>
<li>To bring in a pawn, tap your reserve (<em>New pawn</em>), then one of the cells that light up.</li>
<li>Keyboard: <kbd>Tab</kbd> enters the board on its cursor, each cell said with what is on it; the arrow keys
move the cursor, <kbd>Enter</kbd> selects, <kbd>N</kbd>
<kbd>E</kbd> <kbd>S</kbd> <kbd>W</kbd> place a wall, <kbd>P</kbd> takes a new pawn, <kbd>Esc</kbd> cancels.</li>
<li><em>Undo</em> takes back your last action (and the bot's answer).</li>
</ul>
<p class="tip"><strong>Beware:</strong> a careless move early on can lose almost the whole board, if it
lets your opponent shut your pawn into a tiny area.</p>
"""

FENDO_FR = """
<h1>Fendo</h1>
<p class="lede">Un jeu de Dieter Stein · 2 joueurs · environ 20 minutes.</p>
<p><strong>But.</strong> Divisez le plateau avec des murs pour qu'une fois les zones fermées, celles qui
contiennent vos pions couvrent plus de cases que celles de votre adversaire.</p>

<h2>Mise en place</h2>
<p>Le plateau compte 7×7 cases (9×9 et 11×11 en option). Chaque joueur a 7 pions, blancs ou orange.
Blanc pose un pion sur la case du milieu de son bord (d1), Orange un pion au milieu du bord opposé (d7).
Les autres pions attendent dans la réserve de chacun. Les murs sont communs. Blanc commence.</p>

<!--diagram:start-->
<h2>Les zones</h2>
<p>Le bord du plateau et les murs découpent le plateau en <em>zones</em> : des cases qui se touchent sans
mur entre elles.</p>
<ul>
<li>La <strong>zone ouverte</strong> est celle qui contient au moins deux pions. Il n'y en a jamais plus
d'une. Au début, c'est tout le plateau.</li>
<li>Une <strong>zone fermée</strong> contient exactement un pion. Elle appartient au propriétaire de ce
pion, qui ne bouge plus.</li>
<li>Une zone sans pion ne peut jamais exister.</li>
</ul>
<!--diagram:areas-->

<h2>À votre tour</h2>
<p>Faites l'une de ces deux actions.</p>
<h3>1. Déplacer un pion, puis poser un mur</h3>
<p>Choisissez un de vos pions dans la zone ouverte. Déplacez-le en ligne droite, aussi loin que vous
voulez, en tournant au plus une fois à angle droit en chemin. Un pion ne se déplace jamais en diagonale,
ni par-dessus un mur ou un autre pion. Vous pouvez aussi le laisser sur place.</p>
<p>Ensuite vous <strong>devez</strong> poser un mur sur un côté libre de la case où se trouve ce pion (pas
le long du bord du plateau). Si aucun mur n'y est possible, ce coup est interdit.</p>
<!--diagram:move-->
<h3>2. Faire entrer un nouveau pion</h3>
<p>S'il vous reste des pions en réserve, posez-en un sur une case vide de la zone ouverte qu'un de vos
pions déjà dans la zone ouverte pourrait atteindre par un déplacement. On ne pose pas de mur ce tour-là.</p>

<h2>Les deux interdits</h2>
<p>Un mur qui ferme une zone doit y laisser exactement un pion. Il est donc interdit :</p>
<ol type="a">
<li>de fermer une zone sans aucun pion ;</li>
<li>de couper la zone ouverte en deux zones contenant chacune plusieurs pions.</li>
</ol>

<h2>Passer</h2>
<p>Si vous ne pouvez faire aucune des deux actions, vous passez. On ne passe jamais volontairement.</p>

<h2>Fin et décompte</h2>
<p>Chaque joueur compte les cases des zones fermées qui contiennent ses pions. Les zones fermées ne
changent plus : la partie s'arrête donc dès qu'un joueur tient plus de la moitié du plateau (25 des 49
cases), car le résultat est acquis. Elle s'arrête aussi quand il ne reste plus de zone ouverte, et quand
les deux joueurs passent l'un après l'autre. Le joueur qui a le plus de cases gagne ; à égalité, la
partie est nulle.</p>

<h2>Handicap</h2>
<p>Entre joueurs de forces très différentes, le plus fort peut ne jouer qu'avec 6, voire 5 pions.
Choisissez-le dans l'écran de nouvelle partie, avec le camp qui prend le handicap.</p>

<h2>Tailles de plateau</h2>
<p>Sur 9×9 et 11×11, rien ne change : les premiers pions partent du milieu du bord de chaque joueur
(e1 et e9, f1 et f11), chacun a 7 pions, et il faut plus de la moitié des cases pour gagner (41 sur 81,
61 sur 121).</p>

<h2 id="notation">Notation</h2>
<p>Les colonnes sont des lettres depuis la gauche (a, b, c…), les rangées des nombres depuis le côté de
Blanc (1, 2, 3…).</p>
<ul>
<li><code>c4</code> : un nouveau pion entre en c4.</li>
<li><code>d1-d4N</code> : le pion de d1 va en d4, et un mur est posé au nord de d4 (N, E, S ou W pour
ouest).</li>
<li><code>d1E</code> : le pion de d1 reste sur place, et un mur est posé à l'est de sa case.</li>
<li><code>passe</code> : aucune action n'était possible.</li>
</ul>

<h2>Jouer ici</h2>
<ul>
<li>Touchez un de vos pions : les cases qu'il peut atteindre s'allument. Touchez-en une (ou le pion
lui-même pour rester sur place), puis un des murs proposés autour.</li>
<li>Pour faire entrer un pion, touchez votre réserve (<em>Nouveau pion</em>), puis une des cases qui
s'allument.</li>
<li>Au clavier : <kbd>Tab</kbd> entre dans le plateau sur son curseur, chaque case dite avec ce qui s'y trouve ;
les flèches déplacent le curseur, <kbd>Entrée</kbd> sélectionne,
<kbd>N</kbd> <kbd>E</kbd> <kbd>S</kbd> <kbd>W</kbd> posent un mur, <kbd>P</kbd> prend un nouveau
pion, <kbd>Échap</kbd> annule.</li>
<li><em>Annuler le coup</em> reprend votre dernière action (et la réponse du robot).</li>
</ul>
<p class="tip"><strong>Attention :</strong> un déplacement imprudent en début de partie peut coûter
presque tout le plateau, si votre adversaire peut enfermer votre pion dans une toute petite zone.</p>
"""

CAPTIONS = {
    "start": ("The start: White on d1, Orange on d7, six more pawns each in reserve.",
              "Le départ : Blanc en d1, Orange en d7, six autres pions chacun en réserve."),
    "move": ("The pawn on c3 can reach every marked cell: straight on, turning once at most. "
             "The wall above c4 and the pawn on f3 are in its way.",
             "Le pion de c3 peut atteindre chaque case marquée : tout droit, en tournant au plus une "
             "fois. Le mur au-dessus de c4 et le pion de f3 lui barrent la route."),
    "areas": ("Two closed areas, White's in the a1 corner and Orange's in the g7 corner, hold 4 cells "
              "each (the numbers). "
              "The rest, with two pawns, is the open area.",
              "Deux zones fermées, celle de Blanc dans le coin a1 et celle d'Orange dans le coin g7, "
              "comptent 4 cases chacune (les nombres). Le reste, avec deux pions, est la zone ouverte."),
}


def _played(actions: list[str]):
    """A Fendo position reached by real moves, White first (the contract only)."""
    state = game.new_game("fendo")
    for n, action in enumerate(actions):
        state.apply(n % 2, action)
    return state


def _diagram(kind: str, lang: str) -> str:
    """A small board drawn by the game's own renderer (nothing here is clickable), named
    as the table names its board."""
    label = i18n.tr(lang, "board.label", size=7)
    try:
        if kind == "start":
            state = game.new_game("fendo")
            svg = board.render_board(state.view(None), interactive=False, label=label)
        elif kind == "move":
            state = _played(["c3", "f3", "d1-c5S", "c6"])
            opts = board.options(state.legal_actions(0))
            sel = board.Selection(mode="pawn", pawn="c3")
            svg = board.render_board(state.view(0), sel, opts, seat=0, interactive=False, label=label)
        else:
            state = _played(["e4", "f4", "d1-b2N", "d7-e7E", "b2-a2N", "e7-e6E",
                              "a2-b2E", "e6-f5N", "b2-b1E", "f5-g6S"])
            svg = board.render_board(state.view(None), interactive=False, label=label)
    except Exception:  # a diagram is a nicety: the text stands without it
        return ""
    caption = CAPTIONS[kind][0 if lang == "en" else 1]
    return f'<figure class="diagram">{svg}<figcaption>{caption}</figcaption></figure>'


def pages() -> dict:
    """The page in each language, its diagrams drawn by the game's own board."""
    out = {}
    for lang, text in (("en", FENDO_EN), ("fr", FENDO_FR)):
        for kind in CAPTIONS:
            text = text.replace(f"<!--diagram:{kind}-->", _diagram(kind, lang))
        out[lang] = text
    return out
