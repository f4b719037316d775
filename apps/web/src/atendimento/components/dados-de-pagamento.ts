import { formatCpf } from '@portal/br';

const ROTULOS: Record<string, string> = {
  forma: 'Forma',
  banco: 'Banco',
  agencia: 'Agência',
  conta: 'Conta',
  tipoConta: 'Tipo de conta',
  tipoChave: 'Tipo de chave PIX',
  chave: 'Chave PIX',
};
const VALORES: Record<string, string> = {
  pix: 'PIX',
  conta: 'Conta bancária',
  corrente: 'Corrente',
  poupanca: 'Poupança',
  cpf: 'CPF',
  email: 'E-mail',
  celular: 'Celular',
  aleatoria: 'Chave aleatória',
};

/**
 * Where the money goes, as label and value, in the order a transfer is typed (a CPF key readable):
 * the page's 'Dados para pagamento' and the confirmation dialogs show the same lines.
 */
export function linhasDePagamento(dados: Record<string, string>): [string, string][] {
  const ordem = Object.keys(ROTULOS);
  const posicao = (k: string) => (ordem.includes(k) ? ordem.indexOf(k) : ordem.length);
  return Object.entries(dados)
    .sort(([a], [b]) => posicao(a) - posicao(b))
    .map(([k, v]) => [ROTULOS[k] ?? k, k === 'chave' && dados.tipoChave === 'cpf' ? formatCpf(v) : (VALORES[v] ?? v)]);
}
