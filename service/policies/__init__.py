"""Course policies: how many attempts a student may have and how often, decided at the intake."""
