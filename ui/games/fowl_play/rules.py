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
ends your moves early.</p>"""

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
« Terminé » arrête vos déplacements plus tôt.</p>"""

RULES = {"en": EN, "fr": FR}
