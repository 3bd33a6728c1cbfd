"""Students in their own course platform: the challenge page, its feedback, and how they reach it."""
