-- Which parts of the demo seed ran (as schema_migrations does for the schema), so an existing demo
-- database gains the parts added later (one per area).
create table seed_parts (
  id         text primary key,
  applied_at timestamptz not null default now()
);

-- Retention (0006): pruning looks these up by time.
create index sessions_expira_idx on sessions (expira_em);
create index verification_codes_expira_idx on verification_codes (expira_em);
create index rate_counters_expira_idx on rate_counters (expira_em);
create index outbox_criado_idx on outbox (criado_em);
create index audit_log_at_idx on audit_log (at);
