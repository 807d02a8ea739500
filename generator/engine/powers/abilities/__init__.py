"""Role-ability powers (Santorini: New York, RULES.md section 3 and issue 10): the
movement, forcing and build patterns and extra win conditions a role card's
ability is made of, one module each, registered by id with a parameter schema.
A roles system maps each card ability (timing, text, power id, parameters) onto
these; the engine plays them through the same turn generator as the gods.

How the cards of the New York rulebook compose (parameters in braces; "must"
cards use ``exclusive`` / ``required``; the Statue of Liberty, hands and
elimination belong to the roles system):

- Engineer: ``build-skyscraper-first`` + ``win-by-dome``;
- Ironworker: ``build-two-spaces {required: true}``;
- Crane Operator: ``build-same-twice {required: true, blocks_only: false}``;
- Broadway Actors: ``both-workers-act``;
- Firefighter: ``build-under {timing: before-move}``;
- Foreman: ``build-around {whose: neighbour}`` + ``build-two-spaces {required: true}``;
- Subway Operator: ``slide {exclusive: true}``;
- Taxi Driver: ``leap {exclusive: true}``;
- Tour Bus Driver: ``move-beside-skyscraper {exclusive: true}`` (its set-up
  skyscraper is a ground-level dome placed before play: not a turn power).

Pushing straight back (``push-away``), pulling into the vacated space (``pull``),
forcing toward a compass direction (``force-compass``) and onto the block just
built (``force-onto-build``) cover the forcing abilities of issue 10.
"""
