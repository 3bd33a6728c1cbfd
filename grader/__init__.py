"""Grades students' NumPy code against a challenge's hidden tests.

Nothing in this package reads settings or holds secrets: callers pass what it needs.
"""
