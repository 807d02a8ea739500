"""Role-ability powers (Santorini: New York, RULES.md section 3 and issue 10): the
movement, forcing and build patterns and extra win conditions a role card's
ability is made of, one module each, registered by id with a parameter schema.
A roles system maps each card ability (timing, text, power id, parameters) onto
these; the engine plays them through the same turn generator as the gods."""
