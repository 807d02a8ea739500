"""pytest collects this package's doctests only where numba (with numpy) is installed:
the "fast" extra is optional, and without it the package is never imported."""
import importlib.util

collect_ignore_glob = [] if importlib.util.find_spec("numba") else ["*.py"]
