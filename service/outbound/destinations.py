"""Where an outgoing request may go: public addresses only, unless the deployment allows a network
(no SSRF).

A callback_url is the platform's to choose, and every URL an LMS hands the tool is the LMS's: the
service fetches or POSTs to them from inside the deployment, where without this check they reach
the API itself, the database, a cloud's metadata service or any private network. A URL is parsed
once, here, into the `Target` the sender uses as it is (its host in canonical ASCII: IDNA mapped,
an address in its one spelling), so what is checked is what is connected to. Every spelling of an
address is read the way the resolver and the kernel read it (`127.1`, `2130706433`, `0x7f000001`,
`①②⑦.0.0.1`, `[::127.0.0.1]`, `[::ffff:127.0.0.1]`…), every address a name resolves to is checked,
and the sender connects to the very address it checked.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import quote, urlsplit

import idna

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")  # IPv4 addresses reached through a NAT64 gateway
# IPv4 inside IPv6 the kernel or a translator may still deliver to the IPv4 address: compatible
# (`::127.0.0.1`, deprecated) and translated (SIIT).
IPV4_COMPATIBLE = ipaddress.IPv6Network("::/96")
IPV4_TRANSLATED = ipaddress.IPv6Network("::ffff:0:0:0/96")
LOCAL_NAT64 = ipaddress.IPv6Network("64:ff9b:1::/48")  # a site's own translators: never public
LOOPBACK_NAMES = ("localhost", "localhost.localdomain")
HOST_NAME = re.compile(r"[a-z0-9_-]+(\.[a-z0-9_-]+)*")
PATH_SAFE = "/%:@!$&'()*+,;=-._~?"  # RFC 3986's path and query characters (and escapes as they are)


class Refused(ValueError):
    """A URL (or the address it resolves to) that the service may not send a request to."""


@dataclass(frozen=True)
class Target:
    """A URL parsed once, as the sender uses it: the request goes to exactly this."""

    scheme: str
    host: str  # a name in ASCII as IDNA writes it (lowercase), or an address (IPv6 without brackets)
    port: int
    path: str = "/"  # path and query, percent-encoded ASCII

    @property
    def netloc(self) -> str:
        """host[:port]: the Host header (the port only when not the scheme's)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return host if self.port == _default_port(self.scheme) else f"{host}:{self.port}"

    @property
    def origin(self) -> str:
        return f"{self.scheme}://{self.netloc}"

    @property
    def url(self) -> str:
        return self.origin + self.path


@dataclass(frozen=True)
class Destinations:
    allowed: tuple[Network, ...] = ()  # besides the public Internet (AUTOGRADER_WEBHOOK_ALLOWED_NETWORKS)
    own: frozenset[Address] = frozenset()  # this machine's addresses: the API lives there

    def check(self, address: Address) -> None:
        """Refused unless `address` (IPv4 as itself, however it is wrapped in IPv6) may be reached."""
        plain = embedded_ipv4(address) or address
        if any(plain.version == network.version and plain in network for network in self.allowed):
            return
        local = plain.version == 6 and plain in LOCAL_NAT64
        if not plain.is_global or plain.is_multicast or local or plain in self.own or address in self.own:
            raise Refused(f"{address} is not a public address")

    def target(self, url: str) -> Target:
        """The URL's parts, refused when it names a non-public address without resolving names."""
        target = parse(url)
        literal = _address(target.host)
        if literal is not None:
            self.check(literal)
        elif _loopback_name(target.host):
            self.check(ipaddress.IPv4Address("127.0.0.1"))
        return target

    def resolved(self, target: Target) -> list[Address]:
        """Every address the host resolves to, all checked (refused if any is not allowed)."""
        literal = _address(target.host)
        if literal is not None:
            self.check(literal)
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
    path = quote(parts.path or "/", safe=PATH_SAFE) + (
        f"?{quote(parts.query, safe=PATH_SAFE)}" if parts.query else ""
    )
    return Target(parts.scheme, canonical_host(parts.hostname), port or _default_port(parts.scheme), path)


def canonical_host(host: str) -> str:
    """The host as it is resolved and connected to: an address in its one spelling, else the name
    in ASCII, mapped as IDNA maps it (`①②⑦.0.0.1` is 127.0.0.1, `ⓛocalhost` is localhost)."""
    written = host
    if not host.isascii():
        try:
            host = idna.encode(host, uts46=True).decode("ascii")
        except (idna.IDNAError, UnicodeError):
            raise Refused(f"host {written!r} is not a valid name") from None
    host = host.lower()
    host = host[:-1] if host.endswith(".") and not host.endswith("..") else host
    literal = literal_address(host)
    if literal is not None:
        return str(literal)
    if not HOST_NAME.fullmatch(host):
        raise Refused(f"host {written!r} is not a valid name")
    return host


def _default_port(scheme: str) -> int:
    return 443 if scheme == "https" else 80


def _address(host: str) -> Address | None:
    """The address of a canonical host that is one."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


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
    if address in IPV4_COMPATIBLE or address in IPV4_TRANSLATED:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
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
