import { col, data, dataHora, digitos, opcoes, texto, type Layout } from '../campos';
import {
  apagarExcedentes,
  beneficiarioExiste,
  consistente,
  contarLinhas,
  criarMudou,
  type LinhasEmOrdem,
  TUSS,
} from './comum';

const TISS = 'TISS (ANS)';

/** A guide's procedures, in the order of its lines. */
const PROCEDIMENTOS: LinhasEmOrdem = {
  coluna: '"numeroGuiaOperadora"',
  tabela: 'autorizacao_procedimentos',
  colunaDoPai: 'numero_transacao',
  filho: 'p',
  pai: 'g',
};

export const autorizacoes: Layout = {
  colunas: [
    col(
      'numeroGuiaOperadora',
      true,
      'texto (até 30)',
      TISS,
      'Número da guia atribuído pela operadora',
      '2026000123',
      texto(30),
    ),
    col(
      'codigoBeneficiario',
      true,
      'texto',
      TISS,
      'Beneficiário (codigoBeneficiario do layout beneficiarios)',
      '1100234001',
      texto(20),
    ),
    col(
      'dataSolicitacao',
      true,
      'data e hora',
      TISS,
      'Data e hora da solicitação',
      '2026-03-02T14:30:00-03:00',
      dataHora,
    ),
    col('prestadorSolicitante', true, 'texto', TISS, 'Nome do prestador solicitante', 'Clínica Exemplo', texto(200)),
    col(
      'status',
      true,
      'APROVADO | PENDENTE | NEGADO',
      TISS,
      'Situação da autorização',
      'APROVADO',
      opcoes(['APROVADO', 'PENDENTE', 'NEGADO'], {
        AUTORIZADO: 'APROVADO',
        'EM ANALISE': 'PENDENTE',
        'EM ANÁLISE': 'PENDENTE',
        NEGADA: 'NEGADO',
      }),
    ),
    col('senha', false, 'texto', TISS, 'Senha de autorização', 'A1B2C3', texto(30)),
    col('dataValidadeSenha', false, 'data', TISS, 'Validade da senha', '2026-04-01', data),
    col('motivoNegativa', false, 'texto', TISS, 'Motivo da negativa (obrigatório quando NEGADO)', '', texto(300)),
    col('codigoProcedimento', true, '8 dígitos', TUSS, 'Procedimento solicitado (código TUSS)', '40301630', digitos(8)),
    col('descricaoProcedimento', true, 'texto', TUSS, 'Descrição do procedimento', 'Hemograma completo', texto(200)),
  ],
  chave: ['numeroGuiaOperadora', 'codigoProcedimento'],
  notas: [
    'Uma linha por procedimento; as colunas da guia (beneficiário, data, prestador, status, senha, validade, motivo) se repetem iguais em todas as linhas da mesma guia.',
    'A ordem dos procedimentos é a ordem das linhas; procedimentos de uma guia que não estão mais no arquivo são removidos dela.',
    'O beneficiário deve existir (layout beneficiarios). Uma guia NEGADO exige `motivoNegativa`.',
  ],
  verificacoes: [
    beneficiarioExiste,
    `select s.linha, 'motivoNegativa', '', 'Autorização negada sem motivo da negativa.'
       from importacao_stg s where s.status = 'NEGADO' and s."motivoNegativa" is null`,
    consistente(
      'numeroGuiaOperadora',
      [
        '"codigoBeneficiario"',
        '"dataSolicitacao"::timestamptz',
        '"prestadorSolicitante"',
        'status',
        'senha',
        '"dataValidadeSenha"',
        '"motivoNegativa"',
      ],
      'da guia',
      ' (beneficiário, data, prestador, status, senha ou motivo)',
    ),
  ],
  async aplicar(tx) {
    await criarMudou(tx);
    await tx.query(
      `with m as (
         insert into autorizacoes as a (numero_transacao, codigo_beneficiario, data_solicitacao, prestador_solicitante,
                                        status, senha, data_validade_senha, motivo_negativa)
         select distinct on ("numeroGuiaOperadora") "numeroGuiaOperadora", "codigoBeneficiario",
                "dataSolicitacao"::timestamptz, "prestadorSolicitante", lower(status), senha, "dataValidadeSenha"::date,
                "motivoNegativa"
           from importacao_stg order by "numeroGuiaOperadora", linha
         on conflict (numero_transacao) do update set codigo_beneficiario = excluded.codigo_beneficiario,
           data_solicitacao = excluded.data_solicitacao, prestador_solicitante = excluded.prestador_solicitante,
           status = excluded.status, senha = excluded.senha, data_validade_senha = excluded.data_validade_senha,
           motivo_negativa = excluded.motivo_negativa
         where (a.codigo_beneficiario, a.data_solicitacao, a.prestador_solicitante, a.status, a.senha,
                a.data_validade_senha, a.motivo_negativa)
           is distinct from (excluded.codigo_beneficiario, excluded.data_solicitacao, excluded.prestador_solicitante,
                             excluded.status, excluded.senha, excluded.data_validade_senha, excluded.motivo_negativa)
         returning numero_transacao, (xmax = 0) as novo)
       insert into importacao_mudou select 'g' || numero_transacao, novo from m`,
    );
    await tx.query(
      `with f as (
         select linha, "numeroGuiaOperadora" as guia, "codigoProcedimento" as proc, "descricaoProcedimento" as descr,
                row_number() over (partition by "numeroGuiaOperadora" order by linha)::int as ordem
           from importacao_stg),
       m as (
         insert into autorizacao_procedimentos as p (numero_transacao, ordem, codigo_procedimento, descricao)
         select guia, ordem, proc, descr from f
         on conflict (numero_transacao, ordem) do update set codigo_procedimento = excluded.codigo_procedimento,
           descricao = excluded.descricao
         where (p.codigo_procedimento, p.descricao) is distinct from (excluded.codigo_procedimento, excluded.descricao)
         returning numero_transacao, ordem, (xmax = 0) as novo)
       insert into importacao_mudou select 'p' || numero_transacao || ':' || ordem, novo from m`,
    );
    // Procedures of a guide in the file beyond its lines there: removed, and the guide counts as changed.
    await apagarExcedentes(tx, PROCEDIMENTOS);
    return { ...(await contarLinhas(tx, PROCEDIMENTOS)), inativados: 0 };
  },
};
