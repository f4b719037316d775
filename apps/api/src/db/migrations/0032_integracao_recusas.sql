-- Issue 30, defect 8: calls to /api/integracao/v1 refused before any key was recognised (no key, an
-- unknown or wrong one, a revoked or expired one, or 429 past the client's refusals a minute) are
-- counted on one row per client IP and hour instead of one row each, so made-up keys cannot grow
-- the audit table (kept five years) at will. Other calls keep one row each (tentativas = 1).
alter table auditoria_integracao
  add column tentativas int not null default 1 check (tentativas > 0),
  -- The window's last refusal (em is its first); null on the rows of single calls.
  add column ultima_em timestamptz,
  -- The start of the hour the row counts; null on the rows of single calls.
  add column janela timestamptz;
create unique index auditoria_integracao_recusas_idx on auditoria_integracao (ip, janela) where janela is not null;
