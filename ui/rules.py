"""Each game's rules, in our own words, in English and French (HTML fragments).

Written from the publishers' rulebooks (``shared/rules/``) and the project's
decisions on what they leave out (``shared/rules/README.md``).
"""

from __future__ import annotations

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

<h2>Notation</h2>
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
<li>Keyboard: the arrow keys move the cursor on the board, <kbd>Enter</kbd> selects, <kbd>N</kbd>
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

<h2>Notation</h2>
<p>Les colonnes sont des lettres depuis la gauche (a, b, c…), les rangées des nombres depuis le côté de
Blanc (1, 2, 3…).</p>
<ul>
<li><code>c4</code> : un nouveau pion entre en c4.</li>
<li><code>d1-d4N</code> : le pion de d1 va en d4, et un mur est posé au nord de d4 (N, E, S ou W pour
ouest).</li>
<li><code>d1E</code> : le pion de d1 reste sur place, et un mur est posé à l'est de sa case.</li>
<li><code>pass</code> : aucune action n'était possible.</li>
</ul>

<h2>Jouer ici</h2>
<ul>
<li>Touchez un de vos pions : les cases qu'il peut atteindre s'allument. Touchez-en une (ou le pion
lui-même pour rester sur place), puis un des murs proposés autour.</li>
<li>Pour faire entrer un pion, touchez votre réserve (<em>Nouveau pion</em>), puis une des cases qui
s'allument.</li>
<li>Au clavier : les flèches déplacent le curseur sur le plateau, <kbd>Entrée</kbd> sélectionne,
<kbd>N</kbd> <kbd>E</kbd> <kbd>S</kbd> <kbd>W</kbd> posent un mur, <kbd>P</kbd> prend un nouveau
pion, <kbd>Échap</kbd> annule.</li>
<li><em>Annuler le coup</em> reprend votre dernière action (et la réponse du robot).</li>
</ul>
<p class="tip"><strong>Attention :</strong> un déplacement imprudent en début de partie peut coûter
presque tout le plateau, si votre adversaire peut enfermer votre pion dans une toute petite zone.</p>
"""

RENARD_EN = """
<h1>Le Renard des Bois</h1>
<p class="lede">A trick-taking duel by Joshua Buergel (The Fox in the Forest). Win tricks, but not too
many: the greedy lose everything.</p>
<h2>The deal</h2>
<p>33 cards in three suits, Bells, Keys and Moons, numbered 1 to 11. Each player gets 13 cards; the 7
left make the deck, and its top card is turned face up: the <em>decree</em>. The decree's suit is
<strong>trump</strong>. The player who did not deal leads the first trick; the dealer changes every round.</p>
<h2>A trick</h2>
<ul>
<li>The leader plays any card. The other player must <strong>follow</strong> the suit led if they can;
otherwise they play any card.</li>
<li>The highest trump wins the trick; with no trump, the highest card of the suit led. The winner leads
the next trick.</li>
</ul>
<h2>The six abilities (odd cards)</h2>
<ul>
<li><strong>1 Swan</strong>: if you play it and lose the trick, you lead the next one.</li>
<li><strong>3 Fox</strong>: you may exchange the decree with a card from your hand (the new trump counts
at once).</li>
<li><strong>5 Woodcutter</strong>: draw the top card of the deck, then put any card of your hand face down
under the deck.</li>
<li><strong>7 Treasure</strong>: the winner of the trick scores 1 point per 7 in it.</li>
<li><strong>9 Witch</strong>: if it is the only 9 of the trick, it counts as a trump to decide who wins
(you still follow its printed suit). Two 9s cancel out.</li>
<li><strong>11 Monarch</strong>: when you lead it, your opponent, if they have its suit, must play the 1
of that suit or their highest card of it.</li>
</ul>
<h2>Scoring a round</h2>
<p>After 13 tricks, each player scores by the tricks they won, plus their Treasure points:</p>
<ul>
<li>0–3 tricks: 6 points (<em>Humble</em>)</li>
<li>4, 5, 6 tricks: 1, 2, 3 points (<em>Defeated</em>)</li>
<li>7–9 tricks: 6 points (<em>Victorious</em>)</li>
<li>10–13 tricks: 0 points (<em>Greedy</em>)</li>
</ul>
<h2>The end</h2>
<p>The game ends after the round in which a player reaches the target (21 points, or 16 or 35 as chosen).
The higher total wins; on a tie, whoever scored more in the last round.</p>
<h2>Playing here</h2>
<ul>
<li>Tap a raised card of your hand to play it. A refused card tells you why.</li>
<li>After your Fox, tap a card to put it as the decree, or <em>Keep the decree</em>. After your
Woodcutter, tap the card to put under the deck.</li>
<li>Two players on one device: the screen asks to pass the device before showing a hand.</li>
<li><em>Undo</em> takes back your last card only while nothing new has been seen: never a finished trick
nor a Woodcutter's draw.</li>
</ul>
"""

RENARD_FR = """
<h1>Le Renard des Bois</h1>
<p class="lede">Un duel de plis de Joshua Buergel. Remportez des plis, mais pas trop : les cupides
perdent tout.</p>
<h2>La donne</h2>
<p>33 cartes en trois couleurs, Cloches, Clefs et Lunes, numérotées de 1 à 11. Chacun reçoit 13 cartes ;
les 7 restantes forment la pioche, dont la première carte est retournée : c'est le <em>décret</em>. Sa
couleur est l'<strong>atout</strong>. Le joueur qui n'a pas distribué entame le premier pli ; le donneur
change à chaque manche.</p>
<h2>Un pli</h2>
<ul>
<li>Celui qui entame joue n'importe quelle carte. L'autre doit <strong>fournir</strong> la couleur
demandée s'il le peut ; sinon il joue ce qu'il veut.</li>
<li>Le plus fort atout remporte le pli ; sans atout, la plus forte carte de la couleur demandée. Le
gagnant entame le pli suivant.</li>
</ul>
<h2>Les six pouvoirs (cartes impaires)</h2>
<ul>
<li><strong>1 Cygne</strong> : si vous le jouez et perdez le pli, c'est vous qui entamez le suivant.</li>
<li><strong>3 Renard</strong> : vous pouvez échanger le décret avec une carte de votre main (le nouvel
atout compte tout de suite).</li>
<li><strong>5 Bûcheron</strong> : piochez la première carte de la pioche, puis glissez n'importe quelle
carte de votre main face cachée sous la pioche.</li>
<li><strong>7 Trésor</strong> : le gagnant du pli marque 1 point par 7 du pli.</li>
<li><strong>9 Sorcière</strong> : si c'est le seul 9 du pli, il compte comme un atout pour désigner le
gagnant (on fournit toujours sa couleur imprimée). Deux 9 s'annulent.</li>
<li><strong>11 Monarque</strong> : quand vous l'entamez, votre adversaire, s'il a cette couleur, doit
jouer le 1 de cette couleur ou sa plus forte carte de cette couleur.</li>
</ul>
<h2>Le décompte d'une manche</h2>
<p>Après 13 plis, chacun marque selon le nombre de plis remportés, plus ses points de Trésor :</p>
<ul>
<li>0 à 3 plis : 6 points (<em>Humble</em>)</li>
<li>4, 5, 6 plis : 1, 2, 3 points (<em>Vaincu</em>)</li>
<li>7 à 9 plis : 6 points (<em>Victorieux</em>)</li>
<li>10 à 13 plis : 0 point (<em>Cupide</em>)</li>
</ul>
<h2>La fin</h2>
<p>La partie s'arrête après la manche où un joueur atteint l'objectif (21 points, ou 16 ou 35 au choix).
Le plus haut total gagne ; en cas d'égalité, celui qui a marqué le plus lors de la dernière manche.</p>
<h2>Jouer ici</h2>
<ul>
<li>Touchez une carte surélevée de votre main pour la jouer. Une carte refusée vous dit pourquoi.</li>
<li>Après votre Renard, touchez une carte pour en faire le décret, ou <em>Garder le décret</em>. Après
votre Bûcheron, touchez la carte à glisser sous la pioche.</li>
<li>À deux sur un appareil : l'écran demande de passer l'appareil avant de montrer une main.</li>
<li><em>Annuler le coup</em> ne reprend votre dernière carte que si rien de nouveau n'a été vu : jamais un
pli terminé ni la pioche d'un Bûcheron.</li>
</ul>
"""

FENNECS_EN = """
<h1>Fennecs</h1>
<p class="lede">A card game by Masanofu · 2 to 5 players · about 20 minutes.</p>
<p><strong>Goal.</strong> Have the most stars at the end of the game.</p>

<h2>Setup</h2>
<p>There is one column per player in the middle of the table, each started by a face-up card. Every
player gets a few cards in hand and a few stars; the other stars form the <em>Reserve</em>. Each round is
dealt afresh from the whole deck.</p>

<h2>The cards</h2>
<ul>
<li><strong>−1, −2</strong>: negative cards. <strong>1 to 5</strong>: positive cards.</li>
<li><strong>1/5</strong>: worth 1 or 5, as the player who collects it chooses.</li>
<li><strong>0→+</strong>: worth 0, and turns every negative card of its column positive.</li>
<li>Sahara variant: plain <strong>0</strong> cards replace the 0→+ cards. Renard des sables variant: a
<strong>−5</strong> and the <strong>Supernova</strong> replace them; the Supernova is always played face down,
and the column holding it is destroyed when collected (nothing won, nothing lost).</li>
</ul>

<h2>Your turn</h2>
<p>Do one of these two things.</p>
<h3>Play a card on a column</h3>
<p>A column holds at most 7 cards.</p>
<ul>
<li><strong>Face up</strong>: take one star from the Reserve (if it has any).</li>
<li><strong>Face down</strong>: put one of your stars on the card. Only you know its value (the app marks it
“yours” for you).</li>
</ul>
<h3>Collect a column</h3>
<p>A column of 2 cards or more may be collected. You take the stars lying on its face-down cards, then
the cards are revealed and added up:</p>
<ul>
<li>a total from 1 to 6 wins that many stars from the Reserve (owed to you if it runs short);</li>
<li>a negative total loses that many stars, a total above 6 loses the excess over 6;</li>
<li>exactly 6 also ends the round at once, and the stars on the other columns go back to the Reserve;</li>
<li>a full column of 7 cards is worth nothing.</li>
</ul>
<p>Having collected, you sit out the rest of the round. The round ends when everyone has collected (or
when someone can do nothing). The last player to collect starts the next round.</p>

<h2>End of the game</h2>
<p>The game ends after the round in which a player reaches 20 stars (15 with 5 players), or when a round
leaves the Reserve empty. The most stars (owed ones included) wins; a tie is a shared win.</p>
"""

FENNECS_FR = """
<h1>Fennecs</h1>
<p class="lede">Un jeu de cartes de Masanofu · 2 à 5 joueurs · environ 20 minutes.</p>
<p><strong>But.</strong> Avoir le plus d'étoiles à la fin de la partie.</p>

<h2>Mise en place</h2>
<p>Au centre de la table, une colonne par joueur, chacune commencée par une carte face visible. Chaque
joueur reçoit quelques cartes en main et quelques étoiles ; les autres étoiles forment la <em>Réserve</em>.
Chaque manche est redistribuée avec tout le paquet.</p>

<h2>Les cartes</h2>
<ul>
<li><strong>−1, −2</strong> : cartes négatives. <strong>1 à 5</strong> : cartes positives.</li>
<li><strong>1/5</strong> : vaut 1 ou 5, au choix du joueur qui la ramasse.</li>
<li><strong>0→+</strong> : vaut 0 et rend positives toutes les cartes négatives de sa colonne.</li>
<li>Variante Sahara : des cartes <strong>0</strong> simples remplacent les 0→+. Variante Renard des sables :
un <strong>−5</strong> et la <strong>Supernova</strong> les remplacent ; la Supernova se joue toujours face
cachée, et la colonne qui la contient est détruite quand on la ramasse (rien de gagné, rien de perdu).</li>
</ul>

<h2>À votre tour</h2>
<p>Faites l'une de ces deux actions.</p>
<h3>Jouer une carte sur une colonne</h3>
<p>Une colonne compte au plus 7 cartes.</p>
<ul>
<li><strong>Face visible</strong> : prenez une étoile de la Réserve (s'il en reste).</li>
<li><strong>Face cachée</strong> : posez une de vos étoiles sur la carte. Vous seul connaissez sa valeur
(l'application la marque « à vous »).</li>
</ul>
<h3>Ramasser une colonne</h3>
<p>On peut ramasser une colonne de 2 cartes ou plus. Prenez les étoiles posées sur ses cartes cachées, puis
les cartes sont révélées et additionnées :</p>
<ul>
<li>un total de 1 à 6 gagne autant d'étoiles de la Réserve (elles vous sont dues si elle en manque) ;</li>
<li>un total négatif en fait perdre autant, un total au-dessus de 6 fait perdre ce qui dépasse 6 ;</li>
<li>exactement 6 arrête aussi la manche aussitôt, et les étoiles des autres colonnes retournent à la Réserve ;</li>
<li>une colonne pleine de 7 cartes ne vaut rien.</li>
</ul>
<p>Après avoir ramassé, vous ne jouez plus de la manche. Elle s'arrête quand tout le monde a ramassé (ou
quand un joueur ne peut rien faire). Le dernier à avoir ramassé commence la manche suivante.</p>

<h2>Fin de la partie</h2>
<p>La partie s'arrête après la manche où un joueur atteint 20 étoiles (15 à 5 joueurs), ou quand une manche
laisse la Réserve vide. Le plus d'étoiles (dues comprises) l'emporte ; en cas d'égalité, la victoire est
partagée.</p>
"""

_SOON = {
    "fowl_play": (
        "Fowl Play",
        "A board game for 2 to 4 players by Richard Breese: foxes hunt, poultry run for the farmyard.",
        "Un jeu de plateau pour 2 à 4 joueurs de Richard Breese : les renards chassent, les volailles "
        "courent vers la basse-cour.",
    ),
    "onexeno": (
        "Onexeno",
        "A pattern-matching card game for 2 to 7 players by Raymond Lauzzana: lay square cards edge to edge "
        "and complete lines of five.",
        "Un jeu de cartes d'assemblage pour 2 à 7 joueurs de Raymond Lauzzana : posez des cartes carrées "
        "bord à bord et complétez des lignes de cinq.",
    ),
}

RULES = {"fendo": {"en": FENDO_EN, "fr": FENDO_FR},
         "renard_des_bois": {"en": RENARD_EN, "fr": RENARD_FR},
         "fennecs": {"en": FENNECS_EN, "fr": FENNECS_FR}}
for _gid, (_title, _en, _fr) in _SOON.items():
    RULES[_gid] = {
        "en": f"<h1>{_title}</h1><p class=\"lede\">{_en}</p><p class=\"soon-note\">Coming soon to "
              "Renardière: its rules will be here when it can be played.</p>",
        "fr": f"<h1>{_title}</h1><p class=\"lede\">{_fr}</p><p class=\"soon-note\">Bientôt sur "
              "Renardière : ses règles seront ici quand on pourra y jouer.</p>",
    }


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
    import game

    state = game.new_game("fendo")
    for n, action in enumerate(actions):
        state.apply(n % 2, action)
    return state


def _diagram(kind: str, lang: str) -> str:
    """A small board drawn by the game's own renderer (nothing here is clickable)."""
    import game

    from . import fendo_ui

    try:
        if kind == "start":
            state = game.new_game("fendo")
            svg = fendo_ui.render_board(state.view(None), interactive=False)
        elif kind == "move":
            state = _played(["c3", "f3", "d1-c5S", "c6"])
            opts = fendo_ui.options(state.legal_actions(0))
            sel = dict(fendo_ui.EMPTY_SEL, mode="pawn", pawn="c3")
            svg = fendo_ui.render_board(state.view(0), sel, opts, seat=0, interactive=False)
        else:
            state = _played(["e4", "f4", "d1-b2N", "d7-e7E", "b2-a2N", "e7-e6E",
                              "a2-b2E", "e6-f5N", "b2-b1E", "f5-g6S"])
            svg = fendo_ui.render_board(state.view(None), interactive=False)
    except Exception:  # a diagram is a nicety: the text stands without it
        return ""
    caption = CAPTIONS[kind][0 if lang == "en" else 1]
    return f'<figure class="diagram">{svg}<figcaption>{caption}</figcaption></figure>'


def page(game_id: str, lang: str) -> str:
    text = RULES.get(game_id, {}).get(lang) or RULES.get(game_id, {}).get("en", "")
    if game_id == "fendo":
        for kind in CAPTIONS:
            text = text.replace(f"<!--diagram:{kind}-->", _diagram(kind, lang))
    if lang == "fr":  # no-break spaces before French high punctuation, as in ui.i18n
        for a, b in ((" !", "\u00a0!"), (" ?", "\u00a0?"), (" :", "\u00a0:"), (" ;", "\u00a0;")):
            text = text.replace(a, b)
    return text
