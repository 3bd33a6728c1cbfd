"""Slow down password guessing, per address and overall, without locking the real user out.

Three counts, in fixed windows:
- attempts at one email from one address (5 in 15 minutes): a mistyped password, then a pause;
- attempts from one address whatever the email (20 in 15 minutes): a guesser may not spread its
  guesses over many emails;
- failures of everyone this minute (`failures_per_minute`): over it, an address that has already
  tried in its window is refused, while one that has not may still try. A flood from many
  addresses is slowed to one guess per address per window, and the real user, from an address of
  their own, still logs in. No count is per account alone: nobody can lock another out.

Each attempt takes its place in the counts (`service.core.counting`: Redis INCR shared by every
API process, or under a lock in this one) before its password is checked, so thirty attempts at
once cannot all pass before the first failure is written; a success gives its place back. The client address is the
connection's, or a configured proxy's X-Forwarded-For (uvicorn trusts only those proxies).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from service.core.counting import Counts
from service.core.errors import ServiceError

WINDOW_SECONDS = 15 * 60
PER_EMAIL = 5
PER_ADDRESS = 20


class TooManyAttempts(ServiceError):
    status_code = 429


@dataclass(frozen=True)
class Ticket:
    """An attempt's place in the counts, given back if its password was right."""

    held: tuple[str, ...]
    failures: str  # everyone's failures this minute


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:24]


class LoginThrottle:
    def __init__(self, counts: Counts, scope: str, failures_per_minute: int) -> None:
        self.counts = counts
        self.scope = scope  # deployments sharing a Redis count apart
        self.failures_per_minute = failures_per_minute

    def admit(self, email: str, client: str, moment: float | None = None) -> Ticket:
        """Take this attempt's place; TooManyAttempts (429) when it is one too many."""
        now = time.time() if moment is None else moment
        window, minute = int(now // WINDOW_SECONDS), int(now // 60)
        email_key = f"autograder:login:{self.scope}:email:{_digest(email.strip().lower(), client)}:{window}"
        address_key = f"autograder:login:{self.scope}:address:{_digest(client)}:{window}"
        failures_key = f"autograder:login:{self.scope}:failures:{minute}"
        by_email, by_address, failures = self.counts.add(
            [(email_key, 1), (address_key, 1), (failures_key, 0)], WINDOW_SECONDS
        )
        flood = failures >= self.failures_per_minute and by_address > 1
        if by_email > PER_EMAIL or by_address > PER_ADDRESS or flood:
            minutes = max(1, round(((window + 1) * WINDOW_SECONDS - now) / 60))
            raise TooManyAttempts(f"Too many failed log-ins: try again in about {minutes} minutes.")
        return Ticket((email_key, address_key), failures_key)

    def failed(self, ticket: Ticket) -> None:
        self.counts.add([(ticket.failures, 1)], 120)

    def succeeded(self, ticket: Ticket) -> None:
        self.counts.add([(key, -1) for key in ticket.held], WINDOW_SECONDS)
