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
  [
    '10-municipios.csv',
    `select codigo::text as "codigoMunicipioIBGE", nome as "nomeMunicipio", uf from cidades order by codigo`,
  ],
  [
    '11-especialidades.csv',
    `select codigo::text as "codigoEspecialidade", nome as "nomeEspecialidade",
            case when odonto then 'S' else 'N' end as odontologica
       from especialidades order by codigo`,
  ],
  ['12-selos.csv', `select codigo as "codigoSelo", nome as "nomeSelo", ordem::text as ordem from selos order by ordem`],
  [
    '13-prestadores.csv',
    `select p.codigo::text as "codigoPrestador", p.nome, p.nro_registro as "nroRegistro",
            (select string_agg(pe.codigo_especialidade::text, ',' order by pe.codigo_especialidade)
               from prestador_especialidades pe where pe.codigo_prestador = p.codigo) as especialidades,
            (select string_agg(ps.codigo_selo, ',' order by s.ordem)
               from prestador_selos ps join selos s on s.codigo = ps.codigo_selo
              where ps.codigo_prestador = p.codigo) as selos,
            lpad(e.codigo::text, 7, '0') as cnes, l.sala, e.tipo as "tipoEstabelecimento",
            e.nome_fantasia as "nomeFantasia", e.razao_social as "razaoSocial", e.cnpj, e.logradouro, e.numero,
            e.complemento, e.bairro, e.cep, e.codigo_cidade::text as "codigoMunicipioIBGE", e.fone, e.site
       from prestadores p
       join locais_atendimento l on l.codigo_prestador = p.codigo
       join estabelecimentos e on e.codigo = l.codigo_estabelecimento
      where p.ativo
      order by p.codigo, l.ordem`,
  ],
  [
    '14-substituicoes.csv',
    `select s.id::text as "codigoSubstituicao", s.tipo_alteracao as "tipoAlteracao", s.motivo,
            s.codigo_cidade::text as "codigoMunicipioIBGE", s.nome_excluido as "nomePrestadorExcluido",
            s.cnpj_excluido as "cnpjPrestadorExcluido", s.servicos,
            s.codigo_prestador_substituto::text as "codigoPrestadorSubstituto",
            s.data_comunicacao::text as "dataComunicacao", s.data_vigencia::text as "dataVigencia",
            (select string_agg(sp.codigo_plano, ',' order by sp.codigo_plano)
               from prestadores_substituidos_produtos sp where sp.id_substituicao = s.id) as produtos
       from prestadores_substituidos s order by s.id`,
  ],
];
