-- What the bank actually received for a paid installment (issue 15): more than valor_centavos when it
-- was paid late with the fine and interest of an updated boleto. Null when the operator's data does
-- not say (the receipt then shows the billed amount, as before). The IRPF informe keeps adding the
-- billed items: late charges are not a health expense.
alter table mensalidades
  add column valor_pago_centavos bigint check (valor_pago_centavos > 0);
