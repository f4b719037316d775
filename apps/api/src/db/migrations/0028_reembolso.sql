-- Issue 18, Reembolso (decision 0034): the member's reimbursement requests, their attachments
-- stored in PostgreSQL (deduplicated by SHA-256, so a database backup holds them), the status
-- history with the 30-day legal deadline, and the operator's reimbursement table for the estimate.

alter table protocolos drop constraint protocolos_tipo_check;
alter table protocolos add constraint protocolos_tipo_check check (tipo in (
  'INCLUSAO_DEPENDENTE', 'CONTATO_COMERCIAL', 'CONTRATACAO_SOS', 'CONTRATACAO_ORTOPEDICO',
  'INSCRICAO_MEDICINA_PREVENTIVA', 'AVALIACAO_ATENDIMENTO', 'CONSENTIMENTO_CLUBE',
  'CANCELAMENTO_CONTRATO', 'CANCELAMENTO_DEPENDENTES', 'CORRECAO_DADOS', 'REVOGACAO_CONSENTIMENTO',
  'REEMBOLSO'));

-- How many times the table amount the plan pays back (free-choice plans pay a multiple of it).
alter table planos add column multiplo_reembolso numeric(5, 2) not null default 1
  check (multiplo_reembolso > 0 and multiplo_reembolso <= 100);

-- The operator's reimbursement table: one line per kind of care (codigo_tuss '') and, where the
-- operator prices a procedure on its own, per TUSS code.
create table reembolso_tabela (
  tipo                      text not null check (tipo in ('consulta', 'exame', 'terapia', 'honorarios', 'internacao')),
  codigo_tuss               text not null default '' check (codigo_tuss = '' or codigo_tuss ~ '^[0-9]{8}$'),
  descricao                 text not null,
  valor_centavos            integer not null check (valor_centavos > 0),
  -- Share of the table amount the member bears on a co-participative plan.
  coparticipacao_percentual numeric(5, 2) not null default 0
    check (coparticipacao_percentual >= 0 and coparticipacao_percentual <= 100),
  primary key (tipo, codigo_tuss)
);

-- File contents, once per SHA-256 of the stored bytes (images re-encoded, PDFs as sent), in parts
-- of at most 256 KB so neither a write nor a read ever holds a whole file in one value.
create table reembolso_conteudos (
  sha256     char(64) primary key check (sha256 ~ '^[0-9a-f]{64}$'),
  tamanho    integer not null check (tamanho > 0),
  tipo_mime  text not null,
  criado_em  timestamptz not null
);
create table reembolso_conteudo_partes (
  sha256 char(64) not null references reembolso_conteudos on delete cascade,
  ordem  integer not null,
  dados  bytea not null,
  primary key (sha256, ordem)
);

create table reembolsos (
  protocolo                 char(20) primary key references protocolos (numero),
  cpf                       char(11) not null references pessoas (cpf),          -- who asked
  codigo_contrato           text not null references contratos,
  codigo_beneficiario       text not null references beneficiarios,             -- who received the care
  tipo                      text not null check (tipo in ('consulta', 'exame', 'terapia', 'honorarios', 'internacao')),
  codigo_tuss               text,
  data_atendimento          date not null,
  prestador_documento       text not null check (prestador_documento ~ '^([0-9]{11}|[0-9]{14})$'),
  prestador_nome            text not null,
  conselho                  text,                                                -- 'CRM 123456/SP'
  valor_pago_centavos       integer not null check (valor_pago_centavos > 0),
  numero_recibo             text not null,
  -- Where the holder is paid: {forma:'conta',banco,agencia,conta,tipoConta} or {forma:'pix',tipoChave,chave}.
  pagamento                 jsonb not null,
  situacao                  text not null default 'recebido'
    check (situacao in ('recebido', 'em_analise', 'pendente', 'aprovado', 'pago', 'negado')),
  valor_previa_centavos     integer,
  valor_aprovado_centavos   integer check (valor_aprovado_centavos >= 0),
  previsao_pagamento        date,
  pago_em                   date,
  pergunta                  text,
  motivo_negativa           text,
  -- Lei 9.656/98 art. 12 VI: 30 days from complete documentation; null while a 'pendente' waits.
  documentacao_completa_em  timestamptz,
  prazo_pagamento           date,
  criado_em                 timestamptz not null,
  atualizado_em             timestamptz not null
);
create index reembolsos_contrato_idx on reembolsos (codigo_contrato, criado_em desc);
create index reembolsos_fila_idx on reembolsos (prazo_pagamento, protocolo)
  where situacao in ('recebido', 'em_analise', 'pendente', 'aprovado');

create table reembolso_anexos (
  id                   text primary key check (id ~ '^anx_[0-9a-f]{32}$'),
  cpf                  char(11) not null references pessoas (cpf),
  codigo_contrato      text not null references contratos,
  sha256               char(64) not null references reembolso_conteudos,
  -- SHA-256 of the bytes as sent (the retry of an upload is recognised by it).
  sha256_enviado       char(64) not null,
  documento            text not null check (documento in
                         ('comprovante_pagamento', 'pedido_medico', 'nota_fiscal', 'relatorio_medico', 'outro')),
  nome_arquivo         text not null,
  tipo_mime            text not null,
  tamanho              integer not null,
  chave_idempotencia   text,
  protocolo            char(20) references reembolsos (protocolo),
  criado_em            timestamptz not null
);
create index reembolso_anexos_membro_idx on reembolso_anexos (cpf, codigo_contrato);
create index reembolso_anexos_protocolo_idx on reembolso_anexos (protocolo);
create unique index reembolso_anexos_chave_idx on reembolso_anexos (cpf, codigo_contrato, chave_idempotencia)
  where chave_idempotencia is not null;

-- What happened to a reimbursement, oldest first, written with the change it records.
create table reembolso_eventos (
  id         bigserial primary key,
  protocolo  char(20) not null references reembolsos (protocolo),
  em         timestamptz not null,
  situacao   text not null,
  descricao  text not null,
  por        text not null                                                  -- 'membro' or who at the operator
);
create index reembolso_eventos_protocolo_idx on reembolso_eventos (protocolo, id);
