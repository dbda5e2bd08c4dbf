"""Fowl Play's lesson: a guided first game, the learner the black fox (seat 0), as data
(:mod:`ui.kit.lesson`).

The goal and the secret target (a real deal), placing the fox, a card played and its order,
the birds a card moves (the rulebook's diagram 2, with its brown duck on a square), the
distance rule (diagrams 4, 5 and 7: the brown turkey and the orange fox, as the rulebook
names them), then the rulebook's own tunnel trick (a low card, a bird set beside a far
entrance, the fox through the tunnel), whose catch completes a set of four types and shows
the captured birds' score, and the survivors' score of the rulebook's example.  The
positions are the rules page's (rules.py); the foxes' seats are set so that their colours
are the rulebook's, and the bird is its brown turkey.
"""

from __future__ import annotations

import game
from game import fowl_play as fowl

from ui.kit.i18n import t
from ui.kit.lesson import Lesson, Step


def _deal():
    """A real start, two players: the brown fox places first (seed 0)."""
    return game.new_game("fowl_play", players=2, seed=0)


def _birds_turn(state, cards: dict):
    """Every seat plays its card; the seats before the learner in the order end their bird
    steps at once, so that the learner moves birds."""
    for seat, card in cards.items():
        state.apply(seat, f"play {card}")
    while state.to_move != (0,):
        state.apply(state.to_move[0], fowl.DONE)
    return state


def _diagram_2():
    """The rules page's diagram 2: six birds near the chickens' corner; the learner holds
    the rulebook's card, 18, the brown duck on a square."""
    return fowl.position({"h10": 0, "k1": 1}, {"b3": 17, "b4": 27, "c3": 9, "c4": 25, "b5": 16, "c5": 2},
                         hands=[[18, 13, 31], [3, 4, 6]])


def _diagram_4_5(cell: str):
    """The rules page's diagrams 4 and 5: one fox on g9, here the orange one, and the
    rulebook's brown turkey (17) on ``cell``; the learner (black, a1) plays 18 (brown), last."""
    s = fowl.position({"a1": 0, "k12": 1, "g9": 2}, {cell: 17}, hands=[[18, 1, 2], [3, 4, 6], [8, 9, 10]])
    return _birds_turn(s, {0: 18, 1: 6, 2: 10})


def _diagram_7():
    """The rules page's diagram 7: the brown turkey on i4 beside the orange fox (i3), the
    white fox on j2, the learner's black fox on i8 (the brown one far away, a12)."""
    s = fowl.position({"i8": 0, "a12": 1, "i3": 2, "j2": 3}, {"i4": 17},
                      hands=[[18, 1, 2], [3, 4, 6], [8, 9, 10], [11, 12, 13]])
    return _birds_turn(s, {0: 18, 1: 6, 2: 10, 3: 12})


def _tunnel():
    """Round 3 of a game: the black fox ended its move on the tunnel entrance d3 and has
    caught a chicken, a duck and a goose (5 points so far); the brown turkey (circle) is on
    j9, a step from the entrance h9, far from every fox."""
    birds = {"a2": 6, "b3": 21, "a4": 27, "b1": 34, "a9": 5, "b9": 14, "a11": 20, "b10": 28,
             "j2": 1, "k3": 4, "j3": 10, "k4": 29, "j9": 17, "k9": 3, "j10": 7, "k10": 11}
    return fowl.position({"d3": 0, "c7": 1}, birds, hands=[[3, 20, 27], [14, 22, 30]], targets=[24, 19],
                         captured=[[2, 9, 25], [12, 16]], round=3)


STEPS = (
    Step(
        say=t("You are the black fox. Catch a balanced diet, some of each kind of bird, and save the birds that "
              "look like your secret target: both score at the end.",
              "Vous êtes le renard noir. Capturez un repas équilibré, un peu de chaque sorte de volaille, et sauvez "
              "les volailles qui ressemblent à votre cible secrète : les deux marquent à la fin."),
        setup=_deal,
        quote=t("Each player, with their fox, will try to catch some of each type of poultry found in the farmyard: "
                "chickens, ducks, geese and turkeys. Foxes need a balanced diet!",
                "En utilisant son renard, chaque joueur va essayer de capturer une partie de chacun des types de "
                "volaille qui sont trouvés dans la basse-cour : poulets, canards, oies et dindes. Les renards ont "
                "besoin d'un régime équilibré !"),
    ),
    Step(
        say=t("You hold four cards, one per bird. Tap the one to keep as your secret target; the other three "
              "are your hand.",
              "Vous tenez quatre cartes, une par volaille. Touchez celle à garder comme cible secrète ; les trois "
              "autres forment votre main."),
        do=("target 25", "target 23", "target 31", "target 34"),
        done=t("Kept. At the end, each surviving bird scores 1 point per trait (type, colour, shape) it shares "
               "with your target: “Show my target” shows it again.",
               "Gardée. À la fin, chaque volaille survivante vous rapporte 1 point par trait (type, couleur, forme) "
               "commun avec votre cible : « Voir ma cible » la remontre."),
        answers=((1, "target 14"), (1, "fox g7")),
        quote=t("A player's target card must not be shown to the other players.",
                "La carte la cible d'un joueur ne doit pas être montrée aux autres joueurs."),
    ),
    Step(
        say=t("The brown fox is in the den. Place your fox on a marked den cell.",
              "Le renard brun est dans le repaire. Placez votre renard sur une case marquée du repaire."),
        do=("fox e6", "fox e7", "fox f5", "fox f7", "fox g6"),
        done=t("Your fox is in. Now a round: we go on with a few birds set out as in the rulebook's diagrams.",
               "Votre renard est placé. Place à un tour : la suite se joue avec quelques volailles disposées comme "
               "dans les diagrammes de la règle."),
        quote=t("The fox is placed on one of the cells of the foxes' den (but not the central cell showing the "
                "foxes' tunnel).",
                "Le renard est placé sur une des case du repaire des renards (mais pas la case centrale indiquant le "
                "tunnel des renards)."),
    ),
    Step(
        say=t("Each round, everyone plays a card from their hand at the same time, in secret. Play card 18: brown "
              "duck (square).",
              "À chaque tour, chacun joue en même temps et en secret une carte de sa main. Jouez la carte 18 : "
              "canard brun (carré)."),
        do=("play 18",),
        done=t("Played. The cards are shown once everyone has chosen: the lowest number moves birds first.",
               "Jouée. Les cartes sont montrées quand tous ont choisi : le plus petit numéro déplace ses volailles "
               "en premier."),
        other=t("Allowed, but this lesson plays the rulebook's example card: 18, the brown duck (square).",
                "Permis, mais cette leçon joue la carte d'exemple de la règle : la 18, canard brun (carré)."),
        answers=((1, "play 6"), (1, "done")),
        setup=_diagram_2,
        quote=t("The player with the lowest numbered card moves poultry first.",
                "Le joueur avec la carte numérotée la plus basse déplace les volailles d'abord."),
    ),
    Step(
        say=t("The brown fox's 6 was lower: it moved first, and left the birds. Move one marked bird a step: it "
              "shares a trait with your brown duck (square); the black chicken (circle) on c5 shares none.",
              "Le 6 du renard brun était plus bas : il a joué d'abord, sans bouger de volaille. Avancez d'un pas une "
              "volaille marquée : elle partage un trait avec votre canard brun (carré) ; la poule noire (ronde) de "
              "c5 n'en partage aucun."),
        do=("b3-a3", "b3-a4", "b3-b2", "b4-a4", "b4-a5", "b5-a5", "b5-a6", "b5-b6", "b5-c6",
            "c3-b2", "c3-c2", "c3-d2", "c4-d4"),
        done=t("A duck, a brown bird or a square: each may move. You have 3 steps a round, over up to three birds, "
               "even birds another player moved.",
               "Un canard, une volaille brune ou carrée : chacune peut bouger. Vous avez 3 pas par tour, sur trois "
               "volailles au plus, même celles qu'un autre a déplacées."),
        other=t("Move a bird first: Done would end your bird steps.",
                "Déplacez d'abord une volaille : Terminé finirait vos pas de volaille."),
        quote=t("For example, if the card shows a brown duck on a square shape, the player may only move poultry "
                "showing a duck, a brown bird and/or a square shape (see diagram 2).",
                "Par exemple, si la carte montre un canard marron sur une forme carrée, le joueur peut seulement "
                "déplacer les volailles qui contiennent un canard, une volaille marron et/ou une forme carrée (voir le "
                "diagramme 2)."),
    ),
    Step(
        say=t("Birds keep their distance from the foxes. The brown turkey (circle) on d8 is three steps from the "
              "orange fox on g9, two cells between them: move it a step, no closer.",
              "Les volailles gardent leurs distances avec les renards. La dinde brune (ronde) de d8 est à trois pas "
              "du renard orange en g9, deux cases entre eux : avancez-la d'un pas, sans l'approcher."),
        do=("d8-d7", "d8-c8", "d8-c9"),
        done=t("It stays two cells away or more. Nor may it step onto d9: a bird never enters a tunnel entrance.",
               "Elle reste à deux cases ou plus. Elle ne peut pas non plus aller en d9 : une volaille n'entre jamais "
               "sur une entrée de tunnel."),
        other=t("Move the turkey: this step is about how far it may go.",
                "Déplacez la dinde : ce pas montre jusqu'où elle peut aller."),
        setup=lambda: _diagram_4_5("d8"),
        quote=t("A bird at least two cells away from a fox cannot be moved to less than two cells from the nearest "
                "fox (see diagram 4).",
                "Une volaille qui est distante d'au moins deux cases d'un renard ne peut pas être rapprochée à moins "
                "de deux cases du renard le plus proche (voir le diagramme 4)."),
    ),
    Step(
        say=t("Now the brown turkey (circle) on e9 is nearer: one cell between it and the orange fox. Move it to a "
              "cell as far from the fox, or farther.",
              "La dinde brune (ronde) de e9 est plus près : une case entre elle et le renard orange. Déplacez-la sur "
              "une case aussi loin du renard, ou plus loin."),
        do=("e9-e8", "e9-e10", "e9-d8"),
        done=t("A bird near a fox may slide round it or back off, never come closer.",
               "Une volaille proche d'un renard peut tourner autour ou reculer, jamais s'approcher."),
        other=t("Move the turkey: this step is about how far it may go.",
                "Déplacez la dinde : ce pas montre jusqu'où elle peut aller."),
        setup=lambda: _diagram_4_5("e9"),
        quote=t("The brown turkey is one cell away from the orange fox and cannot come any closer to the orange "
                "fox.",
                "La dinde marron est à une case du renard orange et ne peut pas s'approcher plus près du renard "
                "orange."),
    ),
    Step(
        say=t("The brown turkey (circle) on i4 is next to the orange fox. Move it away, toward your black fox on "
              "i8: to i5.",
              "La dinde brune (ronde) de i4 est à côté du renard orange. Éloignez-la vers votre renard noir en i8 : "
              "en i5."),
        do=("i4-i5",),
        done=t("One cell now lies between it and the nearest fox: from here it may not come closer to any fox.",
               "Une case la sépare maintenant du renard le plus proche : elle ne peut plus s'approcher d'aucun "
               "renard."),
        other=t("Allowed: toward the white fox it would stay next to a fox, free to move. Take it toward your fox, "
                "to i5.",
                "Permis : vers le renard blanc elle resterait à côté d'un renard, libre de bouger. Menez-la vers votre "
                "renard, en i5."),
        setup=_diagram_7,
        quote=t("The brown turkey is next to the orange fox. If it moves toward the white fox, it stays next to a "
                "fox and so is not limited in its move (useful if you are the white fox!).",
                "La dinde marron est à côté du renard orange. Si elle se déplace vers le renard blanc, la dinde marron "
                "restera à côté d'un renard et elle n'est ainsi pas limitée dans son mouvement (utile si vous êtes le "
                "renard blanc !)."),
    ),
    Step(
        say=t("Go on toward your fox: move the turkey to i6.",
              "Continuez vers votre renard : déplacez la dinde en i6."),
        do=("i5-i6",),
        done=t("One cell lies between it and your fox, but i7, next to it, is closed: once away from the foxes, a bird "
               "never comes back next to one.",
               "Une case la sépare de votre renard, mais i7, à côté de lui, lui est fermée : éloignée des renards, "
               "une volaille ne revient jamais à côté de l'un d'eux."),
        other=t("Allowed, but go on toward your black fox: to i6.",
                "Permis, mais continuez vers votre renard noir : en i6."),
        quote=t("However, if the brown turkey moves toward the black fox, it then passes through one or more cells "
                "further from the other foxes. From then on it can no longer come closer to the foxes, and so cannot "
                "be moved next to the black fox.",
                "Cependant, si la dinde marron se déplace vers le renard noir elle passe alors par une ou plusieurs "
                "cases plus éloignées des autres renards. A partir de ce point elle ne peut plus se rapprocher plus "
                "près des renards et ne peut pas donc être déplacé à côté du renard noir."),
    ),
    Step(
        say=t("Round 3 of a game: your fox ended its move on the tunnel entrance d3. Play your lowest card, 3: "
              "white turkey (circle), to move first.",
              "Tour 3 d'une partie : votre renard a fini sur l'entrée de tunnel d3. Jouez votre plus petite carte, "
              "la 3 : dinde blanche (ronde), pour jouer en premier."),
        do=("play 3",),
        done=t("Your 3 is the lowest: you move birds first, and your fox moves first too.",
               "Votre 3 est le plus bas : vous déplacez les volailles en premier, et votre renard aussi."),
        other=t("A higher card could let the brown fox play first, and chase away the bird or block the tunnel. "
                "Play 3.",
                "Une carte plus haute pourrait laisser le renard brun jouer avant vous, chasser la volaille ou "
                "bloquer le tunnel. Jouez la 3."),
        answers=((1, "play 22"),),
        setup=_tunnel,
        quote=t("If you end a round with your fox on a tunnel entrance, play a low card next round.",
                "Si vous finissez un tour avec votre renard sur une entrée de tunnel, jouez au tour suivant une carte "
                "basse."),
    ),
    Step(
        say=t("Distances do not go through tunnels: the brown turkey (circle) on j9 is far from every fox. Move it "
              "to i9, next to the tunnel entrance h9.",
              "Les distances ne passent pas par les tunnels : la dinde brune (ronde) de j9 est loin de tout renard. "
              "Avancez-la en i9, à côté de l'entrée de tunnel h9."),
        do=("j9-i9",),
        done=t("The turkey sits by the tunnel, within your fox's reach through it.",
               "La dinde est au bord du tunnel, à portée de votre renard par le tunnel."),
        other=t("Allowed, but take the brown turkey (circle) from j9 to i9, beside the tunnel entrance h9.",
                "Permis, mais menez la dinde brune (ronde) de j9 en i9, à côté de l'entrée de tunnel h9."),
        quote=t("If your card is the lowest, move a bird to a cell next to another tunnel entrance.",
                "Si votre carte est la plus basse, déplacez une volaille à une case à côté d'une autre entrée de "
                "tunnel."),
    ),
    Step(
        say=t("You need not use all 3 steps: tap Done to end your bird steps.",
              "Vous n'êtes pas obligé d'utiliser vos 3 pas : touchez Terminé pour finir vos pas de volaille."),
        do=("done",),
        done=t("Now the brown fox moves birds; it could move the turkey, with its turkey card.",
               "Au tour du renard brun de déplacer des volailles ; avec sa carte dinde, il pourrait écarter la dinde."),
        other=t("Allowed, but leave the birds where they are: tap Done.",
                "Permis, mais laissez les volailles où elles sont : touchez Terminé."),
        answers=((1, "done"),),
        quote=t("A player may choose to move poultry fewer than three cells in all, or not at all, if they wish.",
                "Un joueur peut choisir de déplacer les volailles de moins de trois cases en tout ou pas du tout s'il "
                "le souhaite."),
    ),
    Step(
        say=t("The brown fox left the turkey. Foxes move up to 2 steps, in the same order; from a tunnel entrance, "
              "one step reaches any other entrance. Take your fox from d3 to h9.",
              "Le renard brun a laissé la dinde. Les renards font jusqu'à 2 pas, dans le même ordre ; depuis une "
              "entrée de tunnel, un pas mène à toute autre entrée. Menez votre renard de d3 en h9."),
        do=("fox d3-h9",),
        done=t("Through the tunnel in one step: one step is left.",
               "Le tunnel franchi en un pas : il reste un pas."),
        other=t("Allowed, but the turkey is by h9: take the tunnel from d3 to h9.",
                "Permis, mais la dinde est près de h9 : prenez le tunnel de d3 à h9."),
        quote=t("If a fox starts its move on a tunnel, it may go to another tunnel entrance as its first step, "
                "then move to a second, adjacent cell.",
                "Si un renard commence son mouvement sur un tunnel, il peut passer à une autre entrée de tunnel comme "
                "premier déplacement puis se déplacer vers une deuxième case contigüe."),
    ),
    Step(
        say=t("A fox that lands on a bird catches it. Catch the brown turkey (circle) on i9.",
              "Un renard qui arrive sur une volaille la capture. Capturez la dinde brune (ronde) de i9."),
        do=("fox h9-i9",),
        done=t("Caught: 5 points become 11. A chicken, a duck, a goose and a turkey make a set, worth 4; with the "
               "most circles and browns, you score 1 per type among them.",
               "Capturée : 5 points deviennent 11. Une poule, un canard, une oie et une dinde font une série, qui "
               "vaut 4 ; avec le plus de ronds et de bruns, vous marquez 1 par type parmi eux."),
        other=t("Allowed, but the turkey is yours: move onto i9.",
                "Permis, mais la dinde est à vous : allez sur i9."),
        answers=((1, "done"),),
        quote=t("The bird cannot see the fox at the other end of the tunnel, and so is not frightened by it!",
                "La volaille ne peut pas voir le renard à l'autre extrémité du tunnel et n'est ainsi pas effrayée par "
                "lui !"),
    ),
    Step(
        say=t("At the end the targets are shown, and the birds still on the board score for each target they "
              "resemble; 1 point more if your target's own bird survived.",
              "À la fin, les cibles sont révélées, et les volailles encore sur le plateau marquent pour chaque cible "
              "à laquelle elles ressemblent ; 1 point de plus si la volaille de votre cible a survécu."),
        quote=t("For example, if a player's target card were the brown chicken on a hexagon, they would score 1 VP "
                "if the white goose on a hexagon survived (both are on a hexagon), and 2 VP if the brown chicken on "
                "a circle survived (both show a brown chicken).",
                "Par exemple, si la carte cible d'un joueur était le poulet marron sur un hexagone, il marquerait un "
                "PV si l'oie blanche sur un hexagone survivait (la carte cible et l'oie blanche sont sur un hexagone) "
                "et deux PV si le poulet marron sur un cercle survivait (la carte cible et la volaille contiennent un "
                "poulet de couleur marron)."),
    ),
    Step(
        say=t("The game ends after a round with 8 birds or fewer left, or after the last clear turn (a round with "
              "no catch turns one). Then the score sheet adds it all up: your turn to play a real game.",
              "La partie finit après un tour où il reste 8 volailles ou moins, ou après le dernier tour blanc (un "
              "tour sans capture en retourne un). La feuille de score fait alors les comptes : à vous de jouer une "
              "vraie partie."),
    ),
)

LESSON = Lesson("fowl_play", 0, STEPS, title=t("Learn Fowl Play", "Apprendre Fowl Play"))
