"""What a braille reference card says, in print, before translation: blocks of text with a format.

A card reads: its name and cost as a centred heading, then its types, then each line of its text;
text below the card's dividing line comes after a separation line. The words come from the card data
(``companion.cards``), written for the ear: "3 coins", "1 VP".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from companion.cards import Card


class Style(Enum):
    """How a block is laid out on the page (after the formats of braille transcription)."""

    HEADING = "heading"  # centred; a long heading runs over onto centred lines
    ITEM = "item"  # starts in cell 1; runover lines start in cell 3
    SEPARATOR = "separator"  # a line of dots 2-5 cells, for the card's dividing line
    BLANK = "blank"  # an empty line


@dataclass(frozen=True, slots=True)
class Block:
    """One paragraph of print and how it is formatted."""

    style: Style
    text: str = ""

    def __str__(self) -> str:
        return self.text


SEPARATOR = Block(Style.SEPARATOR)
BLANK = Block(Style.BLANK)


def coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def heading(card: Card) -> str:
    """``Village, cost 3 coins``."""
    return f"{card.name}, cost {coins(card.cost)}"


def card_blocks(card: Card) -> tuple[Block, ...]:
    """A card's reference text: heading, types, text, and text below the line after a separator."""
    blocks = [Block(Style.HEADING, heading(card)), Block(Style.ITEM, ", ".join(card.types))]
    blocks += [Block(Style.ITEM, line) for line in card.text]
    if card.below_line:
        blocks.append(SEPARATOR)
        blocks += [Block(Style.ITEM, line) for line in card.below_line]
    return tuple(blocks)


def card_words(card: Card) -> list[str]:
    """Every paragraph of a card's reference text, in order (what a reader of the braille should get)."""
    return [b.text for b in card_blocks(card) if b.text]


def title_blocks(title: str, cards: Sequence[Card], pages: Sequence[int], platinum_colony: bool) -> tuple[Block, ...]:
    """The title page: what this is, which kingdom, and where each card's page is."""
    blocks = [Block(Style.HEADING, "Dominion reference cards"), BLANK, Block(Style.ITEM, f"Kingdom: {title}.")]
    if platinum_colony:
        blocks.append(Block(Style.ITEM, "With Platinum and Colony."))
    blocks.append(Block(Style.ITEM, f"{len(cards)} cards."))
    blocks += [BLANK, Block(Style.HEADING, "Contents")]
    blocks += [Block(Style.ITEM, f"{card.name}, page {page}") for card, page in zip(cards, pages)]
    return tuple(blocks)
