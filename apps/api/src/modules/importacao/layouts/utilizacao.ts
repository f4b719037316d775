import { col, dataHora, digitos, dinheiro, inteiro, opcoes, texto, type Layout } from '../campos';
import { beneficiarioExiste, contar, RN389, TUSS } from './comum';

export const utilizacao: Layout = {
  colunas: [
    col('codigoBeneficiario', true, 'texto', RN389, 'Beneficiário atendido', '1100234001', texto(20)),
    col(
      'dataAtendimento',
      true,
      'data e hora',
      RN389,
      'Data e hora do atendimento',
      '2026-02-10T09:00:00-03:00',
      dataHora,
    ),
    col(
      'grupoRN389',
      false,
      'CONSULTAS | EXAMES_TERAPIAS | INTERNACAO | OUTRAS_DESPESAS | ODONTOLOGICO',
      RN389,
      'Grupo do extrato (vazio: Outras despesas)',
      'CONSULTAS',
      opcoes(['CONSULTAS', 'EXAMES_TERAPIAS', 'INTERNACAO', 'OUTRAS_DESPESAS', 'ODONTOLOGICO'], {
        'EXAMES/TERAPIAS': 'EXAMES_TERAPIAS',
        'EXAMES E TERAPIAS': 'EXAMES_TERAPIAS',
        INTERNAÇÃO: 'INTERNACAO',
        INTERNACOES: 'INTERNACAO',
        INTERNAÇÕES: 'INTERNACAO',
        'OUTRAS DESPESAS': 'OUTRAS_DESPESAS',
        ODONTOLOGIA: 'ODONTOLOGICO',
        ODONTOLÓGICO: 'ODONTOLOGICO',
      }),
    ),
    col('codigoProcedimento', true, '8 dígitos', TUSS, 'Procedimento realizado (código TUSS)', '10101012', digitos(8)),
    col(
      'descricaoProcedimento',
      true,
      'texto',
      TUSS,
      'Descrição do procedimento',
      'Consulta em consultório',
      texto(200),
    ),
    col(
      'codigoPrestador',
      true,
      'texto',
      'CNES / RPS',
      'Código do prestador executante (CNES ou código na operadora)',
      '2077485',
      texto(20),
    ),
    col('nomePrestador', true, 'texto', RN389, 'Nome (fantasia) do prestador', 'Clínica Exemplo', texto(200)),
    col('local', true, 'texto', RN389, 'Cidade/UF do local de atendimento', 'São Paulo/SP', texto(100)),
    col('quantidade', true, 'inteiro', RN389, 'Quantidade', '1', inteiro(1, 9999)),
    col('valor', true, 'decimal (2 casas)', RN389, 'Valor do item em reais', '150.00', dinheiro),
  ],
  chave: ['codigoBeneficiario', 'codigoProcedimento', 'dataAtendimento'],
  notas: [
    'Um atendimento é identificado pelo beneficiário, procedimento e data e hora (é assim que o beneficiário o avalia no portal).',
    'O beneficiário deve existir (layout beneficiarios). Avaliações já feitas pelos beneficiários são mantidas.',
  ],
  verificacoes: [
    beneficiarioExiste,
    `select s.linha, 'dataAtendimento', s."dataAtendimento", 'Atendimento repetido no arquivo (também na linha ' || p.primeira || ').'
       from (select linha, min(linha) over (partition by "codigoBeneficiario", "codigoProcedimento",
                                           "dataAtendimento"::timestamptz) as primeira,
                    count(*) over (partition by "codigoBeneficiario", "codigoProcedimento", "dataAtendimento") as mesmo_texto
               from importacao_stg) p
       join importacao_stg s on s.linha = p.linha where p.linha > p.primeira and p.mesmo_texto = 1`,
  ],
  async aplicar(tx) {
    const r = await contar(
      tx,
      `insert into atendimentos as a (codigo_beneficiario, data, categoria, codigo_procedimento, descricao,
                                      codigo_prestador, prestador, local, quantidade, valor)
       select "codigoBeneficiario", "dataAtendimento"::timestamptz, "grupoRN389", "codigoProcedimento",
              "descricaoProcedimento", "codigoPrestador", "nomePrestador", local, quantidade::int, valor::numeric / 100
         from importacao_stg
       on conflict (codigo_beneficiario, codigo_procedimento, data) do update set categoria = excluded.categoria,
         descricao = excluded.descricao, codigo_prestador = excluded.codigo_prestador, prestador = excluded.prestador,
         local = excluded.local, quantidade = excluded.quantidade, valor = excluded.valor
       where (a.categoria, a.descricao, a.codigo_prestador, a.prestador, a.local, a.quantidade, a.valor)
         is distinct from (excluded.categoria, excluded.descricao, excluded.codigo_prestador, excluded.prestador,
                           excluded.local, excluded.quantidade, excluded.valor)`,
    );
    return { ...r, inativados: 0 };
  },
};
