"""The dashboard's aggregates: the counters its pages read, kept by the transaction that stores a
result (`keep`, the hook the worker hands the storing code) and rebuilt from the rows on demand."""
