"""Italian articles before a figure: *il 52,5%*, but *l'8,0%*, *l'11%*, *l'89,0%* and *lo 0,5%*.

An Italian article (and a preposition joined with it: *nel*, *del*, *al*, *dal*, *sul*) takes the form of the
word that follows as it is read aloud: a figure read with a vowel (*uno*, *otto*, *undici*, *ottanta…*) takes
*l'*, one read with *z* (*zero*) takes *lo*, the others *il*. A page whose figures come from the data file
cannot know which: the statistics hook writes the form that fits (``agree``), and the rendered-sentence check
finds a form that does not (``disagreements``).
"""

from __future__ import annotations

import re

#: Each article's three forms: before a consonant, before z (zero), before a vowel.
FORMS = {
    "il": ("il", "lo", "l'"),
    "nel": ("nel", "nello", "nell'"),
    "del": ("del", "dello", "dell'"),
    "al": ("al", "allo", "all'"),
    "dal": ("dal", "dallo", "dall'"),
    "sul": ("sul", "sullo", "sull'"),
    "i": ("i", "gli", "gli"),
    "dei": ("dei", "degli", "degli"),
    "nei": ("nei", "negli", "negli"),
    "ai": ("ai", "agli", "agli"),
    "dai": ("dai", "dagli", "dagli"),
    "sui": ("sui", "sugli", "sugli"),
}
#: Every form, back to its article: "nell'" -> "nel".
ARTICLE_OF = {form: article for article, forms in FORMS.items() for form in forms}
_WORDS = "|".join(sorted((re.escape(form) for form in ARTICLE_OF), key=len, reverse=True))
#: An article and the figure after it: "il 8,0%", "nell'89,0 %", "gli 11".
BEFORE_FIGURE = re.compile(r"(?<![\w'’])(?P<article>" + _WORDS + r")(?P<space>\s*)(?P<figure>\d[\d.,\u00a0]*)", re.I)


def sound(figure: str) -> int:
    """How an Italian reads a figure's start: 0 a consonant (*due*, *cinquanta*, *mille*), 1 a z (*zero*),
    2 a vowel (*uno*, *otto*, *undici*, *ottanta*, *ottocento*, *undicimila*, *un milione*)."""
    whole = re.sub(r"[.\u00a0]", "", re.match(r"[\d.\u00a0]*", figure.split(",")[0]).group(0))
    if not whole.isdigit():
        return 0
    number = int(whole)
    if number == 0:
        return 1
    if whole[0] == "8" or number in (1, 11) or 11_000 <= number < 12_000 or 1_000_000 <= number < 2_000_000:
        return 2
    return 0


def _cased(form: str, like: str) -> str:
    return form[:1].upper() + form[1:] if like[:1].isupper() else form


def agree(article: str, figure: str) -> str:
    """``article`` in the form that goes before ``figure``, with the space it needs: ``agree("il", "8,0%")``
    is ``"l'"``, ``agree("nel", "52,5%")`` is ``"nel "``."""
    base = ARTICLE_OF[article.lower().replace("’", "'")]
    form = FORMS[base][sound(figure)]
    return _cased(form, article) + ("" if form.endswith("'") else " ")


def disagreements(text: str) -> list[str]:
    """Every article in ``text`` whose form does not fit the figure after it ("il 89,0%", "i 8")."""
    found = []
    for match in BEFORE_FIGURE.finditer(text.replace("’", "'")):
        article, figure = match["article"], match["figure"]
        wanted = agree(article, figure)
        if article + match["space"] != wanted and not (article + match["space"]).startswith(wanted.rstrip()):
            found.append(match.group(0))
    return found
