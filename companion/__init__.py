"""Architect companion: a camera-watched referee for Caylus and its family of worker-placement games."""

__version__ = "0.1.0"
