-- Operator data (people, plans, contracts, beneficiaries) and the portal's own tables.
-- Later areas (providers, invoices, authorizations) hang off contratos/beneficiarios.

create table pessoas (
  cpf              char(11) primary key check (cpf ~ '^[0-9]{11}$'),
  nome             text not null,
  data_nascimento  date,
  sexo             char(1) check (sexo in ('m', 'f')),
  estado_civil     char(1) check (estado_civil in ('s', 'c', 'd', 'v')),
  nome_mae         text,
  email            text,
  celular          text check (celular ~ '^[0-9]{10,11}$'),
  rg               text,
  orgao_emissor_rg text,
  cns              text,
  titulo_eleitor   text,
  profissao        text,
  pis_pasep        text,
  criado_em        timestamptz not null default now()
);

create table planos (
  codigo_plano   text primary key,
  nome           text not null,
  registro_ans   text,
  coparticipativo boolean not null,
  segmentacao    text not null,
  acomodacao     text not null check (acomodacao in ('APARTAMENTO', 'ENFERMARIA'))
);

create table contratos (
  codigo_contrato            text primary key,
  codigo_plano               text not null references planos,
  cpf_responsavel_financeiro char(11) not null references pessoas (cpf),
  tipo_contratacao           text not null
    check (tipo_contratacao in ('INDIVIDUAL/FAMILIAR', 'COLETIVO EMPRESARIAL', 'COLETIVO POR ADESAO')),
  data_inicio_vigencia       date not null,
  data_cancelamento          date,
  check (data_cancelamento is null or data_cancelamento >= data_inicio_vigencia)
);
create index contratos_responsavel_idx on contratos (cpf_responsavel_financeiro);

create table beneficiarios (
  codigo_beneficiario text primary key,            -- the number on the card (carteirinha)
  codigo_contrato     text not null references contratos,
  cpf                 char(11) not null references pessoas (cpf),
  tipo                text not null check (tipo in ('TITULAR', 'DEPENDENTE')),
  parentesco          text,
  codigo_titular      text references beneficiarios (codigo_beneficiario),
  ativo               boolean not null default true,
  data_inclusao       date not null,
  data_exclusao       date,
  unique (codigo_contrato, cpf),
  check (tipo = 'TITULAR' or codigo_titular is not null)
);
create index beneficiarios_cpf_idx on beneficiarios (cpf);

create table contas (
  cpf               char(11) primary key references pessoas (cpf),
  senha_hash        text,
  senha_definida_em timestamptz,
  criado_em         timestamptz not null default now()
);

create table sessions (
  codigo_sessao       bigint primary key,
  cookie_hash         text not null unique,      -- sha256 of the pb_sessao cookie, never the cookie
  cpf                 char(11) not null references pessoas (cpf),
  codigo_contrato     text not null references contratos,
  codigo_beneficiario text references beneficiarios,
  criado_em           timestamptz not null,
  ultimo_uso_em       timestamptz not null,
  expira_em           timestamptz not null,      -- absolute end
  encerrado_em        timestamptz,
  ip                  text,
  user_agent          text
);
create index sessions_cpf_idx on sessions (cpf) where encerrado_em is null;

create table verification_codes (
  id            bigserial primary key,
  cpf           char(11) not null references pessoas (cpf),
  finalidade    text not null check (finalidade in ('registro', 'recuperacao')),
  canal         text not null check (canal in ('email', 'sms')),
  destino       text not null,
  codigo_hmac   text not null,                  -- HMAC-SHA-256(CODE_SECRET, cpf:code)
  fluxo_hash    text not null,                  -- sha256 of the pb_fluxo cookie of the browser that asked
  criado_em     timestamptz not null,
  expira_em     timestamptz not null,
  tentativas    int not null default 0,
  validado_em   timestamptz,                    -- right code typed (confirmed / validated)
  usado_em      timestamptz,                    -- consumed by CadastrarSenha / AlterarSenha
  invalidado_em timestamptz                     -- superseded by a newer send
);
create index verification_codes_open_idx on verification_codes (cpf, finalidade) where usado_em is null and invalidado_em is null;

create table rate_counters (
  key       text primary key,
  count     int not null,
  last_at   timestamptz not null,
  expira_em timestamptz not null
);

create table audit_log (
  id         bigserial primary key,
  at         timestamptz not null,
  event      text not null,
  cpf        char(11),
  ip         text,
  user_agent text,
  detail     jsonb not null default '{}'::jsonb
);
create index audit_log_cpf_idx on audit_log (cpf, at);

create table outbox (
  id         bigserial primary key,
  canal      text not null check (canal in ('sms', 'email')),
  destino    text not null,
  mensagem   text not null,
  codigo     text,
  criado_em  timestamptz not null,
  enviado_em timestamptz,
  erro       text
);

create table server_secrets (
  name      text primary key,
  value     text not null,
  criado_em timestamptz not null default now()
);
