-- Issue 31, "Find anyone, from anywhere": the staff console's one search box (GET
-- /api/atendimento/busca, decision 0052). What it looks up, each an index scan at an operator's size:
-- - a CPF: pessoas' primary key; a card or contract code: beneficiarios' primary key and its
--   unique (codigo_contrato, cpf); a protocol number: protocolos' primary key (nothing new);
-- - a name, without accents or case, every word anywhere in the name or the social name: a trigram
--   index (pg_trgm, loaded by PGlite too, migration 0004) over the text guia_normalizar makes of
--   both, between spaces so that a 2-letter word can be matched at the start of a word. The API
--   writes this same expression (atendimento/busca.ts, NOME_DE_BUSCA) for the planner to use it;
-- - a receipt number, without its punctuation and case ('NF-1.234' = 'nf1234');
-- - a person's protocols and reimbursements, the most recent first: by who asked (cpf; protocolos
--   already has it) and by whom they are about (codigo_beneficiario).

create index pessoas_nome_busca_idx on pessoas
  using gin ((' ' || guia_normalizar(nome || ' ' || coalesce(nome_social, '')) || ' ') gin_trgm_ops);

create index protocolos_beneficiario_idx on protocolos (codigo_beneficiario, criado_em desc);

create index reembolsos_cpf_idx on reembolsos (cpf, criado_em desc);
create index reembolsos_beneficiario_idx on reembolsos (codigo_beneficiario, criado_em desc);
create index reembolsos_recibo_idx on reembolsos (upper(regexp_replace(numero_recibo, '[^0-9A-Za-z]', '', 'g')));
