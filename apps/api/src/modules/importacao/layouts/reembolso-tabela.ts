import { col, digitos, dinheiro, inteiro, opcoes, texto, type Layout } from '../campos';
import { contar, desfazerCom, modoCompleto, PORTAL, TUSS } from './comum';

/** The operator's reimbursement table (issue 18, decision 0034): what the estimate (prévia) reads. */
export const reembolsoTabela: Layout = {
  colunas: [
    col(
      'tipo',
      true,
      'consulta | exame | terapia | honorarios | internacao',
      PORTAL,
      'Tipo de atendimento reembolsável',
      'consulta',
      opcoes(['consulta', 'exame', 'terapia', 'honorarios', 'internacao'], {
        CONSULTA: 'consulta',
        EXAME: 'exame',
        TERAPIA: 'terapia',
        HONORARIOS: 'honorarios',
        INTERNACAO: 'internacao',
      }),
    ),
    col(
      'codigoTuss',
      false,
      '8 dígitos',
      TUSS,
      'Procedimento com valor próprio (vazio: a linha geral do tipo)',
      '10101012',
      digitos(8),
    ),
    col('descricao', true, 'texto', PORTAL, 'Descrição da linha da tabela', 'Consulta em consultório', texto(200)),
    col('valor', true, 'reais', PORTAL, 'Valor de referência (antes do múltiplo do plano)', '180.00', dinheiro),
    col(
      'coparticipacaoPercentual',
      false,
      'inteiro 0 a 100',
      PORTAL,
      'Parte do beneficiário em planos coparticipativos (%)',
      '20',
      inteiro(0, 100),
    ),
  ],
  chave: ['tipo', 'codigoTuss'],
  notas: [
    'A prévia do reembolso usa a linha do código TUSS quando a tabela o tem; senão, a linha geral do tipo (sem código). Cada tipo deve ter sua linha geral.',
    'O múltiplo de cada plano (quantas vezes a tabela o plano reembolsa) vem da coluna `multiploReembolso` do layout produtos (padrão 1).',
    modoCompleto('linhas ausentes do arquivo são apagadas da tabela (a tabela é a foto da operadora).', 'apagar'),
  ],
  verificacoes: [],
  async aplicar(tx, modo) {
    const r = await contar(
      tx,
      `insert into reembolso_tabela as t (tipo, codigo_tuss, descricao, valor_centavos, coparticipacao_percentual)
       select "tipo", coalesce("codigoTuss", ''), "descricao", "valor"::bigint, coalesce("coparticipacaoPercentual", '0')::numeric
         from importacao_stg
       on conflict (tipo, codigo_tuss) do update set descricao = excluded.descricao,
         valor_centavos = excluded.valor_centavos, coparticipacao_percentual = excluded.coparticipacao_percentual
       where (t.descricao, t.valor_centavos, t.coparticipacao_percentual)
         is distinct from (excluded.descricao, excluded.valor_centavos, excluded.coparticipacao_percentual)`,
    );
    let inativados = 0;
    if (modo === 'completo') {
      // Each deleted line kept whole, for the undo (decision 0049).
      const [d] = await tx.query<{ n: number }>(
        `with d as (delete from reembolso_tabela t
           where not exists (select 1 from importacao_stg s where s."tipo" = t.tipo and coalesce(s."codigoTuss", '') = t.codigo_tuss)
           returning t.*),
         r as (
           insert into importacao_removidos (chave, antes, depois)
           select tipo || ':' || codigo_tuss, to_jsonb(d), null from d
           returning 1)
         select count(*)::int as n from r`,
      );
      inativados = d?.n ?? 0;
    }
    return { ...r, inativados };
  },
  remocao: {
    ativos: 'select count(*)::int as n from reembolso_tabela',
    nome: 'linhas da tabela de reembolso',
    verbo: 'apagaria',
    // The deleted lines back as they were, unless a later file has put a line with the same key.
    desfazer: (tx, importacaoId) =>
      desfazerCom(
        tx,
        importacaoId,
        `insert into reembolso_tabela (tipo, codigo_tuss, descricao, valor_centavos, coparticipacao_percentual)
       select x.tipo, x.codigo_tuss, x.descricao, x.valor_centavos, x.coparticipacao_percentual
         from importacao_alteracoes a
        cross join lateral jsonb_populate_record(null::reembolso_tabela, a.antes) x
        where a.importacao_id = $1
       on conflict (tipo, codigo_tuss) do nothing`,
      ),
  },
};
