"""LTI 1.3 / LTI Advantage: the tool a course platform (Moodle, Canvas…) launches students and instructors into."""
