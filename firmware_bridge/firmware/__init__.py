"""Reference firmware for the own protocol (MicroPython). ``led_core`` is plain Python shared by the
board and the tests; ``main.py`` is the thin hardware layer copied to the board."""
