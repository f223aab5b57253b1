"""The engine behind :class:`cardcore.state.State`, one job per module. It imports nothing of
the bots, the adapters, the simulations or a front end (``tests/test_import_graph.py``).

A state is plain data (:class:`.data.GameData`, a slotted dataclass); what it does is plain
functions that take the state first (``trickplay.legal_mask(state, seat)``), each module
importing from the others what it uses, without a circle. ``State`` answers the state API of
DESIGN.md, each call the function of that name in one of these modules.

The state and its parts:

- :mod:`.data`: every field of a state, typed, what it holds and how a clone copies it.
  :mod:`.data_copies` is the state's ``blank`` and ``clone`` written out from those declarations
  (``python -m cardcore.engine.data`` writes it again), :mod:`.copying` what they copy beyond
  a plain container.
- :mod:`.kinds`: the kinds of decision (play, declare, discard).
- :mod:`.actions`: ``legal_actions``/``apply``, the decisions as strings, and ``resume``.
- :mod:`.flow`: the course of a game: a deal started, its phases entered in turn, the forced
  steps run until a decision is due, the deal ended and the next one begun.
- :mod:`.dealing`: deals from the record or the seed, the turn-up, trump as dealt or turned,
  a void deal's scores taken back.
- :mod:`.draws`: numbers drawn by chance, the same on every Python version.
- :mod:`.declaring`: declaration turns, melds and their refusals, the exchange, trump from melds.
- :mod:`.trickplay`: the cards a seat holds and may play, a card's points and the voids it shows.
- :mod:`.moves`: ``legal_moves``/``apply_move`` (moves as numbers and melds, no strings), the
  reference, and the one place a card is played and a trick won.
- :mod:`.steps`: who takes an after-trick step (:func:`.steps.seats_for`) and the registry of
  step kinds (:data:`.steps.STEP_KINDS`), where a new kind plugs in.
- :mod:`.kernel`: the playout kernel, the only place speed is bought with a second form of a
  rule: a quiet state's (no event log) cards and steps fused, each function naming the
  reference it stands for, and :func:`.kernel.blind_moves`, the moves a random player draws
  among. Every other module is the reference: each rule written once, plainly.
- :mod:`.sections`: top-level rules sections a plugin registers (its schema, what it does at the
  deal, at each draw and at the game's end), and what their handlers may change of a state.
- :mod:`.compiled`: the rules as the engine reads them, compiled once when a game is loaded
  (``game.compiled``, a read-only :class:`.compiled.CompiledRules`: each value in one place; each
  phase, step and deal as plain values, each phase with its kind's handler), and the game's
  hooks by name (``game.hooks``).
- :mod:`.scoring`: points per side, end-of-deal counts, the end of the game, returns;
  :mod:`.ending`: the game's result set and logged.
- :mod:`.knowledge`: observation and determinize.
- :mod:`.hidden_history`: what a seat has seen of the deals, for the worlds sampled for it.
- :mod:`.void_fit`: whether hidden cards can still be dealt to seats known to lack suits.
- :mod:`.chance`: the cards and deals still to come, as chance outcomes.
- :mod:`.refusals`: why an action is refused, naming the rule.
- :mod:`.events`: the event log (:func:`.events.log`) and the typed class of each event kind.
- :mod:`.effects` and :mod:`.view`: what a game's hook may ask the engine to do, and the read-only
  view of the state it is given.

Phase kinds (:mod:`.phases`): one module each, its schema (the phase as a rules file writes it)
beside its behaviour, registered in :mod:`.phases.registry` (the table itself is
:mod:`.phase_kinds`, which the course of a game reads without importing the kinds), from which
the rules schema is built (:func:`.phases.rules_schema`); a plugin registers its own through
the hook ``register_phase_kinds``. Shipped: :mod:`.phases.tricks`, :mod:`.phases.deal`,
:mod:`.phases.auction`, :mod:`.phases.widow`, :mod:`.phases.name_trump`,
:mod:`.phases.show_melds`, :mod:`.phases.discard`, :mod:`.phases.contract` and
:mod:`.phases.settle` (a kind only one game uses is that game's plugin's).
:mod:`.drawn_number`: a number drawn by chance at the deal for such a kind, hidden until shown.

:mod:`.moved` lets a plugin written before the phase kinds moved import them by their old names
(``cardcore.engine.auction``), with a warning naming the new place; an import of a module that
left cardcore for a game's plugin is told where it went; and a name a class no longer has
(:class:`.moved.Moved`: a game's value now in ``game.compiled``, a state's method now an engine
function) says where it went when it is read.

Seats, sides and turn order come from :class:`cardcore.seats.Table` (``state.table``).
"""

from . import moved  # noqa: E402,F401  (the old names of the phase kinds' modules still import)
