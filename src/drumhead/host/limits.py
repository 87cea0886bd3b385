"""Every limit of the host, named: what a device may cost it in time and memory."""

from __future__ import annotations

MAX_MESSAGE_BYTES = 16 * 1024
"""The longest message a device may send (a command or a question); longer closes the
connection (WebSocket close code 1009)."""

MAX_HOST_MESSAGE_BYTES = 16 * 1024 * 1024
"""The longest message a client (``drumhead play``, ``join``) takes from a host: a view of
the largest game (500 units, their cards) is well under it."""

MAX_REQUEST_BYTES = 64 * 1024
"""The longest HTTP request body the server reads (the pages send none)."""

RATE_PER_SECOND = 20.0
"""Messages a device may send each second, on average (a token bucket)..."""

RATE_BURST = 40
"""... and at once, after a pause. A message over the rate is refused, not queued."""

OUTBOX_LIMIT = 256
"""Messages waiting for one device. A device that stops reading reaches it: the messages
carrying the state are folded into one (every line since the last number it was sent, and
the state now) and the latest half of this many answers are kept, so the host's memory stays
bounded and the device is never told a wrong state, only a late one."""

SEND_TIMEOUT = 10.0
"""Seconds one message may take to leave for a device before the device is dropped (it can
reconnect and ask for what it missed)."""

MAX_DEVICES = 64
"""Devices connected at once; more are refused (HTTP 503)."""

LINES_KEPT = 1000
"""Numbered log lines the host keeps in memory for devices that reconnect; a device further
behind is sent the whole state and the latest :data:`LINES_ON_RESET` lines."""

LINES_ON_RESET = 50
"""Log lines sent with the whole state (on joining, or when a device is too far behind)."""

COMMANDS_KEPT = 10_000
"""Command ids remembered (in memory and on disk beside the save) so that a command sent
twice is done once: the latest ones; an id older than these is unknown."""

PROPOSALS_WAITING = 20
"""Proposals one side may have waiting for the referee at once."""

ID_LENGTH = 64
"""The longest command id (a device makes its own: a UUID is 36 characters)."""

TEXT_LENGTH = 200
"""The longest text field of a message (a reason, a value typed)."""

ITEMS = 50
"""The most items in a list or table of a message (modifiers ticked, dice, roles)."""
