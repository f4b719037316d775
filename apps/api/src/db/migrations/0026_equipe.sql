-- The staff console (issue 17 "Staff console", decision 0033): the operator's staff accounts (created
-- by `npm run equipe`), their sign-in (password, then TOTP), their sessions apart from the members',
-- the audit trail of what they read and did, and reusable answer texts.

create table equipe_contas (
  id                 uuid primary key,
  email              text not null unique check (email = lower(email) and char_length(email) between 3 and 254),
  nome               text not null check (char_length(nome) between 1 and 100),
  papel              text not null check (papel in ('atendente', 'supervisor', 'administrador')),
  senha_hash         text not null,                -- argon2id (lib/password.ts)
  -- The TOTP secret (base32), sealed with AES-256-GCM like the webhook secrets (decision 0030), with
  -- its own server secret 'equipe_secret'; confirmed once the first code from the app is right.
  totp_segredo       text not null,
  totp_confirmado_em timestamptz,
  -- The last 30 s step a code was accepted for: a code is never accepted twice (replay).
  ultimo_passo_totp  bigint,
  -- Wrong passwords in a row; at 5 the account is locked until bloqueada_ate (15 min).
  tentativas         int not null default 0,
  bloqueada_ate      timestamptz,
  criada_em          timestamptz not null,
  desativada_em      timestamptz
);

-- After the password: the step that waits for the TOTP code (cookie pb_equipe_pre, 5 min, 5 codes).
create table equipe_pre_autenticacoes (
  token_hash char(64) primary key,               -- sha256 of the cookie value
  conta_id   uuid not null references equipe_contas on delete cascade,
  expira_em  timestamptz not null,
  tentativas int not null default 0
);
create index equipe_pre_autenticacoes_expira_idx on equipe_pre_autenticacoes (expira_em);

-- Staff sessions (cookie pb_equipe, path /api/atendimento): never a member's session table.
create table equipe_sessoes (
  token_hash    char(64) primary key,            -- sha256 of the cookie value
  conta_id      uuid not null references equipe_contas on delete cascade,
  criada_em     timestamptz not null,
  ultimo_uso_em timestamptz not null,            -- the idle timeout counts from here
  expira_em     timestamptz not null,            -- the absolute end (10 h after sign-in)
  encerrada_em  timestamptz
);
create index equipe_sessoes_conta_idx on equipe_sessoes (conta_id);

-- Every staff read of member data and every action (LGPD art. 37), for the administrators.
create table equipe_auditoria (
  id              bigserial primary key,
  em              timestamptz not null,
  conta_id        uuid references equipe_contas on delete set null,
  evento          text not null,
  protocolo       char(20),
  codigo_contrato text,
  ip              text not null,
  user_agent      text,
  detalhe         jsonb not null default '{}'
);
create index equipe_auditoria_em_idx on equipe_auditoria (em desc, id desc);
create index equipe_auditoria_conta_idx on equipe_auditoria (conta_id, id desc);

-- Reusable answer texts ('modelos de resposta').
create table equipe_modelos_resposta (
  id         bigserial primary key,
  titulo     text not null check (char_length(titulo) between 1 and 120),
  texto      text not null check (char_length(texto) between 1 and 2000),
  criado_por uuid references equipe_contas on delete set null,
  criado_em  timestamptz not null,
  removido_em timestamptz
);
