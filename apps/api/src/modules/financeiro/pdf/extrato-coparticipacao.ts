import { formatDate } from '@portal/br';
import type { Operadora } from '@portal/contract';
import { cabecalhoOperadora, criarDocumento, paragrafo, tabela, titulo } from '../../../lib/pdf/documento';
import { camposDestinatario, type Destinatario, reais } from './comum';

export interface DadosExtratoCoParticipacao {
  operadora: Operadora;
  emitidoEm: Date;
  destinatario: Destinatario;
  /** 'MM/AAAA' */
  competencia: string;
  itens: { data: string; beneficiario: string; descricao: string; prestador: string; valorCentavos: number }[];
}

/** Co-participation statement of one competence: every service used, by whom, where, and the total. */
export async function gerarExtratoCoParticipacao(e: DadosExtratoCoParticipacao): Promise<Buffer> {
  const d = criarDocumento({
    titulo: `Extrato de Coparticipação - ${e.competencia} - ${e.operadora.nome}`,
    assunto: `Extrato de coparticipação da competência ${e.competencia}, contrato ${e.destinatario.codigoContrato}`,
    operadora: e.operadora,
    emitidoEm: e.emitidoEm,
  });
  cabecalhoOperadora(d);
  titulo(d, `Extrato de Coparticipação - Competência ${e.competencia}`);
  camposDestinatario(d, e.destinatario, [['Competência', e.competencia]]);
  titulo(d, 'Utilizações com coparticipação', 'H2');
  if (e.itens.length === 0) {
    paragrafo(d, 'Nenhum item encontrado.');
  } else {
    const total = e.itens.reduce((s, i) => s + i.valorCentavos, 0);
    tabela(
      d,
      [
        { titulo: 'Data', largura: 58 },
        { titulo: 'Beneficiário', largura: 105 },
        { titulo: 'Descrição', largura: '*' },
        { titulo: 'Prestador', largura: 115 },
        { titulo: 'Valor', largura: 62, alinhar: 'right' },
      ],
      e.itens.map((i) => [formatDate(i.data), i.beneficiario, i.descricao, i.prestador, reais(i.valorCentavos)]),
      [['Total', '', `${e.itens.length} ${e.itens.length === 1 ? 'item' : 'itens'}`, '', reais(total)]],
    );
  }
  paragrafo(
    d,
    'Os valores de coparticipação seguem a tabela do seu contrato e são cobrados na mensalidade da competência indicada.',
    { tamanho: 8.5 },
  );
  return d.finalizar();
}
