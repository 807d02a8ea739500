"""The print services ``build --target`` writes for, one module each, registered here.

>>> sorted(PROFILES)
['dtc', 'mpc', 'tgc']
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..profile import Profile
from . import dtc, mpc, tgc

PROFILES: Mapping[str, Profile] = MappingProxyType(
    {p.id: p for p in (tgc.PROFILE, mpc.PROFILE, dtc.PROFILE)})
"""Every profile by its target name."""
