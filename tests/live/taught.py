"""A stand-in for the vision pipeline that records what the live loop teaches it (``VisionPipeline.confirm``)."""


class TaughtPipeline:
    """Records each state the loop confirms to vision, with the slots and supply zones it held back."""

    def __init__(self, players):
        self.players = tuple(players)
        self.taught = []

    def confirm(self, frame, view, *, doubted=()):
        self.taught.append((view, set(doubted)))
