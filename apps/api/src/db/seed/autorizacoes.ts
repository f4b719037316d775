import type { Queryable } from '../db';
import { DEMO_BENEFICIARIO as B } from './demo';
import type { SeedPart } from './part';

// numero_transacao, beneficiário, solicitada em, prestador solicitante, status, procedimentos [TUSS, descrição]
type Linha = [string, string, string, string, string, [string, string][]];

const AUTORIZACOES: Linha[] = [
  [
    '2026100412345',
    B.maria,
    '2026-10-04T13:22:00Z',
    'Clínica Coração Paulista',
    'aprovado',
    [
      ['40101010', 'ECG convencional (até 12 derivações)'],
      ['40101045', 'Teste ergométrico computadorizado'],
    ],
  ],
  [
    '2026101898231',
    B.maria,
    '2026-10-18T10:05:00Z',
    'Hospital Santa Clara',
    'pendente',
    [['41101014', 'RM - Crânio (encéfalo)']],
  ],
  [
    '2026090655170',
    B.maria,
    '2026-09-06T16:40:00Z',
    'Centro de Fisioterapia Movimento',
    'negado',
    [['50000470', 'Sessão de fisioterapia - reabilitação (10 sessões)']],
  ],
  [
    '2026072043318',
    B.maria,
    '2026-07-20T09:15:00Z',
    'Laboratório Vida Diagnósticos',
    'aprovado',
    [
      ['40304361', 'Hemograma com contagem de plaquetas'],
      ['40302040', 'Colesterol total'],
      ['40302580', 'Glicose'],
    ],
  ],
  [
    '2026101177402',
    B.joaoPedro,
    '2026-10-11T14:30:00Z',
    'Clínica Ortopédica São Lucas',
    'aprovado',
    [['40805026', 'RX - Joelho (2 incidências)']],
  ],
  [
    '2026110389014',
    B.carlos,
    '2026-11-03T11:00:00Z',
    'Clínica Visão Clara',
    'pendente',
    [['41301323', 'Tomografia de coerência óptica (unilateral)']],
  ],
  [
    '2026082866251',
    B.carlos,
    '2026-08-28T08:45:00Z',
    'Laboratório Vida Diagnósticos',
    'aprovado',
    [['40316491', 'TSH - hormônio tireoestimulante']],
  ],
  [
    '2026091930087',
    B.roberto,
    '2026-09-19T15:10:00Z',
    'Hospital Belo Horizonte',
    'aprovado',
    [
      ['40901122', 'US - Abdome total'],
      ['40201120', 'Endoscopia digestiva alta'],
    ],
  ],
  [
    '2026110742611',
    B.marcos,
    '2026-11-07T17:20:00Z',
    'Hospital Santa Clara',
    'negado',
    [['30912016', 'Artroscopia de joelho']],
  ],
];

/** Authorisations (demo-data.md): Maria one of each status, João one, Ana Clara none. */
export const autorizacoes: SeedPart = {
  id: '0002_autorizacoes',
  async run(tx: Queryable) {
    for (const [numero, beneficiario, em, prestador, status, procedimentos] of AUTORIZACOES) {
      await tx.query(
        `insert into autorizacoes (numero_transacao, codigo_beneficiario, data_solicitacao, prestador_solicitante, status)
         values ($1, $2, $3, $4, $5)`,
        [numero, beneficiario, em, prestador, status],
      );
      for (const [ordem, [codigo, descricao]] of procedimentos.entries()) {
        await tx.query(
          `insert into autorizacao_procedimentos (numero_transacao, ordem, codigo_procedimento, descricao)
           values ($1, $2, $3, $4)`,
          [numero, ordem, codigo, descricao],
        );
      }
    }
  },
};
