-- Issue 31 at an operator's size (bench/atendimento-busca.mjs, 1 000 000 people): the console's name
-- search kept its trigram index over an expression (migration 0035), and a trigram match is always
-- rechecked on the row, so every candidate row ran guia_normalizar (NFD normalisation and two
-- regular expressions) again: 'maria silva' has ~27 000 candidates, 1.5 s on PostgreSQL. The searched
-- text is now stored with the row, computed by the same expression when the name or the social name
-- is written, and the recheck is a plain LIKE on it. The API searches this column
-- (atendimento/busca.ts, NOME_DE_BUSCA).

alter table pessoas add column nome_busca text
  generated always as (' ' || guia_normalizar(nome || ' ' || coalesce(nome_social, '')) || ' ') stored;

drop index pessoas_nome_busca_idx;
create index pessoas_nome_busca_idx on pessoas using gin (nome_busca gin_trgm_ops);
-- The new column's statistics now, for the planner's estimate of a name's matches.
analyze pessoas (nome_busca);
