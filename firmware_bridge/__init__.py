"""LED board over serial: logical scenes turned into bytes for WLED, Adalight or the project's own firmware."""
