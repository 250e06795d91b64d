"""The model reconciler (companion/reconciler/model_reconciler.py) and its measured observation model: what a player
notices — whole games followed without a wrong move or a false alarm, an illegal build alerted in the engine's words,
a move taken back on the tablet not redone from the same frames — and that the model's numbers are measured, not
chosen (fitted from collected readings, shipped with the Caylus pack, saved and loaded as they were)."""

import copy
import json
import math

import pytest

from companion.reconciler.model_reconciler import ModelReconciler
from companion.reconciler.observation_model import FORMAT, ReadingModel, Table, fit, reading_model
from companion.reconciler.replay import TrueGame, run, summary, wrong_commits
from companion.reconciler.search import state_fingerprint
from companion.reconciler.synthetic import Noise, record_game
from companion.session import Journal, Session
from tests.reconciler.table import hand_over, kinds, session_at, show
from tests.reconciler.test_injections import carpenter, farm_built_without_food  # noqa: F401  (fixture)


def spell(slots, easy=0, game=(2, 1, "train")):
    return {"game": list(game), "slots": slots, "easy_empty": easy, "supplies": {}, "coins": {}}


def slot(truth, read, confirmed=None, behind=False, leaning=None, change=None):
    return {"truth": truth, "confirmed": truth if confirmed is None else confirmed, "read": read,
            "behind": behind, "leaning": leaning or {}, "change": change}


def test_the_fitted_model_says_what_the_collected_readings_say():
    # one spell per game: no spell before, so every reading is in the context "not known how it read before"
    lines = [spell({"a": slot("worker:red", {"worker:red": 0.99})}, easy=50, game=(2, n, "train")) for n in range(40)]
    lines += [spell({"a": slot("worker:red", {"": 0.95, "worker:red": 0.05})}, game=(2, 100 + n, "train"))
              for n in range(10)]
    model = fit(lines)
    seen_well = model.slot_loglik({"worker:red": 0.99}, "worker:red", "worker:red", [], False, "none")
    missed = model.slot_loglik({"": 0.95, "worker:red": 0.05}, "worker:red", "worker:red", [], False, "none")
    phantom = model.slot_loglik({"worker:red": 0.99}, "", "", [], False, "b6")
    assert seen_well > missed > phantom, "a piece seen is likelier than one missed; a piece read on nothing, least"
    assert abs(missed - seen_well - math.log(10 / 40)) < 0.3, "one miss for four sightings, as counted"


def test_a_surely_empty_slot_beside_a_change_reads_as_likely_as_one_alone():
    # the collector only counts the easy empty slots (empty, unchanged, read empty surely), apart for those in a place
    # where another slot changed: a story that changes one slot of a place must not pay for its empty neighbours
    lines = [{**spell({"road.1.worker": slot("worker:red", {"worker:red": 0.99}, confirmed=""),
                       "road.1.provost": slot("", {"": 0.96, "provost": 0.04})}, easy=60,
                      game=(2, n, "train")), "easy_empty_near": 6} for n in range(40)]
    model = fit(lines)
    beside = model.slot_loglik({"": 1.0}, "", "", [], False, "b6", near=True)
    alone = model.slot_loglik({"": 1.0}, "", "", [], False, "b6", near=False)
    assert abs(beside - alone) < 0.3


def test_a_context_holding_just_the_readings_of_its_coarser_one_counts_them_once():
    rare, common = {"miss": 0.0, "seen": 500.0}, {"miss": 0.0, "seen": 5000.0}
    table = Table({"provost|changed|near": dict(rare), "provost|changed": dict(rare), "": dict(common)}, outcomes=2)
    assert table.probability(["provost|changed|near", "provost|changed", ""], "miss") == \
        pytest.approx(table.probability(["provost|changed", ""], "miss"))


def test_the_model_is_saved_and_loaded_as_it_was():
    model = fit([spell({"a": slot("disc:red", {"disc:red": 0.8, "": 0.2})}, easy=3)])
    again = ReadingModel.from_json(json.loads(json.dumps(model.to_json())))
    assert again.to_json() == model.to_json()
    with pytest.raises(ValueError, match=FORMAT):
        ReadingModel.from_json({"format": "something else"})


def test_caylus_ships_reliabilities_measured_on_rendered_games_of_another_look_than_the_one_measured():
    model = reading_model("caylus")
    assert model is not None and " look" in model.source and "holdout" not in model.source
    assert model.slot_loglik({"worker:red": 0.99}, "worker:red", "", [], False) > \
        model.slot_loglik({"worker:red": 0.99}, "", "", [], False) + 5


def test_a_spots_picture_change_tells_a_piece_put_down_from_none_as_counted():
    # moved spots: the picture changed far in 9 of 10 spells; kept spots: in 1 of 20
    lines = [spell({"a": slot("provost", {"provost": 0.99}, confirmed="", change=130.0 if n % 10 else 10.0)},
                   game=(2, n, "train")) for n in range(100)]
    lines += [spell({"a": slot("", {"": 0.99}, change=130.0 if n % 20 == 0 else 10.0)}, game=(2, 1000 + n, "train"))
              for n in range(200)]
    model = fit(lines)
    put_down = model.change_loglik(130.0, {"": 0.99}, "provost", [], moved=True, near=False)
    none = model.change_loglik(130.0, {"": 0.99}, "", [], moved=False, near=False)
    assert put_down - none > 1.5, "a picture that changed far says a piece was put down, even one read as nothing"
    assert model.change_loglik(10.0, {"": 0.99}, "", [], moved=False, near=False) > \
        model.change_loglik(10.0, {"": 0.99}, "provost", [], moved=True, near=False), "an unchanged one, the opposite"
    unmeasured = fit([spell({"a": slot("provost", {"provost": 0.99})})])
    assert unmeasured.change_loglik(130.0, {"": 0.99}, "provost", [], moved=True, near=False) == 0.0, \
        "no picture changes measured: no witness"


def test_caylus_ships_picture_change_odds_that_see_a_provost_the_slot_model_missed():
    model = reading_model("caylus")
    missed_but_changed = model.change_loglik(130.0, {"": 1.0}, "provost", [], moved=True, near=False)
    read_empty_and_kept = model.change_loglik(130.0, {"": 1.0}, "", [], moved=False, near=False)
    assert missed_but_changed - read_empty_and_kept > math.log(10)
    assert model.change_loglik(12.0, {"": 1.0}, "", [], moved=False, near=False) - \
        model.change_loglik(12.0, {"": 1.0}, "provost", [], moved=True, near=False) > math.log(10)


def test_a_table_adapted_model_still_holds_an_error_never_seen_in_thousands_of_readings_rare():
    lines = [spell({"a": slot("worker:red", {"worker:red": 0.999})}, easy=0, game=(2, n, "train")) for n in range(3000)]
    measured = fit(lines)
    adapted = measured.adapted(200)
    right = ({"worker:red": 0.999}, "worker:red", "worker:red", [], False, "none")
    phantom = ({"worker:red": 0.999}, "", "", [], False, "none")
    for model in (measured, adapted):
        assert model.slot_loglik(*right) - model.slot_loglik(*phantom) > math.log(3000), \
            "a sure reading on an empty slot was never seen in 3,000 readings: far less likely than a right one"


@pytest.mark.parametrize("players, seed", [(["red", "blue"], 21), (["red", "blue", "green", "yellow"], 22)])
def test_a_filmed_game_is_followed_to_the_end_without_a_wrong_move_or_a_false_alarm(players, seed):
    recording = record_game("caylus", players, seed=seed, noise=Noise.clean(), blocked_rate=0.15, max_decisions=80)
    session = Session.new(Journal(":memory:"), game="caylus", players=players, seed=seed)
    result = run(session, recording.observations, answers=recording.actions, reconciler=ModelReconciler)
    figures = summary(result, recording.actions)
    assert figures["wrong_commits"] == 0
    assert session.alerts == []
    assert session.actions == recording.actions
    assert figures["by_camera"] >= 0.7 * len(recording.actions), "most moves come from the camera, not questions"


def test_an_illegal_build_is_alerted_in_the_engines_words_and_the_game_waits(carpenter):  # noqa: F811
    session, _ = carpenter
    state = session.state
    reconciler = ModelReconciler(session)
    show(reconciler, state.table_view(), frames=4, start=9_500)
    hand_over(reconciler, state.table_view())
    bad, square = farm_built_without_food(state)
    outcomes = show(reconciler, bad, frames=12)
    assert kinds(outcomes) == ["alert"]
    assert outcomes[0].message == "Red can't build the Farm (food): Red has too few food"
    assert outcomes[0].place == f"road.{square}"
    assert session.state is state, "nothing committed"
    assert kinds(show(reconciler, bad, frames=6, start=11_000)) == [], "the game waits, without a second alert"


def test_a_move_taken_back_on_the_tablet_is_not_redone_from_the_same_frames():
    session, actions = session_at(["red", "blue"], seed=5, decisions=0)
    reconciler = ModelReconciler(session)
    before = session.state
    show(reconciler, before.table_view(), frames=4, start=9_500)
    hand_over(reconciler, before.table_view())
    after = before.apply(actions[0])
    outcomes = show(reconciler, after.table_view(), frames=6)
    assert kinds(outcomes)[:1] == ["commit"] and session.actions == [actions[0]]
    session.undo()
    outcomes = show(reconciler, after.table_view(), frames=10, start=12_000)
    assert "commit" not in kinds(outcomes) and session.actions == []
    assert reconciler.open_prompt is not None and reconciler.open_prompt.actions[0] == actions[0], \
        "asked, with the move the table shows offered first"


def _bailiff_moved_on(view):
    """``view`` with the bailiff one square further down the road (no placement moves it)."""
    moved = copy.deepcopy(view)
    square = next(slot for slot in moved.slots if slot.endswith(".bailiff"))
    number = int(square.split(".")[1])
    moved.slots[f"road.{number + 1}.bailiff"] = moved.slots.pop(square)
    return moved


def test_a_table_no_story_searched_explains_holds_the_commit_until_it_is_explained():
    # the camera reads a placement, and the bailiff a square on: no story within the search's bounds moves it, so
    # the table is not as any story has it (the players went further than the search, or something illegal
    # happened): nothing is committed until the table is as a story has it again
    session, actions = session_at(["red", "blue"], seed=5, decisions=0)
    reconciler = ModelReconciler(session)
    before = session.state
    show(reconciler, before.table_view(), frames=4, start=9_500)
    hand_over(reconciler, before.table_view())
    after = before.apply(actions[0])
    assert after.table_view().slots != before.table_view().slots, "the first move is seen on the table"
    outcomes = show(reconciler, _bailiff_moved_on(after.table_view()), frames=8)
    assert "commit" not in kinds(outcomes) and session.actions == []
    hand_over(reconciler, after.table_view(), start=11_000)
    outcomes = show(reconciler, after.table_view(), frames=6, start=12_000)
    assert kinds(outcomes)[:1] == ["commit"] and session.actions == [actions[0]]


def test_players_who_go_on_before_a_commit_are_followed_from_what_the_table_showed():
    # each still view lasts one frame before the next hand (the players don't wait for the companion): four moves
    # show, then seven; seven visible moves are beyond the usual search from the committed state, but the search
    # goes on from the four the table showed, and two still views that agree are enough to commit them
    session, actions = session_at(["red", "blue", "green"], seed=7, decisions=0)
    reconciler = ModelReconciler(session)
    states = [session.state]
    for action in actions[:7]:
        states.append(states[-1].apply(action))
    assert all(later.table_view().to_json() != earlier.table_view().to_json()
               for earlier, later in zip(states, states[1:])), "every one of the seven moves is seen"
    show(reconciler, states[0].table_view(), frames=4, start=9_500)
    hand_over(reconciler, states[0].table_view())
    assert show(reconciler, states[4].table_view(), frames=1, start=10_000) == []
    hand_over(reconciler, states[4].table_view(), start=10_100)
    show(reconciler, states[7].table_view(), frames=1, start=10_200)
    assert state_fingerprint(session.state) == state_fingerprint(states[4]), \
        "the four moves both views show are committed (in either order of a player's two placements)"
    hand_over(reconciler, states[7].table_view(), start=10_300)
    show(reconciler, states[7].table_view(), frames=2, start=10_400)
    assert state_fingerprint(session.state) == state_fingerprint(states[7])
    assert session.alerts == []
