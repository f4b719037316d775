-- Prior authorisations (guias) of the beneficiaries, with their procedures (TUSS codes).
create table autorizacoes (
  numero_transacao      text primary key,
  codigo_beneficiario   text not null references beneficiarios,
  data_solicitacao      timestamptz not null,
  prestador_solicitante text not null,
  -- aprovado | pendente | negado; kept as text: an operator's system may send other statuses.
  status                text not null
);
create index autorizacoes_beneficiario_idx on autorizacoes (codigo_beneficiario, data_solicitacao desc);

create table autorizacao_procedimentos (
  numero_transacao    text not null references autorizacoes on delete cascade,
  ordem               int not null,
  codigo_procedimento char(8) not null check (codigo_procedimento ~ '^[0-9]{8}$'),
  descricao           text not null,
  primary key (numero_transacao, ordem)
);
