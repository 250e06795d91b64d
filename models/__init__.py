"""Trained models (committed .onnx files with model cards) and their training recipes."""
