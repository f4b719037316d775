-- Online cancellation of the plan by the holder (issue 8, RN 561/2022, decision 0018). The request
-- flow has the shape of the add-on contracting (0006): an acknowledgement (what the member read, for
-- which selection), SMS codes bound to the session and to that selection, then the cancellation.

-- 'Li e estou ciente das consequências': who acknowledged which text for which selection.
create table cancelamento_ciencias (
  id                  bigserial primary key,
  codigo_sessao       bigint not null,
  cpf                 char(11) not null references pessoas (cpf),
  codigo_contrato     text not null references contratos,
  abrangencia         text not null check (abrangencia in ('CONTRATO', 'DEPENDENTES')),
  beneficiarios       jsonb not null,            -- sorted beneficiary codes (every active one for CONTRATO)
  selecao_hash        char(64) not null,         -- sha256(abrangencia:sorted codes)
  texto_versao        text not null,
  texto_hash          char(64) not null,         -- sha256 of the consequences shown
  ciente_em           timestamptz not null,
  ip                  text,
  user_agent          text
);
create index cancelamento_ciencias_sessao_idx on cancelamento_ciencias (codigo_sessao, ciente_em desc);

-- SMS codes confirming a cancellation: HMAC-stored, bound to the session and to the selection.
create table cancelamento_codigos (
  id            bigserial primary key,
  ciencia_id    bigint not null references cancelamento_ciencias,
  codigo_sessao bigint not null,
  destino       text not null,
  codigo_hmac   char(64) not null,             -- HMAC(CODE_SECRET, cancelamento:sessao:selecao:codigo)
  criado_em     timestamptz not null,
  expira_em     timestamptz not null,
  tentativas    int not null default 0,
  usado_em      timestamptz,
  invalidado_em timestamptz
);
create index cancelamento_codigos_aberto_idx on cancelamento_codigos (codigo_sessao)
  where usado_em is null and invalidado_em is null;
create index cancelamento_codigos_expira_idx on cancelamento_codigos (expira_em);

-- Each cancellation made from the portal: what the proof (comprovante) shows, kept as it was.
create table cancelamentos (
  protocolo          char(20) primary key references protocolos,
  codigo_contrato    text not null references contratos,
  cpf_solicitante    char(11) not null references pessoas (cpf),
  abrangencia        text not null check (abrangencia in ('CONTRATO', 'DEPENDENTES')),
  ciencia_id         bigint not null references cancelamento_ciencias,
  beneficiarios      jsonb not null,            -- [{codigoBeneficiario, nome}] cancelled
  consequencias      jsonb not null,            -- the text shown, paragraph by paragraph
  solicitado_em      timestamptz not null,
  data_cancelamento  date not null
);
create index cancelamentos_contrato_idx on cancelamentos (codigo_contrato, solicitado_em desc);
-- A contract is cancelled once (a second whole-contract cancellation is impossible).
create unique index cancelamentos_contrato_unico_idx on cancelamentos (codigo_contrato) where abrangencia = 'CONTRATO';
