"""What every HTTP app of the service shares: the handlers' dependencies (the calling platform,
the app's state) and waiting for a submission's result."""
