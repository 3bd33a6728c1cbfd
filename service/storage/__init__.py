"""The database: engine and sessions, tables, migrations, and the writers and readers of results."""
