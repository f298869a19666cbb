"""The repository's root folder, for tests that run its files (app.py, the CLI, the pages)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
