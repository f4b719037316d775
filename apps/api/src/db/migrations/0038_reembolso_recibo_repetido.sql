-- Issue 31, "Duplicate receipts" (decision 0056): the same receipt (provider CPF/CNPJ + receipt
-- number + day of care) on two reimbursement requests is flagged to the staff across every member,
-- and the member is warned before sending one their contract already sent.
-- numero_recibo_chave is the receipt number as reembolso/recibo.ts normalises it (letters and digits
-- only, upper case, no leading zeros: ' 000.123 ' and '123' are one key); the API writes it on every
-- request and this backfill applies the same rule to the requests already kept.
-- recibo_repetido_confirmado: the member was told and confirmed it is another care (a possible
-- duplicate the staff check).

alter table reembolsos
  add column numero_recibo_chave        text,
  add column recibo_repetido_confirmado boolean not null default false;
update reembolsos set numero_recibo_chave = ltrim(upper(regexp_replace(numero_recibo, '[^0-9A-Za-z]', '', 'g')), '0');
alter table reembolsos alter column numero_recibo_chave set not null;

create index reembolsos_recibo_repetido_idx
  on reembolsos (prestador_documento, numero_recibo_chave, data_atendimento);
