-- Guia Médico at 300 000 providers (issue 19, decision 0036): which version of the search views
-- an instance has in memory. guia_atualizar() — the one way the views change (seed, imports) —
-- gives them a new version in the same transaction, so a search reading the version learns at
-- once that the provider documents, filter lists and free-text lists it keeps are stale, on
-- every instance, with no change to the importer.

create table guia_versao (
  unica  boolean primary key default true check (unica),
  versao uuid not null default gen_random_uuid()
);
insert into guia_versao default values;

create or replace function guia_atualizar() returns void language plpgsql as $$
begin
  -- The trigram index of a large network builds several times faster with room to sort in.
  perform set_config('maintenance_work_mem', '256MB', true);
  analyze cidades, especialidades, selos, estabelecimentos, prestadores, prestador_especialidades,
          prestador_selos, locais_atendimento;
  refresh materialized view guia_especialidades;
  refresh materialized view guia_busca;
  refresh materialized view guia_listagem;
  refresh materialized view guia_contagem;
  refresh materialized view guia_fichas;
  analyze guia_especialidades, guia_busca, guia_listagem, guia_contagem, guia_fichas;
  update guia_versao set versao = gen_random_uuid();
end $$;
