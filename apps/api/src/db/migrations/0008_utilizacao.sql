-- Usage history (/utilizacao, decision 0013): one row per care, as the usage statement of RN 389
-- lists it (date, provider, procedure, quantity, value), and the member's rating of it.
create table atendimentos (
  id                  bigserial primary key,
  codigo_beneficiario text not null references beneficiarios,
  data                timestamptz not null,
  -- null: an item the operator did not classify (shown under Outras Despesas).
  categoria           text check (categoria in ('CONSULTAS', 'EXAMES_TERAPIAS', 'INTERNACAO', 'OUTRAS_DESPESAS', 'ODONTOLOGICO')),
  codigo_procedimento char(8) not null check (codigo_procedimento ~ '^[0-9]{8}$'),   -- TUSS
  descricao           text not null,
  codigo_prestador    text not null,
  prestador           text not null,            -- trade name (fantasia)
  local               text not null,            -- city / UF of the service location
  quantidade          int not null check (quantidade > 0),
  valor               numeric(12, 2) not null check (valor >= 0),
  -- What the rating call names a care by (docs/produto/utilizacao.md, "Data": beneficiary, procedure code, date).
  unique (codigo_beneficiario, codigo_procedimento, data)
);
create index atendimentos_beneficiario_idx on atendimentos (codigo_beneficiario, data desc);

-- One rating per care (the primary key); ratings imported from elsewhere may carry no protocol.
create table avaliacoes_atendimento (
  atendimento_id bigint primary key references atendimentos,
  protocolo      char(20) references protocolos,
  cpf            char(11) not null references pessoas (cpf),
  nota           smallint not null check (nota between 1 and 5),
  comentario     text check (char_length(comentario) <= 500),
  criado_em      timestamptz not null
);
