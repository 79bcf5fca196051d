"""The Practice page's ops for okey (served as ``okey.practice_make`` and ``okey.practice_check``).

The page serves the exercises of its build-time bank at once; when the bank runs
out, or for an exercise opened by its link that the bank does not hold, its worker
asks the engine for it here and checks the answers here (``engine.core.sessions.practice_ops``).
"""

from __future__ import annotations

from ...core.sessions import practice_ops

practice_make, practice_check = practice_ops("engine.okey.render.practice")
