"""`python -m service.cli`: how the service starts its own worker processes."""

from service.cli.entry import main

main()
