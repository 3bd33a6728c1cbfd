"""Read-only queries of the dashboard: aggregations in SQL, typed rows out."""
