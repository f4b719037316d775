/**
 * The SQL that writes a seeded demo database back as the demo operator's files, in the import layouts
 * (scripts/importacao-demo.ts → operadora/demo/dados/NN-<entidade>.csv, in load order). Column
 * aliases are the layouts' column names. The seed loads those files (seed/arquivos.ts), so on the
 * files' anchor day the round trip gives the files back.
 */
export const EXPORTACAO_DEMO: readonly (readonly [arquivo: string, sql: string])[] = [
  [
    '01-produtos.csv',
    `select codigo_plano as "codigoPlano", nome as "nomePlano", registro_ans as "numeroPlanoANS", segmentacao,
            acomodacao, abrangencia, case when coparticipativo then 'S' else 'N' end as coparticipativo,
            multiplo_reembolso::numeric(6, 2)::text as "multiploReembolso"
       from planos order by codigo_plano`,
  ],
  [
    '02-contratos.csv',
    `select c.codigo_contrato as "codigoContrato", c.codigo_plano as "codigoPlano", c.tipo_contratacao as "tipoContratacao",
            c.cnpj_contratante as "cnpjContratante", c.cpf_responsavel_financeiro as "cpfResponsavelFinanceiro",
            p.nome as "nomeResponsavelFinanceiro", c.data_inicio_vigencia::text as "dataInicioVigencia",
            c.data_cancelamento::text as "dataCancelamento"
       from contratos c join pessoas p on p.cpf = c.cpf_responsavel_financeiro order by c.codigo_contrato`,
  ],
  [
    '03-beneficiarios.csv',
    `select b.codigo_beneficiario as "codigoBeneficiario", b.codigo_contrato as "codigoContrato", b.cpf, p.cns, p.nome,
            upper(p.sexo) as sexo, p.data_nascimento::text as "dataNascimento", p.nome_mae as "nomeMae",
            b.codigo_titular as "codigoBeneficiarioTitular", b.parentesco as "relacaoDependencia",
            b.data_inclusao::text as "dataContratacao", b.data_exclusao::text as "dataCancelamento",
            b.motivo_cancelamento as "motivoCancelamento", b.cco, p.codigo_municipio_ibge as "codigoMunicipioIBGE",
            p.email, p.celular
       from beneficiarios b join pessoas p using (cpf) order by b.codigo_beneficiario`,
  ],
  [
    '04-mensalidades.csv',
    `select codigo_mensalidade as "codigoMensalidade", codigo_contrato as "codigoContrato",
            to_char(competencia, 'YYYY-MM') as competencia, vencimento::text as vencimento,
            (valor_centavos / 100.0)::numeric(14, 2)::text as valor, pago_em::text as "dataPagamento",
            (valor_pago_centavos / 100.0)::numeric(14, 2)::text as "valorPago", banco, campo_livre as "campoLivre"
       from mensalidades order by codigo_contrato, competencia`,
  ],
  [
    '05-irpf.csv',
    `select i.codigo_mensalidade as "codigoMensalidade", i.codigo_beneficiario as "codigoBeneficiario", i.tipo,
            i.descricao, (i.valor_centavos / 100.0)::numeric(14, 2)::text as valor
       from mensalidade_itens i join mensalidades m using (codigo_mensalidade)
      order by m.codigo_contrato, m.competencia, i.ordem`,
  ],
  [
    '06-coparticipacoes.csv',
    `select codigo_coparticipacao as "codigoCoparticipacao",
            codigo_beneficiario as "codigoBeneficiario", to_char(competencia, 'YYYY-MM') as competencia,
            data_atendimento::text as "dataAtendimento", descricao, prestador,
            (valor_centavos / 100.0)::numeric(14, 2)::text as valor
       from coparticipacoes order by 1`,
  ],
  [
    '07-autorizacoes.csv',
    `select a.numero_transacao as "numeroGuiaOperadora", a.codigo_beneficiario as "codigoBeneficiario",
            to_char(a.data_solicitacao at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "dataSolicitacao",
            a.prestador_solicitante as "prestadorSolicitante", upper(a.status) as status, a.senha,
            a.data_validade_senha::text as "dataValidadeSenha", a.motivo_negativa as "motivoNegativa",
            p.codigo_procedimento as "codigoProcedimento", p.descricao as "descricaoProcedimento"
       from autorizacoes a join autorizacao_procedimentos p using (numero_transacao)
      order by a.data_solicitacao, a.numero_transacao, p.ordem`,
  ],
  [
    '08-utilizacao.csv',
    `select codigo_beneficiario as "codigoBeneficiario",
            to_char(data at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "dataAtendimento",
            categoria as "grupoRN389", codigo_procedimento as "codigoProcedimento",
            descricao as "descricaoProcedimento", codigo_prestador as "codigoPrestador", prestador as "nomePrestador",
            local, quantidade::text as quantidade, valor::numeric(14, 2)::text as valor
       from atendimentos order by data, codigo_beneficiario, codigo_procedimento`,
  ],
  [
    '09-reembolso-tabela.csv',
    `select tipo, nullif(codigo_tuss, '') as "codigoTuss", descricao,
            (valor_centavos / 100.0)::numeric(14, 2)::text as valor,
            coparticipacao_percentual::int::text as "coparticipacaoPercentual"
       from reembolso_tabela order by tipo, codigo_tuss`,
  ],
];
