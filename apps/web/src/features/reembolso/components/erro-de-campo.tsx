import type { ReactNode } from 'react';

/** Titles of the 'Title. message' pair under a field (decision 0031) when the value is wrong. */
const TITULO_INVALIDO: Record<string, string> = {
  cpfBeneficiario: 'Beneficiário inválido',
  dataAtendimento: 'Data inválida',
  codigoTuss: 'Código inválido',
  'prestador.documento': 'CPF ou CNPJ inválido',
  'prestador.conselho': 'Registro incompleto',
  'prestador.numeroConselho': 'Registro inválido',
  valorPago: 'Valor inválido',
  numeroRecibo: 'Número inválido',
  'pagamento.chave': 'Chave PIX inválida',
  'pagamento.banco': 'Banco inválido',
  'pagamento.agencia': 'Agência inválida',
  'pagamento.conta': 'Conta inválida',
};

/** The reimbursement form's message under a field: 'Campo obrigatório.' or the field's title, then the message. */
export function erroCampo(campo: string, msg: string | undefined): ReactNode {
  if (!msg) return undefined;
  const titulo = /^(Informe|Selecione|Anexe)\b/.test(msg)
    ? 'Campo obrigatório'
    : (TITULO_INVALIDO[campo] ?? 'Dado inválido');
  return (
    <>
      <strong className="font-semibold">{titulo}.</strong> {msg}
    </>
  );
}
