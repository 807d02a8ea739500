"""pytest's root configuration: the compiled solver core's doctests are collected only
where numba (with numpy) is installed. The "fast" extra is optional, and without it the
package is never imported. (Kept here, not in the package, so no test configuration
is installed with riddlesmith.)"""
import importlib.util

collect_ignore_glob = [] if importlib.util.find_spec("numba") else [
    "generator/systems/riddle/compiled/*.py"]
