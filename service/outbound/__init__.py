"""Every request the service sends out: where it may go (destinations), how it is sent (http), and
the one policy of both that every flow uses, with a requests session for the libraries (session)."""
