"""Shared by every role: the settings (read from the environment here only) and the errors."""
