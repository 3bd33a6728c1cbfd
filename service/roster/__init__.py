"""A course's roster as its LMS lists it (LTI NRPS): its tables, what asking for it and reading it
keep, and the roster beside what each learner did, for the dashboard's page and the platform's
API. Reading it from the LMS is the LTI tool's (`service.lti.roster`), which keeps it here."""
