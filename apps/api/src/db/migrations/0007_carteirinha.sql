-- Card data (carteirinha, decision 0009): what the digital card shows besides the tables of 0001.
-- Waiting periods (carências) of each beneficiary, one row per kind of coverage, and the end of the
-- partial temporary coverage (CPT) for pre-existing conditions, when one was agreed.
alter table beneficiarios add column data_final_cpt date;

create table carencias (
  codigo_beneficiario text not null references beneficiarios on delete cascade,
  ordem               int not null,
  descricao           text not null,
  data_fim            date not null,
  primary key (codigo_beneficiario, ordem)
);
