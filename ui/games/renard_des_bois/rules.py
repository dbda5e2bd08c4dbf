"""Le Renard des Bois's rules page, in our own words, in English and French (HTML fragments).

Written from the publisher's rulebook and the project's decisions where it is silent
(``docs/RULES.md``).
"""

from __future__ import annotations

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

RULES = {"en": RENARD_EN, "fr": RENARD_FR}
