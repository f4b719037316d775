-- Issue 16 (decision 0024): the operator's keys to the integration API /api/integracao/v1, and the
-- audit of every call made with them. A key is `pbk_<id>_<secret>`: only the SHA-256 of the secret is
-- kept; after a rotation the previous secret's hash stays valid until `anterior_valido_ate`.
create table chaves_integracao (
  id                     text primary key check (id ~ '^[0-9a-f]{16}$'),
  nome                   text not null check (length(nome) between 1 and 100),
  escopos                text[] not null check (cardinality(escopos) > 0),
  segredo_hash           char(64) not null,
  segredo_anterior_hash  char(64),
  anterior_valido_ate    timestamptz,
  chamadas_por_minuto    int check (chamadas_por_minuto > 0),
  criada_em              timestamptz not null,
  expira_em              timestamptz,
  rotacionada_em         timestamptz,
  revogada_em            timestamptz,
  ultimo_uso_em          timestamptz
);

-- One row per call to /api/integracao/v1 (refused ones too): never a secret, a body or a query string.
create table auditoria_integracao (
  id             bigint generated always as identity primary key,
  em             timestamptz not null,
  chave_id       text,
  ip             text not null,
  metodo         text not null,
  rota           text not null,
  entidade       text,
  importacao_id  text,
  status         smallint not null,
  contagens      jsonb
);
create index auditoria_integracao_chave_idx on auditoria_integracao (chave_id, em desc);
create index auditoria_integracao_em_idx on auditoria_integracao (em);
create index auditoria_integracao_importacao_idx on auditoria_integracao (importacao_id) where importacao_id is not null;
