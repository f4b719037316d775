-- Issue 13: the club link carries an opaque, single-use code instead of a JWT with name and CPF.
-- Only its SHA-256 is kept; the partner redeems it once, server to server (Clube/ResgatarAcesso).
alter table consentimentos
  add column link_codigo_hash  char(64),
  add column link_expira_em    timestamptz,
  add column link_resgatado_em timestamptz;
create unique index consentimentos_link_codigo_idx on consentimentos (link_codigo_hash);
