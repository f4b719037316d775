-- Guia Médico: the operator's provider network (public information: no member scope).
-- Decision 0008. The tables are the source of truth; materialized views, rebuilt by
-- guia_atualizar() after the network is loaded or changed, serve the search.

-- Trigram indexes for free text; ships with PostgreSQL (contrib, trusted since PG 13) and with
-- PGlite (db/pglite.ts loads it).
create extension if not exists pg_trgm;

-- How free text is compared: Unicode NFD, combining accents dropped, lower case, anything but
-- a-z and 0-9 a single space ('Clínica Coração-Paulista' -> 'clinica coracao paulista'). It is
-- step for step what the API does to what the member types (normalizeSearch of packages/br, then
-- [^a-z0-9] -> ' ', in palavrasDaBusca), so both sides agree on every input, not only on
-- Portuguese: a letter outside a-z after dropping accents ('ß', 'ø') is a separator on both.
-- Built-in functions only (normalize() needs a UTF8 database, as PostgreSQL and PGlite use).
create function guia_normalizar(texto text) returns text
  language sql immutable parallel safe strict
  as $$ select btrim(regexp_replace(lower(regexp_replace(normalize(texto, NFD), '[\u0300-\u036f]', '', 'g')),
                                    '[^a-z0-9]+', ' ', 'g')) $$;

create table cidades (
  codigo int primary key,                       -- IBGE municipality code
  nome   text not null,
  uf     char(2) not null check (uf ~ '^[A-Z]{2}$'),
  unique (nome, uf)
);

create table especialidades (
  codigo int primary key,
  nome   text not null unique,
  odonto boolean not null default false        -- dental specialties (somenteOdonto / removeOdonto)
);

-- Quality seals (ANS qualification attributes); the image is /selos/{codigo}.png.
create table selos (
  codigo char(1) primary key check (codigo ~ '^[A-Z]$'),
  nome   text not null,
  ordem  smallint not null unique               -- the order cards show them in (2 on a card, then +N)
);

-- A place where providers attend: a hospital, a clinic, a laboratory, an office building suite.
create table estabelecimentos (
  codigo               int primary key,
  codigo_cidade        int not null references cidades,
  tipo                 text not null,          -- Hospital, Clínica, Laboratório, Consultório...
  nome_fantasia        text not null,
  razao_social         text not null,
  cnpj                 char(14) not null check (cnpj ~ '^[0-9]{14}$'),
  logradouro           text not null,          -- 'Avenida Paulista'
  numero               text not null,
  complemento          text,
  bairro               text not null,
  cep                  char(8) not null check (cep ~ '^[0-9]{8}$'),
  fone                 text not null check (fone ~ '^[0-9]{10,11}$'),
  site                 text
);
create index estabelecimentos_cidade_idx on estabelecimentos (codigo_cidade);

-- A provider: a professional (nro_registro 'CRM/SP 123456', 'CRO/RJ 12345') or an
-- establishment listed under its own name ('CNES 2077485').
create table prestadores (
  codigo       int primary key,
  nome         text not null,
  nro_registro text not null
);

create table prestador_especialidades (
  codigo_prestador     int not null references prestadores on delete cascade,
  codigo_especialidade int not null references especialidades,
  primary key (codigo_prestador, codigo_especialidade)
);

create table prestador_selos (
  codigo_prestador int not null references prestadores on delete cascade,
  codigo_selo      char(1) not null references selos,
  primary key (codigo_prestador, codigo_selo)
);

create table locais_atendimento (
  codigo_prestador       int not null references prestadores on delete cascade,
  ordem                  smallint not null,
  codigo_estabelecimento int not null references estabelecimentos,
  sala                   text,                 -- room or suite of this provider in the building
  primary key (codigo_prestador, ordem)
);
create index locais_atendimento_estabelecimento_idx on locais_atendimento (codigo_estabelecimento);

-- RN 585/2023 (and RN 365/2014 for non-hospital providers): changes of the network that the
-- operator publishes, with 30 days' notice, for the members of the products concerned.
create table prestadores_substituidos (
  id                          int primary key,
  -- The codes and their Portuguese descriptions are in packages/contract/src/guia-medico.ts.
  tipo_alteracao              text not null check (tipo_alteracao in (
                                'SUBSTITUICAO_HOSPITALAR', 'SUBSTITUICAO_NAO_HOSPITALAR', 'REDIMENSIONAMENTO_POR_REDUCAO',
                                'EXCLUSAO_PARCIAL_DE_SERVICOS', 'EXCLUSAO_URGENCIA_EMERGENCIA', 'SUSPENSAO_TEMPORARIA')),
  motivo                      text not null check (motivo in (
                                'RESCISAO_CONTRATUAL', 'ENCERRAMENTO_DAS_ATIVIDADES', 'INTERESSE_DO_PRESTADOR',
                                'INTERESSE_DA_OPERADORA', 'CONTRATACAO_INDIRETA', 'OBRAS_OU_REFORMA', 'OUTRO')),
  codigo_cidade               int not null references cidades,
  nome_excluido               text not null,
  cnpj_excluido               char(14) check (cnpj_excluido ~ '^[0-9]{14}$'),
  servicos                    text not null,   -- what changes: 'Internação, pronto-socorro e maternidade'
  codigo_prestador_substituto int references prestadores on delete set null,
  nome_substituto             text,            -- kept even if the substitute later leaves the guide
  data_comunicacao            date not null,
  data_vigencia               date not null,   -- from when the change applies
  check (data_vigencia >= data_comunicacao),
  check ((tipo_alteracao like 'SUBSTITUICAO%') = (nome_substituto is not null))
);
create index prestadores_substituidos_cidade_idx on prestadores_substituidos (codigo_cidade, data_vigencia desc);

create table prestadores_substituidos_produtos (
  id_substituicao int not null references prestadores_substituidos on delete cascade,
  codigo_plano    text not null references planos,
  primary key (id_substituicao, codigo_plano)
);

-- ---------------------------------------------------------------------------------------------
-- Search views (decision 0008). Rebuilt together by guia_atualizar().

-- The order of the specialty groups in a result: medical by name, then dental by name, so that
-- "dental only" is one range of this order.
create materialized view guia_especialidades as
select e.codigo, e.nome, e.odonto,
       (row_number() over (order by e.odonto, guia_normalizar(e.nome) collate "C", e.codigo))::smallint as ordem
  from especialidades e;
create unique index guia_especialidades_codigo_idx on guia_especialidades (codigo);
create unique index guia_especialidades_ordem_idx on guia_especialidades (ordem);

-- One row per provider with a service location: its normalised search text (name, and each
-- location's trade name and address), its rank by name, its cities and its specialty groups.
-- Free text and its counting read only this view.
create materialized view guia_busca as
with locais as (
  select l.codigo_prestador,
         string_agg(concat_ws(' ', e.nome_fantasia, e.logradouro, e.numero, e.bairro), ' '
                    order by l.ordem) as enderecos,
         array_agg(distinct e.codigo_cidade) as cidades
    from locais_atendimento l
    join estabelecimentos e on e.codigo = l.codigo_estabelecimento
   group by l.codigo_prestador
), ordens as (
  select pe.codigo_prestador, array_agg(ge.ordem order by ge.ordem) as ordens
    from prestador_especialidades pe
    join guia_especialidades ge on ge.codigo = pe.codigo_especialidade
   group by pe.codigo_prestador
)
select p.codigo as codigo_prestador,
       (row_number() over (order by guia_normalizar(p.nome) collate "C", p.codigo))::int as nome_rank,
       ' ' || guia_normalizar(p.nome || ' ' || l.enderecos) || ' ' as busca,
       l.cidades,
       o.ordens
  from prestadores p
  join locais l on l.codigo_prestador = p.codigo
  join ordens o on o.codigo_prestador = p.codigo;
create unique index guia_busca_prestador_idx on guia_busca (codigo_prestador);
create index guia_busca_trgm_idx on guia_busca using gin (busca gin_trgm_ops);

-- One row per result card: (city, specialty group, provider), plus city 0 = "any city" (a
-- provider with two cities is one card there). Ordered by the index exactly as a result is.
create materialized view guia_listagem as
select c.codigo_cidade, o.ordem, b.nome_rank, b.codigo_prestador
  from guia_busca b
 cross join lateral unnest(b.ordens) as o(ordem)
 cross join lateral unnest(b.cidades || 0) as c(codigo_cidade);
create unique index guia_listagem_idx on guia_listagem (codigo_cidade, ordem, nome_rank) include (codigo_prestador);

-- Cards per (city, specialty group): totalRegistros without counting rows.
create materialized view guia_contagem as
select codigo_cidade, ordem, count(*)::int as total
  from guia_listagem
 group by codigo_cidade, ordem;
create unique index guia_contagem_idx on guia_contagem (codigo_cidade, ordem);

-- Each provider as the API answers it (docs/produto/guia-medico.md, "Data"), built once: a page of results reads
-- 100 rows by key instead of joining locations, establishments, cities and seals per request.
-- codigoCidade rides along so the API can put the searched city's locations first.
create materialized view guia_fichas as
with selos_do_prestador as (
  select ps.codigo_prestador,
         json_agg(json_build_object('codigo', s.codigo, 'nome', s.nome) order by s.ordem) as selos
    from prestador_selos ps
    join selos s on s.codigo = ps.codigo_selo
   group by ps.codigo_prestador
), locais as (
  select l.codigo_prestador,
         json_agg(json_build_object(
           'codigoCidade', e.codigo_cidade,
           'rua', concat_ws(', ', e.logradouro, e.numero)
                  || coalesce(' - ' || nullif(concat_ws(', ', e.complemento, l.sala), ''), ''),
           'bairro', e.bairro, 'cep', e.cep, 'fone', e.fone, 'cidade', c.nome, 'uf', c.uf,
           'nomeFantasia', e.nome_fantasia, 'razaoSocial', e.razao_social, 'cnpj', e.cnpj,
           'tipoEstabelecimento', e.tipo, 'site', e.site) order by l.ordem) as locais
    from locais_atendimento l
    join estabelecimentos e on e.codigo = l.codigo_estabelecimento
    join cidades c on c.codigo = e.codigo_cidade
   group by l.codigo_prestador
)
select p.codigo as codigo_prestador,
       json_build_object('codigo', p.codigo, 'nome', p.nome, 'nroRegistro', p.nro_registro,
                         'selos', coalesce(s.selos, '[]'::json), 'locaisAtendimento', l.locais) as ficha
  from prestadores p
  join locais l on l.codigo_prestador = p.codigo
  left join selos_do_prestador s on s.codigo_prestador = p.codigo;
create unique index guia_fichas_prestador_idx on guia_fichas (codigo_prestador);

-- After loading or changing the network (seed, an operator's import): fresh statistics of the
-- tables (PGlite has no autovacuum to gather them), then the search views in dependency order.
-- Index-only scans of guia_listagem also want a VACUUM afterwards (outside a transaction).
create function guia_atualizar() returns void language plpgsql as $$
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
end $$;
