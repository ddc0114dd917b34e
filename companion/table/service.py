"""The table's service: every whole intent at a table of real cards, as one method that returns an Outcome.

The commands (``companion.commands.table*``) parse what was typed, call one method of the ``TableService``
of the open table and hand the ``Outcome`` to one function that says it. An intent that changes the record
checks it (``Table.record``), builds every word, saves the record, and only then returns the words, so what
is said is always on disk (saved before said). A refusal raises ``CommandError`` (``companion.refusal``)
with one sentence that quotes what was typed; the record is then exactly as it was.

A hosted table (``companion.net.table_seating``) shares one service among its players' seats: an intent
made by a seat (``by=``) also says, in ``Outcome.others``, the one line every other seat hears.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Mapping

from companion.cards import Card, catalogue
from companion.cards.names import and_list
from companion.locks import Held
from companion.table import storage, text
from companion.table.model import Entry, State, Table, TableError
from companion.table.storage import Saved, StorageError

Confirm = Callable[[Table, State], list[str]]  # the words for an entry just recorded: (table now, state before)
NOTHING: Mapping[int, tuple[str, ...]] = MappingProxyType({})


@dataclass(frozen=True)
class Outcome:
    """What an intent did: the lines the person who asked hears, what each other seat of a hosted table
    hears, whether the record changed, and whether it was saved (always before these lines were made)."""

    lines: tuple[str, ...]
    others: Mapping[int, tuple[str, ...]] = field(default_factory=lambda: NOTHING)
    changed: bool = False
    saved: bool = False

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


class TableService:
    """One open table record: its ``Saved``, the lock that lets this process write it (``held``; None: it is
    open read-only) and, when it cannot be saved where it is, why (``unsaved``)."""

    def __init__(self, saved: Saved, held: Held | None = None, unsaved: str = "") -> None:
        self.saved = saved
        self.held = held
        self.unsaved = unsaved
        self.last: Outcome | None = None  # the latest intent's outcome, for a host that ran it through a line
        self.title = ""  # what the table is called aloud, when not its file's name (a server's game's name)

    @property
    def table(self) -> Table:
        return self.saved.table

    @property
    def name(self) -> str:
        return self.saved.name

    @property
    def read_only(self) -> bool:
        return self.held is None

    def refresh(self) -> bool:
        """A table open read-only is read again, as the window that holds it may have moved on; True if it was."""
        if self.held is not None:
            return False
        try:
            self.saved = storage.load(self.saved.name)
        except StorageError:
            return False  # renamed or removed there: what was last read is all there is
        return True

    def writable(self, typed: str) -> Saved:
        """The record, if this process may change it; else a refusal saying how to get it back."""
        saved = self.saved
        if self.held is None:
            if self.unsaved:  # opened where nothing can be saved (a full disk): no other window holds it
                raise text.refused(typed, f"table {saved.name} cannot be saved here, so it is open read only. "
                                          "Free some space, then type table resume.")
            raise text.refused(typed, f"table {saved.name} is open read only here. Close it in the other window, "
                                      f"then type table load {saved.name}.")
        return saved

    # The one place an outcome is made: the other seats' line, and ``last`` for a host.
    def _outcome(self, lines: list[str], *, changed: bool = False, by: int | None = None) -> Outcome:
        lines = [part for line in lines for part in line.split("\n")]  # one line each, whatever a word function joined
        others: Mapping[int, tuple[str, ...]] = NOTHING
        if changed and by is not None and lines:
            name = self.table.players[by]
            note = lines[0] if lines[0].startswith(name) else f"{name} recorded. {lines[0]}"
            others = MappingProxyType({p: (note,) for p in range(len(self.table.players)) if p != by})
        outcome = Outcome(tuple(lines), others, changed, saved=changed)
        self.last = outcome
        return outcome

    def _save(self, typed: str, back: Callable[[], None]) -> None:
        """Save the record before anything is said; if it cannot be, ``back()`` puts it as it was, and refuse."""
        try:
            storage.save(self.saved)
        except StorageError as e:
            back()
            raise text.refused(typed, f"not recorded, as {e} Try again.") from None

    def _restore(self) -> Callable[[], None]:
        """What puts the record back as it is now: these entries and this low-pile number."""
        saved, table = self.saved, self.saved.table
        setup, entries, low = table.setup, list(table.entries), table.low

        def back() -> None:
            saved.table = Table(setup, entries, low)

        return back

    def record(self, typed: str, entry: Entry, confirm: Confirm, *, words: Callable[[str], str | None] | None = None,
               by: int | None = None, brief: bool = False) -> Outcome:
        """Record ``entry`` and save it; the outcome says the announcements first and the confirmation after.
        ``words(card)``: the words typed for the card a refusal names, to quote just them ("S2", not "C1 C1 S2")."""
        saved = self.writable(typed)
        before = saved.table.state
        back = self._restore()
        try:
            notes = saved.table.record(entry)
        except TableError as e:
            quoted = words(e.card) if words is not None and e.card else None
            raise text.refused(quoted or typed, str(e)) from None
        try:
            said = confirm(saved.table, before)
            if brief:  # brief: announcements and the confirmation itself, no coins left
                ended = saved.table.state.over is not None and before.over is None
                kept = [line for line in said[1:] if line.startswith(text.SPENT)]  # and a buy past the count
                said = said[:2] if ended else said[:1] + kept  # a game that ends says who won
            lines = notes + said
            lines[0:1] = text.fit_first(lines[0])  # long names: keep the first line to a 40-cell display
        except BaseException:
            back()  # the words failed: the entry was never said, so it is not kept
            raise
        self._save(typed, back)
        return self._outcome(lines, changed=True, by=by)

    # Entries.
    def gain(self, typed: str, players: list[int], cards: list[Card], *, others: bool = False, verb: str = "gain",
             by: int | None = None, brief: bool = False) -> Outcome:
        """``players`` gain (or, with ``verb="buy"``, the one player buys) ``cards``; ``others``: each other
        player in turn order, as a Witch gives Curses."""
        entry = Entry(verb, tuple(players), tuple(c.name for c in cards), others=others)

        def confirm(t: Table, before: State) -> list[str]:
            got = [p for p in players if t.state.decks[p] != before.decks[p]]
            if others and len(got) == len(players):
                said = f"{and_list([t.players[p] for p in got])} gained {text.cards_said(cards)}"  # who, by name
            else:
                said = text.describe(t, Entry(verb, tuple(got), entry.cards), before)
            left = text.pile_left(t, cards)
            joint = ", " if left[:1].isdigit() else ". "  # several piles: their counts are a sentence of their own
            lines = [f"{said[0].upper()}{said[1:]}{joint}{left}."]
            missed = [t.players[p] for p in players if p not in got]
            if missed:
                lines.append(f"{and_list(missed)} got none.")
            lines += text.gain_reminders(t, entry, got)
            if t.state.tokens[t.state.current] != before.tokens[t.state.current]:
                lines.append(text.vp_taken(t, before, "Collection"))
            turn = t.state.turn
            counted = turn.counted  # cards played, or coins typed with coins N
            if verb == "buy" and players[0] == t.state.current:
                spent = text.overspent(turn, counted)
                if spent:  # said at every buy past the count, not only the first
                    lines.append(spent)
                elif counted:
                    lines.append(f"{text.plural(turn.coins, 'coin')}, {text.plural(turn.buys, 'buy')} left.")
            return lines

        return self.record(typed, entry, confirm, by=by, brief=brief)

    def buy(self, typed: str, player: int, cards: list[Card], *, by: int | None = None, brief: bool = False) -> Outcome:
        return self.gain(typed, [player], cards, verb="buy", by=by, brief=brief)

    def trash(self, typed: str, player: int, cards: list[Card], *, by: int | None = None, brief: bool = False) -> Outcome:
        entry = Entry("trash", (player,), tuple(c.name for c in cards))

        def confirm(t: Table, before: State) -> list[str]:
            lines = [f"{text.describe(t, entry, before)}.", f"{t.players[player]} has {text.plural(t.state.deck_size(player), 'card')}."]
            if player == before.current and before.turn.trashes_for_vp:
                lines.append(text.vp_taken(t, before, "Bishop"))
            return lines

        return self.record(typed, entry, confirm, by=by, brief=brief)

    def vp(self, typed: str, player: int, amount: int, *, by: int | None = None, brief: bool = False) -> Outcome:
        entry = Entry("vp", (player,), amount=amount)

        def confirm(t: Table, before: State) -> list[str]:
            return [f"{text.describe(t, entry, before)}, {t.state.tokens[player]} in all."]

        return self.record(typed, entry, confirm, by=by, brief=brief)

    def play(self, typed: str, cards: list[Card], words: Callable[[str], str | None], *, by: int | None = None,
             brief: bool = False) -> Outcome:
        """The current player plays ``cards``, in order; ``words(card)`` is what was typed for one of them."""
        table = self.table
        for card in cards:
            if not (card.is_action or card.is_treasure or card.name in table.treasure_values):
                raise text.refused(words(card.name) or typed, f"{card.name} is not played. Type play and an Action or a Treasure.")

        def confirm(t: Table, before: State) -> list[str]:
            lines = text.turn_line(t.state).split("\n")
            took = t.state.tokens[t.state.current] - before.tokens[t.state.current]
            if took:
                lines.append(f"{t.current_name} took {text.plural(took, 'VP token')}.")
            if len(t.state.turn.trashes_for_vp) > len(before.turn.trashes_for_vp):  # said once, not every play
                lines.append("For Bishop, type trash and the card it trashes, to count its VP.")
            return lines

        return self.record(typed, Entry("play", cards=tuple(c.name for c in cards)), confirm, words=words, by=by, brief=brief)

    def coins(self, typed: str, amount: int, *, by: int | None = None, brief: bool = False) -> Outcome:
        return self.record(typed, Entry("coins", amount=amount), lambda t, before: text.turn_line(t.state).split("\n"),
                           by=by, brief=brief)

    def next_turn(self, *, by: int | None = None, brief: bool = False) -> Outcome:
        def confirm(t: Table, before: State) -> list[str]:
            if t.state.over:
                return [f"Game over, {t.state.over}."] + text.score_lines(t, final=True)
            return [f"{t.current_name}'s turn {t.state.turns[t.state.current]}."]

        return self.record("next", Entry("next"), confirm, by=by, brief=brief)

    def end(self, *, by: int | None = None, brief: bool = False) -> Outcome:
        """End the game now, at the table."""
        return self.record("table end", Entry("end"),
                           lambda t, before: ["Game over, ended at the table."] + text.score_lines(t, final=True),
                           by=by, brief=brief)

    def correct_pile(self, typed: str, card: Card, amount: int, *, by: int | None = None, brief: bool = False) -> Outcome:
        return self.record(typed, Entry("pile", cards=(card.name,), amount=amount),
                           lambda t, before: ["Corrected.", text.pile_line(t, card)], by=by, brief=brief)

    def correct_count(self, typed: str, player: int, card: Card, amount: int, *, by: int | None = None,
                      brief: bool = False) -> Outcome:
        name = self.table.players[player]

        def confirm(t: Table, before: State) -> list[str]:
            return [f"{name} has {card.counted(amount)} now.", f"{text.plural(t.state.deck_size(player), 'card')} in all."]

        return self.record(typed, Entry("count", (player,), (card.name,), amount), confirm, by=by, brief=brief)

    def undo(self, *, by: int | None = None) -> Outcome:
        """Take back the last entry, whatever it was, and say what changed back."""
        saved = self.writable("undo")
        table = saved.table
        back = self._restore()
        before = table.state
        if not table.entries:
            raise text.refused("undo", "there is nothing to undo yet. Type buy, gain, trash or play to record something.")
        try:
            replayed_before = Table(table.setup, table.entries[:-1], table.low).state
            entry, notes = table.undo()
            lines = text.fit_first(f"Undone, {text.describe(table, entry, replayed_before)}.") + notes
            if entry.verb in ("buy", "gain"):
                lines.append(f"{text.pile_left(table, [catalogue()[c] for c in entry.cards], named=True)}.")
                turn = table.state.turn
                if entry.verb == "buy" and entry.players[0] == table.state.current and turn.started:
                    lines.append(f"{text.plural(max(0, turn.coins), 'coin')}, {text.plural(max(0, turn.buys), 'buy')} left.")
            elif entry.verb in ("next", "end"):
                if before.over is not None:
                    lines.append("The game is not over now.")
                lines.append(f"{table.current_name}'s turn {table.state.turns[table.state.current]} again.")
                ending = table.ending()
                if ending:
                    lines.append(f"Game ends this turn, {and_list(ending)}.")
            elif entry.verb in ("play", "coins"):
                lines.append(text.turn_line(table.state))
        except BaseException:
            back()
            raise
        self._save("undo", back)
        return self._outcome(lines, changed=True, by=by)

    def set_low(self, typed: str, low: int, *, by: int | None = None) -> Outcome:
        """Piles of ``low`` cards or fewer are announced as low, at this table."""
        saved = self.writable(typed)
        old = saved.table.low
        saved.table.low = low

        def back() -> None:
            saved.table.low = old

        self._save(typed, back)
        return self._outcome([f"Low piles, {text.plural(saved.table.low, 'card')} or fewer."], changed=True, by=by)

    def close(self) -> Outcome:
        """Put the table away: saved once more when this process holds it (the caller forgets it after)."""
        name = self.saved.name
        if self.held is None:
            return self._outcome([f"Table {name} put away. Type table load {name} to return."])
        self._save("table close", lambda: None)
        return self._outcome([f"Table {name} put away and saved. Type table load {name} to return."])

    # Questions: nothing changes.
    def turn(self) -> Outcome:
        state = self.table.state
        return self._outcome([text.turn_line(state) if state.over is None else f"Game over, {state.over}."])

    def score(self, player: int | None = None) -> Outcome:
        table = self.table
        return self._outcome(text.score_lines(table) if player is None else text.player_score_lines(table, player))

    def log(self, n: int) -> Outcome:
        """The last ``n`` entries, oldest first."""
        table = self.table
        if not table.entries:
            return self._outcome(["Nothing recorded yet.", "Type buy, gain, trash or play."])
        said = []
        replay = Table(table.setup, low=table.low)
        for entry in table.entries:
            said.append(text.describe(replay, entry, replay.state))
            replay.record(entry)
        shown = said[-n:]
        if len(shown) == len(said):
            head = "The only entry." if len(said) == 1 else f"All {len(said)} entries."
        else:
            head = f"Last {len(shown)} entries of {len(said)}." if len(shown) > 1 else f"Last entry of {len(said)}."
        return self._outcome([head] + [f"{line[0].upper()}{line[1:]}." for line in shown])

    def piles(self, low_first: bool = False) -> Outcome:
        return self._outcome(text.piles_lines(self.table, low_first=low_first))

    def pile(self, card: Card) -> Outcome:
        return self._outcome([text.pile_line(self.table, card)])

    def cards(self, player: int) -> Outcome:
        """A player's cards: the starting deck, plus every gain, minus every trash."""
        state = self.table.state
        name = self.table.players[player]
        return self._outcome([f"{name} has {text.plural(state.deck_size(player), 'card')}.",
                              f"{text.deck_said(state.decks[player])}."])

    def status(self, named: bool = True) -> Outcome:
        """Whose turn it is, this turn's counts and the piles."""
        return self._outcome(text.status_lines(self.title or self.saved.name, self.table, named=named))
