"""The engine behind :class:`cardcore.state.State`, one job per module.

- :mod:`.kinds`: the kinds of decision (play, declare, throw-in).
- :mod:`.dealing`: deals from the record or the seed, the turn-up, trump as dealt, the throw-in.
- :mod:`.declaring`: declaration turns, melds and their refusals, the exchange, trump from melds.
- :mod:`.trickplay`: phases of tricks, legal cards, a trick won, the steps after it.
- :mod:`.steps`: who takes an after-trick step (:func:`.steps.seats_for`) and the registry of
  step kinds (:data:`.steps.STEP_KINDS`), where a new kind plugs in.
- :mod:`.compiled`: the rules each phase, step and deal reads, as plain values built at load.
- :mod:`.scoring`: points per side, end-of-deal counts, the end of the game, returns.
- :mod:`.knowledge`: observation and determinize.
- :mod:`.refusals`: why an action is refused, naming the rule.
- :mod:`.events`: the event log and the typed class of each event kind.

Seats, sides and turn order come from :class:`cardcore.seats.Table` (``state.table``).
"""
