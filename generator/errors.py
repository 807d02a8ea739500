"""The errors that end a command with exit code 2 (usage or environment problems).

Content problems are never raised: they are :class:`~generator.diagnostics.Diagnostic`
values. These are for what stops a command before there is content to judge: a path
that does not exist, an output folder that cannot be written, a game-system plug-in
that cannot be loaded. :func:`generator.guard.guard` prints the message, no traceback.
"""
from __future__ import annotations


class UsageError(Exception):
    """A problem with the command line or environment (exit code 2)."""


class PluginError(UsageError):
    """A game-system plug-in that cannot be used: it fails to import, is not a system,
    claims a kind or a code another system has, or lacks a schema for a kind."""


__all__ = ["PluginError", "UsageError"]
