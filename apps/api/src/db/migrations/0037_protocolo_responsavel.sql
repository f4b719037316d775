-- Issue 31, "Who is on it" (decision 0055): who on the staff works on a protocol, a version that
-- tells a stale case screen from the current protocol, and who has the case screen open.

-- The version of a protocol: every change to its row or its history moves it on. The console's
-- case screen reads it and sends it back with an answer; an answer written against an older
-- version is refused (409) under the row lock. Triggers, so no writer (console, integration API,
-- reimbursements, the seed) can forget it.
alter table protocolos add column versao integer not null default 1;

create or replace function protocolos_nova_versao() returns trigger language plpgsql as $$
begin
  if new.versao = old.versao then
    new.versao := old.versao + 1;
  end if;
  return new;
end $$;
create trigger protocolos_versao before update on protocolos
  for each row execute function protocolos_nova_versao();

create or replace function protocolo_eventos_nova_versao() returns trigger language plpgsql as $$
begin
  update protocolos set versao = versao + 1 where numero = new.numero;
  return null;
end $$;
create trigger protocolo_eventos_versao after insert on protocolo_eventos
  for each row execute function protocolo_eventos_nova_versao();

-- The staff member a protocol is with (at most one), since when, and who put it there (themselves,
-- or a supervisor or administrator). Kept apart from protocolos: taking a case is not a change to
-- the protocol (its version stays) and the member never sees it. Every change is a row of
-- equipe_auditoria too.
create table protocolo_responsaveis (
  numero        char(20) primary key references protocolos,
  conta_id      uuid not null references equipe_contas on delete cascade,
  desde         timestamptz not null,
  atribuido_por uuid references equipe_contas on delete set null
);
create index protocolo_responsaveis_conta_idx on protocolo_responsaveis (conta_id);

-- Who has a case screen open: one row per protocol and account, renewed by the screen's heartbeat
-- (every 20 s) and valid until `ate` (45 s later). Expired rows are ignored when read and deleted
-- by the next heartbeat; in the database, so every API instance sees the same people.
create table protocolo_presencas (
  numero   char(20) not null references protocolos,
  conta_id uuid not null references equipe_contas on delete cascade,
  ate      timestamptz not null,
  primary key (numero, conta_id)
);
create index protocolo_presencas_ate_idx on protocolo_presencas (ate);
