"""The rules the tower engine consults: base-game constants, the Decisions of
RULES.md section 2 as named options, and the god-card hooks (:class:`Rules`).

A :class:`Rules` value is frozen; its defaults are the base game with every
Decision as RULES.md settles it. Variants (god cards) never add ``if``\\s to the
engine: they return a new :class:`Rules` with a flag or parameter changed
(see :mod:`.variants`), and the engine reads those fields.

>>> Rules().tie_break_offsets()
(0, 1, 3, 2)
>>> Rules(double_attack_faces=(1, 6)).attack_dice
True
"""
from __future__ import annotations

from dataclasses import dataclass, replace

# -- pawns, facings, dice -----------------------------------------------------------

ENEMY_TYPES = ("light-female", "dark-male", "light-male", "dark-female")
"""Every enemy type, in the rulebook's enemy order (absent types are skipped)."""

FACINGS = "NESW"
"""Facings as ints: 0 north (up the printed map), 1 east, 2 south, 3 west.
Turning clockwise adds 1 (mod 4)."""
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3

RELATIVE_OFFSETS = {"front": 0, "right": 1, "back": 2, "left": 3}
"""A direction relative to a facing, as the number of clockwise quarter turns."""

DIE_FACES = (1, 2, 3, 4, 5, 6)

ADVANCE, CLOCKWISE, COUNTER_CLOCKWISE = 0, 1, 3
"""Movement instructions: step forward, or turn by this many clockwise quarter turns."""

MOVEMENT_TABLE: tuple[tuple[int, ...], ...] = (
    (),                                       # (no face 0)
    (ADVANCE,),                               # 1: advance 1
    (ADVANCE, ADVANCE),                       # 2: advance 2
    (CLOCKWISE, ADVANCE),                     # 3: turn clockwise, advance 1
    (COUNTER_CLOCKWISE, ADVANCE),             # 4: turn counter-clockwise, advance 1
    (ADVANCE, CLOCKWISE, ADVANCE),            # 5: advance, turn clockwise, advance
    (ADVANCE, COUNTER_CLOCKWISE, ADVANCE),    # 6: advance, turn counter-clockwise, advance
)
"""RULES 2, phase 3: what each face of the movement die makes an enemy do."""

# -- the board ---------------------------------------------------------------------

DOME = 4
"""A space's level: 0-3 blocks; 4 is three blocks capped by a dome (a complete tower)."""
MAX_BLOCKS = 3

POSEIDON_BUILDS = 3
"""Poseidon (easy): the unmoved builder on the ground builds up to this many times."""

# -- loss reasons (bit flags: the enemy turn reports every one true at the loss) ----

LOSS_BUILDINGS = 1
"""Every building is destroyed (checked whenever a piece is removed)."""
LOSS_TARGET = 2
"""An enemy entered (or passed through) a target zone."""
LOSS_BUILDERS = 4
"""Every builder is defeated."""
LOSS_STUCK = 8
"""At the start of the player turn no builder can move then build."""
LOSS_NAMES = {
    LOSS_BUILDINGS: "every building is destroyed",
    LOSS_TARGET: "an enemy reaches a target zone",
    LOSS_BUILDERS: "every builder is defeated",
    LOSS_STUCK: "no builder can move then build",
}

MAX_ROUNDS_REASON = "max-rounds"
"""The reason of a game stopped undecided after the most enemy turns."""
LOSS_REASONS = ((LOSS_BUILDINGS, "buildings"), (LOSS_TARGET, "target"),
                (LOSS_BUILDERS, "builders"), (LOSS_STUCK, "stuck"))
"""Each loss flag's short name, in flag order (how combined reasons are joined)."""


def name_loss(flags: int) -> str:
    """A loss's reason key: the flags' names joined by ``+``; ``max-rounds`` for none.

    >>> name_loss(LOSS_TARGET | LOSS_BUILDERS), name_loss(0)
    ('target+builders', 'max-rounds')
    """
    names = [name for bit, name in LOSS_REASONS if flags & bit]
    return "+".join(names) if names else MAX_ROUNDS_REASON



def describe_losses(flags: int) -> str:
    """The loss reasons of ``flags`` in words.

    >>> describe_losses(LOSS_TARGET | LOSS_BUILDERS)
    'an enemy reaches a target zone and every builder is defeated'
    """
    names = [text for bit, text in sorted(LOSS_NAMES.items()) if flags & bit]
    return " and ".join(names) if names else "no loss"


# -- the rules object ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule option the engine consults. The defaults are the base game.

    **Decisions** (RULES.md section 2, where the rulebook is silent; each is a
    field so a test or a house rule can flip it):

    - ``own_space_counts`` (False): the space an enemy stands on never counts
      as its nearest building. Orientation paths run over every map space but
      water (targets, buildings, domes and pawns do not block them).
    - ``tie_break`` (front, right, left, back): among the first steps of every
      shortest path to every nearest building, the enemy faces the best one.
    - ``terrain_block_skips`` (True): a step blocked by the edge, water, a dome
      or a too-high building is skipped and the rest of the roll goes on
      (rulebook example 2); False would end the movement instead.
    - ``enemy_block_ends_move`` (True): a step into another enemy ends that
      enemy's movement for the turn.
    - ``terrain_before_enemy`` (True): a space both blocked by terrain and held
      by an enemy counts as terrain (the step is skipped).
    - ``edge_only_undoes_turn`` (True): only facing the map edge undoes a turn;
      facing water does not.
    - ``stop_at_first_loss`` (True): the enemy turn stops at the first loss.
    - ``attack_enemy_on_building`` (True): attacking an enemy that stands on a
      building removes that building's top piece (the enemy stays).
    - ``builders_on_targets`` (True): builders may stand on target zones.
    - ``crush_after_move`` (True): a crush compares the builder's space after
      its move with the enemy's space.

    **God-card hooks** (off by default; :mod:`.variants` turns them on):

    - ``double_attack_faces``: an attack die is rolled per enemy in the attack
      phase; on these faces that enemy attacks twice (Hestia, expert: 1 and 6).
    - ``attack_own_space``: each attack also removes the top piece of the
      building the enemy stands on, after the faced space (Zeus, expert).
    - ``build_ban_near_enemy``: builders may not build on a space orthogonally
      next to an enemy (``build_ban_diagonal``: diagonally too), unless the
      piece is a dome and ``build_ban_except_domes`` (Limus, expert). The
      enemy's own space is not next to it: a crush stays allowed (RULES.md §2),
      or no enemy could ever be crushed and no scenario won.
    - ``swap_with_builder``: an enemy stepping into a builder swaps places with
      it instead of defeating it (Apollo, expert).
    - ``extra_move``: the moved builder may move one more space, not back to
      the space it started from (Artemis, easy).
    - ``extra_block_same_space``: after building, the builder may build one more
      block (never a dome) on the same space (Hephaestus, easy).
    - ``move_into_enemy``: the builder may move onto an enemy's space (the usual
      climb limit applies); the enemy takes the space the builder left, keeping
      its facing, unless that space is a target zone (Apollo, easy).
    - ``second_build_elsewhere``: one more build, on another space (Demeter, easy).
    - ``level_moves``: instead of the usual move, every builder may walk any
      number of spaces (none included) over free spaces of its own level, the
      builders stepping in any order; then one of them builds (Hermes, easy). The
      walks start from the turn's position: Charon's send and Prometheus's first
      build go with the usual move only.
    - ``build_before_move``: a builder that does not move up may also build before
      it moves (Prometheus, easy).
    - ``remove_block_unmoved``: after its build, the player may take one block (not
      a dome) off a space next to the builder that did not move, with no pawn on
      it, never the last piece on the map (Ares, easy).
    - ``force_enemy``: before moving, the builder may send an enemy next to it to
      the space straight across the builder, if that space is on the map, dry,
      free of pawns and domes and not a target zone; heights do not matter
      (Charon, easy).
    - ``extra_build_inland``: one more build, on any space but the map's edge row
      or column (Hestia, easy).
    - ``stored_builds``: at the start of each player turn a piece goes on the card;
      the builder builds with pieces from the card instead of its usual build,
      any number including none, one after another, the same space again too
      (Morpheus, easy). The engine keeps no cap of its own on the card: a turn
      places at most the pieces the card holds and the spaces around the builder
      can take (four on each), so the actions of a turn stay finite, and the
      proof search is finite by its horizon of enemy turns and its node budget.
      The card's pieces are not told apart by size (the engine builds levels, not
      the box's block sizes).
    - ``unmoved_ground_build``: after the build, a builder that did not move, if
      on the ground, may build up to :data:`POSEIDON_BUILDS` times around itself,
      the same space again too (Poseidon, easy).
    - ``perimeter_moves``: each time the builder steps onto the map's edge row or
      column it may step again (Triton, easy); it never ends on its start.
    - ``build_under_self``: the builder may build a block under itself, unless it
      stands on level 3 (Zeus, easy).
    - ``enemy_push``: an enemy stepping toward a building higher than its own space
      pushes the whole building one space on, when the space beyond is on the
      map, dry, with no building, pawn or target zone, and no pawn stands on the
      building; then it steps in (Minotaur, expert).
    - ``stay_near_enemy``: a builder that starts the player turn next to an enemy
      (8 directions) must end its move next to one (Aphrodite, expert).
    - ``charon_pulls``: before the movement phase, each enemy in enemy order sends
      every builder next to it (8 directions) to the space straight across the
      enemy, if that space is on the map, dry and free of pawns and domes (Charon,
      expert).
    - ``highest_frozen``: while both builders stand, one higher than the other
      cannot move (Hypnus, expert).
    """

    enemy_order: tuple[str, ...] = ENEMY_TYPES
    # Decisions
    own_space_counts: bool = False
    tie_break: tuple[str, ...] = ("front", "right", "left", "back")
    terrain_block_skips: bool = True
    enemy_block_ends_move: bool = True
    terrain_before_enemy: bool = True
    edge_only_undoes_turn: bool = True
    stop_at_first_loss: bool = True
    attack_enemy_on_building: bool = True
    builders_on_targets: bool = True
    crush_after_move: bool = True
    # God-card hooks
    double_attack_faces: tuple[int, ...] = ()
    attack_own_space: bool = False
    build_ban_near_enemy: bool = False
    build_ban_diagonal: bool = False
    build_ban_except_domes: bool = True
    swap_with_builder: bool = False
    extra_move: bool = False
    extra_block_same_space: bool = False
    move_into_enemy: bool = False
    second_build_elsewhere: bool = False
    level_moves: bool = False
    build_before_move: bool = False
    remove_block_unmoved: bool = False
    force_enemy: bool = False
    extra_build_inland: bool = False
    stored_builds: bool = False
    unmoved_ground_build: bool = False
    perimeter_moves: bool = False
    build_under_self: bool = False
    enemy_push: bool = False
    stay_near_enemy: bool = False
    charon_pulls: bool = False
    highest_frozen: bool = False
    # Names of the variants applied, for reports.
    variants: tuple[str, ...] = ()

    @property
    def attack_dice(self) -> bool:
        """True when an attack die is rolled per enemy before the movement dice."""
        return bool(self.double_attack_faces)

    @property
    def plain_player_turn(self) -> bool:
        """True when the player turn is the base game's (the engine's fast path)."""
        return not (self.extra_move or self.extra_block_same_space or self.build_ban_near_enemy
                    or not self.crush_after_move or self.move_into_enemy
                    or self.second_build_elsewhere or self.level_moves
                    or self.build_before_move or self.remove_block_unmoved
                    or self.force_enemy or self.extra_build_inland or self.stored_builds
                    or self.unmoved_ground_build or self.perimeter_moves
                    or self.build_under_self or self.stay_near_enemy or self.highest_frozen)

    @property
    def options_may_coincide(self) -> bool:
        """True when two different actions may end in the same position (the player
        turn then lists each position once)."""
        # The moves themselves never repeat a destination (Artemis, Triton, Hermes,
        # Apollo), nor does Zeus's build under itself: only these add lists that can.
        # Hermes's walks skip the single steps on the level, which they list again,
        # but not the longer moves of Artemis and Triton.
        return (self.second_build_elsewhere or self.build_before_move
                or self.remove_block_unmoved or self.force_enemy or self.extra_build_inland
                or self.stored_builds or self.unmoved_ground_build
                or (self.level_moves and (self.extra_move or self.perimeter_moves)))

    def tie_break_offsets(self) -> tuple[int, ...]:
        """The tie-break order as clockwise quarter turns from the facing."""
        return tuple(RELATIVE_OFFSETS[name] for name in self.tie_break)

    def with_changes(self, **changes: object) -> Rules:
        """A copy with some fields changed."""
        return replace(self, **changes)  # type: ignore[arg-type]


BASE_RULES = Rules()
"""The base game with RULES.md's Decisions."""

__all__ = [
    "ADVANCE", "BASE_RULES", "CLOCKWISE", "COUNTER_CLOCKWISE", "DIE_FACES", "DOME", "EAST",
    "ENEMY_TYPES", "FACINGS", "LOSS_BUILDERS", "LOSS_BUILDINGS", "LOSS_NAMES", "LOSS_REASONS",
    "LOSS_STUCK", "MAX_ROUNDS_REASON", "name_loss",
    "LOSS_TARGET", "MAX_BLOCKS", "MOVEMENT_TABLE", "NORTH", "POSEIDON_BUILDS",
    "RELATIVE_OFFSETS", "Rules", "SOUTH",
    "WEST", "describe_losses",
]
