"""The catalogue of fixed labels: every word the renderers print that no pack writes.

One table, one entry per label, each with its English and French text. Renderers
ask :func:`label` with the build's language; a language the catalogue lacks
falls back to English, so a new language starts as English and is filled in
here, in one place. Entries may hold ``{name}`` fields, filled from keyword
arguments.

>>> label("sheet-fronts", "fr")
'recto'
>>> label("sheet-of", "en", n=2, total=5)
'sheet 2/5'
>>> label("sheet-of", "de", n=1, total=1)
'sheet 1/1'
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from dataclasses import dataclass

from generator.render.labels_book import TABLE as BOOK_TABLE
from generator.render.labels_icons import TABLE as ICON_TABLE

LANGUAGES = ("en", "fr")
"""Languages every entry of the catalogue is written in."""

_TABLE: dict[str, tuple[str, str]] = {
    # Card sheets and the print check (render.sheets).
    "sheet-of": ("sheet {n}/{total}", "planche {n}/{total}"),
    "sheet-fronts": ("fronts", "recto"),
    "sheet-backs": ("backs", "verso"),
    "check-title": ("Print check", "Contrôle d'impression"),
    "check-title-back": ("Print check (back)", "Contrôle d'impression (verso)"),
    "check-paper": ("Paper: {name} ({w} x {h} mm). Print at 100 % / actual size,",
                    "Papier : {name} ({w} x {h} mm). Imprimez à 100 % / taille réelle,"),
    "check-no-scaling": ("with no 'fit to page' or scaling in the print dialog.",
                         "sans « ajuster à la page » ni mise à l'échelle."),
    "check-square": ("This square must measure 50 mm on each side; check it with a ruler.",
                     "Ce carré doit mesurer 50 mm de côté ; vérifiez-le avec une règle."),
    "check-duplex-1": ("Duplex check: print both pages of this check on one sheet, double-sided,",
                       "Contrôle recto verso : imprimez les deux pages sur une feuille, recto verso,"),
    "check-duplex-2": ("flipping on the long edge. Hold the sheet against the light: the small",
                       "en retournant sur le bord long. Regardez la feuille à contre-jour : la"),
    "check-duplex-3": ("cross on the back should sit exactly on this one's centre.",
                       "petite croix du verso doit tomber pile au centre de celle-ci."),
    "check-back-1": ("Hold the sheet against the light. Where the arms of the front cross show",
                     "Regardez la feuille à contre-jour. L'endroit où les bras de la croix du recto"),
    "check-back-2": ("through on the two scales by the small cross below is your back offset",
                     "apparaissent sur les deux règles près de la petite croix ci-dessous donne"),
    "check-back-3": ("in mm (x to the right, y downwards, as seen on this side).",
                     "le décalage du verso en mm (x vers la droite, y vers le bas, vu de ce côté)."),
    "check-back-4": ("If the front cross shows far away on the other half of the page, the",
                     "Si la croix du recto apparaît loin, sur l'autre moitié de la page,"),
    "check-back-5": ("printer flipped on the short edge: choose long-edge binding.",
                     "l'imprimante a retourné sur le bord court : choisissez la reliure bord long."),
    "check-back-6": ("To 0.1 mm, on the verniers: take the mark at or before the long thick line",
                     "Au dixième, sur les verniers : prenez le repère sur ou avant le long trait"),
    "check-back-7": ("(left of it, or above it), then add the tenths: the thick line that meets a mark.",
                     "épais (à sa gauche, ou au-dessus), puis les dixièmes : le trait épais aligné."),
    "check-vernier-x": ("x to 0.1 mm", "x au 1/10 mm"),
    "check-vernier-y": ("y to 0.1 mm", "y au 1/10 mm"),
    "check-offset-x": ("x offset (mm)", "décalage x (mm)"),
    "check-offset-y": ("y offset (mm)", "décalage y (mm)"),
    "check-current": ("current offset: x {x} mm, y {y} mm", "décalage actuel : x {x} mm, y {y} mm"),
    # Fragment cards, tokens and player aid (systems.fragments).
    "when-card": ("WHEN CARD", "CARTE QUAND"),
    "when-turn-only": ("turn over for \u201conly when\u201d", "au verso : \u00ab seulement quand \u00bb"),
    "when-turn-except": ("turn over for \u201cexcept when\u201d", "au verso : \u00ab sauf quand \u00bb"),
    "category-behaviour": ("behaviour", "comportement"),
    "category-body": ("body", "corps"),
    "category-materials": ("materials", "matières"),
    "category-nature": ("nature", "nature"),
    "category-paradoxes": ("paradoxes", "paradoxes"),
    "category-places": ("places", "lieux"),
    "category-senses": ("senses", "sens"),
    "category-time": ("time", "temps"),
    "tokens-title": ("{title} \u2014 answer tokens", "{title} \u2014 jetons de réponse"),
    "tokens-how": ("Cut along the dashed circles. Green: a valid answer (+1 point). "
                   "Red: an invalid answer (\u22121 point).",
                   "Découpez le long des cercles en pointillés. Vert : une réponse valable "
                   "(+1 point). Rouge : une réponse refusée (\u22121 point)."),
    "line-50mm": ("this line is 50 mm long at 100 % scale",
                  "ce trait mesure 50 mm à l'échelle 100 %"),
    "player-aid": ("Player aid", "Aide de jeu"),
    "card-sheets": ("card sheets", "planches de cartes"),
    "aid-setup": ("Setting up", "Mise en place"),
    "aid-setup-text": (
        "Put the answer tokens in the middle of the table: {valid} green and {invalid} red. "
        "Shuffle the fragment cards and deal **{hand} to each player**; the rest is the draw "
        "pile. If you play with When cards, give one to each player.",
        "Posez les jetons de réponse au milieu de la table : {valid} verts et {invalid} rouges. "
        "Mélangez les cartes fragment et distribuez-en **{hand} à chaque joueur** ; le reste "
        "forme la pioche. Si vous jouez avec les cartes Quand, donnez-en une à chacun."),
    "aid-turn": ("Your turn", "Votre tour"),
    "aid-turn-text": (
        "Turn over the top card to open the first riddle. On your turn, do **one** of: **add** "
        "a fragment from your hand to the riddle, then draw one card; or **challenge** the "
        "player who added the last fragment. You may not pass.",
        "Retournez la carte du dessus pour ouvrir la première énigme. À votre tour, faites "
        "**une** chose : **ajoutez** un fragment de votre main à l'énigme, puis piochez une "
        "carte ; ou **défiez** le joueur qui a ajouté le dernier fragment. Vous ne pouvez pas "
        "passer."),
    "aid-challenge": ("Challenges", "Défis"),
    "aid-challenge-text": (
        "Anyone may challenge the last player at any moment. The challenged player must answer "
        "the riddle, ending with *What am I?*. The other players vote. A valid answer: the "
        "answerer takes a green token and the challenger a red one; otherwise the other way "
        "round. A tied vote gives no tokens. The challenged player then opens the next riddle.",
        "Chacun peut défier le dernier joueur à tout moment. Le joueur défié doit répondre à "
        "l'énigme en finissant par *Qui suis-je ?*. Les autres votent. Réponse valable : celui "
        "qui répond prend un jeton vert et celui qui a défié un rouge ; sinon, l'inverse. Une "
        "égalité ne donne aucun jeton. Le joueur défié ouvre ensuite l'énigme suivante."),
    "aid-when": ("When cards", "Cartes Quand"),
    "aid-when-text": (
        "Instead of a plain fragment, play your When card together with a fragment to qualify "
        "a card already on the table, with either side: *only when* or *except when*. You take "
        "it back at the end of the riddle.",
        "Au lieu d'un simple fragment, jouez votre carte Quand avec un fragment pour nuancer "
        "une carte déjà sur la table, par l'une de ses faces : *seulement quand* ou *sauf "
        "quand*. Vous la reprenez à la fin de l'énigme."),
    "aid-end": ("Game end", "Fin de partie"),
    "aid-end-text": (
        "When the last token is taken, count +1 for each green and \u22121 for each red "
        "token. The highest total wins; tied players settle it with one more riddle.",
        "Quand le dernier jeton est pris, comptez +1 par jeton vert et \u22121 par jeton "
        "rouge. Le plus haut total l'emporte ; les ex aequo se départagent par une énigme de "
        "plus."),
    "aid-luck-some": ("PRESS YOUR LUCK ({players} PLAYERS)", "QUITTE OU DOUBLE ({players} JOUEURS)"),
    "aid-luck-one": ("PRESS YOUR LUCK (1 PLAYER)", "QUITTE OU DOUBLE (1 JOUEUR)"),
    "aid-luck-plain": ("PRESS YOUR LUCK", "QUITTE OU DOUBLE"),
    "aid-luck-range": ("{low}\u2013{high}", "{low} \u00e0 {high}"),
    "aid-luck-or": ("{some} OR {last}", "{some} OU {last}"),
    "aid-luck-text": (
        "Draw fragments one by one, stop when you like, then answer. A valid answer scores the "
        "riddle by its length; first to **{target} points** wins. If you fail, the player with "
        "the fewest points (if only one) may try the same riddle.",
        "Piochez les fragments un à un, arrêtez-vous quand vous voulez, puis répondez. Une "
        "réponse valable marque l'énigme selon sa longueur ; le premier à **{target} points** "
        "gagne. En cas d'échec, le joueur qui a le moins de points (s'il est seul) peut tenter "
        "la même énigme."),
    "aid-cards": ("cards", "cartes"),
    "aid-points": ("points", "points"),
    # Book and sheet headings (systems.riddle: book, maps, sheets, components).
    "h-setup": ("Set-up", "Mise en place"),
    "h-figures": ("Figures", "Figurines"),
    "h-coins": ("Coins", "Écus"),
    "h-stockpile": ("Stockpile", "Réserve"),
    "h-gods": ("Gods", "Dieux"),
    "h-objectives": ("Objectives", "Objectifs"),
    "h-special-rules": ("Special rules", "Règles spéciales"),
    "h-expert": ("Expert", "Expert"),
    "h-how-to-use": ("How to use this book", "Comment utiliser ce livre"),
    "h-voyage": ("The voyage", "Le voyage"),
    "h-symbols": ("Symbols of the riddle book", "Symboles du livre d'énigmes"),
    "h-symbols-intro": ("Every symbol used on the maps and in the riddles, and what it means.",
                        "Chaque symbole des cartes et des énigmes, et ce qu'il signifie."),
    "h-reading-map": ("Reading a map", "Lire une carte"),
    "h-turn-drawn": ("A turn, drawn", "Un tour, en images"),
    "h-turn-steps": ("Your turn, in three steps", "Votre tour, en trois étapes"),
    "h-three-actions": ("The three actions", "Les trois actions"),
    "h-besides": ("Besides your action", "En plus de votre action"),
    "h-plus-stars": ("+1 stars (blessing score from {score})",
                     "étoiles +1 (score de bénédiction à partir de {score})"),
    "h-blessing-deck": ("The blessing deck", "Le paquet de bénédictions"),
    "h-friendly-gods": ("Friendly gods", "Dieux amis"),
    "h-campaign-notes": ("Campaign notes", "Notes de campagne"),
    "h-you-need": ("You need", "Il vous faut"),
    "h-notes": ("Notes", "Notes"),
    "h-from-base": ("From the base game", "Du jeu de base"),
    "h-printed": ("Printed with this book", "Imprimé avec ce livre"),
    "h-tokens-tiles": ("Tokens and tiles", "Jetons et tuiles"),
    "h-cut-dashed": ("Print at 100 % and cut along the dashed lines.",
                     "Imprimez à 100 % et découpez le long des pointillés."),
    "h-sphinx-board": ("The Sphinx's board", "Le plateau du Sphinx"),
    "h-sphinx-game": ("The Sphinx's game", "Le jeu du Sphinx"),
    "h-solutions": ("Solutions", "Solutions"),
    "h-coin-tokens": ("Coins", "Écus"),
    "h-blessing-tokens": ("Blessing tokens", "Jetons de bénédiction"),
    "h-feature-markers": ("Feature markers", "Marqueurs de lieu"),
    "h-sea-bridge": ("Sea and bridge tiles", "Tuiles de mer et de pont"),
    "h-die-stickers": ("Die-face stickers", "Autocollants pour le dé"),
    "h-gem-tokens": ("Gem tokens", "Jetons de gemme"),
    # Tower god cards and boards (systems.tower: cards, boards).
    "tower-god-card": ("GOD CARD", "CARTE DIEU"),
    "side-easy": ("Easy · for the builders", "Facile · pour les bâtisseurs"),
    "side-expert": ("Expert · for the enemies", "Expert · pour les ennemis"),
    "side-easy-short": ("easy", "facile"),
    "side-expert-short": ("expert", "expert"),
    "board-piece": ("{title} — scenario {n}, board piece {name} of {count}",
                    "{title} — scénario {n}, morceau de plateau {name} sur {count}"),
    "board-cut": ("Cut along the dashed line.", "Découpez le long des pointillés."),
    "board-glue-how": ("Cut along the dashed line; lay each piece on the hatched flap of the "
                       "piece left of it and above it, matching the drawing, and glue.",
                       "Découpez le long des pointillés ; posez chaque morceau sur le rabat "
                       "hachuré du morceau à sa gauche et au-dessus, en suivant le dessin, "
                       "puis collez."),
    "board-glue": ("glue", "colle"),
    # Start marks on a board at play scale (render.board_pieces): what starts on a space.
    "board-mark-builder": ("builder {n}", "bâtisseur {n}"),
    "board-mark-enemy": ("{enemy}, facing {letter}", "{enemy}, vers {letter}"),
    "board-mark-blocks": ("building {n} high", "bâtiment de hauteur {n}"),
    "board-mark-dome": ("building {n} high + dome", "bâtiment de hauteur {n} + dôme"),
    "board-mark-target": ("target-zone tile", "tuile zone cible"),
    "board-mark-water": ("water tile", "tuile eau"),
    "board-mark-start": ("start {n}", "départ {n}"),
    "role-statue": ("STATUE OF LIBERTY", "STATUE DE LA LIBERTÉ"),
    "role-statue-how": ("Cut out the Statue of Liberty token along the dashed line.",
                        "Découpez le jeton Statue de la Liberté le long des pointillés."),
    "role-board-piece": ("{title} — board piece {name} of {count}",
                         "{title} — morceau de plateau {name} sur {count}"),
    # Riddle cards (systems.riddle.cards).
    "god-brings": ("Brings", "Apporte"),
    "god-power": ("Power", "Pouvoir"),
    "god-quest": ("Quest", "Quête"),
    "god-reward": ("Reward:", "Récompense :"),
    "god-kind": ("{kind} god", "dieu {kind}"),
    "kind-mover": ("Mover", "déplaceur"),
    "kind-builder": ("Builder", "bâtisseur"),
    "kind-specialist": ("Specialist", "spécialiste"),
    "god-back": ("GOD", "DIEU"),
    "blessing-back": ("BLESSING", "BÉNÉDICTION"),
    "blessing-use": ("Use once, on your turn, besides your action",
                     "Une fois, à votre tour, en plus de votre action"),
    "blessing-n": ("Blessing {n}", "Bénédiction {n}"),
    "default-quest": ("Clear the last piece off this card on a turn you used its power.",
                      "Retirez la dernière pièce de cette carte lors d'un tour où vous avez "
                      "utilisé son pouvoir."),
    "default-reward": ("Add any one piece to the stockpile.",
                       "Ajoutez une pièce au choix à la réserve."),
    "god-cards": ("god cards", "cartes dieu"),
    "blessing-cards": ("blessing cards", "cartes bénédiction"),
    "aid-card-sheets": ("player aid cards", "cartes d'aide de jeu"),
    # Role cards (systems.roles.render).
    "role-engineer": ("Engineer", "Ingénieur"),
    "role-builder": ("Builder", "Bâtisseur"),
    "role-specialist": ("Specialist", "Spécialiste"),
    "role-mover": ("Mover", "Voyageur"),
    "role-first-play": ("first game", "première partie"),
    "timing-game-setup": ("Game Setup", "Mise en place"),
    "timing-start-of-turn": ("Start of Your Turn", "Début de votre tour"),
    "timing-your-move": ("Your Move", "Votre déplacement"),
    "timing-your-build": ("Your Build", "Votre construction"),
    "timing-your-turn": ("Your Turn", "Votre tour"),
    "timing-end-of-turn": ("End of Your Turn", "Fin de votre tour"),
    "timing-win-condition": ("Additional Win Condition", "Condition de victoire en plus"),
    "role-reference": ("{type} cards in this game", "Cartes {type} de cette partie"),
    "role-reference-engineer": ("Always in play, {count} copies.", "Toujours en jeu, {count} exemplaires."),
    "role-reference-set": ("One whole set of six.", "Un jeu complet de six."),
    "role-reference-roles": ("Choose one of these roles and deal its {count} copies, numbered",
                             "Choisissez un de ces rôles et distribuez ses {count} exemplaires, numérotés"),
    "role-aid-deal": ("Setting up", "Mise en place"),
    "role-aid-set-out": ("blocks and rooftops", "blocs et les toits"),
    "role-aid-set-out-skyscrapers": ("blocks, rooftops, skyscrapers", "blocs, les toits, les gratte-ciel"),
    "role-aid-deal-text": (
        "1. Lay out the printed board; put the {pieces} and the Statue of Liberty beside it.\n"
        "2. In turn, each player takes a start number nobody has and puts their two workers "
        "on the two spaces marked with it.\n"
        "3. Choose one Builder, one Specialist and one Mover role (the ones marked for a first "
        "game, or any others) and lay their reference cards beside the board. Shuffle their "
        "six copies each with the seven Engineers into one deck of 25 cards, and deal {hand} "
        "to every player; the cards left start the discard pile, face down.\n"
        "4. If a card in the deck has a Game Setup ability, the first player carries it out now.",
        "1. Posez le plateau imprimé ; placez à côté les {pieces} et la Statue de la "
        "Liberté.\n"
        "2. À tour de rôle, chaque joueur prend un numéro de départ encore libre et pose ses "
        "deux ouvriers sur les deux cases qui le portent.\n"
        "3. Choisissez un rôle Bâtisseur, un rôle Spécialiste et un rôle Voyageur (ceux marqués "
        "pour une première partie, ou d'autres) et posez leurs cartes de référence à côté du "
        "plateau. Mélangez leurs six exemplaires chacun avec les sept Ingénieurs en un paquet "
        "de 25 cartes, et distribuez-en {hand} à chaque joueur ; les cartes restantes forment "
        "la défausse, face cachée.\n"
        "4. Si une carte du paquet a une capacité de mise en place, le premier joueur "
        "l'applique maintenant."),
    "role-aid-round": ("A round", "Un tour de table"),
    "role-aid-round-text": (
        "1. Everyone picks a card from their hand and reveals it at the same time.\n"
        "2. The highest number takes the **Statue of Liberty**.\n"
        "3. From the lowest number to the highest, each player moves one worker and builds, "
        "following their card.\n"
        "4. Played cards go face down on the discard pile. After {refill} turns, shuffle the "
        "pile and refill every hand to {hand}.",
        "1. Chacun choisit une carte de sa main ; on les révèle ensemble.\n"
        "2. Le plus grand numéro prend la **Statue de la Liberté**.\n"
        "3. Du plus petit numéro au plus grand, chacun déplace un ouvrier puis construit, en "
        "suivant sa carte.\n"
        "4. Les cartes jouées vont face cachée sur la défausse. Après {refill} tours, mélangez-la "
        "et complétez chaque main à {hand}."),
    "role-aid-lose": ("Losing a worker", "Perdre un ouvrier"),
    "role-aid-lose-text": (
        "If neither of your workers can move and then build, or you cannot do what your card "
        "requires, remove one of your workers and skip the turn. Without workers, you are out.",
        "Si aucun de vos ouvriers ne peut se déplacer puis construire, ou si vous ne pouvez pas "
        "faire ce que votre carte exige, retirez un ouvrier et passez le tour. Sans ouvrier, "
        "vous êtes éliminé."),
    "role-aid-win": ("Winning", "Gagner"),
    "role-aid-win-text": (
        "Holding the Statue: climb onto a third level, or meet the Engineer's extra condition. "
        "Or be the last player with workers on the board.",
        "Avec la Statue : montez sur un troisième niveau, ou remplissez la condition en plus de "
        "l'Ingénieur. Ou soyez le dernier joueur à avoir des ouvriers sur le plateau."),
    "role-aid-pieces": ("Pieces", "Pièces"),
    # The pieces section, sentence by sentence: the aid says what the game's pieces allow.
    "role-aid-pieces-levels": (
        "Blocks up to the third level; a rooftop caps a third level.",
        "Des blocs jusqu'au troisième niveau ; un toit coiffe un troisième niveau."),
    "role-aid-pieces-skyscrapers": (
        "Only Engineers raise skyscrapers, on ground level; nobody stands or builds on one.",
        "Seuls les Ingénieurs élèvent des gratte-ciel, au niveau du sol ; on ne s'y tient ni "
        "n'y construit."),
    "role-aid-pieces-forced": (
        "A forced worker ignores climbing limits; a move to a far space still climbs one level "
        "at most.",
        "Un ouvrier forcé ignore les limites de montée ; un déplacement lointain monte d'un "
        "niveau au plus."),
}

_TABLE.update(ICON_TABLE)
_TABLE.update(BOOK_TABLE)

Table = Mapping[str, tuple[str, str]]
"""Label key -> its text in each of :data:`LANGUAGES`, in that order."""


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Label key -> language -> text, and the lookup of one label.

    A game system's catalogue is the core's with its own table
    (:meth:`with_table`; the table is registered in its setup, so the registry
    refuses a key two owners claim).

    >>> CORE.with_table({"x-hello": ("hello", "bonjour")}).label("x-hello", "fr")
    'bonjour'
    """

    texts: Mapping[str, Mapping[str, str]]

    def label(self, key: str, lang: str | None, **fields: object) -> str:
        """The label ``key`` in ``lang`` (English when the catalogue lacks it), fields
        filled in. Raises KeyError for a key the catalogue does not hold: a typo is a
        bug, not a blank."""
        texts = self.texts[key]
        text = texts.get(lang or "en") or texts["en"]
        return text.format(**fields) if fields else text

    def with_table(self, table: Table) -> Catalogue:
        """This catalogue and ``table``; a key already here is refused (ValueError)."""
        taken = sorted(set(table) & set(self.texts))
        if taken:
            raise ValueError(f"label '{taken[0]}' is already in the catalogue")
        return Catalogue(MappingProxyType({**self.texts, **_texts_of(table)}))


def _texts_of(table: Table) -> dict[str, Mapping[str, str]]:
    return {key: MappingProxyType(dict(zip(LANGUAGES, texts))) for key, texts in table.items()}


CORE = Catalogue(MappingProxyType(_texts_of(_TABLE)))
"""The core's labels: sheets, print checks, the shared book and icon texts, and the
fragment, glyph and role systems' words."""

TABLE: Table = MappingProxyType(_TABLE)
"""The core's table, as the registry records it (owner ``riddlesmith``)."""

LABELS: Mapping[str, Mapping[str, str]] = CORE.texts
"""Label key -> language -> text (the core's)."""


def label(key: str, lang: str | None, **fields: object) -> str:
    """The core label ``key`` in ``lang`` (English when the catalogue lacks it), fields
    filled in. Raises KeyError for a key the catalogue does not hold."""
    return CORE.label(key, lang, **fields)


def gem_initial(colour: str, lang: str | None) -> str:
    """The capital a die face shows for colour-blind eyes: its colour's initial in ``lang``
    (a colour the catalogue does not name keeps its own initial).

    >>> gem_initial("green", "en"), gem_initial("green", "fr"), gem_initial("nacre", "fr")
    ('G', 'V', 'N')
    """
    key = f"colour-f-{colour}"
    return (label(key, lang) if key in LABELS else colour)[:1].upper()


__all__ = ["CORE", "Catalogue", "LABELS", "LANGUAGES", "TABLE", "Table", "gem_initial", "label"]
