"""A student's data on request (GDPR articles 15 and 17): exported as one document, or erased."""
