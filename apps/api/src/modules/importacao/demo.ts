/**
 * The SQL that writes the demo operator's register in the import layouts (scripts/importacao-demo.ts
 * → operadora/demo/dados/NN-<entidade>.csv). Column aliases are the layouts' column names.
 * The seed's two collective contracts have no contracting company's CNPJ, which the layout requires
 * (SIB): the files give them one (made-up, valid check digits).
 */
export const EXPORTACAO_DEMO: readonly (readonly [arquivo: string, sql: string])[] = [
  [
    '01-produtos.csv',
    `select codigo_plano as "codigoPlano", nome as "nomePlano", registro_ans as "numeroPlanoANS", segmentacao,
            acomodacao, abrangencia, case when coparticipativo then 'S' else 'N' end as coparticipativo
       from planos order by codigo_plano`,
  ],
  [
    '02-contratos.csv',
    `select c.codigo_contrato as "codigoContrato", c.codigo_plano as "codigoPlano", c.tipo_contratacao as "tipoContratacao",
            coalesce(c.cnpj_contratante, case c.codigo_contrato when '204518' then '20451800000136'
                                                                when '310077' then '31007700000131' end) as "cnpjContratante", c.cpf_responsavel_financeiro as "cpfResponsavelFinanceiro",
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
];
