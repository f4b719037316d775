import { col, competencia, data, digitos, dinheiro, texto, type Layout } from '../campos';
import { contar, contratoExiste, PORTAL, repetidoNoArquivo } from './comum';

const FEBRABAN = 'FEBRABAN (boleto)';

export const mensalidades: Layout = {
  colunas: [
    col(
      'codigoMensalidade',
      true,
      'até 20 dígitos',
      PORTAL,
      'Código da mensalidade (nosso número)',
      '20260301001',
      digitos(1, 20),
    ),
    col('codigoContrato', true, 'texto', PORTAL, 'Contrato cobrado', '100234', texto(20)),
    col('competencia', true, 'AAAA-MM', PORTAL, 'Mês a que a mensalidade se refere', '2026-03', competencia),
    col('vencimento', true, 'data', FEBRABAN, 'Data de vencimento', '2026-03-10', data),
    col('valor', true, 'decimal (2 casas)', FEBRABAN, 'Valor cobrado em reais', '1234.56', dinheiro),
    col('dataPagamento', false, 'data', PORTAL, 'Data do pagamento (vazio: em aberto)', '', data),
    col(
      'valorPago',
      false,
      'decimal (2 casas)',
      FEBRABAN,
      'Valor recebido pelo banco (arquivo de retorno); acima de `valor` quando pago com multa e juros',
      '',
      dinheiro,
    ),
    col('banco', true, '3 dígitos', FEBRABAN, 'Código COMPE do banco cobrador', '341', digitos(3)),
    col(
      'campoLivre',
      true,
      '25 dígitos',
      FEBRABAN,
      'Campo livre do código de barras, conforme o layout do banco',
      '1090000012345678901234000',
      digitos(25),
    ),
  ],
  chave: ['codigoMensalidade'],
  notas: [
    'O contrato deve existir (layout contratos); uma mensalidade por contrato e competência.',
    'O status mostrado ao beneficiário vem de `dataPagamento` e `vencimento` (paga, em aberto, vencida); o boleto é calculado de `banco`, `campoLivre`, vencimento e valor.',
  ],
  verificacoes: [
    contratoExiste,
    `select s.linha, 'valor', s.valor, 'Valor deve ser maior que zero.' from importacao_stg s where s.valor::bigint <= 0`,
    `select s.linha, 'valorPago', s."valorPago", 'Valor pago sem data de pagamento: informe dataPagamento.'
       from importacao_stg s where s."valorPago" is not null and s."dataPagamento" is null`,
    `select s.linha, 'valorPago', s."valorPago", 'Valor pago deve ser maior que zero.'
       from importacao_stg s where s."valorPago"::bigint <= 0`,
    repetidoNoArquivo('competencia', ['codigoContrato', 'competencia'], 'Competência repetida para o contrato'),
    `select s.linha, 'competencia', s.competencia, 'O contrato já tem a mensalidade ' || m.codigo_mensalidade || ' nesta competência.'
       from importacao_stg s
       join mensalidades m on m.codigo_contrato = s."codigoContrato" and m.competencia = s.competencia::date
                          and m.codigo_mensalidade <> s."codigoMensalidade"
      where not exists (select 1 from importacao_stg t where t."codigoMensalidade" = m.codigo_mensalidade)`,
  ],
  async aplicar(tx) {
    const r = await contar(
      tx,
      `insert into mensalidades as m (codigo_mensalidade, codigo_contrato, competencia, vencimento, valor_centavos,
                                      pago_em, valor_pago_centavos, banco, campo_livre)
       select "codigoMensalidade", "codigoContrato", competencia::date, vencimento::date, valor::bigint,
              "dataPagamento"::date, "valorPago"::bigint, banco, "campoLivre"
         from importacao_stg
       on conflict (codigo_mensalidade) do update set codigo_contrato = excluded.codigo_contrato,
         competencia = excluded.competencia, vencimento = excluded.vencimento, valor_centavos = excluded.valor_centavos,
         pago_em = excluded.pago_em, valor_pago_centavos = excluded.valor_pago_centavos, banco = excluded.banco,
         campo_livre = excluded.campo_livre
       where (m.codigo_contrato, m.competencia, m.vencimento, m.valor_centavos, m.pago_em, m.valor_pago_centavos, m.banco,
              m.campo_livre)
         is distinct from (excluded.codigo_contrato, excluded.competencia, excluded.vencimento, excluded.valor_centavos,
                           excluded.pago_em, excluded.valor_pago_centavos, excluded.banco, excluded.campo_livre)`,
    );
    return { ...r, inativados: 0 };
  },
};
