-- Webhooks out (issue 17, decisions 0029 and 0030): the operator's endpoints, the events written in
-- the same transaction as the member's request, one delivery per (event, endpoint) claimed with
-- `for update skip locked`, and every attempt (for the staff console).

create table webhook_endpoints (
  id text primary key,                       -- ep_…
  url text not null,
  eventos text[] not null,
  -- whsec_… sealed with AES-256-GCM (the key is server secret 'webhooks_secret'); never logged.
  segredo text not null,
  -- The secret before the last rotation, still signed with until segredo_anterior_ate.
  segredo_anterior text,
  segredo_anterior_ate timestamptz,
  ativo boolean not null default true,
  criado_em timestamptz not null,
  desativado_em timestamptz,
  motivo_desativacao text
);

create table webhook_mensagens (
  id text primary key,                       -- msg_…: the webhook-id, the same on every attempt
  tipo text not null,
  payload jsonb not null,
  criado_em timestamptz not null
);
create index webhook_mensagens_criado_em on webhook_mensagens (criado_em);

create table webhook_entregas (
  id bigserial primary key,
  mensagem_id text not null references webhook_mensagens (id),
  endpoint_id text not null references webhook_endpoints (id),
  -- pendente → entregue | falhou (dead letter after the last retry) | cancelada (endpoint disabled)
  situacao text not null default 'pendente' check (situacao in ('pendente', 'entregue', 'falhou', 'cancelada')),
  tentativas int not null default 0,
  -- When it may be claimed: the next retry, or the end of a claim's lease (a worker killed
  -- mid-delivery leaves it pendente, and it is claimed again once the lease ends).
  proxima_em timestamptz not null,
  entregue_em timestamptz,
  criado_em timestamptz not null,
  unique (mensagem_id, endpoint_id)
);
create index webhook_entregas_fila on webhook_entregas (proxima_em) where situacao = 'pendente';

create table webhook_tentativas (
  id bigserial primary key,
  entrega_id bigint not null references webhook_entregas (id),
  em timestamptz not null,
  status_http int,
  duracao_ms int not null,
  -- entregue | erro (will retry) | falhou (last retry) | desativado (410)
  resultado text not null,
  erro text
);
create index webhook_tentativas_entrega on webhook_tentativas (entrega_id);
