"""The tool's URLs as a platform's administrator pastes them into the LMS."""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class ToolUrls:
    login: str  # OIDC login initiation URL
    launch: str  # redirect URI, target link URI and deep-linking URL
    jwks: str  # the tool's public keyset URL
    registration: str  # LTI Dynamic Registration: the one URL an administrator pastes

    def rows(self) -> list[tuple[str, str]]:
        return [
            ("Tool URL / redirect URI / deep linking URL", self.launch),
            ("Initiate login URL", self.login),
            ("Public keyset URL (JWKS)", self.jwks),
            ("Dynamic registration URL", self.registration),
        ]

    def document(self) -> dict[str, str]:
        return asdict(self)


def tool_urls(base: str) -> ToolUrls:
    base = base.rstrip("/")
    return ToolUrls(
        login=f"{base}/lti/login",
        launch=f"{base}/lti/launch",
        jwks=f"{base}/lti/jwks",
        registration=f"{base}/lti/register",
    )
