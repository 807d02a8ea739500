"""Fixed labels of the tower system (book, player aid, tokens), in English and French.

The system registers this table in its setup (the registry refuses a key another
owner has); its renderers ask :func:`label`, which reads this table and the core's
(:data:`generator.render.labels.CORE`).
"""
from __future__ import annotations

from generator.render.labels import CORE

TABLE: dict[str, tuple[str, str]] = {
    # Enemy types, facings and the movement die.
    "t-enemy-light-female": ("Light female", "Femelle claire"),
    "t-enemy-dark-male": ("Dark male", "Mâle sombre"),
    "t-enemy-light-male": ("Light male", "Mâle clair"),
    "t-enemy-dark-female": ("Dark female", "Femelle sombre"),
    "t-tile-of": ("{kind} tile", "tuile {kind}"),
    "t-facing-N": ("north", "le nord"),
    "t-facing-E": ("east", "l'est"),
    "t-facing-S": ("south", "le sud"),
    "t-facing-W": ("west", "l'ouest"),
    "t-die-1": ("advance 1", "avance de 1"),
    "t-die-2": ("advance 2", "avance de 2"),
    "t-die-3": ("turn clockwise,\nadvance 1", "pivote en sens horaire,\navance de 1"),
    "t-die-4": ("turn counter-clockwise,\nadvance 1", "pivote en sens antihoraire,\navance de 1"),
    "t-die-5": ("advance 1, turn clockwise,\nadvance 1",
                "avance de 1, pivote en sens\nhoraire, avance de 1"),
    "t-die-6": ("advance 1, turn counter-\nclockwise, advance 1",
                "avance de 1, pivote en sens\nantihoraire, avance de 1"),
    # Ranks (a campaign without its own).
    "t-rank-novice": ("Novice", "Novice"),
    "t-rank-apprentice": ("Apprentice", "Apprenti"),
    "t-rank-assistant": ("Assistant", "Compagnon"),
    "t-rank-journeyman": ("Journeyman", "Ouvrier"),
    "t-rank-master": ("Master", "Maître"),
    "t-rank-guild-master": ("Guild Master", "Grand maître"),
    # Scenario pages.
    "t-default-subtitle": ("A Santowerini campaign", "Une campagne de Santowerini"),
    "t-none": ("none", "aucune"),
    "t-side-front": ("front", "devant"),
    "t-side-right": ("right", "droite"),
    "t-side-left": ("left", "gauche"),
    "t-side-back": ("back", "derrière"),
    "t-setup-board": ("**Board:** {w} \u00d7 {h} spaces, A1 at the top left.",
                      "**Plateau :** {w} \u00d7 {h} cases, A1 en haut à gauche."),
    "t-setup-level": ("{n} level-{k}", "{n} niveau {k}"),
    "t-setup-dome": ("{n} dome", "{n} dôme"),
    "t-setup-domes": ("{n} domes", "{n} dômes"),
    "t-setup-pieces": ("**Pieces:** {list}.", "**Pièces :** {list}."),
    "t-setup-buildings": ("**Buildings:** {list}.", "**Bâtiments :** {list}."),
    "t-setup-builders": ("**Builders (blue):** {list}.", "**Bâtisseurs (bleus) :** {list}."),
    "t-setup-targets": ("**Target zones:** {list}", "**Zones cibles :** {list}"),
    "t-setup-water": ("**Water:** {list}", "**Eau :** {list}"),
    "t-setup-tile": (" ({n} tile).", " ({n} tuile)."),
    "t-setup-tiles": (" ({n} tiles).", " ({n} tuiles)."),
    "t-setup-first": ("**The enemies act first.** Then you and they take turns.",
                      "**Les ennemis jouent en premier.** Puis vous jouez chacun à votre tour."),
    "t-enemies-order": ("Enemies, in the order they act", "Ennemis, dans leur ordre de jeu"),
    "t-enemy-at": ("on {square}, facing {facing} ({letter})",
                   "en {square}, tourné vers {facing} ({letter})"),
    "t-scenario-n": ("SCENARIO {n}", "SCÉNARIO {n}"),
    "t-level-n": ("LEVEL {n}", "NIVEAU {n}"),
    "t-win-scores": ("a win scores {n} + bonuses", "une victoire rapporte {n} + bonus"),
    "t-setup": ("Set-up", "Mise en place"),
    "t-story": ("Story", "Histoire"),
    # Map key and cover.
    "t-key-ground": ("Ground", "Sol"),
    "t-key-water": ("Water", "Eau"),
    "t-key-target": ("Target zone", "Zone cible"),
    "t-key-dome": ("Dome (4)", "Dôme (4)"),
    "t-key-height": ("Height {n}", "Hauteur {n}"),
    "t-key-builder": ("Builder", "Bâtisseur"),
    "t-cover-kicker": ("SANTOWERINI \u00b7 A TOWER-DEFENCE CAMPAIGN FOR ONE PLAYER",
                       "SANTOWERINI \u00b7 UNE CAMPAGNE DE DÉFENSE DE TOURS POUR UN JOUEUR"),
    "t-the-scenarios": ("The scenarios", "Les scénarios"),
    "t-level-lower": ("level {n}", "niveau {n}"),
    "t-page-n": ("page {n}", "page {n}"),
    "t-reading-maps": ("Reading the maps", "Lire les cartes"),
    "t-reading-maps-text": (
        "Enemies are round (female) or square (male), light or dark; the red arrow shows "
        "where each one faces, and north is the top of the page. A number in a corner disc "
        "is the height of the building under a pawn. Columns run A, B, C\u2026 from the left, "
        "rows 1, 2, 3\u2026 from the top.",
        "Les ennemis sont ronds (femelles) ou carrés (mâles), clairs ou sombres ; la flèche "
        "rouge montre où chacun regarde, et le nord est en haut de la page. Un nombre dans un "
        "disque en coin donne la hauteur du bâtiment sous un pion. Les colonnes vont A, B, "
        "C\u2026 depuis la gauche, les rangées 1, 2, 3\u2026 depuis le haut."),
    "t-you-need": ("You need", "Il vous faut"),
    "t-you-need-text": (
        "The Santorini base game: two blue pawns for your builders; up to four other pawns as "
        "enemies (a light and a dark of each shape); the blocks and domes. One ordinary "
        "six-sided die. The tiles and markers of *tokens.pdf* help, but any marker will do. "
        "Keep the player aid at hand.",
        "Le jeu de base Santorini : deux pions bleus pour vos bâtisseurs ; jusqu'à quatre "
        "autres pions pour les ennemis (un clair et un sombre de chaque forme) ; les blocs et "
        "les dômes. Un dé ordinaire à six faces. Les tuiles et marqueurs de *tokens.pdf* "
        "aident, mais tout marqueur fait l'affaire. Gardez l'aide de jeu à portée de main."),
    # God cards and the score sheet.
    "t-god-cards": ("God cards", "Cartes dieu"),
    "t-gods-intro": (
        "God cards are optional. Choose a side before the campaign: the **easy** cards help "
        "your builders, the **expert** cards help the enemies. Shuffle that side's cards and "
        "either draw one card for the whole campaign, or draw a new one at the start of each "
        "scenario. The ordinary rules apply except where a card says otherwise. At the end "
        "of the campaign, an easy game costs {easy} points and an expert game earns {expert}.",
        "Les cartes dieu sont facultatives. Choisissez un côté avant la campagne : les cartes "
        "**faciles** aident vos bâtisseurs, les cartes **expert** aident les ennemis. Mélangez "
        "les cartes de ce côté, puis tirez-en une pour toute la campagne, ou une nouvelle au "
        "début de chaque scénario. Les règles ordinaires s'appliquent, sauf si une carte dit "
        "autre chose. À la fin de la campagne, une partie facile coûte {easy} points et une "
        "partie expert en rapporte {expert}."),
    "t-side-easy": ("Easy: for the builders", "Facile : pour les bâtisseurs"),
    "t-side-expert": ("Expert: for the enemies", "Expert : pour les ennemis"),
    "t-no-cards": ("No cards of this side in this pack.", "Aucune carte de ce côté dans ce pack."),
    "t-diff-easy": ("EASY", "FACILE"),
    "t-diff-expert": ("EXPERT", "EXPERT"),
    "t-score-sheet": ("Score sheet", "Feuille de score"),
    "t-score-rules": (
        "After each win, score the scenario's level, plus {bonus} for each bonus: "
        "**first try** (won without a lost attempt), **both builders** (neither was defeated), "
        "**+{blocks} blocks** (at least {blocks} more blocks on the board than at set-up; "
        "domes do not count). Tick a box for each lost attempt.",
        "Après chaque victoire, marquez le niveau du scénario, plus {bonus} par bonus : "
        "**premier essai** (gagné sans tentative perdue), **deux bâtisseurs** (aucun n'a été "
        "vaincu), **+{blocks} blocs** (au moins {blocks} blocs de plus sur le plateau qu'à la "
        "mise en place ; les dômes ne comptent pas). Cochez une case par tentative perdue."),
    "t-col-scenario": ("Scenario", "Scénario"),
    "t-col-level": ("Level", "Niveau"),
    "t-col-lost": ("Lost attempts", "Tentatives perdues"),
    "t-col-first": ("First try", "1er essai"),
    "t-col-both": ("Both builders", "2 bâtisseurs"),
    "t-col-blocks": ("+{n} blocks", "+{n} blocs"),
    "t-col-points": ("Points", "Pts"),
    "t-opt-none": ("none", "aucune"),
    "t-opt-easy": ("easy", "facile"),
    "t-opt-expert": ("expert", "expert"),
    "t-campaign-total": ("Campaign total", "Total de la campagne"),
    "t-ranks": ("Ranks", "Rangs"),
    "t-below-zero": ("A total below zero still ranks as the first rank.",
                     "Un total sous zéro donne quand même le premier rang."),
    "t-notes": ("Notes", "Notes de jeu"),
    "t-footer-book": ("{title} \u2014 scenario book", "{title} \u2014 livre de scénarios"),
    "t-footer-tokens": ("{title} \u2014 print-and-play tokens",
                        "{title} \u2014 jetons à imprimer"),
    "t-footer-aid": ("{title} \u2014 player aid", "{title} \u2014 aide de jeu"),
    # The token sheet.
    "t-tokens-title": ("Tiles and markers", "Tuiles et marqueurs"),
    "t-tokens-how": ("Print at 100 % (no scaling) and cut along the dashed lines. Each tile "
                     "fits on a space of the board.",
                     "Imprimez à 100 % (sans mise à l'échelle) et découpez le long des "
                     "pointillés. Chaque tuile tient sur une case du plateau."),
    "t-tokens-targets": ("Target zones", "Zones cibles"),
    "t-tokens-targets-text": ("Lay one on each target-zone space. Builders may stand on them; "
                              "nothing is built there.",
                              "Posez-en une sur chaque case de zone cible. Les bâtisseurs "
                              "peuvent s'y tenir ; on n'y construit rien."),
    "t-tokens-water": ("Water", "Eau"),
    "t-tokens-water-text": ("Lay one on each water space. No pawn enters it and nothing is "
                            "built there.",
                            "Posez-en une sur chaque case d'eau. Aucun pion n'y entre et on "
                            "n'y construit rien."),
    "t-tokens-enemies": ("Enemy markers", "Marqueurs d'ennemi"),
    "t-tokens-enemies-text": (
        "Two of each type. Use them instead of pawns, or under pawns to show the facing: turn "
        "each marker so its red arrow points the way the enemy faces.",
        "Deux de chaque type. Utilisez-les à la place des pions, ou sous les pions pour "
        "montrer l'orientation : tournez chaque marqueur pour que sa flèche rouge indique où "
        "l'ennemi regarde."),
    # The player aid.
    "t-aid-enemy-turn": ("The enemy turn", "Le tour des ennemis"),
    "t-aid-enemy-turn-sub": ("every scenario opens with it", "chaque scénario commence par lui"),
    "t-aid-enemy-intro": (
        "The enemies always act in this order; skip any that are absent or defeated. Finish "
        "each phase for every enemy before starting the next phase.",
        "Les ennemis jouent toujours dans cet ordre ; passez ceux qui sont absents ou vaincus. "
        "Terminez chaque phase pour tous les ennemis avant de commencer la suivante."),
    "t-aid-orientation": ("1 \u00b7 Orientation", "1 \u00b7 Orientation"),
    "t-aid-orientation-text": (
        "Each enemy turns to face its nearest building. Count the distance "
        "in orthogonal steps only; water and the edge of the map stop a path, while heights, domes, "
        "target zones and pawns do not. The building an enemy stands on is ignored. When several "
        "first steps lead equally fast to a nearest building, the enemy prefers **front**, then "
        "**right**, then **left**, then **back**, as the enemy itself sees them. No building within "
        "reach: it keeps its facing.",
        "Chaque ennemi se tourne vers le bâtiment le plus proche. Comptez la distance en pas "
        "orthogonaux seulement ; l'eau et le bord de la carte coupent un chemin, les hauteurs, "
        "les dômes, les zones cibles et les pions non. Le bâtiment sous l'ennemi est ignoré. "
        "Si plusieurs premiers pas mènent aussi vite à un bâtiment le plus proche, l'ennemi "
        "préfère **devant**, puis **droite**, puis **gauche**, puis **derrière**, de son propre "
        "point de vue. Aucun bâtiment à portée : il garde son orientation."),
    "t-aid-attack": ("2 \u00b7 Attack", "2 \u00b7 Attaque"),
    "t-aid-attack-text": (
        "Each enemy strikes the space it now faces.\n"
        "\u2022 A builder there is defeated and leaves the board for this scenario, even on top of a "
        "building (the building stays whole).\n"
        "\u2022 Otherwise a building there loses its top piece: the dome first, then blocks.\n"
        "\u2022 Another enemy is not hurt; but if it stands on a building, that building loses its top "
        "piece.\n"
        "\u2022 The map edge or water: nothing happens.",
        "Chaque ennemi frappe la case qu'il regarde désormais.\n"
        "\u2022 Un bâtisseur qui s'y trouve est vaincu et quitte le plateau pour ce scénario, même "
        "en haut d'un bâtiment (le bâtiment reste entier).\n"
        "\u2022 Sinon, un bâtiment qui s'y trouve perd sa pièce du haut : d'abord le dôme, puis "
        "les blocs.\n"
        "\u2022 Un autre ennemi n'est pas touché ; mais s'il se tient sur un bâtiment, ce bâtiment "
        "perd sa pièce du haut.\n"
        "\u2022 Le bord de la carte ou l'eau : rien ne se passe."),
    "t-aid-movement": ("3 \u00b7 Movement", "3 \u00b7 Déplacement"),
    "t-aid-movement-text": (
        "Roll the die once for each enemy, in enemy order, and carry out the face "
        "rolled. A step goes one space straight ahead; an enemy climbs at most one level and may drop "
        "any number. A step into the edge, water, a dome or a building too high is skipped and the "
        "rest of the roll goes on. A step into another enemy ends that enemy's movement. A quarter "
        "turn that would leave it facing the edge is not made. Walking into a builder defeats it and "
        "the enemy goes on. Entering a target zone, even in passing, loses the scenario at once.",
        "Lancez le dé une fois par ennemi, dans l'ordre des ennemis, et appliquez la face "
        "obtenue. Un pas avance d'une case tout droit ; un ennemi monte d'un niveau au plus et "
        "peut descendre d'autant qu'il veut. Un pas vers le bord, l'eau, un dôme ou un bâtiment "
        "trop haut est sauté, et le reste du jet continue. Un pas vers un autre ennemi termine "
        "le déplacement de cet ennemi. Un quart de tour qui le laisserait face au bord n'est "
        "pas fait. Marcher sur un bâtisseur le vainc, et l'ennemi continue. Entrer dans une "
        "zone cible, même en passant, fait perdre le scénario aussitôt."),
    "t-aid-diagrams": (
        "Each diagram starts with the enemy at the bottom, facing north; the faded marker shows "
        "where it ends, and its new facing, if nothing is in the way.",
        "Chaque schéma part de l'ennemi en bas, tourné vers le nord ; le marqueur pâle montre "
        "où il finit, et sa nouvelle orientation, si rien ne le gêne."),
    "t-aid-your-turn": ("Your turn", "Votre tour"),
    "t-aid-your-turn-sub": ("after each enemy turn", "après chaque tour des ennemis"),
    "t-aid-move": ("Move", "Déplacer"),
    "t-aid-move-text": (
        "Pick one of your builders. Move it exactly one space in any of the eight directions: "
        "not onto a pawn, water or a dome, and up by no more than one level (down by any number). "
        "Builders may stand on target zones. (In the diagrams, green shows what is allowed and a "
        "red cross what is not.)",
        "Choisissez un de vos bâtisseurs. Déplacez-le d'exactement une case dans l'une des huit "
        "directions : pas sur un pion, l'eau ou un dôme, et en montant d'un niveau au plus (en "
        "descendant d'autant que vous voulez). Les bâtisseurs peuvent se tenir sur les zones "
        "cibles. (Sur les schémas, le vert montre ce qui est permis, une croix rouge ce qui ne "
        "l'est pas.)"),
    "t-aid-build": ("Build", "Construire"),
    "t-aid-build-text": (
        "The same builder then places the next piece on a neighbouring space (eight "
        "directions): a block, or a dome on three blocks. Never on water, on a target zone, on a "
        "dome or on a builder.",
        "Le même bâtisseur pose ensuite la pièce suivante sur une case voisine (huit "
        "directions) : un bloc, ou un dôme sur trois blocs. Jamais sur l'eau, une zone cible, "
        "un dôme ou un bâtisseur."),
    "t-aid-crush": ("Crush", "Écraser"),
    "t-aid-crush-text": (
        "A builder may build on a space holding an enemy only when that space is at least "
        "one level lower than the space the builder now stands on. The piece lands on the enemy and "
        "defeats it. This is the only way to defeat an enemy.",
        "Un bâtisseur peut construire sur une case occupée par un ennemi seulement si cette "
        "case est au moins un niveau plus bas que la sienne. La pièce tombe sur l'ennemi et le "
        "vainc. C'est le seul moyen de vaincre un ennemi."),
    "t-aid-win": ("You win when", "Vous gagnez quand"),
    "t-aid-win-text": (
        "Defeat every enemy of the scenario, then score it (see below) and go on to the next "
        "scenario.",
        "Vainquez tous les ennemis du scénario, puis marquez-le (voir plus bas) et passez au "
        "scénario suivant."),
    "t-aid-lose": ("You lose at once when", "Vous perdez aussitôt quand"),
    "t-aid-lose-text": (
        "\u2022 Every building on the map has been knocked down.\n"
        "\u2022 An enemy enters a target zone, or passes through one.\n"
        "\u2022 Both of your builders are defeated.\n"
        "\u2022 At the start of your turn, no builder can move and then build.\n"
        "Lost? Set the scenario up again and replay it.",
        "\u2022 Tous les bâtiments de la carte sont abattus.\n"
        "\u2022 Un ennemi entre dans une zone cible, ou la traverse.\n"
        "\u2022 Vos deux bâtisseurs sont vaincus.\n"
        "\u2022 Au début de votre tour, aucun bâtisseur ne peut se déplacer puis construire.\n"
        "Perdu ? Remettez le scénario en place et rejouez-le."),
    "t-aid-scoring": ("Scoring", "Décompte"),
    "t-aid-scoring-text": (
        "A won scenario scores its level (0 to 4) plus {bonus} for each bonus: won at the first "
        "try; both builders still on the board; at least {blocks} more blocks on the board than "
        "at set-up (domes do not count). At the end of the campaign add {expert} for an expert "
        "game or take away {easy} for an easy one, then find your rank:",
        "Un scénario gagné rapporte son niveau (0 à 4) plus {bonus} par bonus : gagné du premier "
        "coup ; les deux bâtisseurs encore sur le plateau ; au moins {blocks} blocs de plus sur "
        "le plateau qu'à la mise en place (les dômes ne comptent pas). À la fin de la campagne, "
        "ajoutez {expert} pour une partie expert ou retirez {easy} pour une partie facile, puis "
        "trouvez votre rang :"),
}
"""Label key -> (English, French)."""

CATALOGUE = CORE.with_table(TABLE)
"""The core's labels and the tower system's; ``label(key, lang, **fields)`` reads one."""
LABELS, label = CATALOGUE.texts, CATALOGUE.label

__all__ = ["CATALOGUE", "LABELS", "TABLE", "label"]
