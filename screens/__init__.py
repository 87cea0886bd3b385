"""The Textual table-side app (imported only by the UI, never by the rules core)."""

import os

# Textual paints at most TEXTUAL_FPS frames a second (60 unless set). A key that changes the
# roster, the unit card beside it and a scrollbar takes three frames, so at 60 the last one
# lands about 70 ms after the key; at 120 it lands within 45 ms (tests/bench/bench_app.py).
# Set here, before Textual is imported; a player's own TEXTUAL_FPS wins.
os.environ.setdefault("TEXTUAL_FPS", "120")
