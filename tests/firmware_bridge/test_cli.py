"""``companion leds`` as a user runs it: real ports (pty devices, loop://), clear messages, exit codes."""


import pytest

from companion.cli import main
from firmware_bridge.render import calibration_pattern
from firmware_bridge.virtual_device import ENGINES, VirtualDevice


def test_list_exits_zero_and_prints_something(capsys):
    assert main(["leds", "--list"]) == 0
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize("protocol", ["own", "wled", "adalight"])
def test_test_pattern_is_accepted_by_each_kind_of_device(protocol, tmp_path, capsys):
    engine = ENGINES[protocol](60)
    with VirtualDevice(engine, tmp_path / "ttyACM0") as device:
        code = main(["leds", "--port", str(device.path), "--protocol", protocol, "--test", "--leds", "60",
                     "--brightness", "0.5"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "test pattern" in out.out
    assert calibration_pattern(60, 0.5) in engine.history


def test_missing_port_is_a_clear_failure(tmp_path, capsys):
    assert main(["leds", "--port", str(tmp_path / "ttyUSB9"), "--test"]) == 1
    err = capsys.readouterr().err
    assert "no such port" in err and "Traceback" not in err


def test_loopback_url_opens_but_is_not_an_led_device(capsys):
    assert main(["leds", "--port", "loop://", "--protocol", "own", "--test"]) == 1
    assert "loopback" in capsys.readouterr().err


def test_busy_port_is_reported(tmp_path, capsys):
    import serial
    with VirtualDevice(ENGINES["own"](44), tmp_path / "ttyACM0") as device:
        holder = serial.serial_for_url(str(device.path), exclusive=True)
        try:
            assert main(["leds", "--port", str(device.path), "--test"]) == 1
        finally:
            holder.close()
    assert "in use" in capsys.readouterr().err


def test_bad_mapping_and_bad_arguments_exit_two(tmp_path, capsys):
    broken = tmp_path / "map.json"
    broken.write_text("{")
    assert main(["leds", "--port", "loop://", "--test", "--mapping", str(broken)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert main(["leds", "--port", "loop://"]) == 2


def test_the_strip_length_comes_from_the_game_named(tmp_path, capsys):
    from companion.games import registry
    from tests.games import nim

    with VirtualDevice(ENGINES["own"](44), tmp_path / "ttyACM0") as device:
        assert main(["leds", "caylus", "--port", str(device.path), "--test"]) == 0
        assert calibration_pattern(44, 0.4) in device.engine.history
    registry.register(nim.PACK)
    try:
        assert main(["leds", "nim", "--port", "loop://", "--test"]) == 2
        assert "Nim has no LED mapping of its own" in capsys.readouterr().err
    finally:
        registry.unregister("nim")
