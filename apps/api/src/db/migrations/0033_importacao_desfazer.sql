-- Issue 30 (decision 0049): a `completo` import is bounded and can be undone.
-- The number an operator must confirm when a file would remove (cancel, inactivate, delete) more
-- than the bound allows; null when nothing needed confirming.
alter table importacoes add column confirmacao_exigida int;
-- When the import was undone (npm run importar -- desfazer <id>, or POST …/importacoes/{id}/desfazer),
-- and how many records the undo put back.
alter table importacoes add column desfeita_em timestamptz;
alter table importacoes add column restaurados int;

-- What an applied import removed, written in the same transaction as the apply: one row per record,
-- its state before and what the import left (null: deleted). The undo puts back only the records
-- still as the import left them. Rows older than the undo window are pruned by later imports.
create table importacao_alteracoes (
  importacao_id text not null references importacoes (id) on delete cascade,
  chave         text not null,
  antes         jsonb not null,
  depois        jsonb,
  primary key (importacao_id, chave)
);
