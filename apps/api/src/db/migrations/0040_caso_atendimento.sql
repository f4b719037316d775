-- The staff console's case screen (issue 31, decision 0057).

-- The member at a glance lists the notices sent to the member: by their subject, never their text.
-- `sigiloso` marks a message that carries a code (sign-in, registration, confirmation): the console
-- shows only that one was sent. Rows written before this migration have no subject; those that
-- carried a code (kept, or replaced by '******' in production) are marked by their text.
alter table outbox add column assunto text;
alter table outbox add column sigiloso boolean not null default false;
update outbox set sigiloso = true where codigo is not null or mensagem ~* 'c[óo]digo';

-- Answer templates by kind of protocol: empty means every kind ('todos os tipos').
alter table equipe_modelos_resposta add column tipos text[] not null default '{}';
