"""A rule refusal the camera raises in a Caylus game, for the tests of what the tablet says of it."""

from companion.reconciler.evidence import ViewDiff, VisibleView
from companion.reconciler.explain import explain_illegal


def raise_second_worker_on_the_gate(session):
    """A worker goes on the Gate, then the camera sees the next player's worker there too: the engine's refusal
    (``refusals.taken``) is raised as an alert on ``session``; returns the finding."""
    gate = next(o.action for o in session.state.pending().options if o.action.arg("place") == "gate")
    session.decide(gate, source="camera")
    state = session.state
    mover = state.colours[state.pending().player]
    finding = explain_illegal("caylus", state, ViewDiff({"gate.worker": f"worker:{mover}"}, {}), state.colours,
                              VisibleView.of(state.table_view()))
    session.raise_alert(finding.message, player=finding.player, place=finding.place, rule=finding.rule,
                        key=finding.key, values=finding.values)
    return finding
