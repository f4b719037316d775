import { col, digitos, dinheiro, opcoes, texto, type Layout } from '../campos';
import { apagarExcedentes, contarLinhas, criarMudou, type LinhasEmOrdem, PORTAL } from './comum';

const DMED = 'IN RFB 985/2009 (DMED)';

/** An installment's items, in the order of its lines. */
const ITENS: LinhasEmOrdem = {
  coluna: '"codigoMensalidade"',
  tabela: 'mensalidade_itens',
  colunaDoPai: 'codigo_mensalidade',
  filho: 'i',
  pai: 'm',
};

/** What each installment charged, beneficiary by beneficiary: the receipt and the IRPF statement read it. */
export const irpf: Layout = {
  colunas: [
    col(
      'codigoMensalidade',
      true,
      'até 20 dígitos',
      PORTAL,
      'Mensalidade (layout mensalidades)',
      '20260301001',
      digitos(1, 20),
    ),
    col('codigoBeneficiario', true, 'texto', DMED, 'Beneficiário a quem o valor se refere', '1100234001', texto(20)),
    col(
      'tipo',
      true,
      'MENSALIDADE | COPARTICIPACAO',
      DMED,
      'Natureza do valor',
      'MENSALIDADE',
      opcoes(['MENSALIDADE', 'COPARTICIPACAO'], { COPARTICIPAÇÃO: 'COPARTICIPACAO' }),
    ),
    col('descricao', true, 'texto', PORTAL, 'Descrição no recibo', 'Mensalidade março/2026', texto(200)),
    col('valor', true, 'decimal (2 casas)', DMED, 'Valor em reais', '617.28', dinheiro),
  ],
  chave: ['codigoMensalidade', 'codigoBeneficiario', 'tipo'],
  notas: [
    'A composição de cada mensalidade: o recibo e o informe de Imposto de Renda (valores pagos por beneficiário no ano) leem estas linhas.',
    'O informe de Imposto de Renda cobre só anos-calendário encerrados: o portal oferece os anos anteriores ao atual em que o contrato pagou alguma mensalidade (pela data de pagamento, não pela competência); o ano em curso aparece a partir de 1º de janeiro do ano seguinte.',
    'A mensalidade deve existir (layout mensalidades) e o beneficiário deve ser do contrato dela.',
    'As linhas de uma mensalidade, somadas, devem dar o valor dela; a ordem no recibo é a ordem das linhas e itens que não estão mais no arquivo são removidos da mensalidade.',
  ],
  verificacoes: [
    `select s.linha, 'codigoMensalidade', s."codigoMensalidade", 'Mensalidade não encontrada: importe-a antes no layout mensalidades.'
       from importacao_stg s where not exists (select 1 from mensalidades m where m.codigo_mensalidade = s."codigoMensalidade")`,
    `select s.linha, 'codigoBeneficiario', s."codigoBeneficiario", 'Beneficiário não pertence ao contrato desta mensalidade.'
       from importacao_stg s join mensalidades m on m.codigo_mensalidade = s."codigoMensalidade"
      where not exists (select 1 from beneficiarios b where b.codigo_beneficiario = s."codigoBeneficiario"
                          and b.codigo_contrato = m.codigo_contrato)`,
    `select f.primeira, 'valor', (f.soma / 100.0)::numeric(14, 2)::text,
            'Os itens somam ' || (f.soma / 100.0)::numeric(14, 2) || ', mas a mensalidade vale '
            || (m.valor_centavos / 100.0)::numeric(14, 2) || '.'
       from (select "codigoMensalidade" as cod, min(linha) as primeira, sum(valor::bigint) as soma
               from importacao_stg group by 1) f
       join mensalidades m on m.codigo_mensalidade = f.cod
      where f.soma <> m.valor_centavos`,
  ],
  async aplicar(tx) {
    await criarMudou(tx);
    await tx.query(
      `with f as (
         select "codigoMensalidade" as cod, "codigoBeneficiario" as benef, tipo, descricao, valor::bigint as valor,
                row_number() over (partition by "codigoMensalidade" order by linha)::int as ordem
           from importacao_stg),
       m as (
         insert into mensalidade_itens as i (codigo_mensalidade, ordem, codigo_beneficiario, tipo, descricao, valor_centavos)
         select cod, ordem, benef, tipo, descricao, valor from f
         on conflict (codigo_mensalidade, ordem) do update set codigo_beneficiario = excluded.codigo_beneficiario,
           tipo = excluded.tipo, descricao = excluded.descricao, valor_centavos = excluded.valor_centavos
         where (i.codigo_beneficiario, i.tipo, i.descricao, i.valor_centavos)
           is distinct from (excluded.codigo_beneficiario, excluded.tipo, excluded.descricao, excluded.valor_centavos)
         returning codigo_mensalidade, ordem, (xmax = 0) as novo)
       insert into importacao_mudou select 'i' || codigo_mensalidade || ':' || ordem, novo from m`,
    );
    await apagarExcedentes(tx, ITENS);
    return { ...(await contarLinhas(tx, ITENS)), inativados: 0 };
  },
};
