"""The API's uvicorn, configured in one place for `serve` and for `autograder api` (the deployment's).

Whatever protects the embedded server protects a deployment's too: a deadline for a request's
headers, and X-Forwarded-For/-Proto believed only from the configured proxies (uvicorn's own
default believes any local client).
"""

from __future__ import annotations

import uvicorn
from uvicorn.supervisors import Multiprocess

from service.api.header_deadline import with_header_deadline
from service.core.settings import Settings

APP = "service.api.app:from_environment"


def api_config(settings: Settings, host: str, port: int, workers: int = 1) -> uvicorn.Config:
    return uvicorn.Config(
        APP,
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="info",
        http=with_header_deadline(settings.header_timeout_seconds),
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=settings.trusted_proxies or None,
    )


def run_api(config: uvicorn.Config) -> int:
    """Serve until SIGINT/SIGTERM: one process, or `config.workers` under uvicorn's supervisor."""
    if config.workers > 1:
        Multiprocess(config, sockets=[config.bind_socket()]).run()
    else:
        uvicorn.Server(config).run()
    return 0
