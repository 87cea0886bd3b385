"""``drumhead host --lan``: one chosen address of this machine, never every interface at once."""

from __future__ import annotations

import pytest

from drumhead.errors import DrumheadError
from drumhead.host.network import choose_lan, lan_addresses

FOUND = [("eth0", "192.168.1.20"), ("wlan0", "10.0.0.7")]


def test_the_only_address_is_taken_and_several_are_listed() -> None:
    assert choose_lan(None, FOUND[:1]) == "192.168.1.20"
    with pytest.raises(
        DrumheadError, match=r"several addresses.*192\.168\.1\.20 \(eth0\), 10\.0\.0\.7 \(wlan0\)"
    ):
        choose_lan(None, FOUND)
    with pytest.raises(DrumheadError, match=r"no network address besides 127\.0\.0\.1"):
        choose_lan(None, [])


def test_an_address_or_an_interface_is_chosen_by_name() -> None:
    assert choose_lan("wlan0", FOUND) == "10.0.0.7"
    assert choose_lan("192.168.1.20", FOUND) == "192.168.1.20"
    with pytest.raises(DrumheadError, match=r"'8\.8\.8\.8' is not an address of this machine"):
        choose_lan("8.8.8.8", FOUND)


@pytest.mark.parametrize("every", ["0.0.0.0", "::", "*"])
def test_every_interface_at_once_is_refused(every: str) -> None:
    with pytest.raises(DrumheadError, match="never on every interface"):
        choose_lan(every, FOUND)


def test_this_machines_addresses_leave_out_loopback() -> None:
    assert all(not address.startswith("127.") for _, address in lan_addresses())
