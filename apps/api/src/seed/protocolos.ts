import { cpfFromBase, diaEmSaoPaulo, somarDias, somarDiasUteis } from '@portal/br';
import type { SituacaoProtocolo, TipoProtocolo } from '@portal/contract/protocolos';
import { prazoDeResposta } from '../lib/prazos';
import type { Queryable } from '../db/db';
import {
  DEMO_BENEFICIARIO as B,
  DEMO_CONTRATO,
  DEMO_CPF,
  DIAS_UTEIS_ATRAS,
  diasUteisAntes,
  REGISTRO_ANS_DEMO,
} from './demo';
import type { SeedContexto, SeedPart } from './part';

export { DIAS_UTEIS_ATRAS, diasUteisAntes, REGISTRO_ANS_DEMO };

/** The child Maria asked to include (never a beneficiary: the request was refused, then sent again). */
export const DEPENDENTE_SOLICITADO = { nome: 'Lucas Almeida Souza', cpf: cpfFromBase('384716260') };

/** An instant at hh:mm in São Paulo (UTC−3, no daylight saving since 2019). */
const as = (dia: string, hora: string) => new Date(`${dia}T${hora}:00-03:00`);

interface ProtocoloDemo {
  cpf: string;
  codigoBeneficiario: string | null;
  tipo: TipoProtocolo;
  assunto: string;
  canal: 'PORTAL' | 'TELEFONE';
  criadoEm: Date;
  /** The history after 'registered', oldest first; the last one is the current status. */
  eventos: { em: Date; situacao: SituacaoProtocolo; descricao: string }[];
  resposta?: string;
}

/**
 * 'Meus Protocolos' of the demo (decision 0017), laid out from the seed day so the states hold on
 * any day: Maria has an answered inclusion request (registered → in analysis → answered, with the
 * operator's answer), the same request sent again and now overdue, and a sales contact request in
 * analysis within its deadline; João Pedro, her dependent, asked by phone for a sales contact that
 * was answered — Maria sees it as the holder, a dependent would see only their own. No outbox
 * messages: those requests are from before the demo starts.
 */

export const protocolos: SeedPart = {
  id: '0009_protocolos',
  async run(tx: Queryable, _prepared: void, { hoje, registroAns = REGISTRO_ANS_DEMO }: SeedContexto) {
    const dia = diaEmSaoPaulo(hoje.getTime());
    const diaA = diasUteisAntes(dia, DIAS_UTEIS_ATRAS.respondido);
    const diaB = diasUteisAntes(dia, DIAS_UTEIS_ATRAS.atrasado);
    const diaC = diasUteisAntes(dia, DIAS_UTEIS_ATRAS.emAnalise);
    const diaE = diasUteisAntes(dia, DIAS_UTEIS_ATRAS.doDependente);
    const inclusao = `Inclusão de 1 dependente(s): ${DEPENDENTE_SOLICITADO.nome}`;
    const demo: ProtocoloDemo[] = [
      {
        cpf: DEMO_CPF.maria,
        codigoBeneficiario: null,
        tipo: 'INCLUSAO_DEPENDENTE',
        assunto: inclusao,
        canal: 'PORTAL',
        criadoEm: as(diaA, '10:14'),
        eventos: [
          {
            em: as(somarDiasUteis(diaA, 1), '09:30'),
            situacao: 'EM_ANALISE',
            descricao: 'Pedido recebido pelo setor de cadastro, que está conferindo os documentos.',
          },
          {
            em: as(somarDiasUteis(diaA, 4), '15:05'),
            situacao: 'CONCLUIDO',
            descricao: 'Resposta enviada à beneficiária.',
          },
        ],
        resposta:
          `Olá, Maria. Não foi possível incluir ${DEPENDENTE_SOLICITADO.nome} no seu plano porque a foto da ` +
          'certidão de nascimento enviada estava ilegível. Envie um novo pedido em Comercial > Adicionar ' +
          'dependente com uma foto nítida do documento, ou leve a certidão a uma de nossas unidades. Nenhum ' +
          'valor foi cobrado.',
      },
      {
        cpf: DEMO_CPF.maria,
        codigoBeneficiario: null,
        tipo: 'INCLUSAO_DEPENDENTE',
        assunto: inclusao,
        canal: 'PORTAL',
        criadoEm: as(diaB, '19:42'),
        eventos: [],
      },
      {
        cpf: DEMO_CPF.maria,
        codigoBeneficiario: null,
        tipo: 'CONTATO_COMERCIAL',
        assunto: 'Pedido de contato comercial: Plano Ortopédico',
        canal: 'PORTAL',
        criadoEm: as(diaC, '08:51'),
        eventos: [
          {
            em: as(somarDiasUteis(diaC, 1), '11:20'),
            situacao: 'EM_ANALISE',
            descricao: 'Pedido encaminhado à equipe comercial, que vai telefonar para você.',
          },
        ],
      },
      {
        cpf: DEMO_CPF.joaoPedro,
        codigoBeneficiario: B.joaoPedro,
        tipo: 'CONTATO_COMERCIAL',
        assunto: 'Pedido de contato comercial: SOS',
        canal: 'TELEFONE',
        criadoEm: as(diaE, '14:03'),
        eventos: [
          {
            em: as(somarDiasUteis(diaE, 1), '10:45'),
            situacao: 'CONCLUIDO',
            descricao: 'Resposta enviada ao beneficiário.',
          },
        ],
        resposta:
          'Olá, João Pedro. Você já tem o SOS Emergência Pré-Hospitalar desde 01/06/2024; nada muda na sua ' +
          'mensalidade. Em uma emergência, ligue para a Central de Atendimento e peça o SOS.',
      },
    ];

    // The day's sequence as the portal takes it (the same upsert as ProtocolosRepository.proximaSequencia:
    // a demo database that already has requests on one of those days gets the next free number).
    const numeros: string[] = [];
    for (const p of demo) {
      const diaDoPedido = diaEmSaoPaulo(p.criadoEm.getTime()).replaceAll('-', '');
      const [seq] = await tx.query<{ ultimo: number }>(
        `insert into protocolo_sequencias as s (dia, ultimo) values ($1, 1)
         on conflict (dia) do update set ultimo = s.ultimo + 1
         returning ultimo`,
        [diaDoPedido],
      );
      if (!seq) throw new Error('protocol sequence upsert returned nothing');
      const sequencia = Number(seq.ultimo);
      const numero = `${registroAns}${diaDoPedido}${String(sequencia).padStart(6, '0')}`;
      numeros.push(numero);
      const ultimo = p.eventos.at(-1);
      const respondido = ultimo?.situacao === 'CONCLUIDO' ? ultimo.em : null;
      await tx.query(
        `insert into protocolos (numero, cpf, codigo_contrato, codigo_beneficiario, tipo, assunto, situacao, canal,
           criado_em, prazo_resposta, respondido_em, resposta)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          numero,
          p.cpf,
          DEMO_CONTRATO.maria,
          p.codigoBeneficiario,
          p.tipo,
          p.assunto,
          ultimo?.situacao ?? 'ABERTO',
          p.canal,
          p.criadoEm,
          prazoDeResposta(p.tipo, diaEmSaoPaulo(p.criadoEm.getTime())),
          respondido,
          p.resposta ?? null,
        ],
      );
      const registrado =
        p.canal === 'PORTAL'
          ? 'Solicitação registrada pelo portal.'
          : 'Solicitação registrada pela Central de Atendimento.';
      for (const e of [{ em: p.criadoEm, situacao: 'ABERTO' as const, descricao: registrado }, ...p.eventos]) {
        await tx.query('insert into protocolo_eventos (numero, em, situacao, descricao) values ($1, $2, $3, $4)', [
          numero,
          e.em,
          e.situacao,
          e.descricao,
        ]);
      }
    }
    // The rows behind the requests, as Venda/AdicionarDependente and Venda/ContatoInicial write them.
    const [a, b, c, e] = numeros as [string, string, string, string];
    for (const [protocolo, situacao, criadoEm] of [
      [a, 'RECUSADA', demo[0]!.criadoEm],
      [b, 'EM_ANALISE', demo[1]!.criadoEm],
    ] as const) {
      await tx.query(
        `insert into dependentes_solicitados (protocolo, codigo_contrato, cpf_solicitante, cpf, nome, data_nascimento,
           cidade, celular, situacao, criado_em)
         values ($1, $2, $3, $4, $5, $6, 'São Paulo', '11987654321', $7, $8)`,
        [
          protocolo,
          DEMO_CONTRATO.maria,
          DEMO_CPF.maria,
          DEPENDENTE_SOLICITADO.cpf,
          DEPENDENTE_SOLICITADO.nome,
          somarDias(dia, -200),
          situacao,
          criadoEm,
        ],
      );
    }
    for (const [protocolo, cpf, interesse, criadoEm] of [
      [c, DEMO_CPF.maria, 'ORTOPEDICO', demo[2]!.criadoEm],
      [e, DEMO_CPF.joaoPedro, 'SOS', demo[3]!.criadoEm],
    ] as const) {
      await tx.query(
        `insert into contatos_comerciais (protocolo, cpf, codigo_contrato, interesse, mensagem, criado_em)
         values ($1, $2, $3, $4, null, $5)`,
        [protocolo, cpf, DEMO_CONTRATO.maria, interesse, criadoEm],
      );
    }
  },
};
