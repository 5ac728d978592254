-- The early-access slots taken so far (EARLY_ACCESS_LIMIT in @amiko/core); sign-up claims one atomically.
INSERT INTO app_counters (name, value) VALUES ('earlyAccess', 0) ON CONFLICT DO NOTHING;
