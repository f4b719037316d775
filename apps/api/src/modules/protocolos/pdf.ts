import { dataHoraDoInstante, formatCpf, formatDate } from '@portal/br';
import {
  formatarNumeroProtocolo,
  type Operadora,
  ROTULOS_CANAL_PROTOCOLO,
  rotuloDaSituacao,
  ROTULOS_TIPO_PROTOCOLO,
} from '@portal/contract';
import {
  cabecalhoOperadora,
  campos,
  COR_SUAVE,
  criarDocumento,
  paragrafo,
  tabela,
  titulo,
} from '../../lib/pdf/documento';
import type { EventoLido } from '../../core/protocolos/repository';
import type { ProtocoloLido } from './repository';

export interface DadosRespostaPdf {
  operadora: Operadora;
  emitidoEm: Date;
  protocolo: ProtocoloLido;
  prazoDescricao: string;
  historico: EventoLido[];
  /** The operator's answer, or what stands for it (the last step of the history). */
  resposta: string;
}

/**
 * A protocol and its answer as a document (decisions 0010 and 0017): who asked, on which contract,
 * the number, kind, dates and deadline, the history as a table and the answer — tagged text, so a
 * screen reader reads it and a test reads it back.
 */
export async function gerarRespostaPdf(d: DadosRespostaPdf): Promise<Buffer> {
  const { protocolo: p, operadora: op } = d;
  const numero = formatarNumeroProtocolo(p.numero);
  const doc = criarDocumento({
    titulo: `Resposta ao protocolo ${p.numero} - ${op.nome}`,
    assunto: `${ROTULOS_TIPO_PROTOCOLO[p.tipo]}: ${p.assunto}`,
    operadora: op,
    emitidoEm: d.emitidoEm,
  });
  cabecalhoOperadora(doc);
  titulo(doc, `Resposta ao protocolo ${numero}`);
  campos(doc, [
    ['Solicitante', p.solicitante],
    ['CPF', formatCpf(p.cpfSolicitante)],
    ['Contrato', p.codigoContrato],
    ['Plano', p.registroAnsPlano ? `${p.plano} (ANS nº ${p.registroAnsPlano})` : p.plano],
    ...(p.beneficiario ? ([['Beneficiário', p.beneficiario]] as [string, string][]) : []),
  ]);
  titulo(doc, 'Solicitação', 'H2');
  campos(doc, [
    ['Protocolo', numero],
    ['Tipo', ROTULOS_TIPO_PROTOCOLO[p.tipo]],
    ['Pedido em', dataHoraDoInstante(p.criadoEm)],
    ['Situação', rotuloDaSituacao(p)],
    ['Prazo para resposta', `${formatDate(p.prazoResposta)} · ${d.prazoDescricao}`],
    ['Respondido em', p.respondidoEm ? dataHoraDoInstante(p.respondidoEm) : 'Não informado'],
    ...(p.respondidoPor
      ? ([
          [
            'Respondido por',
            p.respondidoPorNome
              ? `${p.respondidoPorNome} (equipe de atendimento da ${op.nome})`
              : `${op.nome} (sistema de atendimento da operadora)`,
          ],
        ] as [string, string][])
      : []),
    ['Canal', ROTULOS_CANAL_PROTOCOLO[p.canal] ?? p.canal],
  ]);
  paragrafo(doc, `Assunto: ${p.assunto}`);
  titulo(doc, 'Histórico', 'H2');
  tabela(
    doc,
    [
      { titulo: 'Data e hora', largura: 120 },
      { titulo: 'Situação', largura: 80 },
      { titulo: 'O que aconteceu', largura: '*' },
    ],
    d.historico.map((e) => [dataHoraDoInstante(e.em), rotuloDaSituacao(e), e.descricao]),
  );
  titulo(doc, 'Resposta da operadora', 'H2');
  paragrafo(doc, d.resposta);
  paragrafo(
    doc,
    `Guarde este documento e o número do protocolo. Se ainda tiver dúvidas, fale com a Central de Atendimento ` +
      `${op.centralAtendimento} informando o protocolo ${numero}.`,
    { tamanho: 9, cor: COR_SUAVE },
  );
  return doc.finalizar();
}
