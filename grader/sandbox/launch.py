"""Starting a zygote's interpreter: what needs nothing but the standard library.

A zygote is a fresh interpreter (never a fork of the grader, which may hold secrets) with an
empty environment but the BLAS thread counts and the hardware variables, started with `-I -S`
in its own session, holding the uid its children will run as. Importing this module imports no
NumPy, so a command can start its zygote first thing and let it boot on another CPU while the
command itself imports the rest (`service/cli/entry.py`); `ZygoteProcess` then takes it over.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from grader.sandbox.uids import UidClaim, claim

PROJECT_ROOT = Path(__file__).resolve().parents[2]
BLAS_ENV = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}

# -I -S: no user site, no PYTHON* variables, no site-packages scan; NumPy's folder is put back.
_BOOT = (
    "import sys; sys.path[:0] = "
    + repr([p for p in sys.path if p.endswith("site-packages")] + [str(PROJECT_ROOT)])
    + "\nfrom grader.sandbox.inside.zygote import main; main(*map(int, sys.argv[1:4]))"
)


@dataclass
class Launched:
    """A zygote's process, booting or booted, and the grader's end of its socket."""

    process: subprocess.Popen[bytes]
    sock: socket.socket
    claim: UidClaim
    hardware_env: dict[str, str]  # what it was started with: a taker checks it is what it wants

    def close(self) -> None:
        """Stop it (a zygote also leaves by itself once its socket closes)."""
        self.sock.close()
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        self.process.wait()
        self.claim.release()


def launch(lock_dir: Path, hardware_env: Mapping[str, str]) -> Launched:
    hardware = {k: v for k, v in hardware_env.items() if k.startswith("OPENBLAS_")}
    held = claim(lock_dir)
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    uid = str(held.uid)
    try:
        process = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", _BOOT, str(theirs.fileno()), uid, uid],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            pass_fds=(theirs.fileno(), held.lock_fd),  # the uid stays ours while either lives
            env={**BLAS_ENV, **hardware},
            cwd="/",
            start_new_session=True,
        )
    except BaseException:
        ours.close()
        held.release()
        raise
    finally:
        theirs.close()
    return Launched(process, ours, held, hardware)
