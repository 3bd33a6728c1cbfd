"""Every setting of the service, read from the environment in this one place (the three a
local grading needs are also read, the same way, by `grading_settings.py`, without Pydantic)."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from service.core.grading_settings import (
    PROJECT_ROOT,
    challenge_folders,
    hardware_env,
    user_cache_dir,
    user_data_dir,
)

__all__ = ["PROJECT_ROOT", "Settings", "user_cache_dir", "user_data_dir"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="AUTOGRADER_", extra="ignore")

    database_url: str | None = None
    broker_url: str | None = None
    events_url: str | None = None
    challenges_dir: Path = PROJECT_ROOT / "challenges"
    # Folders of a course's own challenges, read beside the built-ins (separated like PATH).
    challenges_dirs: str = ""
    # Alembic revisions; an installed (non-editable) copy names the folder it ships them in.
    migrations_dir: Path = PROJECT_ROOT / "migrations"
    data_dir: Path = Field(default_factory=user_data_dir)
    cache_dir: Path = Field(default_factory=user_cache_dir)  # only the grading parent reads or writes it
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 2  # grading processes of `autograder worker`, under its supervisor
    queue: str = "autograder"
    poll_seconds: float = 0.02
    webhook_timeout_seconds: float = 5.0  # one delivery attempt in all: connect, send, read the status
    webhook_attempts: int = 6
    webhook_senders: int = 8  # deliveries at once, in the worker's sender process (never a grading one)
    webhook_allowed_networks: str = ""  # e.g. "10.20.0.0/16": non-public receivers a deployment allows
    webhook_per_receiver_per_minute: int = 600  # delivery attempts to one receiver host a minute
    webhook_keys: str = ""  # Fernet keys sealing webhook secrets, the first seals; default: a data file
    header_timeout_seconds: float = 10.0  # a request's headers must arrive within this
    trusted_proxies: str = ""  # addresses whose X-Forwarded-For/-Proto uvicorn believes; none by default
    login_failures_per_minute: int = 100  # everyone's; beyond it only addresses without a try in their window
    password_checks: int = 1  # Argon2 checks at once in one API process
    sandbox_allow_missing_layers: bool = False
    # Passed through to the sandbox's zygotes (older OpenBLAS builds need them on some CPUs).
    openblas_coretype: str | None = Field(default=None, validation_alias="OPENBLAS_CORETYPE")
    openblas_l2_size: str | None = Field(default=None, validation_alias="OPENBLAS_L2_SIZE")

    public_url: str | None = None  # the address browsers and LMSs reach the service at (LTI URLs)
    dashboard_secret: str | None = None  # signs dashboard sessions; default: a file in data_dir
    sweep_every_seconds: float = 15.0  # how often the API looks for submissions whose grading was lost
    sweep_stale_seconds: float = 120.0  # queued (or running) this long without a result: send grading again
    sweep_batch: int = 500
    # days a submission's code is kept (its score and results are kept); None: for ever
    retention_days: float | None = Field(default=None, gt=0)
    retention_batch: int = 500  # codes erased a sweep at most
    grading_max_attempts: int = 5  # gradings started without finishing before a submission ends `error`
    rate_limit_url: str | None = None  # Redis for shared limits; default: the events Redis, else local
    rate_per_key_per_minute: int = 12_000  # submissions one API key may post per minute
    rate_per_student_per_minute: int = 30  # submissions one student of one course may post per minute
    roster_read_seconds: float = 120.0  # one reading of a course's roster from its LMSs, every page
    roster_read_bytes: int = 32 * 1024 * 1024  # the answers of that reading, every page together
    roster_reads_per_course_per_hour: int = 12  # readings asked by instructors and platforms

    @property
    def challenge_roots(self) -> tuple[Path, ...]:
        """Every folder challenges are read from: the built-ins' first, then a course's own."""
        return (self.challenges_dir, *challenge_folders(self.challenges_dirs))

    @property
    def public_base(self) -> str:
        return self.public_url or f"http://{self.host}:{self.port}"

    @property
    def webhook_queue(self) -> str:
        return f"{self.queue}.webhooks"

    @property
    def hardware_env(self) -> dict[str, str]:
        return hardware_env(
            {"OPENBLAS_CORETYPE": self.openblas_coretype, "OPENBLAS_L2_SIZE": self.openblas_l2_size}
        )

    def data_folder(self) -> Path:
        """The data folder, created private (0700: it holds the database and the signing key)."""
        self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        return self.data_dir

    @property
    def database(self) -> str:
        """The database URL in force: the configured one, or a SQLite file in the data folder."""
        return self.database_url or f"sqlite:///{self.data_dir / 'autograder.db'}"

    @property
    def rate_limit_redis(self) -> str | None:
        return self.rate_limit_url or self.events

    @property
    def embedded_broker(self) -> bool:
        return not self.broker_url

    @property
    def broker_socket(self) -> Path:
        """Unix socket of the embedded broker (a private redis-server started by `serve`)."""
        return self.data_dir / "broker.sock"

    @property
    def broker(self) -> str:
        """The broker URL in force: the configured one, or the embedded broker's socket."""
        return self.broker_url or f"redis+socket://{self.broker_socket}"

    @property
    def events(self) -> str | None:
        """Redis URL whose pub/sub wakes waiting requests; None means polling the database."""
        if self.events_url:
            return self.events_url
        broker = self.broker
        if broker.startswith("redis+socket://"):
            return "unix://" + broker.removeprefix("redis+socket://")
        if broker.startswith(("redis://", "rediss://")):
            return broker
        return None
