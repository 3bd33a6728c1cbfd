"""A submission from a platform's request to a stored row: keys, rate limits, accepting, reading."""
