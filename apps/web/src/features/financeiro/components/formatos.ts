export { competenciaPorExtenso } from '@portal/br';

const pad = (n: number) => String(n).padStart(2, '0');

/** File names the member keeps (the server sends the same in Content-Disposition). */
export const nomesDeArquivo = {
  boleto: (ano: number, mes: number) => `boleto-${ano}-${pad(mes)}.pdf`,
  recibo: (ano: number, mes: number) => `recibo-${ano}-${pad(mes)}.pdf`,
  extrato: (ano: number, mes: number) => `extrato-coparticipacao-${ano}-${pad(mes)}.pdf`,
  irpf: (ano: number) => `informe-irpf-${ano}.pdf`,
  quitacao: (ano: number) => `declaracao-quitacao-${ano}.pdf`,
};

/**
 * Years the debt-clearance letter can be asked for: finished years (the law's letter is annual),
 * newest first, from the start of the contract, at most `maximo` of them.
 */
export function anosDaDeclaracao(hoje: Date, dataContratacao: string | null | undefined, maximo = 5): number[] {
  const atual = hoje.getFullYear();
  const inicio = /^\d{4}/.test(dataContratacao ?? '') ? Number(dataContratacao!.slice(0, 4)) : atual - maximo;
  const anos: number[] = [];
  for (let a = atual - 1; a >= Math.max(inicio, atual - maximo); a--) anos.push(a);
  return anos;
}

/** The typeable line in its 5 printed groups, for display ('34191.09024 34260.331573 …'). */
export function gruposDaLinha(linha: string): string[] {
  const l = linha.replace(/\D/g, '');
  if (l.length !== 47) return [linha];
  return [
    `${l.slice(0, 5)}.${l.slice(5, 10)}`,
    `${l.slice(10, 15)}.${l.slice(15, 21)}`,
    `${l.slice(21, 26)}.${l.slice(26, 32)}`,
    l.slice(32, 33),
    l.slice(33),
  ];
}
