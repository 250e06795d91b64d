"""A building read as nothing does not stop vision learning an answered move (held-out look, 5 players, seed 306,
decision 100).

Blue's workshop was answered on the tablet. The gold mine on road 16 read as nothing (0.6-0.75) in three still frames
of four, and the two still frames before yellow's next hand fell on such frames: they "disagreed" with the answered
state, so vision first learned the workshop after yellow's hand, with yellow's worker on it (read as black, 0.49, on
the building's art). The circle was learned empty with the worker in it, and yellow's placement was asked. No move
takes a building off the board, so that reading is a misread, not a move the rules don't know of. (Here: the
2-player live bots of seed 408, their move after 30 decisions answered, and the clean synthetic camera.)"""

from dataclasses import replace

from tests.live.taught import taught_after_an_answer

PLAYERS = ("red", "blue")


def _taught_reading(slot_of, reading):
    """What the loop teaches vision once the bots' move after 30 decisions is answered, the still table then read as
    the answered state but for the slot ``slot_of(readings)`` names, read as ``reading(its reading)``."""
    def film(session, cam):
        view = session.state.table_view()
        for index in range(2):
            frame = cam.read(view, 2_000 + index)
            slot = slot_of(frame.slots)
            yield replace(frame, slots={**frame.slots, slot: reading(frame.slots[slot])})
    return taught_after_an_answer(PLAYERS, 408, 30, film)


def _a_building(readings):
    """The first building the still table shows (a tile slot read as a tile)."""
    return next(slot for slot, read in sorted(readings.items()) if slot.endswith(".tile") and max(read, key=read.get))


def _an_empty_lot(readings):
    """The first road square the still table shows with no building."""
    return next(slot for slot, read in sorted(readings.items()) if slot.startswith("road.") and slot.endswith(".tile")
                and not max(read, key=read.get))


def test_a_building_read_as_nothing_still_lets_the_answer_be_learned():
    taught, _ = _taught_reading(_a_building, lambda read: {"": 0.7, max(read, key=read.get): 0.3})
    assert taught, "a building read as nothing kept vision from learning the answered move"


def test_an_empty_lot_read_as_a_building_still_stops_it():
    taught, _ = _taught_reading(_an_empty_lot, lambda read: {"tile:farm": 0.7, "": 0.3})
    assert not taught, "a building the rules don't know of was learned as part of the answered state"
