"""Where a webhook may go: public addresses only, unless the deployment allows a network (no SSRF).

A callback_url is the platform's to choose, and the worker POSTs to it from inside the
deployment: without this check it reaches the API itself, the database, a cloud's metadata
service or any private network. Every spelling of an address is read the way the resolver and
the kernel read it (`127.1`, `2130706433`, `0x7f000001`, `[::ffff:127.0.0.1]`…), every address a
name resolves to is checked, and the sender connects to the very address it checked.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlsplit

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")  # IPv4 addresses reached through a NAT64 gateway
LOOPBACK_NAMES = ("localhost", "localhost.localdomain")


class Refused(ValueError):
    """A callback_url (or the address it resolves to) that webhooks may not reach."""


@dataclass(frozen=True)
class Target:
    """A checked callback_url, split as the sender needs it."""

    scheme: str
    host: str  # a name, or an address as the URL wrote it (IPv6 without brackets)
    port: int
    netloc: str  # host[:port] as written: the Host header


@dataclass(frozen=True)
class Destinations:
    allowed: tuple[Network, ...] = ()  # besides the public Internet (AUTOGRADER_WEBHOOK_ALLOWED_NETWORKS)
    own: frozenset[Address] = frozenset()  # this machine's addresses: the API lives there

    def check(self, address: Address) -> None:
        """Refused unless `address` (IPv4 as itself, however it is wrapped in IPv6) may be reached."""
        plain = embedded_ipv4(address) or address
        if any(plain.version == network.version and plain in network for network in self.allowed):
            return
        if not plain.is_global or plain.is_multicast or plain in self.own or address in self.own:
            raise Refused(f"{address} is not a public address")

    def target(self, url: str) -> Target:
        """The URL's parts, refused when it names a non-public address without resolving names."""
        target = parse(url)
        literal = literal_address(target.host)
        if literal is not None:
            self.check(literal)
        elif _loopback_name(target.host):
            self.check(ipaddress.IPv4Address("127.0.0.1"))
        return target

    def resolved(self, target: Target) -> list[Address]:
        """Every address the host resolves to, all checked (refused if any is not allowed)."""
        literal = literal_address(target.host)
        if literal is not None:
            return [literal]
        try:
            found = socket.getaddrinfo(target.host, target.port, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError) as error:
            raise Refused(f"{target.host} does not resolve ({error})") from None
        addresses = [ipaddress.ip_address(str(info[4][0]).split("%", 1)[0]) for info in found]
        for address in addresses:
            self.check(address)
        return addresses


def parse(url: str) -> Target:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise Refused(f"is not a valid URL ({error})") from None
    if parts.scheme not in ("http", "https"):
        raise Refused("must be an http:// or https:// URL")
    if "@" in parts.netloc:
        raise Refused("must not carry a user name or password: sign with the webhook secret instead")
    if not parts.hostname:
        raise Refused("has no host")
    default = 443 if parts.scheme == "https" else 80
    return Target(parts.scheme, parts.hostname, port or default, parts.netloc)


def literal_address(host: str) -> Address | None:
    """The address a host written as one stands for, in any spelling `inet_aton` accepts."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    if host and all(c in "0123456789abcdefx." for c in host.lower()) and not host.endswith(".."):
        try:
            return ipaddress.IPv4Address(socket.inet_aton(host.rstrip(".")))  # 127.1, 0x7f000001, 2130706433
        except OSError:
            return None
    return None


def embedded_ipv4(address: Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one carries (mapped, NAT64, 6to4, Teredo), which is where it goes."""
    if isinstance(address, ipaddress.IPv4Address):
        return None
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address in NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address.sixtofour is not None:
        return address.sixtofour
    if address.teredo is not None:
        return address.teredo[1]
    return None


def _loopback_name(host: str) -> bool:
    name = host.lower().rstrip(".")
    return name in LOOPBACK_NAMES or name.endswith(".localhost")


@lru_cache(maxsize=8)
def allowed_networks(text: str) -> tuple[Network, ...]:
    """`10.0.0.0/8, 127.0.0.1` (the setting's form) as networks; ValueError names a bad one."""
    return tuple(ipaddress.ip_network(part.strip(), strict=False) for part in text.split(",") if part.strip())


def own_addresses(api_host: str) -> frozenset[Address]:
    """This machine's addresses as its name resolves, and the API's own listening address."""
    found: set[Address] = set()
    literal = literal_address(api_host)
    if literal is not None:
        found.add(literal)
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM)
    except OSError:
        infos = []
    found.update(ipaddress.ip_address(str(info[4][0]).split("%", 1)[0]) for info in infos)
    return frozenset(found)
