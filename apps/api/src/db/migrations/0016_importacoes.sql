-- Bulk import of the operator's own data (issue 16, decision 0022): the history of every import,
-- and a home for the standard fields (SIB, ANS product register) the member screens had no column for.
create table importacoes (
  id              text primary key,
  entidade        text not null,
  modo            text not null check (modo in ('incremental', 'completo')),
  dry_run         boolean not null,
  origem          text not null check (origem in ('cli', 'api')),
  chave_id        text,
  status          text not null check (status in ('em_andamento', 'recusado', 'validado', 'aplicado', 'falhou')),
  linhas          int not null default 0,
  incluidos       int not null default 0,
  alterados       int not null default 0,
  inalterados     int not null default 0,
  inativados      int not null default 0,
  erros           jsonb not null default '[]'::jsonb,
  erros_omitidos  int not null default 0,
  iniciada_em     timestamptz not null,
  -- Heartbeat while it runs: an 'em_andamento' row not touched for 2 minutes is a crashed import.
  atualizada_em   timestamptz not null,
  concluida_em    timestamptz
);
create index importacoes_iniciada_idx on importacoes (iniciada_em desc);
create index importacoes_em_andamento_idx on importacoes (entidade) where status = 'em_andamento';

-- Product register (RPS): geographic coverage of the plan.
alter table planos add column abrangencia text;
-- The contracting company of a collective contract.
alter table contratos add column cnpj_contratante char(14) check (cnpj_contratante ~ '^[0-9]{14}$');
-- SIB: municipality of residence (IBGE code, 7 digits).
alter table pessoas add column codigo_municipio_ibge char(7) check (codigo_municipio_ibge ~ '^[0-9]{7}$');
-- SIB: the ANS control code of the beneficiary (CCO) and the reason of a cancellation.
alter table beneficiarios add column cco text;
alter table beneficiarios add column motivo_cancelamento text;
-- TISS: the authorization's password, its validity and the reason of a denial.
alter table autorizacoes add column senha text;
alter table autorizacoes add column data_validade_senha date;
alter table autorizacoes add column motivo_negativa text;
-- The operator's key of a co-participation charge (the natural key of the import; null for older rows).
alter table coparticipacoes add column codigo_coparticipacao text unique;
