import { dataHoraDoInstante, formatBRL, formatCpf, formatPhone } from '@portal/br';
import type { ExportacaoMeusDados, Operadora } from '@portal/contract';
import {
  cabecalhoOperadora,
  campos,
  COR_SUAVE,
  criarDocumento,
  paragrafo,
  tabela,
  titulo,
} from '../../lib/pdf/documento';
import { DESCRICAO_EVENTO, descreverDispositivo } from './dispositivo';

export interface DadosMeusDadosPdf {
  operadora: Operadora;
  emitidoEm: Date;
  dados: ExportacaoMeusDados;
}

/** Rows per table in the readable PDF; the JSON file carries them all. */
const LINHAS_NO_PDF = 60;

const SITUACAO: Record<string, string> = {
  ABERTO: 'Recebido',
  EM_ANALISE: 'Em análise',
  CONCLUIDO: 'Concluído',
  CANCELADO: 'Cancelado',
};

const texto = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return 'Não informado';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  return String(v);
};

const quando = (v: unknown): string => {
  if (typeof v !== 'string' || v === '') return '—';
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v.split('-').reverse().join('/');
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : dataHoraDoInstante(d);
};

/**
 * The member's data as a readable document (LGPD art. 18 II), with decision 0010's builder:
 * tagged, headings per section, tables in reading order. Long lists are cut at LINHAS_NO_PDF rows
 * with a note pointing to the JSON file, which has everything.
 */
export async function gerarMeusDadosPdf(d: DadosMeusDadosPdf): Promise<Buffer> {
  const { dados: x, operadora: op } = d;
  const t = x.titular;
  const doc = criarDocumento({
    titulo: `Meus dados - ${texto(t.nome)} - ${op.nome}`,
    assunto: 'Dados pessoais mantidos pelo portal do beneficiário (LGPD art. 18)',
    operadora: op,
    emitidoEm: d.emitidoEm,
  });
  cabecalhoOperadora(doc);
  titulo(doc, 'Meus dados');
  paragrafo(
    doc,
    `Tudo o que o portal guarda sobre você, gerado em ${dataHoraDoInstante(d.emitidoEm)}. ` +
      'O arquivo JSON baixado na mesma página traz os mesmos dados em formato para computador.',
  );

  const lista = (nome: string, colunas: string[], linhas: string[][], vazio: string) => {
    // A heading never ends a page alone: with less room than a heading and two rows, a new page.
    if (doc.doc.y > doc.doc.page.height - doc.doc.page.margins.bottom - 110) doc.doc.addPage();
    titulo(doc, nome, 'H2');
    if (linhas.length === 0) {
      paragrafo(doc, vazio);
      return;
    }
    tabela(
      doc,
      colunas.map((c) => ({ titulo: c, largura: '*' as const })),
      linhas.slice(0, LINHAS_NO_PDF),
    );
    if (linhas.length > LINHAS_NO_PDF)
      paragrafo(doc, `Mostrando ${LINHAS_NO_PDF} de ${linhas.length}. O arquivo JSON traz todos.`, {
        tamanho: 9,
        cor: COR_SUAVE,
      });
  };

  titulo(doc, 'Dados pessoais', 'H2');
  campos(doc, [
    ['Nome', texto(t.nome)],
    ['Nome social', texto(t.nome_social)],
    ['CPF', typeof t.cpf === 'string' ? formatCpf(t.cpf) : texto(t.cpf)],
    ['Data de nascimento', quando(t.data_nascimento)],
    ['E-mail', texto(t.email)],
    ['Celular', typeof t.celular === 'string' ? formatPhone(t.celular) : texto(t.celular)],
    ['Nome da mãe', texto(t.nome_mae)],
    ['RG', texto(t.rg)],
    ['CNS', texto(t.cns)],
  ]);

  lista(
    'Planos e contratos',
    ['Contrato', 'Carteirinha', 'Vínculo', 'Plano', 'Situação'],
    x.vinculos.map((v) => [
      texto(v.codigo_contrato),
      texto(v.numero_carteirinha),
      texto(v.tipo),
      texto(v.plano),
      v.data_cancelamento ? `Cancelado em ${quando(v.data_cancelamento)}` : 'Ativo',
    ]),
    'Nenhum vínculo encontrado.',
  );
  lista(
    'Protocolos',
    ['Número', 'Data', 'Assunto', 'Situação'],
    x.protocolos.map((p) => [
      texto(p.numero),
      quando(p.criado_em),
      texto(p.assunto),
      SITUACAO[String(p.situacao)] ?? texto(p.situacao),
    ]),
    'Nenhum protocolo.',
  );
  lista(
    'Consentimentos',
    ['Data', 'Parceiro', 'Dados compartilhados', 'Situação'],
    x.consentimentos.map((c) => [
      quando(c.concedidoEm),
      texto(c.parceiro),
      Array.isArray(c.dadosCompartilhados) ? c.dadosCompartilhados.join(', ') : '',
      c.revogadoEm ? `Revogado em ${quando(c.revogadoEm)}` : 'Ativo',
    ]),
    'Nenhum consentimento registrado.',
  );
  lista(
    'Sessões e acessos',
    ['Data', 'Evento', 'Dispositivo'],
    x.registrosDeAcesso
      .filter((a) => typeof a.event === 'string' && a.event in DESCRICAO_EVENTO)
      .map((a) => [
        quando(a.at),
        DESCRICAO_EVENTO[a.event as string] ?? texto(a.event),
        descreverDispositivo(a.user_agent as string | null),
      ]),
    'Nenhum acesso registrado.',
  );
  lista(
    'Mensagens enviadas a você',
    ['Data', 'Canal', 'Mensagem'],
    x.mensagens.map((m) => [quando(m.criado_em), texto(m.canal), texto(m.mensagem)]),
    'Nenhuma mensagem enviada.',
  );
  lista(
    `Autorizações do contrato ${x.contratoDaSessao.codigoContrato}`,
    ['Data', 'Beneficiário', 'Prestador', 'Situação'],
    x.contratoDaSessao.autorizacoes.map((a) => [
      quando(a.data_solicitacao),
      texto(a.beneficiario),
      texto(a.prestador_solicitante),
      texto(a.status),
    ]),
    'Nenhuma autorização.',
  );
  lista(
    'Utilização do plano',
    ['Data', 'Beneficiário', 'Procedimento', 'Prestador'],
    x.contratoDaSessao.utilizacao.map((u) => [
      quando(u.data),
      texto(u.beneficiario),
      texto(u.descricao),
      texto(u.prestador),
    ]),
    'Nenhuma utilização.',
  );
  if (x.contratoDaSessao.mensalidades) {
    lista(
      'Mensalidades',
      ['Competência', 'Vencimento', 'Valor', 'Pagamento'],
      x.contratoDaSessao.mensalidades.map((m) => [
        quando(m.competencia),
        quando(m.vencimento),
        formatBRL(Number(m.valor_centavos) / 100),
        m.pago_em ? quando(m.pago_em) : 'Em aberto',
      ]),
      'Nenhuma mensalidade.',
    );
  }
  paragrafo(
    doc,
    'Não constam deste documento senhas, códigos de verificação nem dados de outras pessoas além dos que você ' +
      'já vê no portal. Para corrigir um dado, use "Solicitar correção de dados" na página Meus dados.',
    { tamanho: 9, cor: COR_SUAVE },
  );
  return doc.finalizar();
}
