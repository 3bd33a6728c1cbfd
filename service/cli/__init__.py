"""The `autograder` command line: grading a file, running and administering the service."""
