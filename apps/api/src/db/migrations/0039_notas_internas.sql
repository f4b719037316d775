-- Issue 31, internal notes (decision 0056): what one staff member writes for the others about a
-- protocol (a reimbursement's protocol is its number, so the same notes serve both). Kept apart from
-- protocolo_eventos and reembolso_eventos, which the member reads: no member answer, PDF or webhook
-- reads this table. Notes are never edited or deleted; each is a row of equipe_auditoria too.

create table notas_internas (
  id         bigserial primary key,
  protocolo  char(20) not null references protocolos (numero),
  texto      text not null check (char_length(texto) between 1 and 2000),
  autor      uuid not null references equipe_contas,
  criado_em  timestamptz not null
);
create index notas_internas_protocolo_idx on notas_internas (protocolo, id);
