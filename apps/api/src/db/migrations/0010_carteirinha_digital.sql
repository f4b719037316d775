-- Digital card (decision 0016). The social name (Decreto 8.727/2016) a beneficiary asked the
-- operator to use: the card shows it first, the civil name under it.
alter table pessoas add column nome_social text;

-- The QR tokens handed out: the JWT's jti is also the 8-character code a clinic may type instead
-- of scanning. A verification needs the row (a token signed but never issued is refused); rows go
-- a day after they expire (retention).
create table carteirinha_qr (
  jti                 text primary key,
  codigo_beneficiario text not null references beneficiarios on delete cascade,
  codigo_sessao       bigint,                 -- the session that asked for it (support questions)
  emitido_em          timestamptz not null,
  expira_em           timestamptz not null
);
create index carteirinha_qr_expira_idx on carteirinha_qr (expira_em);
