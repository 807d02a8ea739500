"""A compiled A* core for riddle proofs (optional: ``pip install riddlesmith[fast]``).

:mod:`.flat` (pure Python) turns a riddle objective into integer tables and
states; :mod:`.goals` and :mod:`.kernel` are numba ports of the rules for the
subset :func:`.flat.unsupported` accepts; :mod:`.search` runs the kernel and
replays its line through the Python rules. Importing this package does not
import numba.
"""
