"""A hosted game: one table session shared with the devices at the table (issue 39).

The host keeps the game; devices send commands, never states. :class:`~drumhead.host.hub.Hub`
is the pure core (no network): it numbers every change of the game, answers each command once
by its id, keeps a bounded outbox per device, filters what each role may see
(:mod:`drumhead.host.views`) and queues the sides' proposals for the referee
(:mod:`drumhead.host.proposals`). :mod:`drumhead.host.server` serves it over HTTP and
WebSocket (aiohttp, the ``[web]`` extra); :mod:`drumhead.host.client` is the other end, for
``drumhead play URL`` and ``drumhead join``. The protocol is in ``docs/table.md``.
"""
