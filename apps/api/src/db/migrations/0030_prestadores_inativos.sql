-- Issue 16: a `completo` import of prestadores is the operator's whole network; a provider missing
-- from it is marked inactive, never deleted (substitutions, usage and reimbursement history may name
-- it), and comes back when a later file has it again. The Guia's searches leave inactive providers
-- out at read time (modules/guia-medico/repository.ts), so the search views are not redefined here.
alter table prestadores add column ativo boolean not null default true;

-- The searches read "which providers are inactive" on every request: a partial index keeps that a
-- read of the few inactive rows, not a scan of a network of 300 000.
create index prestadores_inativos_idx on prestadores (codigo) where not ativo;

-- The cards of the inactive providers per (city, specialty; city 0 = any city), as guia_contagem
-- counts them: the searches subtract these few rows from its totals instead of counting inactive
-- providers on every request. Rewritten by every prestadores import (the only writer of ativo).
create table guia_inativos_contagem (
  codigo_cidade        int not null,
  codigo_especialidade int not null,
  total                int not null,
  primary key (codigo_cidade, codigo_especialidade)
);
