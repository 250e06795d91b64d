"""Architect companion: a camera-watched referee for the architect family of worker-placement games."""

__version__ = "0.1.0"
