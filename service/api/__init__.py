"""The HTTP API (FastAPI): thin handlers over the plain functions of `service`."""
