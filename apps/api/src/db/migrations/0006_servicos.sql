-- Requests members send from the portal (issue 7, decisions 0012 and 0013): each one is stored
-- once, in one transaction with its protocol (RN 623/2024), an audit row and an outbox message.

-- Protocol numbers: operator's ANS registration (6) + date in São Paulo (AAAAMMDD) + a 6-digit
-- sequence per day. The day's row is incremented inside the request's transaction, so numbers are
-- gap-free (a rolled-back request gives its number back) and never repeat under concurrency.
create table protocolo_sequencias (
  dia    char(8) primary key check (dia ~ '^[0-9]{8}$'),
  ultimo integer not null check (ultimo between 1 and 999999)
);

-- Every protocol a member was given ('Meus Protocolos' lists them by cpf / contract, newest first).
create table protocolos (
  numero              char(20) primary key check (numero ~ '^[0-9]{20}$'),
  cpf                 char(11) not null references pessoas (cpf),      -- who asked
  codigo_contrato     text not null references contratos,
  codigo_beneficiario text references beneficiarios,                 -- whom it is about, when one
  tipo                text not null constraint protocolos_tipo_check check (tipo in (
                        'INCLUSAO_DEPENDENTE', 'CONTATO_COMERCIAL', 'CONTRATACAO_SOS', 'CONTRATACAO_ORTOPEDICO',
                        'INSCRICAO_MEDICINA_PREVENTIVA', 'AVALIACAO_ATENDIMENTO', 'CONSENTIMENTO_CLUBE')),
  assunto             text not null,
  situacao            text not null constraint protocolos_situacao_check
                        check (situacao in ('ABERTO', 'EM_ANALISE', 'CONCLUIDO', 'CANCELADO')),
  canal               text not null default 'PORTAL',
  criado_em           timestamptz not null,
  prazo_resposta      date not null,                                  -- 7 business days (RN 623/2024, non-assistance requests)
  respondido_em       timestamptz,
  resposta            text
);
create index protocolos_cpf_idx on protocolos (cpf, criado_em desc);
create index protocolos_contrato_idx on protocolos (codigo_contrato, criado_em desc);

-- The first answer to a request sent with an Idempotency-Key, per member profile and route. A
-- retry with the same key and body gets it back; the same key with another body is refused.
-- `resposta` is null only inside the transaction that claimed the key.
create table idempotencia (
  cpf             char(11) not null,
  codigo_contrato text not null,
  rota            text not null,
  chave           uuid not null,
  corpo_hash      char(64) not null,
  resposta        jsonb,
  criado_em       timestamptz not null,
  primary key (cpf, codigo_contrato, rota, chave)
);
create index idempotencia_criado_idx on idempotencia (criado_em);

-- Venda/AdicionarDependente: inclusion requests the operator approves or refuses later.
create table dependentes_solicitados (
  id              bigserial primary key,
  protocolo       char(20) not null references protocolos,
  codigo_contrato text not null references contratos,
  cpf_solicitante char(11) not null references pessoas (cpf),
  cpf             char(11) not null check (cpf ~ '^[0-9]{11}$'),
  nome            text not null,
  data_nascimento date not null,
  cidade          text not null,
  celular         text not null check (celular ~ '^[0-9]{10,11}$'),
  situacao        text not null default 'EM_ANALISE' check (situacao in ('EM_ANALISE', 'APROVADA', 'RECUSADA')),
  criado_em       timestamptz not null
);
-- One open request per person and contract: a second one (another tab, no idempotency key) is refused.
create unique index dependentes_solicitados_aberta_idx on dependentes_solicitados (codigo_contrato, cpf)
  where situacao = 'EM_ANALISE';
create index dependentes_solicitados_protocolo_idx on dependentes_solicitados (protocolo);

-- Venda/ContatoInicial: the member asks the sales team to get in touch.
create table contatos_comerciais (
  protocolo       char(20) primary key references protocolos,
  cpf             char(11) not null references pessoas (cpf),
  codigo_contrato text not null references contratos,
  interesse       text not null check (interesse in ('DEPENDENTES', 'SOS', 'ORTOPEDICO', 'OUTRO')),
  mensagem        text check (char_length(mensagem) <= 500),
  criado_em       timestamptz not null
);

-- Add-on services (SOS pre-hospital emergency, orthopedic coverage) and their price per beneficiary.
create table servicos_adicionais (
  codigo text primary key check (codigo in ('SOS', 'ORTOPEDICO')),
  nome   text not null,
  valor  numeric(10, 2) not null check (valor > 0),
  ativo  boolean not null default true
);

-- Term acceptance (AceiteTermoAdesao): who accepted which documents for which beneficiaries.
create table servicos_aceites (
  id                bigserial primary key,
  codigo_sessao     bigint not null,
  cpf               char(11) not null references pessoas (cpf),
  codigo_contrato   text not null references contratos,
  servico           text not null references servicos_adicionais,
  beneficiarios     jsonb not null,            -- sorted beneficiary codes
  selecao_hash      char(64) not null,         -- sha256(servico:sorted codes)
  valor_unitario    numeric(10, 2) not null,
  link_termo_adesao text not null,
  link_contrato     text not null,
  aceito_em         timestamptz not null,
  ip                text,
  user_agent        text
);
create index servicos_aceites_sessao_idx on servicos_aceites (codigo_sessao, servico, aceito_em desc);

-- SMS codes confirming a contracting: HMAC-stored, bound to the session and to the selection.
create table servicos_codigos (
  id            bigserial primary key,
  aceite_id     bigint not null references servicos_aceites,
  codigo_sessao bigint not null,
  servico       text not null,
  destino       text not null,
  codigo_hmac   char(64) not null,             -- HMAC(CODE_SECRET, sessao:servico:selecao:codigo)
  criado_em     timestamptz not null,
  expira_em     timestamptz not null,
  tentativas    int not null default 0,
  usado_em      timestamptz,
  invalidado_em timestamptz
);
create index servicos_codigos_aberto_idx on servicos_codigos (codigo_sessao, servico)
  where usado_em is null and invalidado_em is null;
create index servicos_codigos_expira_idx on servicos_codigos (expira_em);

create table contratacoes_servico (
  id              bigserial primary key,
  protocolo       char(20) not null unique references protocolos,
  servico         text not null references servicos_adicionais,
  codigo_contrato text not null references contratos,
  cpf_responsavel char(11) not null references pessoas (cpf),
  aceite_id       bigint not null references servicos_aceites,
  valor_unitario  numeric(10, 2) not null,
  quantidade      int not null check (quantidade > 0),
  valor_total     numeric(12, 2) not null,
  inicio_vigencia date not null,
  concluida_em    timestamptz not null
);

-- Who holds which add-on. The primary key is what makes a double contracting impossible.
create table servicos_contratados (
  codigo_beneficiario text not null references beneficiarios,
  servico             text not null references servicos_adicionais,
  inicio_vigencia     date not null,
  contratado_em       timestamptz not null,
  contratacao_id      bigint references contratacoes_servico,   -- null: contracted outside the portal
  primary key (codigo_beneficiario, servico)
);

-- MedicinaPreventiva/FazerInscricao.
create table inscricoes_preventivas (
  id                  bigserial primary key,
  protocolo           char(20) not null references protocolos,
  codigo_contrato     text not null references contratos,
  codigo_beneficiario text not null references beneficiarios,
  cpf_solicitante     char(11) not null references pessoas (cpf),
  programa            text not null,
  cidade              text not null,
  telefone            text not null check (telefone ~ '^[0-9]{10,11}$'),
  situacao            text not null default 'RECEBIDA' check (situacao in ('RECEBIDA', 'EM_ACOMPANHAMENTO', 'ENCERRADA')),
  criado_em           timestamptz not null
);
create unique index inscricoes_preventivas_ativa_idx on inscricoes_preventivas (codigo_beneficiario, programa)
  where situacao <> 'ENCERRADA';

-- Consents (LGPD art. 8): who, when, which text version, for what purpose, shared with whom.
create table consentimentos (
  id                   bigserial primary key,
  protocolo            char(20) not null references protocolos,
  cpf                  char(11) not null references pessoas (cpf),
  codigo_contrato      text not null references contratos,
  finalidade           text not null,
  parceiro             text not null,
  dados_compartilhados jsonb not null,
  texto_versao         text not null,
  texto_hash           char(64) not null,
  concedido_em         timestamptz not null,
  revogado_em          timestamptz,
  link_jti             uuid,
  ip                   text,
  user_agent           text
);
create index consentimentos_cpf_idx on consentimentos (cpf, concedido_em desc);
