-- PerfisDaConta checked the password moments ago: Autenticar, the next call of the same login,
-- accepts that proof instead of hashing the password a second time (argon2id is the cost of a
-- login). Single use, two minutes, bound to the browser (cookie), the CPF and the password.
create table pre_autenticacoes (
  token_hash text primary key,              -- sha256 of the pb_preauth cookie
  cpf        char(11) not null references pessoas (cpf),
  senha_hmac text not null,                  -- HMAC-SHA-256(CODE_SECRET, cpf:senha), never the password
  criado_em  timestamptz not null,
  expira_em  timestamptz not null,
  usado_em   timestamptz
);
create index pre_autenticacoes_expira_idx on pre_autenticacoes (expira_em);
create index pre_autenticacoes_cpf_idx on pre_autenticacoes (cpf);
