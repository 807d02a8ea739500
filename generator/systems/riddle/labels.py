"""Fixed texts of the riddle system's player aid and aid card, in English and French.

The system registers this table in its setup (the registry refuses a key another
owner has); its renderers ask :func:`label`, which reads this table and the core's
(:data:`generator.render.labels.CORE`).
"""
from __future__ import annotations

from generator.render.labels import CORE

TABLE: dict[str, tuple[str, str]] = {
    "r-footer-aid": ("player aid", "aide de jeu"),
    "r-ordinal-2": ("second", "deuxième"),
    "r-ordinal-3": ("third", "troisième"),
    "r-tier-silver": ("silver", "argent"),
    "r-tier-gold": ("gold", "or"),
    "r-tier-heroic": ("heroic", "héroïque"),
    "r-tier-godlike": ("godlike", "divin"),
    # The turn in three steps.
    "r-step-act": ("Act", "Agir"),
    "r-step-act-text": ("Take exactly one of the three actions below.",
                        "Faites exactement une des trois actions ci-dessous."),
    "r-step-rewards": ("Rewards", "Récompenses"),
    "r-step-rewards-text": (
        "Coins just collected go into free slots of their colour. Every blessing token under a "
        "worker is collected. Each objective now achieved is shaded and pays its reward.",
        "Placez les écus collectés dans les cases libres de leur couleur. Prenez les jetons de "
        "bénédiction sous vos ouvriers. Coloriez chaque objectif atteint et prenez sa "
        "récompense."),
    "r-step-end": ("End of turn", "Fin du tour"),
    "r-step-end-text": (
        "Apply the riddle's end-of-turn effects in the order printed. Then the player on your "
        "left takes the next turn.",
        "Appliquez les effets de fin de tour de l'énigme dans l'ordre imprimé, puis le joueur à "
        "votre gauche joue."),
    "r-effect-remove-top": ("Crumbling", "Éboulement"),
    "r-effect-remove-top-text": (
        "The top piece of a named space is taken away, a dome first; figures on it stay and "
        "drop with it.",
        "La pièce du haut d'une case nommée est retirée, le dôme d'abord ; les figurines "
        "dessus restent et descendent avec elle."),
    "r-effect-stockpile-add": ("Supplies arrive", "Arrivage"),
    "r-effect-stockpile-add-text": ("Pieces of one kind are added to the stockpile from the box.",
                                    "Des pièces d'une sorte passent de la boîte à la réserve."),
    "r-effect-stockpile-remove": ("Supplies lost", "Pertes"),
    "r-effect-stockpile-remove-text": (
        "Pieces of one kind leave the stockpile, as far as there are any.",
        "Des pièces d'une sorte quittent la réserve, dans la mesure où il y en a."),
    "r-effect-step-toward-closest-worker": ("A figure follows", "Une figurine suit"),
    "r-effect-step-toward-closest-worker-text": (
        "The King or the Sphinx takes one step toward the closest worker, at any height, onto "
        "a free undomed space.",
        "Le Roi ou le Sphinx fait un pas vers l'ouvrier le plus proche, quelle que soit la "
        "hauteur, sur une case libre sans dôme."),
    "r-effect-sink": ("Sinking", "Engloutissement"),
    "r-effect-sink-text": (
        "After the turn named, a space sinks into the sea with all that stands on it; a worker "
        "there is destroyed.",
        "Après le tour indiqué, une case s'enfonce dans la mer avec tout ce qui s'y trouve ; un "
        "ouvrier qui s'y tient est détruit."),
    "r-effect-other-text": ("The riddle page says what it does.",
                            "La page de l'énigme dit ce qu'il fait."),
    # The three actions.
    "r-act-move": ("Move, then build", "Déplacer, puis construire"),
    "r-act-move-text": (
        "Move one of your workers to one of the eight spaces around it that is free, undomed "
        "and at most one level higher; stepping down any number of levels is fine. The same "
        "worker then builds on a free, undomed space next to it: the next piece for that space "
        "(:level-1: :level-2: :level-3: then :dome:), taken from the stockpile. No such piece "
        "left: no build there. If no worker can move and build, choose another action.",
        "Déplacez un de vos ouvriers sur l'une des huit cases voisines, libre, sans dôme et "
        "d'au plus un niveau plus haut ; on descend d'autant de niveaux qu'on veut. Le même "
        "ouvrier construit ensuite, sur une case voisine libre et sans dôme, la pièce suivante "
        "de cette case (:level-1: :level-2: :level-3: puis :dome:), prise dans la réserve. "
        "Pièce épuisée : pas de construction là. Si aucun ouvrier ne le peut, choisissez une "
        "autre action."),
    "r-act-god": ("Select a god", "Choisir un dieu"),
    "r-act-god-text": (
        "Take a card from the face-up queue of three and refill the queue from the god deck. The "
        "card takes its pieces from the box; anyone may build them. You hold at most {n} gods. "
        "Power and quest are optional; unless the card says otherwise, the quest is to clear its "
        "last piece on a turn its power was used, for any one piece added to the stockpile. A god"
        " whose pieces are all gone is discarded, power and all.",
        "Prenez une carte dans la file de trois cartes visibles et complétez la file depuis le "
        "paquet des dieux. Ses pièces viennent de la boîte ; chacun peut les construire. Vous "
        "avez au plus {n} dieux. Pouvoir et quête sont facultatifs ; sauf mention contraire, la "
        "quête est de retirer sa dernière pièce un tour où son pouvoir a servi, contre une pièce "
        "au choix ajoutée à la réserve. Un dieu sans pièces est défaussé, pouvoir compris."),
    "r-act-sphinx": ("Play the Sphinx's game", "Jouer au jeu du Sphinx"),
    "r-act-sphinx-text": (
        "Roll the die. If the gem of the rolled colour is still on the Sphinx board, discard it"
        " and take the reward shown. If it is gone, destroy a worker of your choice.",
        "Lancez le dé. Si la gemme obtenue est encore sur le plateau du Sphinx, défaussez-la et"
        " prenez sa récompense ; sinon, détruisez un ouvrier de votre choix."),
    "r-die-line": (" The die: {faces}.", " Le dé : {faces}."),
    "r-die-named": (" {die}: {faces}.", " {die} : {faces}."),
    "r-die-add": ("add {what}", "ajoutez {what}"),
    "r-besides-text": (
        "Any player may discard one revealed blessing card on their turn for its one-time power; "
        "it costs no action. A god's power and quest are optional, every turn.",
        "À son tour, chacun peut défausser une carte bénédiction révélée pour son pouvoir unique,"
        " sans dépenser d'action. Pouvoir et quête d'un dieu sont toujours facultatifs."),
    "r-example-piece-4": ("a dome", "un dôme"),
    "r-example-piece": ("a level-{n} block", "un bloc de niveau {n}"),
    "r-example-climb": (", climbing one level", ", en montant d'un niveau"),
    "r-example-text": (
        "Worker 1 moves from {frm} to {to}{climb} (the red :move: arrow), then builds on "
        "{build} (the orange :build: frame): {what}, taken from the stockpile. The solutions at "
        "the back of the book draw every turn this way: the position after the turn, its move "
        "and its build.",
        "L'ouvrier 1 va de {frm} à {to}{climb} (la flèche rouge :move:), puis construit en "
        "{build} (le cadre orange :build:) : {what}, pris dans la réserve. Les solutions à la "
        "fin du livre dessinent chaque tour ainsi : la position après le tour, son déplacement "
        "et sa construction."),
    # The rules at a glance.
    "r-glance": ("The rules at a glance", "Les règles en bref"),
    "r-sec-coins": ("Coins and objectives", "Écus et objectifs"),
    "r-sec-coins-1": (
        "A coin shows the levels that collect it (:coin-silver-2: level 2; a dome stands for "
        "4). Build one of those pieces on its space to collect it, then place it in any free "
        "slot of its colour, on any objective. A coin rides up on the pieces built under it; "
        "walking onto it does nothing. No free slot: set it aside.",
        "Un écu montre les niveaux qui le collectent (:coin-silver-2: niveau 2 ; un dôme "
        "vaut 4). Construisez l'une de ces pièces sur sa case pour le collecter, puis placez-le "
        "dans une case libre de sa couleur, sur n'importe quel objectif. Un écu monte avec "
        "ce qu'on construit dessous ; marcher dessus ne fait rien. Pas de case libre : "
        "mettez-le de côté."),
    "r-sec-coins-2": (
        "Objectives come in up to four tiers: {tiers} and {last}. One with slots is achieved "
        "when they are all full; the others say what to do. They are judged at the end of each "
        "turn, never at set-up, and exactly one of them ends the riddle.",
        "Les objectifs ont jusqu'à quatre paliers : {tiers} et {last}. Un objectif à cases est "
        "atteint quand elles sont toutes remplies ; les autres disent quoi faire. Ils sont "
        "jugés à la fin de chaque tour, jamais à la mise en place, et un seul d'entre eux "
        "termine l'énigme."),
    "r-sec-blessings": ("Blessings", "Bénédictions"),
    "r-sec-blessings-1": (
        "At the end of each turn, every :blessing: token with a worker on it is collected: put "
        "one blessing card face down on top of the god deck for each. A blessing card revealed "
        "in the queue stays there until used; on your turn, besides your action, anyone may "
        "discard one for its one-time power. A block built on a token lifts it; a dome built "
        "on it forfeits it.",
        "À la fin de chaque tour, chaque jeton :blessing: portant un ouvrier est collecté : "
        "posez pour chacun une carte bénédiction face cachée sur le paquet des dieux. Une carte "
        "bénédiction révélée dans la file y reste jusqu'à son usage ; à votre tour, en plus de "
        "votre action, chacun peut en défausser une pour son pouvoir à usage unique. Un bloc "
        "construit sur un jeton le soulève ; un dôme construit dessus le fait perdre."),
    "r-sec-blessings-2": (
        "The blessing deck holds the cards numbered up to your blessing score, which starts at "
        "{score} and rises by one for each +1 star whose three arrows are shaded.",
        "Le paquet de bénédictions contient les cartes numérotées jusqu'à votre score de "
        "bénédiction, qui commence à {score} et monte d'un pour chaque étoile +1 dont les "
        "trois flèches sont coloriées."),
    "r-sec-losing": ("Losing workers", "Perdre des ouvriers"),
    "r-sec-losing-1": (
        "The first destroyed worker fills the slot on the Sphinx board; the {nth} ends the "
        "riddle at once. Objectives already achieved still count.",
        "Le premier ouvrier détruit remplit la case du plateau du Sphinx ; le {nth} termine "
        "aussitôt l'énigme. Les objectifs déjà atteints comptent toujours."),
    "r-sec-effects": ("End-of-turn effects", "Effets de fin de tour"),
    "r-sec-players": ("Players and workers", "Joueurs et ouvriers"),
    # One sentence per player count the pack's riddles allow, then where the workers start.
    "r-players-1": ("**1 player:** two white and two blue workers.",
                    "**1 joueur :** deux ouvriers blancs et deux bleus."),
    "r-players-2": ("**2 players:** a pair each.", "**2 joueurs :** une paire chacun."),
    "r-players-3": (
        "**3 players:** one worker each, plus the shared :wanderer: Wanderer, which may not be "
        "the first worker moved on two turns in a row.",
        "**3 joueurs :** un ouvrier chacun, plus le Vagabond :wanderer: partagé, qui ne peut "
        "pas être le premier ouvrier déplacé deux tours de suite."),
    "r-players-4": ("**4 players:** partners sitting across share a pair.",
                    "**4 joueurs :** les partenaires assis face à face partagent une paire."),
    "r-players-start": ("The map's :worker: spaces show where the four workers start.",
                        "Les cases :worker: de la carte montrent où partent les quatre "
                        "ouvriers."),
    "r-sec-glossary": ("Glossary", "Glossaire"),
    "r-gloss-1": ("**Neighbour:** one of the eight spaces around a space; across a :bridge: "
                  "bridge, a neighbour for moving only, straight across.",
                  "**Voisine :** l'une des huit cases autour d'une case ; de l'autre côté d'un "
                  "pont :bridge:, une voisine pour se déplacer seulement, tout droit."),
    "r-gloss-2": ("**On level N:** at level N or higher. **Tower of 4:** three blocks and a dome.",
                  "**Au niveau N :** au niveau N ou plus haut. **Tour de 4 :** trois blocs et "
                  "un dôme."),
    "r-gloss-3": ("**Closest worker:** the fewest steps away, straight or diagonal; equally "
                  "close workers are the group's choice.",
                  "**Ouvrier le plus proche :** le moins de pas, droits ou en diagonale ; "
                  "entre ouvriers aussi proches, le groupe choisit."),
    "r-gloss-4": ("**Stockpile:** the riddle's shared supply; nothing is ever built from the "
                  "box.",
                  "**Réserve :** le stock commun de l'énigme ; on ne construit jamais depuis "
                  "la boîte."),
    "r-gloss-5": ("**Sea:** not part of the board: nothing stands on it, is built on it or "
                  "crosses it.",
                  "**Mer :** hors du plateau : rien ne s'y tient, ne s'y construit ni ne la "
                  "traverse."),
    "r-gloss-6": ("**Feature** :feature:: a marked space whose rule is on the riddle's page.",
                  "**Lieu** :feature: : une case marquée dont la règle est sur la page de "
                  "l'énigme."),
    "r-gloss-7": ("**Friendly god:** a god joined to Polaris by shaded paths on the "
                  "constellation tree.",
                  "**Dieu ami :** un dieu relié à Polaris par des chemins coloriés sur l'arbre "
                  "des constellations."),
    # The player aid card.
    "r-card-front": ("Your turn", "Votre tour"),
    "r-card-act": ("1 · Act", "1 · Agir"),
    "r-card-act-text": ("One action: **A** move, then build; **B** select a god; **C** play the "
                        "Sphinx's game.",
                        "Une action : **A** déplacer, puis construire ; **B** choisir un dieu ; "
                        "**C** jouer au jeu du Sphinx."),
    "r-card-move": ("A · Move, then build", "A · Déplacer, puis construire"),
    "r-card-move-text": ("Move a worker one space (up one level at most, down any number), "
                         "then build next to it: the next piece for that space, from the "
                         "stockpile.",
                         "Déplacez un ouvrier d'une case (en montant d'un niveau au plus, en "
                         "descendant à volonté), puis construisez à côté : la pièce suivante "
                         "pour cette case, prise dans la réserve."),
    "r-card-god": ("B · Select a god", "B · Choisir un dieu"),
    "r-card-god-text": ("Take a god from the queue and refill it; its pieces come from the box "
                        "for anyone to build. At most {n} gods each.",
                        "Prenez un dieu dans la file et complétez-la ; ses pièces viennent de "
                        "la boîte et chacun peut les construire. Au plus {n} dieux chacun."),
    "r-card-sphinx": ("C · The Sphinx's game", "C · Le jeu du Sphinx"),
    "r-card-sphinx-text": ("Roll: gem still there, take it and its reward; gem gone, destroy a "
                           "worker.",
                           "Lancez : gemme encore là, prenez-la avec sa récompense ; gemme "
                           "partie, détruisez un ouvrier."),
    "r-card-rewards": ("2 · Rewards", "2 · Récompenses"),
    "r-card-rewards-text": ("Place collected coins in free slots of their colour; collect "
                            "blessing tokens under workers; shade new objectives, take their "
                            "rewards.",
                            "Placez les écus collectés dans les cases libres de leur "
                            "couleur ; collectez les jetons de bénédiction sous les ouvriers ; "
                            "coloriez les nouveaux objectifs, prenez leurs récompenses."),
    "r-card-end": ("3 · End of turn", "3 · Fin du tour"),
    "r-card-end-text": ("Apply the riddle's end-of-turn effects in order; the next player on "
                        "the left plays.",
                        "Appliquez dans l'ordre les effets de fin de tour de l'énigme ; le "
                        "joueur à gauche joue ensuite."),
    "r-card-back": ("Rewards & endings", "Récompenses et fins"),
    "r-card-coins": ("Coins", "Écus"),
    "r-card-coins-text": ("Building a level a coin shows (4 = dome) collects it into any free "
                          "slot of its colour. No free slot: set it aside.",
                          "Construire un niveau que montre un écu (4 = dôme) le collecte "
                          "dans une case libre de sa couleur. Pas de case libre : mettez-le de "
                          "côté."),
    "r-card-objectives": ("Objectives", "Objectifs"),
    "r-card-objectives-text": ("Judged at each turn's end, never at set-up. One of them ends "
                               "the riddle.",
                               "Jugés à la fin de chaque tour, jamais à la mise en place. Un "
                               "seul d'entre eux termine l'énigme."),
    "r-card-blessings": ("Blessings", "Bénédictions"),
    "r-card-blessings-text": ("A token under a worker at a turn's end: a blessing card face "
                              "down on the god deck. Discard a revealed one for its power, "
                              "besides your action.",
                              "Un jeton sous un ouvrier en fin de tour : une carte bénédiction "
                              "face cachée sur le paquet des dieux. Défaussez-en une révélée "
                              "pour son pouvoir, en plus de votre action."),
    "r-card-workers": ("Workers", "Ouvriers"),
    "r-card-workers-text": ("The first destroyed worker fills the Sphinx board's slot; the "
                            "{nth} ends the riddle at once.",
                            "Le premier ouvrier détruit remplit la case du plateau du Sphinx ; "
                            "le {nth} termine aussitôt l'énigme."),
    "r-card-reminders": ("Reminders", "Rappels"),
    "r-card-reminders-text": ("A bridge joins spaces for moving only. Level N means N or "
                              "higher. Ties for the closest worker are yours to break.",
                              "Un pont relie des cases pour le déplacement seulement. Niveau N "
                              "veut dire N ou plus. Entre ouvriers aussi proches, à vous de "
                              "choisir."),
    # Campaign sheets.
    "r-sheet-footer": ("campaign sheet", "feuille de campagne"),
    "r-sky-title": ("The constellation tree", "L'arbre des constellations"),
    "r-sky-intro": (
        "Each time you shade an objective, shade one diamond on a path. A god joined to Polaris "
        "by fully shaded paths becomes friendly. When a riddle lets you choose a friendly god, "
        "shade an arrow pointing toward it; a +1 star whose three arrows are shaded raises the "
        "blessing score by one.",
        "Chaque fois que vous coloriez un objectif, coloriez un losange sur un chemin. Un dieu "
        "relié à Polaris par des chemins entièrement coloriés devient ami. Quand une énigme vous "
        "laisse choisir un dieu ami, coloriez une flèche qui pointe vers lui ; une étoile +1 dont "
        "les trois flèches sont coloriées fait monter le score de bénédiction d'un point."),
    "r-star-n": ("star {n}", "étoile {n}"),
    "r-map-title": ("The adventure map", "La carte de l'aventure"),
    "r-map-note": ("Shade an objective's circle when you achieve it; each one shaded lets you "
                   "shade a diamond on the constellation tree. An island opens when its note "
                   "says so.",
                   "Coloriez le cercle d'un objectif quand vous l'atteignez ; chacun vous permet "
                   "de colorier un losange sur l'arbre des constellations. Une île s'ouvre quand "
                   "sa note le dit."),
    "r-score-title": ("Blessing score", "Score de bénédiction"),
    "r-score-intro": ("Your blessing score starts at {start}: mark it, then move the mark up by "
                      "one for each +1 star you complete. The blessing deck holds every blessing "
                      "card numbered up to your score.",
                      "Votre score de bénédiction commence à {start} : marquez-le, puis montez la "
                      "marque d'un cran pour chaque étoile +1 complétée. Le paquet de "
                      "bénédictions contient toutes les cartes bénédiction numérotées jusqu'à "
                      "votre score."),
    "r-score-start": ("from the start", "dès le début"),
    "r-score-at": ("at score {n}", "au score {n}"),
    "r-guestbook": ("Guestbook", "Livre d'or"),
    "r-guestbook-sub": ("Who sailed the archipelago, when, and how far they came.",
                        "Qui a parcouru l'archipel, quand, et jusqu'où."),
    "r-guest-date": ("Date", "Date du jeu"),
    "r-guest-players": ("Players", "Joueurs"),
    "r-guest-riddles": ("Riddles played", "Énigmes jouées"),
    "r-guest-objectives": ("Objectives shaded", "Objectifs coloriés"),
    "r-guest-notes": ("Notes", "Remarques"),
    # Tokens, tiles, the Sphinx's board and the "You need" list (components).
    "c-footer": ("{title} — tokens and tiles", "{title} — jetons et tuiles"),
    "c-coin-label": ("{colour} {what}", "{colour} {what}"),
    "c-coin-silver": ("silver", "argent"),
    "c-coin-gold": ("gold", "or"),
    "c-dome": ("dome", "dôme"),
    "c-coins-note": ("One token for each coin a riddle's map shows, by colour and levels.",
                     "Un jeton pour chaque écu que montre la carte d'une énigme, par couleur et "
                     "niveaux."),
    "c-blessings-note": ("Lay them where a map shows a blessing token.",
                         "Posez-les là où une carte montre un jeton de bénédiction."),
    "c-features-note": ("Mark each unique feature a riddle names; its text is in the book.",
                        "Marquez chaque lieu unique que nomme une énigme ; son texte est dans le "
                        "livre."),
    "c-sea-note": ("Cover each sea space of a map; a bridge lies over the sea it crosses.",
                   "Couvrez chaque case de mer d'une carte ; un pont se pose sur la mer qu'il "
                   "franchit."),
    "c-stickers-note": ("Stick one on each face of a six-sided die, in any order.",
                        "Collez-en un sur chaque face d'un dé à six faces, dans n'importe quel "
                        "ordre."),
    "c-slot-note": (
        "The first destroyed worker stands here. A second one ends the riddle at once.",
                    "Le premier ouvrier détruit se place ici. Un deuxième termine aussitôt "
                    "l'énigme."),
    "c-die-name": ("The Sphinx's die", "Le dé du Sphinx"),
    "c-gems-note": ("One for each gem of the Sphinx's game: lay them on her board; a roll "
                    "sets one aside.",
                    "Une par gemme du jeu du Sphinx : posez-les sur son plateau ; un lancer en "
                    "met une de côté."),
    "c-gem-default": ("Gain the reward the riddle names.",
                      "Gagnez la récompense que nomme l'énigme."),
    "c-board-rule": ("Roll the die: if the rolled colour's gem is still here, set the gem aside "
                     "and take its reward; if it is gone, destroy a worker of your choice.",
                     "Lancez le dé : si la gemme de la couleur obtenue est encore ici, mettez-la "
                     "de côté et prenez sa récompense ; si elle n'y est plus, détruisez un "
                     "ouvrier de votre choix."),
    "n-pieces": ("The board and the building pieces: at most {blocks} in any one riddle.",
                 "Le plateau et les pièces de construction : au plus {blocks} pour une même "
                 "énigme."),
    "n-pieces-plain": ("The board and the building pieces.",
                       "Le plateau et les pièces de construction."),
    "n-workers": ("{n} workers (two white, two blue).", "{n} ouvriers (deux blancs, deux bleus)."),
    "n-workers-plain": ("The workers.", "Les ouvriers."),
    "n-king": ("The King (a figure that is not a worker).",
               "Le Roi (une figurine qui n'est pas un ouvrier)."),
    "n-sphinx": ("The Sphinx (a figure that is not a worker).",
                 "Le Sphinx (une figurine qui n'est pas un ouvrier)."),
    "n-king-sphinx": ("The King and the Sphinx (figures that are not workers).",
                      "Le Roi et le Sphinx (des figurines qui ne sont pas des ouvriers)."),
    "n-die": ("A plain six-sided die for the die-face stickers.",
              "Un dé ordinaire à six faces pour les autocollants."),
    "n-book": ("This riddle book (symbols, riddles, solutions).",
               "Ce livre d'énigmes (symboles, énigmes, solutions)."),
    "n-cards": ("{gods} god cards and {blessings} blessing cards (duplex sheets).",
                "{gods} cartes dieu et {blessings} cartes bénédiction (planches recto verso)."),
    "n-aid": ("The player aid and one player aid card per seat.",
              "L'aide de jeu et une carte d'aide par joueur."),
    "n-sheets": ("The campaign sheets: adventure map, constellation, score track.",
                 "Les feuilles de campagne : carte de l'aventure, constellation, piste de score."),
    "n-tokens": ("Tokens and tiles: {coins} coins, {tokens} blessing tokens, {markers} feature "
                 "markers, {sea} sea tiles, {bridges} bridges, {gems} gem tokens, die-face "
                 "stickers and the Sphinx's board.",
                 "Jetons et tuiles : {coins} écus, {tokens} jetons de bénédiction, {markers} "
                 "marqueurs de lieu, {sea} tuiles de mer, {bridges} ponts, {gems} jetons de "
                 "gemme, les autocollants du dé et le plateau du Sphinx."),
}
"""Label key -> (English, French)."""

CATALOGUE = CORE.with_table(TABLE)
"""The core's labels and the riddle system's; ``label(key, lang, **fields)`` reads one."""
LABELS, label = CATALOGUE.texts, CATALOGUE.label

__all__ = ["CATALOGUE", "LABELS", "TABLE", "label"]
