"""Fixed texts of the riddle book's pages (cover, contents, riddle pages, solutions).

Part of the one catalogue: :mod:`generator.render.labels` merges this table into
its own. The sentences the book generates from goals and effects are in
:mod:`generator.systems.riddle.french`.
"""
from __future__ import annotations

TABLE: dict[str, tuple[str, str]] = {
    # Cover and contents.
    "b-subtitle": ("A campaign of cooperative Sphinx riddles",
                   "Une campagne d'énigmes coopératives du Sphinx"),
    "b-riddle-count": ("{n} riddle", "{n} énigme"),
    "b-riddles-count": ("{n} riddles", "{n} énigmes"),
    "b-island-count": ("{n} island", "{n} île"),
    "b-islands-count": ("{n} islands", "{n} îles"),
    "b-version": ("version {v}", "version {v}"),
    "b-other-riddles": ("Other riddles", "Autres énigmes"),
    "b-howto": (
        "Each riddle is a small cooperative puzzle on one map. Set it up as its page shows, "
        "then take turns: one action each, then rewards, then the riddle's end-of-turn effects. "
        "Shade an objective's circle on the campaign sheet when you achieve it; one objective "
        "ends the riddle. The symbols are explained on the next page and the turn on the "
        "player aid.",
        "Chaque énigme est un petit casse-tête coopératif sur une carte. Mettez-la en place "
        "comme le montre sa page, puis jouez chacun votre tour : une action, puis les "
        "récompenses, puis les effets de fin de tour de l'énigme. Coloriez le cercle d'un "
        "objectif sur la feuille de campagne quand vous l'atteignez ; un objectif termine "
        "l'énigme. Les symboles sont expliqués page suivante et le tour sur l'aide de jeu."),
    "b-howto-appendix": (" Every objective's shortest solution is printed upside down at the "
                         "back of the book.",
                         " La solution la plus courte de chaque objectif est imprimée tête-bêche "
                         "à la fin du livre."),
    "b-howto-separate": (" Every objective's shortest solution is in the separate solutions "
                         "booklet.",
                         " La solution la plus courte de chaque objectif est dans le livret de "
                         "solutions à part."),
    # A riddle's page.
    "b-players-span": ("{a}–{b} players", "{a} à {b} joueurs"),
    "b-player-one": ("{n} player", "{n} joueur"),
    "b-players": ("{n} players", "{n} joueurs"),
    "b-tier-silver": ("Silver", "Argent"),
    "b-tier-gold": ("Gold", "Or"),
    "b-tier-heroic": ("Heroic", "Héroïque"),
    "b-tier-godlike": ("Godlike", "Divin"),
    "b-shortest": ("SHORTEST SOLO SOLUTION", "SOLUTION SOLO LA PLUS COURTE"),
    "b-turn": ("{n} turn", "{n} tour"),
    "b-turns": ("{n} turns", "{n} tours"),
    "b-not-proven": ("not proven", "non prouvé"),
    "b-no-line": ("no line", "aucune ligne"),
    "b-shortest-counts": ("SHORTEST, IN TURNS", "TOURS AU MINIMUM"),
    "b-count-column": ("{n}P", "{n}J"),
    "b-counts-key": ("? not proven · – no line", "? non prouvé · – aucune ligne"),
    "b-no-powers-key": ("* without god powers", "* sans pouvoirs divins"),
    "b-no-powers": (" · shortest without god powers; one may be shorter with a power",
                    " · la plus courte sans pouvoirs divins ; un pouvoir peut l’abréger"),
    "b-opening-queue": ("Opening queue", "File de départ"),
    "b-also-in-deck": ("Also in the god deck", "Aussi dans le paquet des dieux"),
    "b-revealed-blessings": ("Blessing face up", "Bénédiction face visible"),
    "b-sphinx-gems": ("Sphinx's gems", "Gemmes du Sphinx"),
    "b-blessing-deck": ("Blessing deck: cards {cards}", "Paquet de bénédictions : cartes {cards}"),
    "b-reward": (" **Reward:** {text}", " **Récompense :** {text}"),
    "b-ends": (" ***This objective ends the riddle.***", " ***Cet objectif termine l'énigme.***"),
    "b-every-turn": ("**At the end of every turn:** ", "**À la fin de chaque tour :** "),
    "b-also-every-turn": ("**Also at the end of every turn:** ",
                          "**Aussi à la fin de chaque tour :** "),
    "b-turn-limit": ("**Turn limit:** the riddle ends after turn {n}.",
                     "**Limite de tours :** l'énigme s'arrête après le tour {n}."),
    "b-bridges": (":bridge: **Bridges:** {names}.", ":bridge: **Ponts :** {names}."),
    # The rules for every riddle, said once (the "You need" page, a booklet's how-to).
    "h-every-riddle": ("Rules for every riddle", "Règles de toutes les énigmes"),
    "g-end-of-turn": (
        "**At the end of every turn**, after its move and build (or its power), what a riddle's "
        "page lists happens, in the order listed.",
        "**À la fin de chaque tour**, après le déplacement et la construction (ou le pouvoir), "
        "ce que liste la page de l'énigme se produit, dans l'ordre donné."),
    "g-step": (
        "**A figure steps toward the closest worker:** one step, onto a neighbouring free space "
        "without a dome at any height, that brings it closer to the nearest worker (counting "
        "steps across the grid, diagonals too, over the sea); when several are as close, you "
        "choose. With no such space it stays.",
        "**Une figurine fait un pas vers l'ouvrier le plus proche :** un pas, sur une case "
        "voisine libre et sans dôme, quelle que soit sa hauteur, qui la rapproche de l'ouvrier "
        "le plus proche (en comptant les pas sur la grille, diagonales comprises, par-dessus "
        "la mer) ; à égalité, vous choisissez. Sans une telle case, elle reste."),
    "g-sink": (
        "**A space sinks** into the sea with everything on it: a worker there is destroyed, a "
        "coin or token there is lost. Nobody enters it again, and a bridge to it leads nowhere.",
        "**Une case s'enfonce** dans la mer avec tout ce qui s'y trouve : un ouvrier qui s'y "
        "tient est détruit, un écu ou un jeton y est perdu. Personne n'y entre plus, et un pont "
        "qui y mène ne mène plus nulle part."),
    "g-remove-top": (
        "**The top piece of a space goes** (its dome first) where the riddle says; figures on "
        "it stay and drop with it.",
        "**La pièce du haut d'une case s'en va** (le dôme d'abord) là où le dit l'énigme ; les "
        "figurines dessus restent et descendent avec elle."),
    "g-stock-remove": (
        "**Pieces leave the stockpile** as far as there are any.",
        "**Des pièces quittent la réserve** dans la mesure où il y en a."),
    "g-bridges": (
        ":bridge: **A bridge** joins its two ends for moving, straight across only; nobody "
        "builds across it.",
        ":bridge: **Un pont** relie ses deux extrémités pour le déplacement, tout droit "
        "seulement ; personne ne construit par-dessus."),
    "g-turn-limit": (
        "**A turn limit** ends the riddle after that turn.",
        "**Une limite de tours** termine l'énigme après ce tour."),
    "b-expert-stock": ("**Stockpile:** {changes}.", "**Réserve :** {changes}."),
    "b-stock-none": ("no {what}", "aucun {what}"),
    "b-stock-not": ("{now} (not {was})", "{now} (au lieu de {was})"),
    # Solutions.
    "b-signature-mark": (
        "Signature {s} of {n}, sheet {k} of {m}: fold sheets {first}-{last} together, "
        "staple them, then stack the signatures in order",
        "Cahier {s} sur {n}, feuille {k} sur {m} : pliez ensemble les feuilles {first} à "
        "{last}, agrafez-les, puis empilez les cahiers dans l'ordre"),
    # Graded hints (hints.py): the idea, then a move, before the solutions.
    "h-hints": ("Hints", "Indices"),
    "h-hints-intro": (
        "Stuck? Each objective has two hints, read one at a time: **1** names the idea, **2** "
        "a move of a shortest line. The whole line is in the solutions.",
        "Bloqué ? Chaque objectif a deux indices, à lire l'un après l'autre : **1** donne "
        "l'idée, **2** un coup d'une solution la plus courte. La solution entière est à la fin."),
    "h1-powers": ("{gods}'s power is part of the line.",
                  "Le pouvoir de {gods} fait partie de la solution."),
    "h1-takes": ("The line takes {gods}'s card from the queue.",
                 "La solution prend la carte de {gods} dans la file."),
    "h1-cards": ("The blessing {cards} plays its part.", "La bénédiction {cards} y joue son rôle."),
    "h1-one-worker": ("Worker {w} plays every turn.", "L'ouvrier {w} joue tous les tours."),
    "h1-worker": ("Worker {w} plays {k} of the {n} turns.",
                  "L'ouvrier {w} joue {k} des {n} tours."),
    "h1-last-piece": ("The last build is a {piece}.", "Dernière construction : {piece}."),
    "h2-key": ("Every shortest line plays {move}.",
               "Toutes les solutions les plus courtes jouent {move}."),
    "h2-take": ("Every shortest line takes {god}'s card from the queue.",
                "Toutes les solutions les plus courtes prennent la carte de {god} dans la file."),
    "h2-with-card": (", with the blessing {card}", ", avec la bénédiction {card}"),
    "h2-power": ("The line's first power or card comes in at turn {n}: {move}.",
                 "Le premier pouvoir ou la première carte entre en jeu au tour {n} : {move}."),
    "h2-first": ("A shortest line opens with {move}.",
                 "Une solution la plus courte commence par {move}."),
    "b-solutions-footer": ("{title} — solutions", "{title} — solutions"),
    "b-continued": (" — {tier} (continued)", " — {tier} (suite)"),
    "b-no-move": (" — no move this turn", " — pas de déplacement ce tour"),
    "b-count-one": ("One player", "Un joueur"),
    "b-count-many": ("{n} players", "{n} joueurs"),
    "b-count-workers": ("*Workers: {setup}.* ", "*Ouvriers : {setup}.* "),
    "b-same-line": (": the {tier} line above achieves it too",
                    " : la ligne {tier} ci-dessus l'atteint aussi"),
    "b-first-move": (" · {n} shortest first move", " · {n} premier coup le plus court"),
    "b-first-moves": (" · {n} shortest first moves", " · {n} premiers coups les plus courts"),
    "b-lines": ("{n} shortest lines", "{n} solutions les plus courtes"),
    "b-line": ("1 shortest line", "1 seule solution la plus courte"),
    "b-lines-more": ("more than {n} shortest lines", "plus de {n} solutions les plus courtes"),
    "b-key-moves": ("every one plays {moves}", "toutes jouent {moves}"),
    "b-no-key-move": ("no move common to all", "aucun coup commun à toutes"),
    "b-trap": ("{p} % of {n} naive playouts miss the par",
               "{p} % de {n} parties naïves manquent le par"),
    "b-unsolvable": ("no line without god powers, blessings or the Sphinx's game reaches it",
                     "aucune ligne ne l'atteint sans pouvoirs divins, bénédictions ni jeu du "
                     "Sphinx"),
    "b-unproven": ("not proven by the solver", "non prouvé par le solveur"),
    "b-solutions-note": (
        "Every objective's shortest line, found by the solver and drawn turn by turn: the "
        "position after each turn, the move as a red arrow and the space built on in an orange "
        "frame. W1–W4 are the workers as numbered on the maps. The pages that follow are "
        "printed upside down so that no one reads them by chance: turn the book around only "
        "when you want the answer.",
        "La ligne la plus courte de chaque objectif, trouvée par le solveur et dessinée tour "
        "par tour : la position après chaque tour, le déplacement en flèche rouge et la case "
        "construite dans un cadre orange. W1 à W4 sont les ouvriers numérotés comme sur les "
        "cartes. Les pages suivantes sont imprimées tête-bêche pour que personne ne les lise "
        "par hasard : ne retournez le livre que quand vous voulez la réponse."),
}
"""Label key -> (English, French)."""

__all__ = ["TABLE"]
