"""Onexeno's lesson (ui/kit/lesson.py): matching edges, the 5x5 box, taking a line, passing.

Played on the rulebook's own pictures, as the rules page redraws them (rules.py: PLACEMENTS,
FAULTS, AREAS, LINES); the learner is seat 0 of two.  Each position gives the learner a
card or two beside the one the step asks for, and a deck to draw from (the draw is the
engine's, at the turn's start), so that the step reads like a turn of a real game.
"""

from __future__ import annotations

import game
from game import onexeno

from ui.kit.lesson import Lesson, Step
from .rules import AREAS, FAULTS, LINES, PLACEMENTS

OPPONENT = "2c 3d 5l"          # the other seat's hand, hidden: it answers only where said
DECK = "2a 1a 8a 6h 7a"        # from its top: the learner draws 2a as the turn begins


def _table(table: dict, hand: str, *, deck: str = DECK, opponent: str = OPPONENT):
    return lambda: onexeno.position(2, table=table, hands=[hand, opponent], deck=deck)


_BOX_OPEN = {c: s for c, s in AREAS["both"].items() if c != "f7"}   # four rows: 3 to 6
_END = {**LINES["row"][0], "e6": "4j"}                              # row 5 to finish, and one more

STEPS = (
    Step(
        setup=_table(PLACEMENTS["edge"][0], "4r 0a"),
        say={"en": "Onexeno's cards are 3x3 grids of light and dark cells; the number in the middle, "
                   "the card's value, counts its dark cells. Lay cards whose touching cells match, and "
                   "take lines of five for their points.",
             "fr": "Les cartes d'Onexeno sont des grilles de 3x3 cases claires et sombres ; le nombre au "
                   "centre, la valeur de la carte, compte ses cases sombres. Posez des cartes dont les "
                   "cases qui se touchent s'accordent, et prenez des lignes de cinq pour leurs points."},
        quote={"fr": "Le but est d'accumuler le plus grand nombre de points à la fin du jeu. Les joueurs "
                     "gagnent des points en formant des alignements de cinq cartes s'accordant.",
               "en": "The aim is to have the most points at the end of the game. Players score points by "
                     "forming lines of five matching cards."},
    ),
    Step(
        say={"en": "Your turn began with a draw (the new card is marked). Place the 4 (dark: top, top "
                   "right, bottom, bottom left) on f5, turned a quarter, against the right edge of the 6.",
             "fr": "Votre tour a commencé par une pioche (la nouvelle carte est marquée). Posez le 4 "
                   "(sombres : en haut, en haut à droite, en bas, en bas à gauche) en f5, tourné d'un "
                   "quart, contre le bord droit du 6."},
        do=("4r@f5+90",),
        done={"en": "Along a shared edge the three facing cells agree in order: dark, dark, light on "
                    "both sides. Turning a card is allowed, flipping it never.",
              "fr": "Le long d'un bord commun, les trois cases en face s'accordent dans l'ordre : sombre, "
                    "sombre, claire des deux côtés. On peut tourner une carte, jamais la retourner."},
        other={"en": "That fits too, but this step is about an edge: put the 4 on f5, turned a quarter, "
                     "beside the 6.",
               "fr": "Cela va aussi, mais cette étape parle des bords : posez le 4 en f5, tourné d'un "
                     "quart, à côté du 6."},
        answers=((1, "5l@g5+180"),),
        quote={"fr": "Au début de son tour, le joueur pioche une carte. Il essaie alors de placer une "
                     "carte de sa main, en accord avec les règles de correspondance avec les cartes qui "
                     "ont été auparavant jouées.",
               "en": "At the start of their turn, the player draws a card. They then try to place a card "
                     "from their hand, following the matching rules with the cards played before."},
    ),
    Step(
        setup=_table(PLACEMENTS["corner"][0], "4f 0a"),
        say={"en": "Cards may also touch by a corner only. Place the 4 (dark: top left, top, top right, "
                   "bottom) on f6, turned a quarter, at the top right corner of the 1.",
             "fr": "Les cartes peuvent aussi ne se toucher que par un coin. Posez le 4 (sombres : en haut "
                   "à gauche, en haut, en haut à droite, en bas) en f6, tourné d'un quart, au coin en haut "
                   "à droite du 1."},
        do=("4f@f6+90", "4f@f6", "4f@d6", "4f@d6+270", "4f@d4+180", "4f@d4+270", "4f@f4+90",
            "4f@f4+180"),
        done={"en": "At a corner only the two corner cells must agree: both light here.",
              "fr": "Par un coin, seules les deux cases de coin doivent s'accorder : claires toutes les "
                    "deux ici."},
        other={"en": "That is legal, but this step is about corners: put the 4 diagonally next to the 1, "
                     "on f6.",
               "fr": "C'est permis, mais cette étape parle des coins : posez le 4 en diagonale du 1, en "
                     "f6."},
        quote={"fr": "Les cartes doivent se toucher par les coins ou les bords. […] Les coins et les "
                     "bords qui se touchent doivent obligatoirement correspondre.",
               "en": "Cards must touch by their corners or their edges. […] Corners and edges that touch "
                     "must match."},
    ),
    Step(
        setup=_table(PLACEMENTS["point"][0], "1b 0a"),
        say={"en": "A card on f6 would touch three cards: two edges and a corner, and every one must "
                   "match. Place the 1 (dark: top) there, turned three quarters.",
             "fr": "Une carte en f6 toucherait trois cartes : deux bords et un coin, et chacun doit "
                   "s'accorder. Posez-y le 1 (sombre : en haut), tourné de trois quarts."},
        do=("1b@f6+270",),
        done={"en": "Where four cards meet at a point, their four corners show one colour.",
              "fr": "Là où quatre cartes se rejoignent en un point, leurs quatre coins montrent une seule "
                    "couleur."},
        other={"en": "That fits, but the lesson asks for f6, where the 1 matches three cards at once.",
               "fr": "Cela va, mais la leçon demande f6, où le 1 s'accorde avec trois cartes à la fois."},
    ),
    Step(
        setup=_table(FAULTS["sides"][0], "5n 0a"),
        say={"en": "The rulebook's faults: the 5 (light: top right, bottom right, bottom left) on f5 "
                   "clashes along the edge, the 0 (all light) on f6 at the corner. Try one to see why, then "
                   "place the 5 where it fits.",
             "fr": "Les fautes de la règle : le 5 (claires : en haut à droite, en bas à droite, en bas à "
                   "gauche) en f5 jure sur le bord, le 0 (toute claire) en f6 sur le coin. Essayez pour "
                   "voir pourquoi, puis posez le 5 là où il va."},
        do=("5n@e6+180", "5n@e4", "5n@d4+90", "5n@d6", "5n@d6+90", "5n@d6+270", "5n@f4+90",
            "5n@f4+180", "5n@f4+270", "5n@f6+270"),
        done={"en": "Every cell it touches agrees. The table refuses a card that clashes, and says which "
                    "cells do.",
              "fr": "Chaque case qu'il touche s'accorde. La table refuse une carte qui jure, et dit "
                    "quelles cases."},
        other={"en": "That fits, but this step asks for the 5: find a cell where it matches.",
               "fr": "Cela va, mais cette étape demande le 5 : trouvez une case où il s'accorde."},
    ),
    Step(
        setup=_table(_BOX_OPEN, "1a 4o", deck="4t 8a 6h 7a"),
        say={"en": "The cards fill five columns, c to g: no card may go on b or h now. Place the 1 (dark: "
                   "top left) on f7, turned three quarters, so that they fill five rows too.",
             "fr": "Les cartes occupent cinq colonnes, de c à g : plus aucune carte en b ni en h. Posez le "
                   "1 (sombre : en haut à gauche) en f7, tourné de trois quarts, pour qu'elles occupent "
                   "aussi cinq rangées."},
        do=("1a@f7+270", "1a@e7+180", "1a@g7", "1a@g7+90", "1a@d2+90", "1a@f2", "4o@e7", "4o@d2",
            "4o@e2", "4o@f2"),
        done={"en": "Five columns and five rows: the 5x5 box is fixed, and cards go only inside it until "
                    "a take opens it again.",
              "fr": "Cinq colonnes et cinq rangées : le carré de 5x5 est fixé, et les cartes ne vont plus "
                    "que dedans, jusqu'à ce qu'une prise le rouvre."},
        other={"en": "That fits, but the cards still span four rows: a card on row 7 (or row 2) fixes the "
                     "box.",
               "fr": "Cela va, mais les cartes ne couvrent encore que quatre rangées : une carte sur la "
                     "rangée 7 (ou 2) fixe le carré."},
        quote={"fr": "L'aire de jeu est considérée fermée quand elle est déterminée tant verticalement "
                     "qu'horizontalement. Dès que l'aire de jeu est fermée, les cartes ne peuvent plus "
                     "être jouées que dans le carré 5X5 défini.",
               "en": "The play area is considered closed when it is bounded both vertically and "
                     "horizontally. Once the play area is closed, cards may be played only within the "
                     "5X5 square so defined."},
    ),
    Step(
        setup=_table(AREAS["both"], "2h 4o 4t", deck="3n 8a 6h 7a"),
        say={"en": "The 2 (dark: top, bottom) and the 3 (dark: top, right, bottom) fit only on g5, and "
                   "then row 5 would lack only f5: your opponent could take the line. You may pass instead.",
             "fr": "Le 2 (sombres : en haut, en bas) et le 3 (sombres : en haut, à droite, en bas) ne vont "
                   "qu'en g5, et la rangée 5 n'attendrait plus que f5 : votre adversaire pourrait prendre "
                   "la ligne. Vous pouvez passer."},
        do=("pass",),
        done={"en": "You keep your cards. While the deck lasts a pass is not final: you draw again next "
                    "turn.",
              "fr": "Vous gardez vos cartes. Tant qu'il reste une pioche, passer n'est pas définitif : "
                    "vous piochez de nouveau au tour suivant."},
        other={"en": "It fits, but it leaves four cards of row 5 waiting for a fifth on f5: the next "
                     "player could take them. Pass.",
               "fr": "Elle va, mais quatre cartes de la rangée 5 attendent alors une cinquième en f5 : le "
                     "joueur suivant pourrait les prendre. Passez."},
        quote={"fr": "Si un joueur ne peut pas ou ne veut pas jouer de carte, il passe.",
               "en": "If a player cannot or will not play a card, they pass."},
    ),
    Step(
        setup=_table(LINES["row"][0], "5b 6f", deck="7a 8a 6h 2a"),
        say={"en": "Row 5 holds four cards, c5 to f5. Place the 5 (light: bottom right, bottom left, left) "
                   "on g5, turned a half, to make the fifth.",
             "fr": "La rangée 5 porte quatre cartes, de c5 à f5. Posez le 5 (claires : en bas à droite, en "
                   "bas à gauche, à gauche) en g5, tourné d'un demi-tour, pour faire la cinquième."},
        do=("5b@g5+180",),
        done={"en": "A line of five: you take all five cards, and their values are your points.",
              "fr": "Une ligne de cinq : vous prenez les cinq cartes, et leurs valeurs sont vos points."},
        other={"en": "That fits, but it takes nothing: the 5 on g5 completes the row.",
               "fr": "Cela va, mais ne prend rien : le 5 en g5 complète la rangée."},
        quote={"fr": "Quand un joueur joue la cinquième carte établissant un alignement de cinq cartes, "
                     "le joueur les prend. On appelle levée cinq cartes alignées.",
               "en": "When a player plays the fifth card that makes a line of five cards, that player "
                     "takes them. Five cards in a line are called a trick."},
    ),
    Step(
        setup=_table(LINES["column"][0], "6d 3a", deck="6f 8a 6h 7a"),
        say={"en": "Columns count too: place the 6 (light: right, left) on e7, turned a quarter, to finish "
                   "the column from e3.",
             "fr": "Les colonnes comptent aussi : posez le 6 (claires : à droite, à gauche) en e7, tourné "
                   "d'un quart, pour finir la colonne depuis e3."},
        do=("6d@e7+90",),
        done={"en": "A column of five, taken like a row.",
              "fr": "Une colonne de cinq, prise comme une rangée."},
        other={"en": "That fits, but it takes nothing: the 6 on e7 completes the column.",
               "fr": "Cela va, mais ne prend rien : le 6 en e7 complète la colonne."},
    ),
    Step(
        setup=_table(LINES["diagonal"][0], "4d 4t", deck="2h 6h 2a 1a"),
        say={"en": "And diagonals: place the 4 (dark: top left, top right, right, bottom right) on g7, as "
                   "printed, to finish the diagonal from c3.",
             "fr": "Et les diagonales : posez le 4 (sombres : en haut à gauche, en haut à droite, à "
                   "droite, en bas à droite) en g7, tel quel, pour finir la diagonale depuis c3."},
        do=("4d@g7", "4d@b2", "4d@b2+90", "4d@b2+270", "2h@g7", "2h@g7+90", "4t@g7"),
        done={"en": "A diagonal of five: taken too.",
              "fr": "Une diagonale de cinq : prise aussi."},
        other={"en": "That fits, but it takes nothing: the 4 on g7 completes the diagonal.",
               "fr": "Cela va, mais ne prend rien : le 4 en g7 complète la diagonale."},
    ),
    Step(
        setup=_table(LINES["several"][0], "3c 0a", opponent="2c 5l 7b"),
        say={"en": "The middle cell, e5, would finish both the column from e3 and the row from c5. Place "
                   "the 3 (dark: top left, top right, right) there, turned a half.",
             "fr": "La case du milieu, e5, finirait à la fois la colonne depuis e3 et la rangée depuis "
                   "c5. Posez-y le 3 (sombres : en haut à gauche, en haut à droite, à droite), tourné d'un "
                   "demi-tour."},
        do=("3c@e5+180",),
        done={"en": "Two lines at once: you take all nine cards. The table is empty, so the next card "
                    "starts it again in the middle, and the box is open again.",
              "fr": "Deux lignes d'un coup : vous prenez les neuf cartes. La table est vide : la carte "
                    "suivante la recommence au milieu, et le carré est de nouveau ouvert."},
        other={"en": "That fits, but it takes nothing: the 3 on e5 completes two lines.",
               "fr": "Cela va, mais ne prend rien : le 3 en e5 complète deux lignes."},
        answers=((1, "7b@e5"),),
        quote={"fr": "Il est possible de faire plusieurs levées lors d'un tour. Quand plusieurs levées "
                     "sont formées, le joueur prend toutes les cartes.",
               "en": "It is possible to make several tricks in one turn. When several tricks are formed, "
                     "the player takes all the cards."},
    ),
    Step(
        setup=_table(_END, "5b 3f", deck="", opponent="6h 7a"),
        say={"en": "The deck is empty: nobody draws any more, and a pass is now final. Take row 5: the 5 "
                   "(light: bottom right, bottom left, left) on g5, turned a half.",
             "fr": "La pioche est vide : plus personne ne pioche, et passer est maintenant définitif. "
                   "Prenez la rangée 5 : le 5 (claires : en bas à droite, en bas à gauche, à gauche) en g5, "
                   "tourné d'un demi-tour."},
        do=("5b@g5+180",),
        done={"en": "Five more cards for you. Only one card is left in your hand.",
              "fr": "Cinq cartes de plus pour vous. Il ne vous reste qu'une carte en main."},
        other={"en": "That is legal, but the 5 on g5 takes a whole row: take it while you can.",
               "fr": "C'est permis, mais le 5 en g5 prend toute une rangée : prenez-la tant que vous "
                     "pouvez."},
        answers=((1, "pass"),),
        quote={"fr": "Dès qu'un joueur passe, il ne peut plus jouer par la suite. Si un joueur joue sa "
                     "dernière carte, il met fin au jeu.",
               "en": "As soon as a player passes, they can no longer play. If a player plays their last "
                     "card, they end the game."},
    ),
    Step(
        say={"en": "Your opponent passed with the deck empty: they are out. Place your last card, the 3 "
                   "(dark: top left, top right, bottom right): that ends the round at once.",
             "fr": "Votre adversaire a passé, pioche vide : il est sorti. Posez votre dernière carte, le 3 "
                   "(sombres : en haut à gauche, en haut à droite, en bas à droite) : cela met fin à la manche."},
        do=("3f@f5+90", "3f@d5+270", "3f@d4+180", "3f@d6", "3f@d6+90", "3f@d6+180", "3f@f4", "3f@f4+180",
            "3f@f4+270", "3f@f6"),
        done={"en": "Round over. Each player scores the cards they took, less the cards left in their "
                    "hand: your opponent's two cards count against them.",
              "fr": "Fin de la manche. Chacun compte les cartes qu'il a prises, moins les cartes restées "
                    "en main : les deux cartes de votre adversaire comptent contre lui."},
        other={"en": "A pass would be final, and the 3 left in your hand would count against you: place "
                     "it.",
               "fr": "Passer serait définitif, et le 3 resté en main compterait contre vous : posez-le."},
        quote={"fr": "Quand le jeu est fini, chacun totalise les valeurs des cartes qu'il a prises, moins "
                     "les cartes lui restant en main à la fin du jeu.",
               "en": "When the game is over, each player adds up the values of the cards they took, less "
                     "the cards left in their hand at the end of the game."},
    ),
    Step(
        setup=lambda: game.new_game("onexeno", players=2, seed=2),
        say={"en": "Now a real game, and you play first: match every edge and corner, stay inside the 5x5 "
                   "box, take lines of five, and pass rather than leave a line to your opponent.",
             "fr": "Place à une vraie partie, et vous commencez : accordez chaque bord et chaque coin, "
                   "restez dans le carré de 5x5, prenez des lignes de cinq, et passez plutôt que de laisser "
                   "une ligne à votre adversaire."},
    ),
)

LESSON = Lesson("onexeno", 0, STEPS, title={"en": "Learn Onexeno", "fr": "Apprendre Onexeno"})
