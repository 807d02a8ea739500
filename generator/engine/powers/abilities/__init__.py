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
  skyscraper is a ground-level dome placed before play: not a turn power);
- NYPD Officer: ``push-into``;
- Street Vendor: ``force-onto-build {required: true}``;
- Fashion Designer: ``force-into-vacated`` (any neighbour of the start space,
  the player's own worker included; a must when one stands there);
- Reporter: ``force-line`` (north or south to the first free space; a must);
- Night Guard: ``order-move`` (the neighbour's owner moves it; a must).

Pushing straight back (``push-away``), pulling the worker straight behind into the
vacated space (``pull``), forcing toward a compass direction (``force-compass``)
and onto the block just built (``force-onto-build``) run after the move (the
block: after the build); ``force-line`` and ``order-move`` run at the end of the
turn, after the builds. Every force takes ``required`` (a must when possible).
"""
