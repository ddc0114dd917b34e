"""Cards: the model, the YAML loader with validation, the catalogue and name resolution."""

from companion.cards.catalogue import Catalogue, catalogue, glossary, recommended_sets
from companion.cards.loader import CardDataError
from companion.cards.model import Card
from companion.cards.names import AmbiguousName, NameError_, UnknownName

__all__ = [
    "AmbiguousName", "Card", "CardDataError", "Catalogue", "NameError_", "UnknownName",
    "catalogue", "glossary", "recommended_sets",
]
