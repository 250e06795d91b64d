"""Issue 71's command-line points: a port in use, the LAN address and warning, plain --help texts."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time

import pytest

from companion.cli import build_parser, main
from tests.served import served_lines


@pytest.fixture
def busy_port():
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    yield holder.getsockname()[1]
    holder.close()


@pytest.mark.parametrize("command", [["serve"], ["demo", "--pace", "0"]])
def test_a_port_in_use_is_the_commands_own_message_and_exit_2(command, busy_port, tmp_path, capsys):
    extra = ["--data-dir", str(tmp_path)] if command[0] == "serve" else []
    assert main([*command, "--port", str(busy_port), *extra]) == 2
    err = capsys.readouterr().err
    assert f"companion {command[0]}: cannot listen on 127.0.0.1:{busy_port}" in err
    assert "is in use by another program" not in err          # Werkzeug's own message


def test_serving_on_every_interface_prints_the_lan_address_and_a_warning(tmp_path):
    lines = served_lines(["--host", "0.0.0.0", "--port", "0", "--data-dir", str(tmp_path)], until=("Press Ctrl+C",))
    text = "\n".join(lines)
    from companion.web.security import lan_addresses
    tablet = [line for line in lines if line.startswith("On the tablet: http://")]
    if lan_addresses():
        assert tablet and not any("127.0.0.1" in line or "0.0.0.0" in line for line in tablet), text
    else:
        assert "none found here" in text
    warnings = [line for line in lines if line.startswith("Warning:")]
    assert len(warnings) == 1 and "network you trust" in warnings[0]
    assert re.search(r"Pairing PIN: \d{6}", text)


def test_help_texts_have_no_restructuredtext_backticks_and_replay_a_description(capsys):
    parser = build_parser()
    subparsers = next(action for action in parser._actions if isinstance(action, type(parser._subparsers._actions[-1])))
    for name, subparser in subparsers.choices.items():
        text = subparser.format_help()
        assert "`" not in text, name
        assert subparser.description, name
    replay = subparsers.choices["replay"].description
    assert "recorded game through the reconciler" in replay


@pytest.mark.parametrize("protocol", ["own", "wled", "adalight"])
def test_the_leds_can_be_tried_without_hardware_on_an_emulated_board(protocol, capsys):
    assert main(["leds", "--port", "virtual", "--protocol", protocol, "--test"]) == 0
    assert "shows the test pattern" in capsys.readouterr().out


def test_the_demo_drives_an_emulated_board_with_one_command(tmp_path):
    import json
    import urllib.request

    demo = subprocess.Popen([sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())",
                             "demo", "--leds", "virtual", "--port", "0", "--pace", "0.2"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    try:
        while True:
            line = demo.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip())
            if line.startswith("Press Ctrl+C"):
                break
        url = next(line.split(": ", 1)[1] for line in lines if line.startswith("Tablet UI: "))
        deadline = time.monotonic() + 20
        link = None
        while time.monotonic() < deadline:
            link = json.load(urllib.request.urlopen(url + "api/live", timeout=5)).get("leds_link")
            if link and link.get("state") == "connected" and link.get("frames_sent"):
                break
            time.sleep(0.2)
    finally:
        demo.terminate()
        demo.wait(timeout=10)
    assert any(line.startswith("LED board: emulated") for line in lines), lines
    assert link and link["state"] == "connected" and link["frames_sent"] > 0, link
