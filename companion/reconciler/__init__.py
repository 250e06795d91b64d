"""The reconciler: the only place where vision meets rules (camera observations → the session's decisions).

* :mod:`.evidence`  — how well an expected view explains an observation (log-likelihood)
* :mod:`.search`    — legal decision sequences from the current state, grouped by look (exact enumeration within bounds)
* :mod:`.explain`   — illegal moves in the engine's words, forgotten steps
* :mod:`.perception` — what a game's pack tells the reconciler (its fixtures, explainer, destinations)
* :mod:`.reconciler` — the :class:`Reconciler`: commit, prompt, alert, remind
* :mod:`.synthetic` — a testing tool: noisy observations of a simulated table
* :mod:`.replay`    — the pipeline over a recorded game (``companion replay``)
"""

from .outcomes import Outcome
from .reconciler import Policy, Reconciler

__all__ = ["Outcome", "Policy", "Reconciler"]
