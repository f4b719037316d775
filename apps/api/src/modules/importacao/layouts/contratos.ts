import { cnpj, col, cpf, data, opcoes, texto, type Layout } from '../campos';
import { contar, PORTAL, SIB } from './comum';

/** SIB (RN 500/2022): 1 individual/familiar, 3 coletivo empresarial, 4 coletivo por adesão. */
const TIPOS_CONTRATACAO = ['INDIVIDUAL/FAMILIAR', 'COLETIVO EMPRESARIAL', 'COLETIVO POR ADESAO'] as const;
const TIPO_CONTRATACAO = opcoes(
  TIPOS_CONTRATACAO,
  { INDIVIDUAL: 'INDIVIDUAL/FAMILIAR', FAMILIAR: 'INDIVIDUAL/FAMILIAR' },
  { codigos: { '1': 'INDIVIDUAL/FAMILIAR', '3': 'COLETIVO EMPRESARIAL', '4': 'COLETIVO POR ADESAO' } },
);

export const contratos: Layout = {
  colunas: [
    col('codigoContrato', true, 'texto (até 20)', SIB, 'Código do contrato na operadora', '100234', texto(20)),
    col('codigoPlano', true, 'texto', PORTAL, 'Produto contratado (codigoPlano do layout produtos)', '4521', texto(20)),
    col(
      'tipoContratacao',
      true,
      TIPO_CONTRATACAO.tipo,
      SIB,
      'Tipo de contratação (a palavra ou o código do SIB)',
      'INDIVIDUAL/FAMILIAR',
      TIPO_CONTRATACAO,
    ),
    col(
      'cnpjContratante',
      false,
      'CNPJ (14 dígitos)',
      SIB,
      'CNPJ da pessoa jurídica contratante (obrigatório nos coletivos)',
      '11222333000181',
      cnpj,
    ),
    col('cpfResponsavelFinanceiro', true, 'CPF', PORTAL, 'CPF do responsável financeiro', '52998224725', cpf),
    col(
      'nomeResponsavelFinanceiro',
      true,
      'texto',
      PORTAL,
      'Nome do responsável financeiro (cadastrado se ainda não existir)',
      'Maria Aparecida Souza',
      texto(120),
    ),
    col('dataInicioVigencia', true, 'data', SIB, 'Início de vigência do contrato', '2019-03-01', data),
    col('dataCancelamento', false, 'data', SIB, 'Data de cancelamento do contrato (vazio: ativo)', '', data),
  ],
  chave: ['codigoContrato'],
  notas: [
    'O produto (`codigoPlano`) deve existir (layout produtos).',
    'Contratos coletivos exigem `cnpjContratante`.',
    'O responsável financeiro é cadastrado como pessoa se ainda não existir (os dados dele vêm do layout beneficiarios).',
    'Um contrato com `dataCancelamento` deixa de aceitar novas solicitações dos seus beneficiários na chamada seguinte.',
  ],
  verificacoes: [
    `select s.linha, 'codigoPlano' as coluna, s."codigoPlano" as valor,
            'Produto não encontrado: importe-o antes no layout produtos.' as mensagem
       from importacao_stg s where not exists (select 1 from planos p where p.codigo_plano = s."codigoPlano")`,
    `select s.linha, 'cnpjContratante', coalesce(s."cnpjContratante", ''),
            'Contrato coletivo sem CNPJ do contratante.'
       from importacao_stg s where s."tipoContratacao" <> 'INDIVIDUAL/FAMILIAR' and s."cnpjContratante" is null`,
    `select s.linha, 'dataCancelamento', s."dataCancelamento", 'Cancelamento anterior ao início de vigência.'
       from importacao_stg s where s."dataCancelamento"::date < s."dataInicioVigencia"::date`,
  ],
  async aplicar(tx) {
    // The financial responsible must exist as a person: created with the name given, never overwritten
    // here (the beneficiaries layout owns the person's data).
    await tx.query(
      `insert into pessoas (cpf, nome)
       select distinct on ("cpfResponsavelFinanceiro") "cpfResponsavelFinanceiro", "nomeResponsavelFinanceiro"
         from importacao_stg order by "cpfResponsavelFinanceiro", linha
       on conflict (cpf) do nothing`,
    );
    const r = await contar(
      tx,
      `insert into contratos as c (codigo_contrato, codigo_plano, tipo_contratacao, cnpj_contratante,
                                   cpf_responsavel_financeiro, data_inicio_vigencia, data_cancelamento)
       select "codigoContrato", "codigoPlano", "tipoContratacao", "cnpjContratante", "cpfResponsavelFinanceiro",
              "dataInicioVigencia"::date, "dataCancelamento"::date
         from importacao_stg
       on conflict (codigo_contrato) do update set codigo_plano = excluded.codigo_plano,
         tipo_contratacao = excluded.tipo_contratacao, cnpj_contratante = excluded.cnpj_contratante,
         cpf_responsavel_financeiro = excluded.cpf_responsavel_financeiro,
         data_inicio_vigencia = excluded.data_inicio_vigencia, data_cancelamento = excluded.data_cancelamento
       where (c.codigo_plano, c.tipo_contratacao, c.cnpj_contratante, c.cpf_responsavel_financeiro,
              c.data_inicio_vigencia, c.data_cancelamento)
         is distinct from (excluded.codigo_plano, excluded.tipo_contratacao, excluded.cnpj_contratante,
                           excluded.cpf_responsavel_financeiro, excluded.data_inicio_vigencia, excluded.data_cancelamento)`,
    );
    return { ...r, inativados: 0 };
  },
};
