"""The Textual table-side app (imported only by the UI, never by the rules core)."""

import os

# Textual paints at most TEXTUAL_FPS frames a second (60 unless set). A key that changes the
# roster, the unit card beside it and a scrollbar takes three frames, so at 60 the last one
# lands about 70 ms after the key; at 120 it lands within 45 ms (tests/bench/bench_app.py).
# Set here, before Textual is imported; a player's own TEXTUAL_FPS wins.
os.environ.setdefault("TEXTUAL_FPS", "120")

# A lone Escape byte could be the start of a key's escape sequence, so Textual waits ESCDELAY
# milliseconds (100 unless set) for more before it takes it as the Escape key: every "back"
# took over 100 ms. The bytes of one key arrive together, even over ssh; 25 ms is ample. A
# player's own ESCDELAY wins (a slow link may want more).
os.environ.setdefault("ESCDELAY", "25")
