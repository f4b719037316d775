import { onlyDigits } from '@portal/br';

/**
 * What makes two reimbursement requests the same receipt (issue 31, decision 0056): the provider's
 * CPF/CNPJ, the receipt number and the day of care. The number is compared as letters and digits
 * only, in upper case and without leading zeros ('nf-00123' and 'NF123' are not the same key, but
 * '000123', '123' and ' 1.23 ' are), which is how members retype a receipt. Migration 0038's backfill
 * writes the same rule in SQL.
 */
export interface ChaveDoRecibo {
  prestadorDocumento: string;
  numeroRecibo: string;
  dataAtendimento: string;
}

export function normalizarDocumento(documento: string): string {
  return onlyDigits(documento);
}

export function normalizarNumeroRecibo(numero: string): string {
  return numero
    .replace(/[^0-9A-Za-z]/g, '')
    .toUpperCase()
    .replace(/^0+/, '');
}

export function chaveDoRecibo(r: ChaveDoRecibo): ChaveDoRecibo {
  return {
    prestadorDocumento: normalizarDocumento(r.prestadorDocumento),
    numeroRecibo: normalizarNumeroRecibo(r.numeroRecibo),
    dataAtendimento: r.dataAtendimento,
  };
}
