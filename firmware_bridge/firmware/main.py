# Reference LED firmware for the own protocol - the hardware layer (MicroPython on RP2040 or ESP32).
#
# Copy led_core.py and this file to the board (e.g. `mpremote cp led_core.py main.py :`).
# Wiring and settings: docs/leds.md. Everything that can be tested without a board lives in the core.
import sys
import time

import machine
import micropython
import neopixel
import select

from led_core import LedController

DATA_PIN = 16      # GPIO driving the strip's DIN (through a 330 ohm resistor, see docs/leds.md)
LED_COUNT = 44     # must cover the host's LED mapping (the game pack's default mapping, or your own file)


class NeoPixelStrip:
    def __init__(self, pin, count):
        self.strip = neopixel.NeoPixel(machine.Pin(pin), count)
        self.count = count

    def show(self, pixels):
        for i in range(self.count):
            self.strip[i] = (pixels[3 * i], pixels[3 * i + 1], pixels[3 * i + 2])
        self.strip.write()


def host_write(data):
    sys.stdout.buffer.write(data)


def main():
    # Binary frames may contain 0x03; without this it would raise KeyboardInterrupt.
    micropython.kbd_intr(-1)
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    controller = LedController(NeoPixelStrip(DATA_PIN, LED_COUNT), LED_COUNT, host_write,
                               time.ticks_ms, time.ticks_diff)
    controller.boot()
    while True:
        while poll.poll(5):
            controller.feed(sys.stdin.buffer.read(1))
        controller.tick()


main()
