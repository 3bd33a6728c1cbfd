"""Every request the service sends out: where it may go (destinations) and how it is sent (http)."""
