"""A cube dropped on a pile of its kind may not show from above: a supply that differs from the rules by one such
cube raises no reminder (held-out 2 players, seed 249, decision 90: "Red's supply is not up to date: +1 food", for a
food red had taken onto its one food). A cube of a kind the seat had none of is still reminded when not taken."""

import copy

from companion.reconciler import Reconciler
from tests.reconciler.table import session_at, show
from companion.games.caylus.data import CUBES as CUBE_TYPES


def after_red_gains(seed, held_before):
    """A bot game right after a decision that gave red exactly one cube of one type, of which red had ``held_before``
    (``"some"`` or ``"none"``); with red's supply as it was before that decision."""
    session, actions = session_at(["red", "blue"], seed=seed, decisions=0)
    while True:
        before = session.state.cubes[0]
        session.decide(actions[len(session.actions)])
        gained = [k for k in range(len(CUBE_TYPES)) if session.state.cubes[0][k] != before[k]]
        if len(gained) == 1 and session.state.cubes[0][gained[0]] - before[gained[0]] == 1 \
                and (before[gained[0]] >= 1) == (held_before == "some"):
            return session, dict(zip(CUBE_TYPES, before))


def supply_reminders(outcomes):
    return [o for o in outcomes if o.kind in ("reminder", "alert") and "supply" in o.message]


def shown_with_red_as_before(session, red_before):
    view = copy.deepcopy(session.state.table_view())
    view.supplies["red"] = {**view.supplies["red"], **red_before}
    return show(Reconciler(session), view)


def test_one_cube_more_on_a_pile_of_its_kind_is_no_reminder():
    session, red_before = after_red_gains(seed=6, held_before="some")
    assert not supply_reminders(shown_with_red_as_before(session, red_before))


def test_a_first_cube_of_its_kind_not_taken_is_still_a_reminder():
    session, red_before = after_red_gains(seed=6, held_before="none")
    reminders = supply_reminders(shown_with_red_as_before(session, red_before))
    assert reminders and "Red's supply is not up to date: +1" in reminders[0].message
