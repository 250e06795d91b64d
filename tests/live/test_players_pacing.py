"""How the simulated table's players pace their moves: they wait for the companion between moves, except for their own
follow-up (the favour a paid joust earns), which they take at once, as players do at a real table."""

from companion.live.simulated_table import SimulatedWorld
from companion.session import Journal, Session

TWO = ["red", "blue"]


def play_until(world, session, stop, frames=4_000):
    """Read frames; a companion that takes in every move at once, except from the move ``stop`` accepts on."""
    for _ in range(frames):
        world.read()
        if world.actions and stop(world.actions[-1]):
            return
        for action in world.actions[len(session.actions):]:
            session.decide(action, source="camera")
    raise AssertionError("the players never made that move")


def test_the_favour_is_taken_without_waiting_for_the_companion():
    """Seed 401: blue pays the joust at decision 78. The companion has not taken it in, yet blue moves its favour disc;
    then the players wait, since red's move comes next."""
    session = Session.new(Journal(":memory:"), game="caylus", players=TWO, seed=401)
    world = SimulatedWorld(lambda: session, bots=set(TWO), seed=401, size=(320, 180), domain="holdout",
                           adopt_bot_decisions=False)
    play_until(world, session, lambda action: action.kind == "joust" and not action.arg("skip"))
    joust = len(world.actions) - 1
    for _ in range(60):
        world.read()
    assert len(session.actions) == joust, "the companion was never told of the joust"
    blue, follow_ups = world.actions[joust].player, world.actions[joust + 1:]
    assert follow_ups and follow_ups[0].kind == "favour", "blue did not take its favour"
    assert all(a.player == blue and a.kind.startswith("favour") for a in follow_ups), \
        "another player moved before the companion caught up"
