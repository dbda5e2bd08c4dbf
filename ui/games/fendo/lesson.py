"""Fendo's lesson: a guided first game, the learner White (seat 0), as data
(:mod:`ui.kit.lesson`).

Moving (straight, then with one turn, on the rules page's diagram of the rulebook's
ill. 3-4), staying put, bringing in a pawn (ill. 5), the areas (the rules page's ill. 2),
closing an area (ill. 8b), the two bans (ill. 9a and 9b), the careless opening of ill. 7
(Orange's, so that the learner punishes it), and the count of ill. 6, won 25 to 24.  The
rulebook's pictures are lost: the rules page's positions are reused as they are, the others
are built to match the rulebook's captions.
"""

from __future__ import annotations

import game
from game import fendo

from ui.kit.i18n import t
from ui.kit.lesson import Lesson, Step


def _played(actions):
    """A position reached by real play from the start, White first (as rules.py draws it)."""
    state = game.new_game("fendo")
    for n, action in enumerate(actions):
        state.apply(n % 2, action)
    return state


def _start():
    return game.new_game("fendo")


def _move():
    """The rules page's move diagram (the rulebook's ill. 3 and 4): c3 hemmed in by the
    wall above c4 and the pawn on f3."""
    return _played(["c3", "f3", "d1-c5S", "c6"])


def _areas():
    """The rules page's areas diagram (the rulebook's ill. 2): two closed corners of 4."""
    return _played(["e4", "f4", "d1-b2N", "d7-e7E", "b2-a2N", "e7-e6E",
                    "a2-b2E", "e6-f5N", "b2-b1E", "f5-g6S"])


def _pockets():
    """Mid-game: a pocket of five cells round b1, open north of c1 (ill. 8b); an empty
    pocket f7-g7-g6, open east of f6 (ill. 9a); a single passage g4-g5 between two parts
    holding several pawns each (ill. 9b)."""
    return fendo.position(
        {"b1": 0, "f6": 0, "g4": 0, "d7": 1, "b6": 1, "e2": 1, "d3": 1, "c4": 1},
        walls=["c1E", "b2E", "a2N", "b2N", "e7E", "f6N", "g5N",
               "a4N", "b4N", "c4N", "d4N", "e4N", "f4N"])


def _careless():
    """The rulebook's ill. 7 the other way round: Orange has gone from d7 to g7 and walled
    south of g7, its only pawn alone in a corner."""
    return fendo.position({"d1": 0, "g7": 1}, walls=["g7S"])


def _last():
    """The end of a game (the rulebook's ill. 6, White wins 25 to 24): only d5-g7 is still
    open, with White on g6 and Orange on g7; one wall north of g6 closes it all."""
    return fendo.position(
        {"b2": 0, "f3": 0, "g6": 0, "e1": 1, "b6": 1, "g7": 1},
        walls=["c1E", "c2E", "c3E", "a3N", "b3N", "c3N", "d2N", "e2N", "f2N", "g2N",
               "c4E", "d4N", "e4N", "f4N", "g4N", "c5E", "c6E", "c7E", "d6N", "e6N", "f6N"])


def _straight_from_d1():
    """Every straight move of the pawn on d1 at the start, with any wall: any of them
    teaches a straight move (d1 to d4, north, first)."""
    first = "d1-d4N"
    moves = [a for a in _start().legal_actions(0)
             if "-" in a and a != first and (a[3] == "d" or a[4] == "1")]
    return (first, *moves)


def _entries():
    """Every cell where a new pawn may enter at step 5, d3 first (open whichever wall went
    round e5 at step 3)."""
    state = _move()
    for seat, action in ((0, "c3-e5E"), (1, "d7-e7S"), (0, "c5W"), (1, "c6E")):
        state.apply(seat, action)
    cells = [a for a in state.legal_actions(0) if "-" not in a and len(a) <= 3 and a[-1].isdigit()]
    return ("d3", *(c for c in cells if c != "d3"))


STEPS = (
    Step(
        setup=_start,
        say=t("Fendo is a game of walls: you move your pawns and put up walls until the board is cut into "
              "areas with one pawn each. Whoever holds the larger part of the 49 cells wins; you are White, "
              "at the bottom, and you start.",
              "Fendo est un jeu de murs : vous déplacez vos pions et posez des murs jusqu'à ce que le plateau "
              "soit découpé en zones d'un seul pion chacune. Celui qui tient la plus grande part des 49 cases "
              "gagne ; vous êtes Blanc, en bas, et vous commencez."),
        quote=t("Who will place the dividers best, with foresight and tactical sense, so as to control the "
                "majority of the 49 cells?",
                "Qui parviendra à placer au mieux les séparations, grâce à ses capacités d'anticipation et son "
                "sens tactique, afin de contrôler la majorité des 49 cases ?"),
    ),
    Step(
        say=t("A turn is a move, then a wall. Tap your pawn on d1, move it straight up to d4 (any straight "
              "move will do), then put the wall north of d4.",
              "Un tour, c'est un déplacement, puis un mur. Touchez votre pion en d1, montez-le tout droit en d4 "
              "(tout déplacement en ligne droite convient), puis posez le mur au nord de d4."),
        do=_straight_from_d1(),
        done=t("Your pawn went straight, as far as you chose, and a wall now stands beside it: walls are what "
               "cut the board into areas.",
               "Votre pion est allé tout droit, aussi loin que vous l'avez voulu, et un mur se dresse à côté : "
               "ce sont les murs qui découpent le plateau en zones."),
        other=t("That is legal too, but this step asks for a straight move of the pawn on d1, up the d column "
                "or along row 1, then a wall.",
                "C'est permis aussi, mais cette étape demande un déplacement en ligne droite du pion de d1, sur "
                "la colonne d ou la rangée 1, puis un mur."),
        quote=t("A player may move one of their pawns in a straight line, as far as they like or can.",
                "Un joueur peut déplacer un de ses pions en ligne droite, aussi loin qu'il le veut ou qu'il "
                "le peut."),
        answers=((1, "c6"),),
    ),
    Step(
        setup=_move,
        say=t("The rules page's example: your pawn on c3 may turn once, at a right angle. The wall above c4 "
              "stops it going up past c4 and the pawn on f3 stops it going right past e3: move it right to e3, then "
              "up to e5, and wall any side of e5.",
              "L'exemple de la page des règles : votre pion en c3 peut tourner une fois, à angle droit. Le mur "
              "au-dessus de c4 l'empêche de monter plus haut que c4 et le pion en f3 de dépasser e3 : menez-le à droite jusqu'en "
              "e3, puis en haut jusqu'en e5, et posez un mur sur un côté de e5."),
        do=("c3-e5E", "c3-e5N", "c3-e5S", "c3-e5W"),
        done=t("One turn, no more: e5 was in reach, but never a cell that takes two turns, nor one across a "
               "wall or past a pawn, nor a diagonal step.",
               "Un virage, pas plus : e5 était à portée, mais jamais une case qui demande deux virages, ni une "
               "case derrière un mur ou un pion, ni un pas en diagonale."),
        other=t("That move is legal, but here the lesson asks for the turn to e5: right along row 3, then up.",
                "Ce déplacement est permis, mais ici la leçon demande le virage vers e5 : à droite sur la "
                "rangée 3, puis vers le haut."),
        quote=t("On the other hand, a pawn may not move diagonally, over a stick or over another pawn.",
                "Par contre, il est interdit de déplacer un pion en diagonale, par-dessus un bâtonnet ou "
                "par-dessus un autre pion."),
        answers=((1, "d7-e7S"),),
    ),
    Step(
        say=t("Orange moved from d7 to e7 and walled south of e7. A pawn may also stay where it is: tap your "
              "pawn on c5, tap it again to stay, and wall its west side (or any free side).",
              "Orange est allé de d7 à e7 et a posé un mur au sud de e7. Un pion peut aussi rester sur place : "
              "touchez votre pion en c5, touchez-le encore pour rester, et posez un mur à l'ouest (ou sur un "
              "autre côté libre)."),
        do=("c5W", "c5N", "c5E"),
        done=t("Moved or not, the wall always goes beside the pawn you chose; a pawn with no free side for a "
               "wall cannot play that turn.",
               "Déplacé ou non, le mur va toujours à côté du pion choisi ; un pion sans côté libre pour un mur "
               "ne peut pas jouer ce tour-là."),
        other=t("That is legal, but this step asks you to leave the pawn on c5 where it is and wall one of its "
                "free sides.",
                "C'est permis, mais cette étape vous demande de laisser le pion de c5 sur place et de murer un "
                "de ses côtés libres."),
        quote=t("They may move this pawn or leave it on its cell. Then they must place a stick in a free groove "
                "next to this pawn.",
                "Il peut déplacer ce pion ou le laisser sur la case où il se trouve. Ensuite, il doit placer un "
                "bâtonnet sur une rainure inoccupée adjacente à ce pion."),
        answers=((1, "c6E"),),
    ),
    Step(
        say=t("Orange stayed on c6 and walled its east side. Instead of moving, bring in a new pawn: tap New "
              "pawn, then a lit cell, one that a pawn of yours could reach in one move, such as d3.",
              "Orange est resté en c6 et a muré son côté est. Au lieu de déplacer un pion, faites-en entrer un "
              "nouveau : touchez Nouveau pion, puis une case allumée, qu'un de vos pions pourrait atteindre en "
              "un déplacement, comme d3."),
        do=_entries(),
        done=t("A new pawn is in, and bringing one in puts up no wall. Each pawn can end up holding an area of "
               "its own: you have seven.",
               "Un nouveau pion est entré, et faire entrer un pion ne pose aucun mur. Chaque pion peut finir "
               "par tenir sa propre zone : vous en avez sept."),
        other=t("That is legal, but this step asks you to bring in a new pawn: tap New pawn, then a lit cell.",
                "C'est permis, mais cette étape vous demande de faire entrer un nouveau pion : touchez Nouveau "
                "pion, puis une case allumée."),
        quote=t("This new pawn must be placed on an empty cell in the open area, one that could be reached, by "
                "a legal move, by a pawn already placed before.",
                "Ce nouveau pion doit être placé sur une case inoccupée dans la zone ouverte. Mais le joueur "
                "doit alors choisir une des cases qui pourraient être atteintes, au terme d'un déplacement "
                "autorisé, par un autre pion déjà placé précédemment."),
    ),
    Step(
        setup=_areas,
        say=t("Later in a game, from the rules page: the a1 corner is walled off with one White pawn, the g7 "
              "corner with one Orange pawn; each is a closed area of 4 cells for its owner. The rest, with "
              "two pawns, is the open area; only there do pawns still play.",
              "Plus tard dans une partie, d'après la page des règles : le coin a1 est fermé avec un pion blanc, "
              "le coin g7 avec un pion orange ; chacun est une zone fermée de 4 cases pour son propriétaire. Le "
              "reste, avec deux pions, est la zone ouverte ; c'est là seulement que les pions jouent "
              "encore."),
        quote=t("A closed area is an area bordered by sticks and holding exactly one pawn. That pawn shows "
                "which player the area belongs to.",
                "Une zone fermée est une zone de jeu bordée par des bâtonnets et dans laquelle se trouve "
                "exactement un seul pion. Ce pion indique à quel joueur appartient la zone en question."),
    ),
    Step(
        setup=_pockets,
        say=t("Your pawn on b1 sits in a pocket of five cells, open only north of c1. Move it to c1 and put "
              "the wall north of c1: the pocket closes with one pawn inside, yours.",
              "Votre pion en b1 est dans une poche de cinq cases, ouverte seulement au nord de c1. Menez-le en "
              "c1 et posez le mur au nord de c1 : la poche se ferme avec un seul pion dedans, le vôtre."),
        do=("b1-c1N",),
        done=t("Five cells are yours for good, whatever happens next; your pawn on c1 will not move again.",
               "Cinq cases sont à vous pour de bon, quoi qu'il arrive ; votre pion en c1 ne bougera plus."),
        other=t("That is legal, but this step asks you to close the five cells around b1: pawn to c1, wall "
                "north of c1.",
                "C'est permis, mais cette étape vous demande de fermer les cinq cases autour de b1 : pion en c1, "
                "mur au nord de c1."),
        quote=t("Careful: if placing a stick marks off an area (closes it completely), that area must hold "
                "only one pawn.",
                "Attention: Si en plaçant un bâtonnet, le joueur délimite une zone (il la ferme complètement), "
                "celle-ci ne doit contenir qu'un seul pion."),
        answers=((1, "c4-c2E"),),
    ),
    Step(
        say=t("Orange went from c4 to c2; now a wall east of f6 would close f7, g7 and g6 with no pawn "
              "inside, and the rules refuse it (try it). Step your pawn from f6 into g6 first, then wall its west "
              "side.",
              "Orange est allé de c4 à c2 ; maintenant, un mur à l'est de f6 fermerait f7, g7 et g6 sans "
              "aucun pion, et les règles le refusent (essayez). Faites d'abord entrer votre pion de f6 en g6, puis "
              "murez son côté ouest."),
        do=("f6-g6W",),
        done=t("The same wall, now legal: a pawn counts where it lands, so the three cells close with yours "
               "inside, three more cells for you.",
               "Le même mur, permis cette fois : un pion compte là où il arrive, donc les trois cases se "
               "ferment avec le vôtre dedans, trois cases de plus pour vous."),
        other=t("That is legal, but this step asks you to step into g6 and wall its west side, closing the "
                "three cells with your pawn.",
                "C'est permis, mais cette étape vous demande d'entrer en g6 et de murer son côté ouest, pour "
                "fermer les trois cases avec votre pion."),
        quote=t("There can be no closed area without a pawn inside.",
                "Il ne peut pas y avoir de zone fermée sans un pion à l'intérieur."),
        answers=((1, "d7-d5E"),),
    ),
    Step(
        say=t("Orange went from d7 to d5; the passage from g4 to g5 joins two parts with several pawns "
              "each, so a wall north of g4 would make a second open area, which is forbidden (try it). Wall west or "
              "south of g4 instead.",
              "Orange est allé de d7 à d5 ; le passage de g4 à g5 relie deux parties, chacune avec "
              "plusieurs pions, donc un mur au nord de g4 créerait une deuxième zone ouverte, ce qui est interdit (essayez). "
              "Murez plutôt à l'ouest ou au sud de g4."),
        do=("g4W", "g4S"),
        done=t("A wall that closes nothing is always fine: it shapes the areas to come. The passage may close "
               "only once one side holds a single pawn.",
               "Un mur qui ne ferme rien est toujours permis : il dessine les zones à venir. Le passage ne "
               "pourra se fermer que lorsqu'un des côtés ne contiendra plus qu'un pion."),
        other=t("That is legal, but this step asks for a wall beside your pawn on g4, west or south of it.",
                "C'est permis, mais cette étape demande un mur à côté de votre pion en g4, à l'ouest ou au sud."),
        quote=t("There is only ever one open area.",
                "Il n'y a toujours qu'une seule zone ouverte."),
    ),
    Step(
        setup=_careless,
        say=t("The rulebook's warning, with the colours swapped: Orange has gone from d7 to g7 and walled south "
              "of g7, its only pawn alone in a corner. Punish it: move from d1 to f7 and wall the east side of f7.",
              "L'avertissement de la règle, couleurs inversées : Orange est allé de d7 à g7 et a muré le sud de "
              "g7, son seul pion isolé dans un coin. Punissez-le : allez de d1 à f7 et murez le côté est de f7."),
        do=("d1-f7E",),
        done=t("Each side of that wall holds one pawn, so both close at once: 48 cells for you, 1 for Orange, "
               "and the game is over.",
               "Chaque côté de ce mur contient un pion, donc les deux se ferment d'un coup : 48 cases pour vous, "
               "1 pour Orange, et la partie est finie."),
        other=t("That is legal, but Orange's pawn on g7 can be shut in its corner now: go to f7 and wall east "
                "of f7.",
                "C'est permis, mais le pion orange en g7 peut être enfermé dans son coin tout de suite : allez en "
                "f7 et murez à l'est de f7."),
        quote=t("With a careless move at the very start of the game, White can lose very quickly (by 1 to "
                "48)!",
                "S'ils effectuent un déplacement imprudent dès le début de la partie, les blancs peuvent perdre "
                "très rapidement (sur un score de 1 à 48)!"),
    ),
    Step(
        setup=_last,
        say=t("The end of a game: only the d5-g7 corner is still open, your pawn on g6 and Orange's on g7. "
              "Count the cells, then leave your pawn on g6 and wall its north side.",
              "La fin d'une partie : seul le coin d5-g7 est encore ouvert, votre pion en g6 et celui d'Orange "
              "en g7. Comptez les cases, puis laissez votre pion en g6 et murez son côté nord."),
        do=("g6N",),
        done=t("No open area is left: your areas make 9 + 8 + 8 = 25 cells, Orange's 8 + 12 + 4 = 24. At least "
               "25 of the 49 wins: you win 25 to 24, as White does in the rulebook's ill. 6.",
               "Il ne reste plus de zone ouverte : vos zones font 9 + 8 + 8 = 25 cases, celles d'Orange 8 + "
               "12 + 4 = 24. Au moins 25 des 49 gagnent : vous l'emportez 25 à 24, comme les blancs de l'ill. 6 de la "
               "règle."),
        other=t("That is legal, but one wall ends the game in your favour here: north of g6, without moving.",
                "C'est permis, mais un seul mur termine la partie en votre faveur ici : au nord de g6, sans "
                "bouger."),
        quote=t("Each player then adds up the cells of all the areas holding one of their pawns. The board has "
                "49 cells. The player who controls at least 25 cells wins.",
                "Chaque joueur additionne alors le nombre de cases de toutes les zones dans lesquelles il "
                "possède un pion. La zone de jeu contient 49 cases. Le joueur qui contrôle au moins 25 cases "
                "s'adjuge la victoire."),
    ),
    Step(
        setup=_start,
        say=t("That is Fendo: move, wall, close, count; and if you can do nothing at all, you pass. Now a whole "
              "game: watch what each wall leaves your opponent.",
              "Voilà Fendo : déplacer, murer, fermer, compter ; et si vous ne pouvez rien faire, vous passez. "
              "Place à une vraie partie : regardez ce que chaque mur laisse à votre adversaire."),
        quote=t("Play cleverly to keep your opponent from spreading out.",
                "Jouez intelligemment pour empêcher votre adversaire de s'étendre"),
    ),
)

LESSON = Lesson("fendo", 0, STEPS, title=t("Learn Fendo", "Apprendre Fendo"))
