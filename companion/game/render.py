"""Everything the game says, built in one place: events, decisions, and the one-line summaries.

The words live in modules named for what they hold, and are all reachable from here as ``render.X``:
``sentences`` (events as the listening player may know them, pile news), ``fitting`` (keeping a response
within its limits), ``questions`` (a card's question, prompts, handing the keyboard over) and ``lines``
(status, hand, score, supply, options, log).
"""

from __future__ import annotations

from companion.game.fitting import (  # noqa: F401
    BRIEF_WORDS, LIMITS, Attack, Said, TurnLine, _fits, _join_said, _merge_attacks, _times, fit_first_line,
    fit_response,
)
from companion.game.lines import (  # noqa: F401
    LOW_PILE, end_message, hand_line, log_lines, log_tail, options_line, score_line, status_line, supply_lines,
    turn_start,
)
from companion.game.questions import (  # noqa: F401
    _VERBS, TURN_DECISIONS, amount, distinct, hand_over, is_turn_decision, numbered_cards, prompt_for, question,
)
from companion.game.sentences import (  # noqa: F401
    _SHARED_CLAUSES, _bought, _Clauses, _collapse, _merge_same, _render_group, _turn_summary, event_clause,
    name_of, pile_news, render_events, turn_at, turn_player_at,
)
