"""The Practice page's ops for sniff (served as ``sniff.practice_make`` and ``sniff.practice_check``).

The page serves the exercises of its build-time bank at once; when the bank runs
out, or for an exercise opened by its link that the bank does not hold, its worker
asks the engine for it here and checks the answers here: the same data as the bank
and the command line (``engine.sniff.render.practice``), so they cannot disagree.
"""

from __future__ import annotations

from ...core.sessions import check_language

# The renderer is imported by the first call, not when the worker starts (the boards' start stays as quick).


def practice_make(kind: str, seed: int, lang: str = "en", rules: str | None = None) -> dict:
    """The exercise ``kind`` number ``seed``, with its words in ``lang``, diagrams and page data."""
    from ..render.practice import exercise_json

    return exercise_json(kind, seed, check_language(lang), *(() if rules is None else (rules,)))


def practice_check(kind: str, seed: int, answer: object, lang: str = "en", rules: str | None = None) -> dict:
    """``{"right": bool, "answer": the engine's answer}`` for the page's answer or the command's form."""
    from ..render.practice import check_answer

    check_language(lang)
    return check_answer(kind, seed, answer, *(() if rules is None else (rules,)))
