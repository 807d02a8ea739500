"""The symmetry group of a map, state transforms and packed keys."""
from __future__ import annotations

from engine_strategies import movers_masks, ref_boards, to_engine
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import RefBoard

from generator.engine import (
    NO_SQUARE,
    Geometry,
    State,
    Symmetry,
    canonical_key,
    list_moves,
    pack_key,
    transform_state,
)


def _compose(first: Symmetry, then: Symmetry) -> tuple[int, ...]:
    return tuple(then.perm[first.perm[sq]] for sq in range(len(first.perm)))


def _assert_is_group(geometry: Geometry, group: tuple[Symmetry, ...]) -> None:
    perms = {s.perm for s in group}
    assert len(perms) == len(group), "a permutation is listed twice"
    assert tuple(range(geometry.size)) in perms, "identity missing"
    assert group[0].is_identity
    for a in group:
        for b in group:
            assert _compose(a, b) in perms, f"{a.name} then {b.name} leaves the group"


def test_group_sizes_of_plain_rectangles() -> None:
    assert len(Geometry.rectangle(5, 5).symmetries) == 8
    assert len(Geometry.rectangle(5, 4).symmetries) == 4
    assert len(Geometry.rectangle(4, 5).symmetries) == 4
    assert len(Geometry.rectangle(8, 8).symmetries) == 8
    assert len(Geometry.rectangle(1, 1).symmetries) == 1
    assert len(Geometry.rectangle(3, 1).symmetries) == 2
    for g in (Geometry.rectangle(5, 5), Geometry.rectangle(5, 4), Geometry.rectangle(3, 1)):
        _assert_is_group(g, g.symmetries)


def test_sea_and_bridges_break_symmetry() -> None:
    asymmetric = Geometry.from_ascii("""
        . . . . .
        . ~ . . .
        . . . . .
        . . . ~ ~
        . . . . .
    """)
    assert [s.name for s in asymmetric.symmetries] == ["identity"]
    # Sea in the middle column keeps left-right and top-bottom mirrors...
    island = Geometry.from_ascii(". ~ .\n. ~ .\n. ~ .")
    assert {s.name for s in island.symmetries} == {
        "identity", "rotate-180", "mirror-left-right", "mirror-top-bottom",
    }
    # ...and one bridge across it keeps only the left-right mirror.
    bridged = Geometry.from_ascii(". ~ .\n. ~ .\n. ~ .", bridges=[("A1", "C1")])
    assert [s.name for s in bridged.symmetries] == ["identity", "mirror-left-right"]


def test_symmetries_fixing_extra_square_sets() -> None:
    g = Geometry.rectangle()
    centre = 1 << g.square("C3")
    assert len(g.symmetries_fixing(centre)) == 8
    corner = 1 << g.square("A1")
    assert [s.name for s in g.symmetries_fixing(corner)] == ["identity", "transpose"]
    two_corners = corner | 1 << g.square("E5")
    kept = g.symmetries_fixing(two_corners)
    assert [s.name for s in kept] == ["identity", "rotate-180", "transpose", "anti-transpose"]
    _assert_is_group(g, kept)
    # Each set is fixed on its own: the corners may not swap when each is distinct.
    assert [s.name for s in g.symmetries_fixing(corner, 1 << g.square("E5"))] == [
        "identity", "transpose",
    ]


@settings(max_examples=150, deadline=None)
@given(ref_boards(), st.integers(0, (1 << 64) - 1))
def test_groups_of_random_maps(board: RefBoard, raw_bits: int) -> None:
    geometry, _ = to_engine(board)
    _assert_is_group(geometry, geometry.symmetries)
    bits = raw_bits & ((1 << geometry.size) - 1)
    for s in geometry.symmetries:
        assert s.apply_bits(geometry.land) == geometry.land
        expected = sum(1 << s.perm[sq] for sq in range(geometry.size) if bits >> sq & 1)
        assert s.apply_bits(bits) == expected
    fixed = geometry.symmetries_fixing(bits)
    _assert_is_group(geometry, fixed)


@settings(max_examples=150, deadline=None)
@given(ref_boards(), movers_masks)
def test_moves_commute_with_symmetries(board: RefBoard, movers: int) -> None:
    geometry, state = to_engine(board)
    moves = list_moves(geometry, state, movers, level3_wins=True)
    keys = set()
    for s in geometry.symmetries:
        image = transform_state(state, s)
        expected = {(w, s.perm[to], s.apply_square(build)) for w, to, build in moves}
        assert set(list_moves(geometry, image, movers, level3_wins=True)) == expected
        assert canonical_key(image, geometry.symmetries) == canonical_key(
            state, geometry.symmetries
        )
        keys.add(pack_key(image))
    assert canonical_key(state, geometry.symmetries) == min(keys)


def test_pack_key_tells_states_apart() -> None:
    base = State(0b1, 0, 0, 0, (3, NO_SQUARE), king=5)
    variants = [
        base,
        base._replace(l1=0b11),
        base._replace(l2=0b1),
        base._replace(l3=0b1),
        base._replace(domes=0b1),
        base._replace(workers=(NO_SQUARE, 3)),
        base._replace(workers=(3, 0)),
        base._replace(king=NO_SQUARE),
        base._replace(sphinx=5),
        base._replace(l1=1 << 63),
    ]
    assert len({pack_key(v) for v in variants}) == len(variants)
    assert pack_key(base) == pack_key(State(0b1, 0, 0, 0, (3, NO_SQUARE), king=5))
