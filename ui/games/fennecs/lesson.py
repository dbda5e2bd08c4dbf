"""Fennecs's lesson: a guided first game at three, the learner Player 1 (seat 0), as data
(:mod:`ui.kit.lesson`).

Four positions, each a piece of a round: columns and the two ways to lay a card (face up
pays a star, face down costs one: a bluff), a collection counted out (the rulebook's
example 4, 2, -1), the 0→+ card (on the rulebook's losing example 2, -2, -1), a 1/5 card
making exactly 6 (beside the rulebook's total of 9), then the Renard des sables variant's
Supernova and a full column of 7.  Every card of the deck is placed in the first position,
so the learner's view is a true deal's; the others are set mid-round.
"""

from __future__ import annotations

from game import fennecs

from ui.kit.i18n import t
from ui.kit.lesson import Lesson, Step


def _first():
    """Round one at three: starting cards 4, 3 and 1; the last card set aside."""
    return fennecs.position(3, hands=["2 -2 3 1/5", "-1 -1 5 +", "-2 2 4 1/5"],
                            columns=["4", "3", "1"], aside="+")


def _plus():
    """Column B is the rulebook's losing example, 2, -2 and -1; the learner holds a 0→+."""
    return fennecs.position(3, hands=["+ 4 1/5", "4 5 2", "3 -1 1/5"], columns=["3", "2 -2 -1", "1"])


def _wild():
    """Column A holds 3, 1/5 and 2 (6 if the 1/5 counts 1); column B totals 9, the
    rulebook's example; the third player hid a card on column C."""
    return fennecs.position(3, hands=["4 -1", "-2 +", "2 -1"], columns=["3 1/5 2", "5 4", "1 3v2"])


def _nova():
    """Renard des sables: the next player builds column A with a hidden card; column C is
    full, two of its cards face down with the others' stars."""
    return fennecs.position(3, variant="renard_des_sables", hands=["* 3", "-2 1/5", "-5 -1"],
                            columns=["2 4v1", "4", "1 -1 3v2 2 5v1 -2 1/5"], stars=[4, 2, 3])


STEPS = (
    Step(
        setup=_first,
        say=t("Fennecs hunt by starlight: the player with the most stars after a few rounds wins. "
              "Each round you lay cards on the columns in the middle, then collect one column and win or lose "
              "stars by what it adds up to.",
              "Les fennecs chassent sous les étoiles : le joueur qui en a le plus après quelques manches gagne. "
              "À chaque manche, vous posez des cartes sur les colonnes du centre, puis vous ramassez une colonne "
              "et gagnez ou perdez des étoiles selon ce qu'elle vaut."),
        quote=t("The aim of the game is to own the most stars after several rounds. The game often ends when "
                "a player reaches 20 stars or more during a round.",
                "Le but du jeu est de posséder le plus d'étoiles après plusieurs manches. La partie se termine "
                "souvent quand un joueur atteint 20 étoiles ou plus au cours d'une manche."),
    ),
    Step(
        say=t("There is one column per player, each begun by a face-up starting card; on your turn you lay a "
              "card on a column or collect one. Lay your 2 card face up on column A.",
              "Il y a une colonne par joueur, chacune commencée par une carte de départ face visible ; à votre "
              "tour, vous posez une carte sur une colonne ou vous en ramassez une. Posez votre carte 2 face "
              "visible sur la colonne A."),
        do=("2>A",),
        done=t("Column A now shows 4 and 2, and you took a ★ from the Reserve: a face-up card pays at once, "
               "but everyone sees what it adds.",
               "La colonne A montre maintenant 4 et 2, et vous avez pris une ★ dans la Réserve : une carte face "
               "visible rapporte tout de suite, mais tout le monde voit ce qu'elle ajoute."),
        other=t("Any card may go on any column, face up or face down; this time, lay the 2 card face up on "
                "column A.",
                "Toute carte peut aller sur toute colonne, face visible ou cachée ; cette fois, posez la carte 2 "
                "face visible sur la colonne A."),
        quote=t("face up: if the player lays a card face up, they immediately win a star from the Reserve.",
                "face visible : si le joueur pose une carte face visible, il gagne immédiatement une étoile de "
                "la Réserve."),
        answers=((1, "-1>A"), (2, "-2v>C")),
    ),
    Step(
        say=t("The third player has just laid a card face down on column C, one of their stars on it: only "
              "they know its value. Lay your −2 card face down on column B the same way: a star on a column "
              "tempts the others.",
              "Le troisième joueur vient de poser une carte face cachée sur la colonne C, avec une de ses "
              "étoiles dessus : lui seul connaît sa valeur. Posez de même votre carte −2 face cachée sur la "
              "colonne B : une étoile sur une colonne tente les autres."),
        do=("-2v>B",),
        done=t("Your star lies on the −2: whoever collects column B takes that star, and the −2 with it. The "
               "others see only the back of the card: that is the bluff.",
               "Votre étoile est posée sur le −2 : qui ramassera la colonne B prendra cette étoile, et le −2 "
               "avec. Les autres ne voient que le dos de la carte : c'est le bluff."),
        other=t("Lay the −2 card face down on column B: face up, everyone would see it and leave column B "
                "alone.",
                "Posez la carte −2 face cachée sur la colonne B : face visible, tout le monde la verrait et "
                "laisserait la colonne B."),
        quote=t("face down: if the player lays a card face down (which brings in bluffing and risk-taking), "
                "they put one of their stars on that card.",
                "face cachée : si le joueur pose une carte face cachée (ce qui introduit du bluff et de la prise "
                "de risque), il dépose une de ses étoiles sur cette carte."),
        answers=((1, "take C"), (2, "2>B")),
    ),
    Step(
        say=t("The next player collected column C: they took the star on it, but the hidden card was a −2, "
              "and 1 − 2 = −1 cost them a star. Now collect column A (any column of 2 cards or more may "
              "be collected): 4 + 2 − 1.",
              "Le joueur suivant a ramassé la colonne C : il a pris l'étoile posée dessus, mais la carte cachée "
              "était un −2, et 1 − 2 = −1 lui a coûté une étoile. Ramassez maintenant la colonne A (toute colonne "
              "de 2 cartes ou plus peut être ramassée) : 4 + 2 − 1."),
        do=("take A",),
        done=t("4 + 2 − 1 = 5: you win 5 stars from the Reserve. Having collected, you sit out the rest of "
               "this round while the others play on.",
               "4 + 2 − 1 = 5 : vous gagnez 5 étoiles de la Réserve. Ayant ramassé, vous ne jouez plus de cette "
               "manche, les autres continuent."),
        other=t("Column A is worth 4 + 2 − 1 = 5 stars; column B, with your −2 in it, only 3 − 2 + 2 = 3 and "
                "your star back. Collect column A.",
                "La colonne A vaut 4 + 2 − 1 = 5 étoiles ; la colonne B, avec votre −2, seulement 3 − 2 + 2 = 3 "
                "et votre étoile. Ramassez la colonne A."),
        quote=t("Example: if the column holds the following cards: 4, 2 and -1, the player wins 5 stars.",
                "Exemple : si la colonne comprend les cartes suivantes : 4, 2 et -1, le joueur gagne 5 étoiles."),
    ),
    Step(
        setup=_plus,
        say=t("A new position: column B holds 2, −2 and −1, the rulebook's example that costs its collector "
              "a star. Lay your 0→+ card on it, face down.",
              "Nouvelle position : la colonne B contient 2, −2 et −1, l'exemple de la règle qui coûte une "
              "étoile à qui la ramasse. Posez dessus votre carte 0→+, face cachée."),
        do=("+v>B",),
        done=t("With the 0→+ card in it, column B's negative cards count positive: 2 + 2 + 1 = 5. Face down, "
               "it still looks like −1 to the others.",
               "Avec la carte 0→+, les cartes négatives de la colonne B comptent en positif : 2 + 2 + 1 = 5. "
               "Face cachée, elle semble toujours valoir −1 aux autres."),
        other=t("Lay the 0→+ card face down on column B: face up, the others would see column B turn to 5 and "
                "might collect it first.",
                "Posez la carte 0→+ face cachée sur la colonne B : face visible, les autres verraient la colonne "
                "B passer à 5 et pourraient la ramasser avant vous."),
        quote=t("The 0→+ cards, in a column, turn all the negative cards of the column into positive cards.",
                "Les cartes 0→+, présentes dans une colonne, transforment toutes les cartes négatives de la "
                "colonne en cartes positives."),
        answers=((1, "5>A"), (2, "3>C")),
    ),
    Step(
        say=t("The others left column B alone. Collect it.",
              "Les autres ont laissé la colonne B. Ramassez-la."),
        do=("take B",),
        done=t("2 + 2 + 1 + 0 = 5: five stars from the Reserve, and you take back your own star from the "
               "face-down card.",
               "2 + 2 + 1 + 0 = 5 : cinq étoiles de la Réserve, et vous reprenez votre propre étoile sur la carte "
               "cachée."),
        other=t("Column B is worth 5 and your star, more than column C's 1 + 3 = 4; column A, at 3 + 5 = 8, "
                "is 2 over 6 and would cost you 2 stars.",
                "La colonne B vaut 5 et votre étoile, plus que les 1 + 3 = 4 de la colonne C ; la colonne A, à "
                "3 + 5 = 8, dépasse 6 de 2 et vous coûterait 2 étoiles."),
        quote=t("if the total is between 1 and 6, they take that many stars from the Reserve",
                "si le total de points est compris entre 1 et 6, il prend dans la Réserve le nombre d'étoiles "
                "correspondant"),
    ),
    Step(
        setup=_wild,
        say=t("Column A holds a 1/5 card: it is worth 1 or 5, as its collector chooses once the column is "
              "turned up. Collect column A.",
              "La colonne A contient une carte 1/5 : elle vaut 1 ou 5, au choix de qui ramasse, une fois la "
              "colonne retournée. Ramassez la colonne A."),
        do=("take A",),
        done=t("Every card of column A is face up now: choose what its 1/5 card is worth.",
               "Toutes les cartes de la colonne A sont visibles : choisissez ce que vaut sa carte 1/5."),
        other=t("Column B is 5 + 4 = 9, 3 over 6: it would cost you 3 stars, as in the rulebook's example. "
                "Collect column A.",
                "La colonne B fait 5 + 4 = 9, 3 de plus que 6 : elle vous coûterait 3 étoiles, comme dans "
                "l'exemple de la règle. Ramassez la colonne A."),
        quote=t("The 1/5 cards are worth 1 or 5 points, as the player who collected the column chooses: they "
                "make the most of gains, or the least of losses.",
                "Les cartes 1/5 valent 1 ou 5 points, au choix du joueur qui a ramassé la colonne : elles "
                "permettent d'optimiser les gains, ou de minimiser les pertes."),
    ),
    Step(
        say=t("Count both ways: with 1, column A is 3 + 1 + 2 = 6; with 5, it is 10. Choose 1.",
              "Comptez des deux façons : avec 1, la colonne A fait 3 + 1 + 2 = 6 ; avec 5, elle fait 10. "
              "Choisissez 1."),
        do=("as 1",),
        done=t("Exactly 6: you win 6 stars, and the round ends at once for everyone. The star on the "
               "face-down card of column C goes back to the Reserve.",
               "Exactement 6 : vous gagnez 6 étoiles, et la manche s'arrête aussitôt pour tous. L'étoile de la "
               "carte cachée de la colonne C retourne à la Réserve."),
        other=t("With 5, column A counts 10: 4 over 6, so you would lose 4 stars. Choose 1.",
                "Avec 5, la colonne A compte 10 : 4 de plus que 6, vous perdriez 4 étoiles. Choisissez 1."),
        quote=t("if the total is exactly 6, they win 6 stars and at once end the current round for all the "
                "players still in play. The stars on face-down cards of the other columns go back to the "
                "Reserve.",
                "si le total de points fait exactement 6, il gagne 6 étoiles et met immédiatement fin à la "
                "manche en cours pour tous les joueurs restant en jeu. Les étoiles présentes sur des cartes "
                "faces cachées des autres colonnes sont remises dans la Réserve."),
    ),
    Step(
        setup=_nova,
        say=t("In the Renard des sables variant, a −5 and the Supernova replace the 0→+ cards; the Supernova "
              "is always played face down. The next player has hidden a card on column A, surely for "
              "themselves: hide your Supernova there.",
              "Dans la variante Renard des sables, une carte −5 et la Supernova remplacent les cartes 0→+ ; la "
              "Supernova se joue toujours face cachée. Le joueur suivant a caché une carte sur la colonne A, "
              "sûrement pour lui : cachez-y votre Supernova."),
        do=("*v>A",),
        done=t("Whoever collects column A now reveals your Supernova: the column is destroyed, nothing won, "
               "nothing lost. Its stars, yours too, go back to the Reserve.",
               "Qui ramassera la colonne A révélera votre Supernova : la colonne est détruite, rien de gagné, "
               "rien de perdu. Ses étoiles, la vôtre aussi, retournent à la Réserve."),
        other=t("Hide the Supernova on column A, the column the next player is building for themselves.",
                "Cachez la Supernova sur la colonne A, celle que le joueur suivant prépare pour lui."),
        quote=t("When it is revealed (when a player decides to collect the column), it utterly destroys the "
                "column it is in: the stars of that column's face-down cards go back to the Reserve, and the "
                "player wins or loses no points.",
                "Au moment où elle est révélée (lorsqu'un joueur décide de ramasser la colonne), elle détruit "
                "totalement la colonne dans laquelle elle se trouve : les étoiles des cartes faces cachées de "
                "cette colonne retournent dans la Réserve et le joueur ne remporte ou ne perd aucun point."),
        answers=((1, "take A"), (2, "-5>B")),
    ),
    Step(
        say=t("The next player collected column A: the Supernova destroyed it, and their round ended for "
              "nothing. Column C holds 7 cards, the most a column may hold: collect it.",
              "Le joueur suivant a ramassé la colonne A : la Supernova l'a détruite, et sa manche s'est "
              "terminée pour rien. La colonne C a 7 cartes, le plus qu'une colonne puisse avoir : ramassez-la."),
        do=("take C",),
        done=t("A full column is worth nothing, neither won nor lost: you just take the 2 stars on its "
               "face-down cards.",
               "Une colonne pleine ne vaut rien, ni gain ni perte : vous prenez juste les 2 étoiles de ses "
               "cartes cachées."),
        other=t("Column B is now 4 − 5 = −1, a star lost; the full column C loses you nothing and pays its 2 "
                "stars. Collect column C.",
                "La colonne B fait maintenant 4 − 5 = −1, une étoile perdue ; la colonne pleine C ne vous coûte "
                "rien et rapporte ses 2 étoiles. Ramassez la colonne C."),
        quote=t("A column of 7 cards has no value. Only the stars lying on any face-down cards are won by the "
                "player.",
                "Une colonne de 7 cartes n'a aucune valeur. Seules les étoiles posées sur les éventuelles cartes "
                "faces cachées sont gagnées par le joueur."),
    ),
    Step(
        say=t("A round ends when everyone has collected; the game ends after the round in which someone "
              "reaches 20 stars, or when the Reserve is empty. The most stars wins: now play a real game.",
              "Une manche s'arrête quand chacun a ramassé ; la partie s'arrête après la manche où quelqu'un "
              "atteint 20 étoiles, ou quand la Réserve est vide. Le plus d'étoiles l'emporte : à vous de jouer "
              "une vraie partie."),
    ),
)

LESSON = Lesson("fennecs", 0, STEPS, title=t("Learn Fennecs", "Apprendre Fennecs"))
