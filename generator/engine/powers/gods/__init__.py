"""The ten simple gods of the standard game, one module each, as compositions of
the pieces of :mod:`generator.engine.powers.pieces`. Each module's docstring
states the power in our words and every choice made where published versions
differ."""
