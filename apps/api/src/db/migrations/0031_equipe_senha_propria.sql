-- Decision 0033, amended: the one-time password the CLI prints (criar, redefinir) opens only the step
-- where the person chooses a password of their own; no staff session exists before that. Accounts made
-- before this migration still hold a CLI password, so they too choose one at their next sign-in.
alter table equipe_contas add column senha_provisoria boolean not null default true;
-- The pre-auth step remembers that its TOTP code was accepted, so the password step needs no second code.
alter table equipe_pre_autenticacoes add column codigo_aceito_em timestamptz;
