"""A new game with other colours gets a new pipeline: the colours calibrated in Setup go with it."""

from companion.live import TableLoop, watching_pipeline
from companion.live.simulated_table import SimulatedWorld
from companion.session import Journal
from companion.web.desk import Desk
from vision.layout import load_layout


class Still:
    name = "still"

    def __init__(self, picture):
        self.picture, self.index = picture, 0

    def read(self):
        from vision.sources import Frame
        self.index += 1
        return Frame(self.index, self.picture, float(self.index))


def test_a_new_games_pipeline_keeps_the_setup_colours():
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue", "green", "yellow", "black"], seed=3, variants={}, guided=False)
    world = SimulatedWorld(lambda: desk.session, bots=[], seed=3, size=(640, 360), domain="demo")
    pictures = world.setup_pictures()
    pipeline = watching_pipeline(load_layout(), ("red", "blue", "green", "yellow", "black"), model=None)
    pipeline.seed_colours({"green": (60, 120, 40), "yellow": (25, 100, 190)})
    loop = TableLoop(desk, Still(pictures[-1]), pipeline)
    loop.set_reference(pictures)
    desk.new_game(game="caylus", players=["yellow", "blue"], seed=3, variants={}, guided=False)
    loop.step()
    assert loop.pipeline is not pipeline and loop.pipeline.players == ("yellow", "blue")
    assert list(loop.pipeline.colours.seen_bgr) == ["yellow"]
