"""What runs inside the sandbox: the zygote, the children it forks, the harness that calls the
student's code in them, the tracer, and the formats the parent shares with them (the channel, the
report and argument memories).

THE SANDBOX BOUNDARY: nothing here imports a module of ours but `grader.wire` (import-linter's
`only` contract in pyproject.toml), so no reference, known mistake or secret of the parent can
reach a child by an import.
"""
