import { col, competencia, data, dinheiro, texto, type Layout } from '../campos';
import { beneficiarioExiste, contar, PORTAL, RN389, TUSS } from './comum';

export const coparticipacoes: Layout = {
  colunas: [
    col(
      'codigoCoparticipacao',
      true,
      'texto (até 30)',
      PORTAL,
      'Código da cobrança na operadora',
      'CP2026020001',
      texto(30),
    ),
    col('codigoBeneficiario', true, 'texto', PORTAL, 'Beneficiário atendido', '1100234001', texto(20)),
    col('competencia', true, 'AAAA-MM', PORTAL, 'Mês em que a coparticipação é cobrada', '2026-03', competencia),
    col('dataAtendimento', true, 'data', RN389, 'Data do atendimento', '2026-02-10', data),
    col('descricao', true, 'texto', TUSS, 'Serviço utilizado', 'Consulta em consultório', texto(200)),
    col('prestador', true, 'texto', RN389, 'Prestador que atendeu', 'Clínica Exemplo', texto(200)),
    col('valor', true, 'decimal (2 casas)', PORTAL, 'Valor da coparticipação em reais', '25.00', dinheiro),
  ],
  chave: ['codigoCoparticipacao'],
  notas: ['O beneficiário deve existir (layout beneficiarios).'],
  verificacoes: [beneficiarioExiste],
  async aplicar(tx) {
    const r = await contar(
      tx,
      `insert into coparticipacoes as c (codigo_coparticipacao, codigo_beneficiario, competencia, data_atendimento,
                                         descricao, prestador, valor_centavos)
       select "codigoCoparticipacao", "codigoBeneficiario", competencia::date, "dataAtendimento"::date, descricao,
              prestador, valor::bigint
         from importacao_stg
       on conflict (codigo_coparticipacao) do update set codigo_beneficiario = excluded.codigo_beneficiario,
         competencia = excluded.competencia, data_atendimento = excluded.data_atendimento,
         descricao = excluded.descricao, prestador = excluded.prestador, valor_centavos = excluded.valor_centavos
       where (c.codigo_beneficiario, c.competencia, c.data_atendimento, c.descricao, c.prestador, c.valor_centavos)
         is distinct from (excluded.codigo_beneficiario, excluded.competencia, excluded.data_atendimento,
                           excluded.descricao, excluded.prestador, excluded.valor_centavos)`,
    );
    return { ...r, inativados: 0 };
  },
};
