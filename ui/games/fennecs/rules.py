"""Fennecs's rules page, in our own words, in English and French (HTML fragments).

Written from the publisher's rulebook and the project's decisions where it is silent
(``docs/RULES.md``).
"""

from __future__ import annotations

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
when someone can do nothing). The last player to collect starts the next round. Face-down cards still on
the table then go back unseen: a bluff nobody called stays a secret.</p>

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
quand un joueur ne peut rien faire). Le dernier à avoir ramassé commence la manche suivante. Les cartes
encore face cachée sur la table sont alors reprises sans être vues : un bluff que personne n'a démasqué
reste secret.</p>

<h2>Fin de la partie</h2>
<p>La partie s'arrête après la manche où un joueur atteint 20 étoiles (15 à 5 joueurs), ou quand une manche
laisse la Réserve vide. Le plus d'étoiles (dues comprises) l'emporte ; en cas d'égalité, la victoire est
partagée.</p>
"""

RULES = {"en": FENNECS_EN, "fr": FENNECS_FR}
