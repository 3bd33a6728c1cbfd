"""The instructors' dashboard: server-rendered pages over the stored results of their courses."""
