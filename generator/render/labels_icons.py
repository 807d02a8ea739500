"""Names and meanings of the map symbols (the legend page), in English and French.

Part of the one catalogue: :mod:`generator.render.labels` merges this table into
its own. The English names match :data:`generator.render.icons.ICON_LABELS`.
"""
from __future__ import annotations

TABLE: dict[str, tuple[str, str]] = {
    # Colours: "colour-<name>" agrees with a masculine noun (worker), "colour-f-<name>"
    # with a feminine one (gem, die face).
    "colour-white": ("white", "blanc"),
    "colour-blue": ("blue", "bleu"),
    "colour-red": ("red", "rouge"),
    "colour-green": ("green", "vert"),
    "colour-f-red": ("red", "rouge"),
    "colour-f-green": ("green", "verte"),
    "colour-f-blue": ("blue", "bleue"),
    "colour-f-amber": ("amber", "ambre"),
    "colour-f-jade": ("jade", "jade"),
    "colour-f-lapis": ("lapis", "lapis"),
    "coin-silver": ("Silver coin", "Écu d'argent"),
    "coin-gold": ("Gold coin", "Écu d'or"),
    "coin-of-silver": ("silver", "d'argent"),
    "coin-of-gold": ("gold", "d'or"),
    # Names.
    "i-level": ("Level-{n} block", "Bloc de niveau {n}"),
    "i-dome": ("Dome", "Dôme"),
    "i-tower": ("Tower of {n}", "Tour de {n}"),
    "i-tower-4": ("Tower of 4 (domed)", "Tour de 4 (dôme)"),
    "i-worker": ("Worker start", "Départ d'ouvrier"),
    "i-worker-white": ("White worker", "Ouvrier blanc"),
    "i-worker-blue": ("Blue worker", "Ouvrier bleu"),
    "i-worker-red": ("Red worker", "Ouvrier rouge"),
    "i-worker-green": ("Green worker", "Ouvrier vert"),
    "i-wanderer": ("The Wanderer", "Le Vagabond"),
    "i-king": ("The King", "Le Roi"),
    "i-sphinx": ("The Sphinx", "Le Sphinx"),
    "i-blessing": ("Blessing token", "Jeton de bénédiction"),
    "i-coin-level": ("{coin}, level {n}", "{coin}, niveau {n}"),
    "i-coin-dome": ("{coin}, dome", "{coin}, dôme"),
    "i-sea": ("Sea", "Mer"),
    "i-bridge": ("Bridge", "Pont"),
    "i-feature": ("Unique feature", "Lieu unique"),
    "i-move": ("Move", "Déplacement"),
    "i-build": ("Build", "Construction"),
    "i-mover": ("Mover god", "Dieu déplaceur"),
    "i-builder": ("Builder god", "Dieu bâtisseur"),
    "i-specialist": ("Specialist god", "Dieu spécialiste"),
    "i-die": ("Die face, {colour}", "Face du dé, {colour}"),
    "i-gem": ("Gem, {colour}", "Gemme {colour}"),
    # Meanings.
    "m-dome": ("caps a tower; nobody stands on it", "coiffe une tour ; nul ne s'y tient"),
    "m-worker": ("a worker starts here", "un ouvrier part d'ici"),
    "m-wanderer": ("the shared fifth worker (3 players)",
                   "le cinquième ouvrier, partagé (3 joueurs)"),
    "m-king": ("a figure; it is not a worker", "une figurine, pas un ouvrier"),
    "m-sphinx": ("a figure; it is not a worker", "une figurine, pas un ouvrier"),
    "m-blessing": ("collect it with a worker on it", "pris par un ouvrier posé dessus"),
    "m-sea": ("not part of the board", "hors du plateau"),
    "m-bridge": ("joins two spaces for moving only",
                 "relie deux cases, pour le déplacement seulement"),
    "m-feature": ("a special place; see the riddle", "un lieu spécial ; voir l'énigme"),
    "m-move": ("a move in a solution", "un déplacement dans une solution"),
    "m-build": ("a build in a solution", "une construction dans une solution"),
    "m-mover": ("its power moves workers", "son pouvoir déplace des ouvriers"),
    "m-builder": ("its power builds", "son pouvoir construit"),
    "m-specialist": ("a power of its own kind", "un pouvoir d'un genre à part"),
    "m-level": ("the piece that builds level {n}", "la pièce qui construit le niveau {n}"),
    "m-tower": ("{n} high at set-up", "haute de {n} au départ"),
    "m-tower-4": ("three blocks and a dome at set-up",
                  "trois blocs et un dôme au départ"),
    "m-worker-colour": ("a {colour} worker in play", "un ouvrier {colour} en jeu"),
    "m-coin": ("fills a {colour} objective slot", "remplit une case d'objectif {colour}"),
    "m-coin-level": ("collected by building level {n} on it",
                     "pris en bâtissant le niveau {n} dessus"),
    "m-coin-dome": ("collected by building a dome on it", "pris en bâtissant un dôme dessus"),
    "m-die": ("the die shows the {colour} gem", "le dé montre la gemme {colour}"),
    "m-gem": ("the {colour} gem of the Sphinx's game", "la gemme {colour} du jeu du Sphinx"),
    # Legend groups and the map key.
    "g-pieces": ("Pieces", "Pièces de construction"),
    "g-figures": ("Figures", "Figurines"),
    "g-tokens": ("Tokens and coins", "Jetons et écus"),
    "g-map": ("Map and solutions", "Carte et solutions"),
    "g-gods": ("Gods", "Dieux"),
    "g-sphinx": ("The Sphinx's game", "Le jeu du Sphinx"),
    "k-height": ("height", "hauteur"),
    "k-blessing": ("blessing token", "jeton de bénédiction"),
    "k-figure": ("figure", "figurine"),
    "k-feature": ("feature", "lieu"),
    "k-coin": ("coin", "écu"),
    "k-ground": ("ground", "sol"),
    "k-level": ("level {n}", "niveau {n}"),
    "k-dome": ("dome on 3", "dôme sur 3"),
    "k-sea": ("sea", "mer"),
    "k-note": ("Heights are nested squares numbered with their level. Coins show the levels "
               "that collect them; a bridge (wooden arrow) joins two spaces across the sea for "
               "moving only. Solutions draw each move as a red arrow and the space built on in an "
               "orange frame.",
               "Les hauteurs sont des carrés emboîtés numérotés de leur niveau. Les écus montrent "
               "les niveaux qui les collectent ; un pont (flèche de bois) relie deux cases "
               "par-dessus la mer, pour le déplacement seulement. Les solutions dessinent chaque "
               "déplacement en flèche rouge et la case construite dans un cadre orange."),
}
"""Label key -> (English, French)."""

__all__ = ["TABLE"]
