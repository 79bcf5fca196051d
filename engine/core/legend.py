"""A diagram's legend, as both games' pictures carry it: its name and what each of its marks means."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Legend:
    """A legend in one language: ``label`` names it (the list's accessible name), ``rows`` say what each mark
    of the picture means, by the mark's kind, in the order the legend lists them. A picture lists only the
    rows of the marks it shows (``pick``)."""

    label: str
    rows: dict[str, str]

    def pick(self, kinds) -> list[tuple[str, str]]:
        """The rows of ``kinds``, in the legend's order: ``(kind, text)``."""
        wanted = set(kinds)
        return [(kind, text) for kind, text in self.rows.items() if kind in wanted]
