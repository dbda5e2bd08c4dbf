"""Le Renard des Bois's lesson: a guided first game, the learner Player 1 (seat 0), as data
(:mod:`ui.kit.lesson`).

The rulebook draws no trick, so the lesson plays its rules and its appendix's questions
("Questions courantes"): a real first deal for leading, following suit and the trump, then
one short position late in a round per odd card (the Swan and the Treasure; the Fox
changing the trump for the trick it is in, as the appendix's note says, then the
Woodcutter; the Witch as the appendix's three questions put it; the Monarch), and the
round's last tricks, scored by the four bands.  Each position names every card: the hands,
the decree, the deck, and the cards of the tricks already won, split between the players
by their counts.
"""

from __future__ import annotations

from game import renard_des_bois as rdb

from ui.kit.i18n import t
from ui.kit.lesson import Lesson, Step


def _late(hands, deck, decree, tricks, trick=(), leader=0):
    """A position late in round 1: the cards named nowhere are the tricks already won,
    two per trick, the learner's first."""
    named = {*hands[0], *hands[1], *deck, decree, *trick}
    rest = [c for c in rdb.NAMES if c not in named]
    cut = 2 * tricks[0]
    return rdb.position(hands, deck=deck, decree=decree, leader=leader, trick=trick,
                        tricks=tricks, won=(rest[:cut], rest[cut:]))


def _deal():
    """A first deal: 13 cards each, Moons trump (the decree is the 6 of Moons); the
    learner, not the dealer, leads."""
    return rdb.position(
        [["8B", "2K", "4K", "6K", "7K", "8K", "1M", "2M", "4M", "5M", "8M", "10M", "11M"],
         ["1B", "2B", "3B", "4B", "6B", "10B", "11B", "1K", "3K", "10K", "11K", "3M", "9M"]],
        deck=["5B", "7B", "9B", "5K", "9K", "7M"], decree="6M", leader=0)


def _swan():
    """Four cards each, Bells trump: the learner leads, holding the Swan and a Treasure."""
    return _late([["2B", "10K", "1K", "7M"], ["8B", "4K", "6K", "2M"]],
                 ["3B", "5K", "9M", "11B", "6M", "8M"], "4B", (4, 5))


def _fox():
    """Bells trump; the other player has led the 8 of Keys, and the learner has no Keys."""
    return _late([["2B", "5B", "3M", "10M"], ["4K", "6K", "2M"]],
                 ["8M", "1B", "9K", "11K", "7B", "5M"], "6B", (4, 5), trick=("8K",), leader=1)


def _witch():
    """Bells trump; the other player has led the 9 of Moons, a Witch not of the trump."""
    return _late([["4B", "2K", "9K", "10M"], ["8B", "10K", "2M"]],
                 ["1B", "7B", "3K", "4K", "5M", "11M"], "6B", (4, 5), trick=("9M",), leader=1)


def _monarch():
    """The round's last three tricks, Bells trump: the learner has 8 tricks, the other 2."""
    return _late([["11K", "2M", "4M"], ["4K", "8K", "10M"]],
                 ["1B", "3B", "5K", "7M", "9B", "11M"], "6B", (8, 2))


STEPS = (
    Step(
        setup=_deal,
        say=t("In the woods, two players play cards to win tricks, round after round, and score by the tricks "
              "they won. Each holds 13 cards; the card turned up beside the deck is the decree, the 6 of Moons: "
              "Moons are trump this round.",
              "Au fond des bois, deux joueurs jouent des cartes pour remporter des plis, manche après manche, et "
              "marquent selon les plis remportés. Chacun a 13 cartes ; la carte retournée près de la pioche est "
              "le décret, le 6 de Lunes : l'atout de la manche est Lunes."),
        quote=t("Turn over the top card of the deck and place it face up. This card is called the DECREE CARD. "
                "The suit of this card sets the TRUMP for this round.",
                "Retourner la première carte de la pioche et la placer face visible. Cette carte est appelée "
                "CARTE DÉCRET. La couleur de cette carte définit l'ATOUT de cette manche."),
    ),
    Step(
        say=t("You did not deal, so you lead the first trick, and the leader may play any card. Lead the 8 of "
              "Bells.",
              "Vous n'avez pas distribué : vous entamez le premier pli, et celui qui entame joue la carte qu'il "
              "veut. Entamez le 8 de Cloches."),
        do=("8B",),
        done=t("Bells are the suit led for this trick: your opponent must now play a Bell if they have one.",
               "Cloches est la couleur demandée de ce pli : votre adversaire doit maintenant jouer une Cloche "
               "s'il en a une."),
        other=t("Any card may lead, but this step starts with the 8 of Bells, an even card with no ability.",
                "Toute carte peut entamer, mais cette étape commence par le 8 de Cloches, une carte paire sans "
                "pouvoir."),
        quote=t("The leader may play any card from their hand, with no restriction. The suit of this card is "
                "called the LEAD SUIT for this trick.",
                "L'ouvreur peut choisir de jouer n'importe quelle carte de sa main, sans aucune restriction. La "
                "couleur de cette carte reçoit le nom de COULEUR D'ENTAME pour la durée de ce pli."),
        answers=((1, "10B"), (1, "10K")),
    ),
    Step(
        say=t("Your opponent's 10 of Bells took the trick, the highest card of the suit led, so they lead: the "
              "10 of Keys. You hold Keys, so you must play one; none beats the 10, so give your lowest, the 2.",
              "Le 10 de Cloches de votre adversaire a pris le pli, la plus forte carte de la couleur demandée : il "
              "entame donc, le 10 de Clefs. Vous avez des Clefs, vous devez en jouer une ; aucune ne bat le 10, "
              "donnez la plus faible, le 2."),
        do=("2K",),
        done=t("You followed suit, as you must: the 10 of Keys wins, and your opponent leads again.",
               "Vous avez fourni, comme il le faut : le 10 de Clefs l'emporte, et votre adversaire entame de "
               "nouveau."),
        other=t("That Key follows suit too, but it loses just the same: keep it, and give the 2 of Keys.",
                "Cette Clef fournit aussi, mais elle perd tout autant : gardez-la, et donnez le 2 de Clefs."),
        quote=t("The other player must, if possible, play a card of the lead suit. If the follower has no card "
                "of that suit, they may play any card, with no restriction.",
                "L'autre joueur doit – si possible – jouer une carte de la même couleur que la couleur d'entame. "
                "Si le suiveur ne possède pas de carte de cette couleur, il peut alors jouer n'importe quelle "
                "carte, sans restriction."),
        answers=((1, "6B"),),
    ),
    Step(
        say=t("Now Bells are led and you have none left: you may play any card. Play the 2 of Moons, your "
              "smallest trump.",
              "On demande Cloches et vous n'en avez plus : vous jouez ce que vous voulez. Jouez le 2 de Lunes, "
              "votre plus petit atout."),
        do=("2M",),
        done=t("A trump beats every card of another suit, however high: your little 2 takes the trick, and you "
               "lead next.",
               "Un atout bat toute carte d'une autre couleur, si forte soit-elle : votre petit 2 prend le pli, et "
               "vous entamerez le suivant."),
        other=t("A Key neither follows the Bells nor trumps, so it loses; any Moon wins, and the 2 of Moons is "
                "enough.",
                "Une Clef ne fournit pas Cloches et n'est pas un atout : elle perd ; toute Lune gagne, et le 2 de "
                "Lunes suffit."),
        quote=t("If there is only one trump card, it wins the trick. If all the cards of the trick are trumps, "
                "the highest one wins the trick.",
                "S'il y a une seule carte d'atout, elle remporte le pli. Si toutes les cartes du pli sont de la "
                "couleur d'atout, alors la carte de valeur la plus élevée remporte le pli."),
    ),
    Step(
        setup=_swan,
        say=t("Odd cards have abilities, which act when they are played. Here, late in a round with Bells trump, "
              "lead the 1 of Keys, the Swan.",
              "Les cartes impaires ont des pouvoirs, qui agissent quand on les joue. Ici, tard dans une manche où "
              "l'atout est Cloches, entamez le 1 de Clefs, le Cygne."),
        do=("1K",),
        done=t("A 1 wins almost nothing; but if you play the Swan and lose the trick, you lead the next one "
               "anyway.",
               "Un 1 ne gagne presque rien ; mais si vous jouez le Cygne et perdez le pli, c'est quand même vous "
               "qui entamez le suivant."),
        other=t("That card is legal too, but this step shows the Swan: lead the 1 of Keys.",
                "Cette carte est jouable aussi, mais cette étape montre le Cygne : entamez le 1 de Clefs."),
        quote=t("All the odd cards (1, 3, 5, 7, 9 and 11) have special abilities that act as soon as they are "
                "played.",
                "Toutes les cartes impaires (1, 3, 5, 7, 9 et 11) sont dotées de capacités spéciales qui "
                "s'activent dès qu'elles sont jouées."),
        answers=((1, "6K"),),
    ),
    Step(
        say=t("The 6 of Keys took your Swan, yet the lead is yours. Lead the 7 of Moons, a Treasure.",
              "Le 6 de Clefs a pris votre Cygne, mais l'entame est à vous. Entamez le 7 de Lunes, un Trésor."),
        do=("7M",),
        done=t("Whoever wins this trick scores 1 Treasure point for its 7, on top of the round's score: a 7 is "
               "worth winning, and worth keeping from your opponent.",
               "Le gagnant de ce pli marque 1 point de Trésor pour son 7, en plus du score de la manche : un 7 vaut "
               "la peine d'être gagné, et d'être refusé à l'adversaire."),
        other=t("That card is legal too, but this step shows the Treasure: lead the 7 of Moons.",
                "Cette carte est jouable aussi, mais cette étape montre le Trésor : entamez le 7 de Lunes."),
        answers=((1, "2M"),),
    ),
    Step(
        setup=_fox,
        say=t("Bells are trump and your opponent leads the 8 of Keys; you have no Keys. Play the 3 of Moons, the "
              "Fox.",
              "L'atout est Cloches et votre adversaire entame le 8 de Clefs ; vous n'avez pas de Clefs. Jouez le 3 "
              "de Lunes, le Renard."),
        do=("3M",),
        done=t("The Fox acts at once, before the trick is decided: you may exchange the decree with a card from "
               "your hand.",
               "Le Renard agit aussitôt, avant que le pli soit décidé : vous pouvez échanger le décret avec une "
               "carte de votre main."),
        other=t("That card is legal too, but this step shows the Fox: play the 3 of Moons.",
                "Cette carte est jouable aussi, mais cette étape montre le Renard : jouez le 3 de Lunes."),
        quote=t("Each of these two abilities acts as soon as the card is played, before another card is played "
                "or the winner of the trick is decided.",
                "Chacune de ces deux capacités s'active dès que la carte est jouée, avant qu'une autre carte ne "
                "soit jouée ou que le vainqueur du pli ne soit désigné."),
    ),
    Step(
        say=t("As it stands, your Moon loses to the 8 of Keys. Put the 10 of Moons as the decree: Moons become "
              "trump, for this very trick.",
              "En l'état, votre Lune perd contre le 8 de Clefs. Mettez le 10 de Lunes comme décret : l'atout "
              "devient Lunes, pour ce pli même."),
        do=("swap 10M",),
        done=t("Your Fox is a trump now and takes the 8 of Keys; the old decree, the 6 of Bells, is in your hand.",
               "Votre Renard est maintenant un atout et prend le 8 de Clefs ; l'ancien décret, le 6 de Cloches, "
               "est dans votre main."),
        other=t("With Bells still trump your 3 of Moons loses: exchange the decree with the 10 of Moons.",
                "Si l'atout reste Cloches, votre 3 de Lunes perd : échangez le décret avec le 10 de Lunes."),
        quote=t("Note: if the player of the 3 changes the decree card, the trump suit may change too. The new "
                "trump suit is then used to decide the winner of the current trick.",
                "Note : Si le joueur posant le 3 modifie la carte décret, la couleur d'atout peut également "
                "changer. On utilisera alors la nouvelle couleur d'atout afin de déterminer le vainqueur du pli "
                "en cours."),
    ),
    Step(
        say=t("Your Fox took the trick, so you lead: lead the 5 of Bells, the Woodcutter.",
              "Votre Renard a pris le pli, vous entamez donc : entamez le 5 de Cloches, le Bûcheron."),
        do=("5B",),
        done=t("The Woodcutter acts at once: you drew the deck's top card, the 8 of Moons, into your hand. Now "
               "put one card of your hand face down under the deck.",
               "Le Bûcheron agit aussitôt : vous avez pioché la carte du dessus, le 8 de Lunes. Glissez maintenant "
               "une carte de votre main face cachée sous la pioche."),
        other=t("That card is legal too, but this step shows the Woodcutter: lead the 5 of Bells.",
                "Cette carte est jouable aussi, mais cette étape montre le Bûcheron : entamez le 5 de Cloches."),
    ),
    Step(
        say=t("Keep the 8 of Moons, a trump now. Put the 2 of Bells, the card you need least, under the deck.",
              "Gardez le 8 de Lunes, un atout maintenant. Glissez sous la pioche le 2 de Cloches, la carte dont "
              "vous avez le moins besoin."),
        do=("bottom 2B",),
        done=t("The 2 of Bells lies face down under the deck, out of play: the Woodcutter changed a weak card "
               "for a better one.",
               "Le 2 de Cloches est face cachée sous la pioche, hors du jeu : le Bûcheron a changé une carte "
               "faible contre une meilleure."),
        other=t("Keep your trump and your 6: the 2 of Bells is your weakest card, put it under the deck.",
                "Gardez votre atout et votre 6 : le 2 de Cloches est votre carte la plus faible, glissez-le sous la "
                "pioche."),
        answers=((1, "4K"),),
    ),
    Step(
        setup=_witch,
        say=t("Bells are trump, and your opponent leads the 9 of Moons, a Witch. You must follow its Moons, not "
              "the trump: play the 10 of Moons.",
              "L'atout est Cloches, et votre adversaire entame le 9 de Lunes, une Sorcière. Vous devez fournir sa "
              "couleur, Lunes, pas l'atout : jouez le 10 de Lunes."),
        do=("10M",),
        done=t("Once both cards are down, a trick's only 9 counts as a trump: the Witch beats your 10 of Moons.",
               "Une fois les deux cartes posées, le seul 9 d'un pli compte comme un atout : la Sorcière bat votre "
               "10 de Lunes."),
        quote=t("You must follow the 9's suit if you can. A 9 that is not of the trump suit becomes a trump only "
                "once both cards of the trick have been played by the normal rules.",
                "Vous devez suivre dans la couleur du 9 si vous en avez la possibilité. Un 9 qui n'est pas dans la "
                "couleur d'atout ne devient un atout qu'après que les deux cartes du pli ont été jouées selon les "
                "règles normales."),
        answers=((1, "8B"),),
    ),
    Step(
        say=t("Now your opponent leads the 8 of Bells, a trump. You hold a trump, so your 9 of Keys may not "
              "answer: follow with the 4 of Bells.",
              "Votre adversaire entame le 8 de Cloches, un atout. Vous avez un atout, votre 9 de Clefs ne peut donc "
              "pas répondre : fournissez le 4 de Cloches."),
        do=("4B",),
        done=t("You followed the trump; the 8 of Bells wins, and your Witch waits for a better moment.",
               "Vous avez fourni l'atout ; le 8 de Cloches l'emporte, et votre Sorcière attend un meilleur "
               "moment."),
        quote=t("If you can follow with a trump card, you may not play a 9 that is not of the trump suit.",
                "Si vous avez la possibilité de suivre avec une carte d'atout, vous n'êtes pas autorisé à jouer un "
                "9 qui n'est pas dans la couleur d'atout."),
        answers=((1, "10K"),),
    ),
    Step(
        say=t("Your opponent leads the 10 of Keys. Follow with your 9 of Keys, the Witch.",
              "Votre adversaire entame le 10 de Clefs. Fournissez votre 9 de Clefs, la Sorcière."),
        do=("9K",),
        done=t("Your 9 is the only 9 in the trick, so it counts as a trump and beats the 10 of Keys. Two 9s in "
               "one trick would cancel out.",
               "Votre 9 est le seul 9 du pli : il compte comme un atout et bat le 10 de Clefs. Deux 9 dans un même "
               "pli s'annuleraient."),
        other=t("The 2 of Keys follows suit but loses: the Witch wins this trick.",
                "Le 2 de Clefs fournit mais perd : la Sorcière remporte ce pli."),
        quote=t("The special ability of the 9 (Witch) applies only if the trick holds a single 9 (Witch).",
                "La capacité spéciale du 9 (Sorcière) ne s'applique que si le pli contient un seul 9 (Sorcière)."),
    ),
    Step(
        setup=_monarch,
        say=t("The last three tricks of a round, Bells trump: you have won 8 tricks, your opponent 2. Lead the 11 "
              "of Keys, the Monarch.",
              "Les trois derniers plis d'une manche, atout Cloches : vous avez remporté 8 plis, votre adversaire 2. "
              "Entamez le 11 de Clefs, le Monarque."),
        do=("11K",),
        done=t("A Monarch you lead binds the answer: if your opponent holds Keys, they must give the 1 of Keys or "
               "their highest Key.",
               "Un Monarque que vous entamez contraint la réponse : si votre adversaire a des Clefs, il doit donner "
               "le 1 de Clefs ou sa plus forte Clef."),
        other=t("That card is legal too, but this step shows the Monarch: lead the 11 of Keys.",
                "Cette carte est jouable aussi, mais cette étape montre le Monarque : entamez le 11 de Clefs."),
        answers=((1, "8K"),),
    ),
    Step(
        say=t("Your opponent had to give their 8 of Keys, and you have 9 tricks. A 10th would make you Greedy, "
              "worth nothing: lead the 2 of Moons, your lowest card, to give this trick away.",
              "Votre adversaire a dû donner son 8 de Clefs, et vous avez 9 plis. Un 10e vous rendrait Cupide, sans "
              "aucun point : entamez le 2 de Lunes, votre plus faible carte, pour céder ce pli."),
        do=("2M",),
        done=t("Your lowest card, no trump and no ability: your best chance to lose this trick and stay "
               "Victorious.",
               "Votre plus faible carte, ni atout ni pouvoir : votre meilleure chance de perdre ce pli et de "
               "rester Victorieux."),
        other=t("The 4 of Moons could lose too, but the 2 is the surest to give the trick away.",
                "Le 4 de Lunes pourrait perdre aussi, mais le 2 est le plus sûr pour céder le pli."),
        quote=t("The idea is to win more tricks than your opponent, but not too many.",
                "L'idée est de remporter plus de plis que son adversaire, mais pas trop."),
        answers=((1, "10M"), (1, "4K")),
    ),
    Step(
        say=t("Tricks score: 0 to 3, Humble, 6 points; 4, 5, 6, Defeated, 1, 2, 3 points; 7 to 9, Victorious, 6 "
              "points; 10 to 13, Greedy, nothing. Play your last card to end the round.",
              "Les plis rapportent : 0 à 3, Humble, 6 points ; 4, 5, 6, Vaincu, 1, 2, 3 points ; 7 à 9, "
              "Victorieux, 6 points ; 10 à 13, Cupide, rien. Jouez votre dernière carte pour finir la manche."),
        do=("4M",),
        done=t("Round over: your 9 tricks are Victorious, 6 points; your opponent's 4 tricks are Defeated, "
               "1 point.",
               "Fin de la manche : vos 9 plis sont Victorieux, 6 points ; les 4 plis de votre adversaire sont "
               "Vaincus, 1 point."),
        quote=t("(If you are too greedy, you will be overthrown, like the villains of fairy tales.)",
                "(Si vous vous montrez trop cupide, vous serez renversé, à l'instar des méchants des contes de "
                "fées.)"),
    ),
    Step(
        say=t("A new round is dealt; the dealer changes every round. The game ends after the round in which "
              "someone reaches 21 points, and the higher total wins: now play a real game.",
              "Une nouvelle manche est distribuée ; le donneur change à chaque manche. La partie s'arrête après "
              "la manche où quelqu'un atteint 21 points, et le plus haut total gagne : à vous de jouer une vraie "
              "partie."),
        quote=t("When one player has at least 21 points after the end-of-round scoring, the game ends.",
                "À l'issue du calcul de score de fin de manche, si l'un des deux joueurs totalise au minimum 21 "
                "points, alors le jeu s'arrête."),
    ),
)

LESSON = Lesson("renard_des_bois", 0, STEPS,
                title=t("Learn Le Renard des Bois", "Apprendre Le Renard des Bois"))
