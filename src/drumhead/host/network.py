"""Which address to serve on: this machine only (127.0.0.1), or one chosen address of the
local network (``--lan``), never every interface (0.0.0.0) at once."""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys

from drumhead.errors import DrumheadError


def lan_addresses() -> list[tuple[str, str]]:
    """(interface, IPv4 address) of this machine's network interfaces, loopback left out."""
    found: list[tuple[str, str]] = []
    if sys.platform.startswith("linux"):
        import fcntl

        for _, name in socket.if_nameindex():
            with (
                socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe,
                contextlib.suppress(OSError),
            ):
                packed = struct.pack("256s", name.encode()[:15])
                reply = fcntl.ioctl(probe.fileno(), 0x8915, packed)  # SIOCGIFADDR
                found.append((name, socket.inet_ntoa(reply[20:24])))
    if not found:  # elsewhere: the address of the route out, and the host name's
        with (
            socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe,
            contextlib.suppress(OSError),
        ):
            probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent
            found.append(("", probe.getsockname()[0]))
        with contextlib.suppress(OSError):
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                found.append(("", str(info[4][0])))
    seen: set[str] = set()
    out = []
    for name, address in found:
        if address not in seen and not ipaddress.ip_address(address).is_loopback:
            seen.add(address)
            out.append((name, address))
    return out


def choose_lan(wanted: str | None, found: list[tuple[str, str]]) -> str:
    """The address ``--lan`` serves on: the one given (an address of this machine, or an
    interface's name), else the only one there is; refused, with the list, when ambiguous."""
    listed = ", ".join(f"{a} ({n})" if n else a for n, a in found) or "none found"
    if wanted is not None:
        if wanted in ("0.0.0.0", "::", "*"):
            raise DrumheadError(
                "--lan serves on one address, never on every interface at once: "
                f"give one of {listed}"
            )
        for name, address in found:
            if wanted in (name, address):
                return address
        raise DrumheadError(f"'{wanted}' is not an address of this machine (addresses: {listed})")
    if len(found) == 1:
        return found[0][1]
    if not found:
        raise DrumheadError("this machine has no network address besides 127.0.0.1")
    raise DrumheadError(
        f"this machine has several addresses: pick one with --lan ADDRESS ({listed})"
    )
