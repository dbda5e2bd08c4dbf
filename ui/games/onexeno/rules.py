"""Onexeno's rules page, in our own words, in English and French (HTML fragments).

Written from the rulebook (``../shared/rules/onexeno.fr.txt``) and the project's rulings
where it is silent (``docs/RULES.md``, ``game/onexeno.py``).  The pictures are drawn with
the screen's own card.
"""

from __future__ import annotations

from game import onexeno

from .cards import card_svg


def _cards(*specs) -> str:
    """A row of cards, each ``"4c"`` or ``"4c+90"``, drawn as on the table."""
    out = []
    for spec in specs:
        card, _, t = spec.partition("+")
        out.append(f'<span class="omini">{card_svg(card, int(t or 0))}</span>')
    return f'<div class="ominis rules-cards">{"".join(out)}</div>'


EXAMPLE = _cards("0a", "1a", "2a", "4c", "4c+90", "7b", "8a")

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

<h2>Lines</h2>
<p>Placing the fifth card of a row, a column or a diagonal of five takes those five cards: they leave the
table and count for you. Several lines made at once are all taken (at most 17 cards). The square may then
open again.</p>

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

<h2>Les lignes</h2>
<p>Poser la cinquième carte d'une rangée, d'une colonne ou d'une diagonale de cinq prend ces cinq cartes :
elles quittent la table et comptent pour vous. Plusieurs lignes faites d'un coup sont toutes prises (17
cartes au plus). Le carré peut alors se rouvrir.</p>

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
