"""`python -m service.cli`: how the service starts its own worker processes."""

import sys

from service.cli.main import app

sys.exit(app())
