"""The grading service: command line, HTTP API, workers and storage."""
