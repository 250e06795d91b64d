import cv2
import numpy as np

from vision.stability import HandDetector, MotionGate, skin_mask


def board(seed=0):
    rng = np.random.default_rng(seed)
    picture = cv2.resize(rng.integers(40, 220, (8, 6, 3), dtype=np.uint8), (210, 283), interpolation=cv2.INTER_CUBIC)
    return cv2.GaussianBlur(picture, (5, 5), 0)


def draw_arm(picture, tone=(120, 150, 200)):
    arm = picture.copy()
    cv2.line(arm, (0, 140), (110, 150), tone, 28)
    cv2.circle(arm, (115, 150), 22, tone, -1)
    return arm


def test_motion_gate_waits_for_calm_frames_after_movement():
    gate = MotionGate(quiet_frames=3)
    still = board()
    moved = np.roll(still, 12, axis=1)
    results = [gate.update(f) for f in (still, still, still, moved, still, still, still, still)]
    # the move, then the move back, then three calm frames
    assert results == [False, False, True, False, False, False, False, True]


def test_a_hand_over_the_board_is_found_and_a_small_piece_is_not():
    reference = board()
    detector = HandDetector(reference, min_area_px=800)
    with_piece = reference.copy()
    cv2.circle(with_piece, (60, 60), 9, (30, 40, 200), -1)   # a red worker: small, not skin
    assert not detector.read(with_piece).occluded
    reading = detector.read(draw_arm(with_piece))
    assert reading.occluded
    assert reading.mask[150, 110] and not reading.mask[20, 190]


def test_every_skin_tone_of_the_renderer_reads_as_skin():
    for tone in [(150, 180, 225), (120, 150, 200), (90, 120, 170), (60, 85, 130), (140, 170, 215), (75, 100, 150)]:
        patch = np.full((4, 4, 3), tone, np.uint8)
        assert skin_mask(patch).all(), tone


def test_accepting_a_state_makes_its_pieces_part_of_the_background():
    reference = board()
    detector = HandDetector(reference, min_area_px=800)
    tiles = reference.copy()
    cv2.rectangle(tiles, (20, 20), (120, 120), (120, 150, 200), -1)   # a big skin-coloured patch of tiles
    assert detector.read(tiles).occluded
    detector.accept(tiles)
    assert not detector.read(tiles).occluded



def view_ending_at(column, shape=(283, 210)):
    """What the camera sees of the picture (255): everything left of ``column``."""
    seen = np.zeros(shape, np.uint8)
    seen[:, :column] = 255
    return seen


def test_an_arm_coming_in_from_the_edge_of_the_cameras_view_is_an_arm():
    # The camera sees only the left part of the picture: an arm over the board from the right comes in
    # from where the view ends, not from the picture's edge. It is grey (a sleeve), so only its
    # reaching in tells it from pieces.
    reference = board()
    reference[:, 160:] = 0
    detector = HandDetector(reference, min_area_px=800)
    sleeve = reference.copy()
    cv2.line(sleeve, (155, 150), (90, 150), (128, 128, 128), 30)
    assert not detector.read(sleeve).occluded, "wholly inside the picture and not skin: not a hand by itself"
    reading = detector.read(sleeve, view_ending_at(160))
    assert reading.occluded and reading.mask[150, 100]


def test_the_edge_of_the_cameras_view_shifting_is_not_an_arm():
    # A refined pose moves where the view ends by a pixel or two: a line of change all along it.
    reference = board()
    reference[:, 157:] = 0
    detector = HandDetector(reference, min_area_px=800)
    now = board()
    now[:, 160:] = 0
    assert not detector.read(now, view_ending_at(160)).occluded


def test_a_pile_of_cubes_cut_by_the_edge_of_the_view_is_no_arm():
    # The camera's view ends across a supply zone: the pile of cubes that appeared there touches the
    # edge of the view. Where pieces rest, that edge is no way in for an arm.
    reference = board()
    reference[:, 160:] = 0
    pile = reference.copy()
    cv2.rectangle(pile, (120, 120), (159, 180), (30, 30, 200), -1)
    assert HandDetector(reference, min_area_px=800).read(pile, view_ending_at(160)).occluded
    supply_zone = np.zeros(reference.shape[:2], np.uint8)
    supply_zone[100:200, 110:190] = 255
    detector = HandDetector(reference, min_area_px=800, resting=supply_zone)
    assert not detector.read(pile, view_ending_at(160)).occluded
