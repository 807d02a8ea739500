"""The printed words of the glyph system that content does not give: effect rules,
headings and the player aid, in English and French (our own wording).

>>> say("turn", "fr")
'Tour de jeu'
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

WORDS: dict[str, dict[str, str]] = {
    "turn": {"en": "A turn", "fr": "Tour de jeu"},
    "riddle": {"en": "Riddle", "fr": "Énigme"},
    "deck": {"en": "Deck", "fr": "Paquet"},
    "reward": {"en": "Reward", "fr": "Récompense"},
    "token": {"en": "Challenge", "fr": "Défi"},
    "no-joker": {"en": "No watcher may stand in", "fr": "Aucun guetteur ne peut remplacer"},
    "restored": {"en": "Restored", "fr": "Restaurée"},
    "cursed": {"en": "Cursed", "fr": "Maudite"},
    "active": {"en": "Active", "fr": "Active"},
    "special": {"en": "Special action", "fr": "Action spéciale"},
    "basic": {"en": "Basic action", "fr": "Action basique"},
    "clepsydra": {"en": "Water clock", "fr": "Clepsydre"},
    "clepsydra-note": {
        "en": "Put the shuffled challenge tokens face down in the slots, top first. Each turn "
              "reveal the highest one. The number is how many restored tiles a curse turns "
              "over there; the wave mark brings the spent special tiles back.",
        "fr": "Placez les jetons Défi mélangés face cachée dans les encoches, en commençant en "
              "haut. À chaque tour, révélez le plus haut. Le nombre indique combien de tuiles "
              "restaurées une malédiction retourne à cet endroit ; la vague rend leur face "
              "active aux tuiles spéciales épuisées."},
    "last-slot": {"en": "Revealed: the game is lost", "fr": "Révélé : la partie est perdue"},
    "refresh": {"en": "specials return", "fr": "spéciales rendues"},
    "curse-count": {"en": "curse", "fr": "malédiction"},
    "degrees": {"en": "Difficulty degrees", "fr": "Degrés de difficulté"},
    "degree": {"en": "Degree", "fr": "Degré"},
    "decks": {"en": "Decks", "fr": "Paquets"},
    "setup": {"en": "Set-up", "fr": "Mise en place"},
    "rewards-col": {"en": "Rewards shown / held / at start",
                    "fr": "Récompenses révélées / gardées / au départ"},
    "degrees-note": {
        "en": "From each deck named, shuffle, set {removed} cards aside unseen{removed_at}, then "
              "shuffle the rest together into the riddle deck and reveal {revealed} in a "
              "row{revealed_at}.",
        "fr": "Mélangez chaque paquet indiqué, écartez-en {removed} cartes sans les "
              "regarder{removed_at}, puis mélangez le reste pour former la pioche des énigmes et "
              "révélez-en {revealed} en rangée{revealed_at}."},
    "at-degrees": {"en": "{figure} at {degrees}", "fr": "{figure} {degrees}"},
    "degree-one": {"en": "degree {n}", "fr": "au degré {n}"},
    "degree-many": {"en": "degrees {n}", "fr": "aux degrés {n}"},
    "and": {"en": "and", "fr": "et"},
    "aid-title": {"en": "Player aid", "fr": "Aide de jeu"},
    "aid-goal": {
        "en": "Goal: solve all {riddles} riddles{riddles_at} before the water clock runs dry. A "
              "riddle is solved "
              "when restored tiles show its symbols next to each other in its order, left to "
              "right in a row or top to bottom in a column. One watcher tile may stand in for "
              "one symbol, unless the card forbids it.",
        "fr": "But : résoudre les {riddles} énigmes{riddles_at} avant que la clepsydre ne se vide. "
              "Une énigme est "
              "résolue quand des tuiles restaurées montrent ses symboles côte à côte et dans "
              "l'ordre, de gauche à droite sur une rangée ou de haut en bas sur une colonne. Un "
              "guetteur peut remplacer un symbole, sauf si la carte l'interdit."},
    "aid-actions": {
        "en": "Action phase: {basic} basic actions (restore one tile, or swap two orthogonal "
              "neighbours) and one active special action, in any order. Check the riddles after "
              "each action; solving is free, and several may be solved at once.",
        "fr": "Phase d'action : {basic} actions basiques (restaurer une tuile, ou échanger deux "
              "voisines orthogonales) et une action spéciale active, dans l'ordre voulu. "
              "Vérifiez les énigmes après chaque action ; résoudre ne coûte rien, et plusieurs "
              "peuvent l'être à la fois."},
    "aid-solve": {
        "en": "After a solve: take one revealed reward. Keep {held} at most{held_at}: taking one "
              "more sends one of them to the box, used now or not. Close the gap in the riddle "
              "row away from the deck, then reveal a new riddle next to the deck. Rewards cost "
              "no action.",
        "fr": "Après une résolution : prenez une récompense révélée. Gardez-en {held} au "
              "plus{held_at} : en prendre une de plus en renvoie une à la boîte, utilisée ou "
              "non. Resserrez la rangée d'énigmes en l'éloignant de la pioche, puis révélez une "
              "énigme à côté de la pioche. Les récompenses ne coûtent aucune action."},
    "aid-sfynx": {
        "en": "Sphinx phase: reveal the highest challenge token and apply it, top effect first. "
              "The last slot's token loses the game. Then turn your basic tiles back to active; "
              "if the emptied slot shows the wave, turn the special tiles back too.",
        "fr": "Phase du sphinx : révélez le jeton Défi le plus haut et appliquez-le, effet du "
              "haut d'abord. Le jeton de la dernière encoche fait perdre la partie. Remettez "
              "ensuite vos tuiles basiques sur leur face active ; si l'encoche vidée montre la "
              "vague, faites de même avec les tuiles spéciales."},
    "aid-lose": {
        "en": "You lose at once when the last token is revealed or when every tile is cursed.",
        "fr": "Vous perdez aussitôt si le dernier jeton est révélé ou si toutes les tuiles "
              "sont maudites."},
    "restore": {"en": "Restore one tile.", "fr": "Restaurez une tuile."},
    "swap": {"en": "Swap two orthogonally adjacent tiles.",
             "fr": "Échangez deux tuiles orthogonalement voisines."},
    "restore-2": {"en": "Restore up to two tiles.", "fr": "Restaurez jusqu'à deux tuiles."},
    "swap-horizontal-2": {"en": "Swap two side-by-side tiles; you may do it once more.",
                          "fr": "Échangez deux tuiles voisines sur une rangée ; vous pouvez "
                                "recommencer une fois."},
    "swap-vertical-2": {"en": "Swap two tiles one above the other; you may do it once more.",
                        "fr": "Échangez deux tuiles voisines sur une colonne ; vous pouvez "
                              "recommencer une fois."},
    "swap-diagonal": {"en": "Swap two diagonally adjacent tiles.",
                      "fr": "Échangez deux tuiles voisines en diagonale."},
    "rotate-column": {"en": "Slide a column one step up or down; the end tile wraps round.",
                      "fr": "Faites glisser une colonne d'un cran vers le haut ou le bas ; la "
                            "tuile du bout passe de l'autre côté."},
    "rotate-row": {"en": "Slide a row one step left or right; the end tile wraps round.",
                   "fr": "Faites glisser une rangée d'un cran vers la gauche ou la droite ; la "
                         "tuile du bout passe de l'autre côté."},
    "restore-3": {"en": "Restore up to three tiles.", "fr": "Restaurez jusqu'à trois tuiles."},
    "swap-orthogonal-3": {"en": "Up to three swaps of orthogonal neighbours.",
                          "fr": "Jusqu'à trois échanges de voisines orthogonales."},
    "swap-diagonal-2": {"en": "Up to two swaps of diagonal neighbours.",
                        "fr": "Jusqu'à deux échanges de voisines en diagonale."},
    "rotate-row-and-column": {"en": "Slide one row and one column, in either order.",
                              "fr": "Faites glisser une rangée et une colonne, dans l'ordre "
                                    "voulu."},
    "joker-pass": {"en": "A watcher may stand in on a card that forbids it, once.",
                   "fr": "Un guetteur peut remplacer un symbole sur une carte qui l'interdit, "
                         "une fois."},
    "swap-any": {"en": "Swap any two tiles of the antechamber.",
                 "fr": "Échangez deux tuiles quelconques de l'antichambre."},
    "whirlpool": {"en": "Whirlpool: the riddle farthest from the deck goes under it (once "
                        "{remaining} riddles remain: curse {tiles}).",
                  "fr": "Tourbillon : l'énigme la plus éloignée de la pioche passe dessous "
                        "(quand il reste {remaining} énigmes : maudissez {tiles})."},
    "whirlpool-one": {"en": "Whirlpool: the riddle farthest from the deck goes under it (once "
                            "one riddle remains: curse {tiles}).",
                      "fr": "Tourbillon : l'énigme la plus éloignée de la pioche passe dessous "
                            "(quand il reste une énigme : maudissez {tiles})."},
    "short-whirlpool": {"en": "Whirlpool", "fr": "Tourbillon"},
    "short-curse": {"en": "Curse", "fr": "Malédiction"},
    "short-translate-up": {"en": "Drift ↑", "fr": "Glissement ↑"},
    "short-translate-down": {"en": "Drift ↓", "fr": "Glissement ↓"},
    "short-translate-left": {"en": "Drift ←", "fr": "Glissement ←"},
    "short-translate-right": {"en": "Drift →", "fr": "Glissement →"},
    "tokens": {"en": "Challenge tokens", "fr": "Jetons Défi"},
    "curse": {"en": "Curse: turn over as many restored tiles as the slot shows.",
              "fr": "Malédiction : retournez autant de tuiles restaurées que l'encoche "
                    "l'indique."},
    "translate-up": {"en": "Drift ↑: each column holding watchers slides up once per watcher.",
                     "fr": "Glissement ↑ : chaque colonne avec des guetteurs glisse vers le haut, une fois par "
                           "guetteur."},
    "translate-down": {"en": "Drift ↓: each column holding watchers slides down once per watcher.",
                       "fr": "Glissement ↓ : chaque colonne avec des guetteurs glisse vers le bas, une fois "
                             "par guetteur."},
    "translate-left": {"en": "Drift ←: each row holding watchers slides left once per watcher.",
                       "fr": "Glissement ← : chaque rangée avec des guetteurs glisse vers la gauche, une fois "
                             "par guetteur."},
    "translate-right": {"en": "Drift →: each row holding watchers slides right once per watcher.",
                        "fr": "Glissement → : chaque rangée avec des guetteurs glisse vers la droite, une "
                              "fois par guetteur."},
    "setup-title": {"en": "Setting up", "fr": "Mise en place"},
    "setup-box": {
        "en": "In the box: {tiles} antechamber tiles ({jokers} of them watchers), {riddles} riddle "
              "cards in {decks} decks, {rewards} reward cards, {basic} basic action tiles, "
              "{special} special action tiles, the Whirlpool tile, {tokens} challenge tokens "
              "and the water clock.",
        "fr": "Dans la boîte : {tiles} tuiles d'antichambre (dont {jokers} guetteurs), {riddles} "
              "cartes Énigme en {decks} paquets, {rewards} cartes Récompense, {basic} tuiles "
              "Action basique, {special} tuiles Action spéciale, la tuile Tourbillon, {tokens} "
              "jetons Défi et la clepsydre."},
    "setup-riddles": {"en": "Riddle deck. Choose a degree on the difficulty table.",
                      "fr": "Pioche des énigmes. Choisissez un degré dans le tableau de "
                            "difficulté."},
    "setup-tiles": {
        "en": "Antechamber. Shuffle the {tiles} tiles and lay them cursed side up in a "
              "{grid}×{grid} square. Then turn to their restored side the tiles the "
              "degree's pattern shows in gold:",
        "fr": "Antichambre. Mélangez les {tiles} tuiles et posez-les face maudite en un carré "
              "de {grid}×{grid}. Puis retournez sur leur face restaurée les tuiles que le "
              "motif du degré montre en or :"},
    "setup-mark": {
        "en": "The mark. Every tile has a small triangle on one edge: lay each tile with its "
              "triangle at the bottom, so that every symbol stands upright and reads as on the "
              "riddle cards (left to right, top to bottom). Keep it so when tiles move.",
        "fr": "Le repère. Chaque tuile porte un petit triangle sur un bord : posez chaque tuile "
              "triangle en bas, pour que chaque symbole soit droit et se lise comme sur les "
              "cartes Énigme (de gauche à droite, de haut en bas). Gardez ce sens quand les "
              "tuiles bougent."},
    "setup-whirlpool": {
        "en": "Whirlpool. Put the Whirlpool tile beside the riddle deck, side A up. Turn it "
              "to side B once only {remaining} riddle cards are left in play.",
        "fr": "Tourbillon. Posez la tuile Tourbillon à côté de la pioche des énigmes, face A "
              "visible. Retournez-la sur la face B dès qu'il ne reste plus que {remaining} "
              "cartes Énigme en jeu."},
    "setup-clock": {
        "en": "Water clock. Shuffle the {tokens} challenge tokens face down and put one on "
              "each slot of the water clock.",
        "fr": "Clepsydre. Mélangez les {tokens} jetons Défi face cachée et posez-en un sur "
              "chaque encoche de la clepsydre."},
    "setup-special": {
        "en": "Special actions. Shuffle the {special} special action tiles face down, take "
              "{active} at random and lay them active side up where everyone can reach "
              "them. The others go back in the box.",
        "fr": "Actions spéciales. Mélangez les {special} tuiles Action spéciale face cachée, "
              "prenez-en {active} au hasard et posez-les face active à portée de tous. Les "
              "autres retournent dans la boîte."},
    "setup-basic": {
        "en": "Basic actions. Each player takes {each} basic action tiles, active side up "
              "(restore one tile, or swap two orthogonal neighbours). The others go back in "
              "the box.",
        "fr": "Actions basiques. Chaque joueur prend {each} tuiles Action basique, face "
              "active (restaurer une tuile, ou échanger deux voisines orthogonales). Les "
              "autres retournent dans la boîte."},
    "setup-rewards": {
        "en": "Rewards. Shuffle the reward cards into a deck and reveal {shown}{shown_at}; "
              "at some degrees you also start holding one (difficulty table).",
        "fr": "Récompenses. Mélangez les cartes Récompense en une pioche et révélez-en "
              "{shown}{shown_at} ; à certains degrés, vous en gardez aussi une dès le départ "
              "(tableau de difficulté)."},
    "setup-mark-caption": {"en": "triangle at the bottom", "fr": "triangle en bas"},
    "whirlpool-side-a": {
        "en": "When a challenge shows the whirlpool: the riddle farthest from the deck goes "
              "under the deck; slide the row and reveal a new card.",
        "fr": "Quand un défi montre le tourbillon : l'énigme la plus éloignée de la pioche "
              "passe sous la pioche ; faites glisser la rangée et révélez une carte."},
    "whirlpool-side-b": {
        "en": "When a challenge shows the whirlpool: curse {tiles} (from when only {remaining} "
              "riddle cards are left).",
        "fr": "Quand un défi montre le tourbillon : maudissez {tiles} (dès qu'il ne reste "
              "que {remaining} cartes Énigme)."},
}


NUMBER_WORDS = {
    "en": ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve"),
    "fr": ("une", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
           "douze")}
"""Counts 1-12 as words, feminine in French (une action, une énigme, une récompense)."""


def number_word(count: int, lang: str | None) -> str:
    """``count`` as a word when it is 1-12 (else digits), in ``lang`` (English by default).

    >>> number_word(2, "fr"), number_word(9, None), number_word(14, "en")
    ('deux', 'nine', '14')
    """
    words = NUMBER_WORDS.get(lang or "en", NUMBER_WORDS["en"])
    return words[count - 1] if 1 <= count <= len(words) else str(count)


TILES = {"en": ("tile", "tiles"), "fr": ("tuile", "tuiles")}
"""A tile, tiles: singular for one in English, for zero and one in French."""


def count_tiles(count: int, lang: str | None) -> str:
    """``count`` tiles in digits with the noun agreeing, in ``lang`` (English by default).

    >>> count_tiles(1, "en"), count_tiles(2, "en"), count_tiles(0, "fr"), count_tiles(3, "fr")
    ('1 tile', '2 tiles', '0 tuile', '3 tuiles')
    """
    language = lang if lang in TILES else "en"
    one, many = TILES[language]
    singular = count == 1 if language == "en" else count < 2
    return f"{count} {one if singular else many}"


def say(key: str, lang: str | None, **values: object) -> str:
    """The words for ``key`` in ``lang`` (English when the language is not known here)."""
    entry = WORDS[key]
    text = entry.get(lang or "en") or entry["en"]
    return text.format(**values) if values else text


def join_words(items: Sequence[str], lang: str | None) -> str:
    """``items`` as a list in prose.

    >>> join_words(["7"], "en"), join_words(["1", "2", "3"], "en"), join_words(["7", "8"], "fr")
    ('7', '1, 2 and 3', '7 et 8')
    """
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {say('and', lang)} {items[-1]}"


def by_degree(figures: Sequence[tuple[int, int]], lang: str | None, *, words: bool = False
              ) -> tuple[str, str]:
    """A figure that may differ between degrees, given as (degree, figure) pairs: the figure
    most degrees share (the lowest degree's on a tie) and the others as a bracket to append
    ("" when every degree agrees). ``words``: counts as words, else digits.

    >>> by_degree([(1, 3), (2, 3), (8, 2)], "en", words=True)
    ('three', ' (two at degree 8)')
    >>> by_degree([(1, 9), (2, 9), (3, 9), (7, 6), (8, 6), (4, 12)], "fr")
    ('9', ' (12 au degré 4 ; 6 aux degrés 7 et 8)')
    >>> by_degree([(1, 3), (2, 3)], "en")
    ('3', '')
    """
    def show(figure: int) -> str:
        return number_word(figure, lang) if words else str(figure)

    ordered = sorted(figures)
    counts = Counter(figure for _, figure in ordered)
    common = max(counts, key=counts.__getitem__)  # the first of the most frequent
    others: dict[int, list[int]] = {}
    for degree, figure in ordered:
        if figure != common:
            others.setdefault(figure, []).append(degree)
    parts = [say("at-degrees", lang, figure=show(figure), degrees=say(
        "degree-one" if len(degrees) == 1 else "degree-many", lang,
        n=join_words([str(d) for d in degrees], lang)))
        for figure, degrees in others.items()]
    separator = " ; " if lang == "fr" else "; "
    return show(common), f" ({separator.join(parts)})" if parts else ""


__all__ = ["NUMBER_WORDS", "TILES", "WORDS", "by_degree", "count_tiles", "join_words", "number_word",
           "say"]
