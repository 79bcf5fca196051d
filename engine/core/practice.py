"""What both games' practice exercises share: checking an answer the page gives through its picture.

An exercise's ``ui`` (``engine.<game>.render.practice``) says what the page asks for: the targets
to pick in the picture (one, or several with ``multi``) and the fields to fill in; ``expect`` holds
the right ones (a field that is None is not checked).
"""

from __future__ import annotations


def page_right(ui: dict, given: dict) -> bool:
    """Whether the page's answer ``given`` (``{"targets": [...], "fields": [...]}``) is the one ``ui`` expects."""
    targets, fields = given.get("targets"), given.get("fields")
    if not isinstance(targets, list) or not isinstance(fields, list):
        return False
    expect = ui["expect"]
    if ui.get("multi"):
        if sorted(map(str, targets)) != sorted(expect["targets"]):
            return False
    elif expect["targets"] is not None and (len(targets) != 1 or str(targets[0]) not in expect["targets"]):
        return False
    wanted = expect["fields"]
    if len(fields) != len(wanted):
        return False
    return all(
        w is None or (isinstance(f, int) and not isinstance(f, bool) and f == w)
        for f, w in zip(fields, wanted, strict=True)
    )
