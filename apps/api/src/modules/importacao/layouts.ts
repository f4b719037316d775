import type { Queryable } from '../../db/db';
import {
  cnpj,
  cns,
  col,
  competencia,
  cpf,
  data,
  dataHora,
  digitos,
  dinheiro,
  email,
  esquemaDaLinha,
  inteiro,
  multiplo,
  opcoes,
  simNao,
  texto,
  type Layout,
} from './campos';
import { especialidades, municipios, selos, substituicoes } from './layouts-guia';

/**
 * One layout per entity (docs/integracao/<entidade>.md): its columns, the natural key, the SQL that
 * checks references against the staging table `importacao_stg` (one text column per layout column,
 * plus `linha`), and the SQL that applies it onto the tables the member screens read.
 */

export interface ErroDeLinha {
  linha: number;
  coluna: string;
  valor: string;
  mensagem: string;
}

export type { Contagem, Layout, Remocao } from './campos';

const SIB = 'SIB (RN 500/2022)';
const RPS = 'RPS / registro de produtos ANS';
const PORTAL = 'Portal (sem padrão ANS)';
const FEBRABAN = 'FEBRABAN (boleto)';

/*
 * Coded columns (pentest defect 13): each accepts its words and the standard's codes, stores one
 * canonical value, refuses anything else with the list; the docs show the same list (`tipo`).
 */

/** SIB: 1 masculino, 3 feminino. */
const SEXO = opcoes(['M', 'F'], { MASCULINO: 'M', FEMININO: 'F' }, { codigos: { '1': 'M', '3': 'F' } });

/** SIB (RN 500/2022): 1 individual/familiar, 3 coletivo empresarial, 4 coletivo por adesão. */
const TIPOS_CONTRATACAO = ['INDIVIDUAL/FAMILIAR', 'COLETIVO EMPRESARIAL', 'COLETIVO POR ADESAO'] as const;
const TIPO_CONTRATACAO = opcoes(
  TIPOS_CONTRATACAO,
  { INDIVIDUAL: 'INDIVIDUAL/FAMILIAR', FAMILIAR: 'INDIVIDUAL/FAMILIAR' },
  { codigos: { '1': 'INDIVIDUAL/FAMILIAR', '3': 'COLETIVO EMPRESARIAL', '4': 'COLETIVO POR ADESAO' } },
);

/**
 * SIB's relação de dependência (the ANS's SIB manual of critiques, field 13): 1 beneficiário titular,
 * 3 cônjuge/companheiro, 4 filho/filha, 6 enteado/enteada, 8 pai/mãe, 10 agregado/outros. Stored as
 * the word, which the informe and the screens show ('Dependente - filho(a)'), never as the code.
 */
const RELACAO_DEPENDENCIA = opcoes(
  ['TITULAR', 'CÔNJUGE', 'FILHO(A)', 'ENTEADO(A)', 'PAI/MÃE', 'AGREGADO/OUTROS'],
  {
    'BENEFICIÁRIO TITULAR': 'TITULAR',
    COMPANHEIRO: 'CÔNJUGE',
    COMPANHEIRA: 'CÔNJUGE',
    'COMPANHEIRO(A)': 'CÔNJUGE',
    'CÔNJUGE/COMPANHEIRO': 'CÔNJUGE',
    'CÔNJUGE/COMPANHEIRO(A)': 'CÔNJUGE',
    ESPOSO: 'CÔNJUGE',
    ESPOSA: 'CÔNJUGE',
    'ESPOSO(A)': 'CÔNJUGE',
    FILHO: 'FILHO(A)',
    FILHA: 'FILHO(A)',
    'FILHO/FILHA': 'FILHO(A)',
    ENTEADO: 'ENTEADO(A)',
    ENTEADA: 'ENTEADO(A)',
    'ENTEADO/ENTEADA': 'ENTEADO(A)',
    PAI: 'PAI/MÃE',
    MÃE: 'PAI/MÃE',
    AGREGADO: 'AGREGADO/OUTROS',
    AGREGADA: 'AGREGADO/OUTROS',
    'AGREGADO(A)': 'AGREGADO/OUTROS',
    OUTROS: 'AGREGADO/OUTROS',
    OUTRO: 'AGREGADO/OUTROS',
    // The codes written with two digits.
    '01': 'TITULAR',
    '03': 'CÔNJUGE',
    '04': 'FILHO(A)',
    '06': 'ENTEADO(A)',
    '08': 'PAI/MÃE',
  },
  {
    codigos: {
      '1': 'TITULAR',
      '3': 'CÔNJUGE',
      '4': 'FILHO(A)',
      '6': 'ENTEADO(A)',
      '8': 'PAI/MÃE',
      '10': 'AGREGADO/OUTROS',
    },
  },
);

/** The ANS's segmentações assistenciais (RN 465/2021 and the products' registration). */
const SEGMENTACAO = opcoes(
  [
    'AMBULATORIAL',
    'HOSPITALAR SEM OBSTETRÍCIA',
    'HOSPITALAR COM OBSTETRÍCIA',
    'ODONTOLÓGICO',
    'REFERÊNCIA',
    'AMBULATORIAL + ODONTOLÓGICO',
    'AMBULATORIAL + HOSPITALAR SEM OBSTETRÍCIA',
    'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
    'HOSPITALAR SEM OBSTETRÍCIA + ODONTOLÓGICO',
    'HOSPITALAR COM OBSTETRÍCIA + ODONTOLÓGICO',
    'AMBULATORIAL + HOSPITALAR SEM OBSTETRÍCIA + ODONTOLÓGICO',
    'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA + ODONTOLÓGICO',
  ],
  { 'EXCLUSIVAMENTE ODONTOLÓGICO': 'ODONTOLÓGICO', ODONTOLOGIA: 'ODONTOLÓGICO' },
);

/** Padrão de acomodação em internação (RPS: coletiva = enfermaria, individual = apartamento). */
const ACOMODACAO = opcoes(['APARTAMENTO', 'ENFERMARIA'], { COLETIVA: 'ENFERMARIA', INDIVIDUAL: 'APARTAMENTO' });

/** Runs an upsert whose statement returns one row per changed row with `novo` (xmax = 0: inserted). */
async function contar(tx: Queryable, sql: string): Promise<{ incluidos: number; alterados: number }> {
  const [r] = await tx.query<{ incluidos: number; alterados: number }>(
    `with m as (${sql} returning (xmax = 0) as novo)
     select (count(*) filter (where novo))::int as incluidos, (count(*) filter (where not novo))::int as alterados from m`,
  );
  return { incluidos: r?.incluidos ?? 0, alterados: r?.alterados ?? 0 };
}

const produtos: Layout = {
  colunas: [
    col('codigoPlano', true, 'texto (até 20)', PORTAL, 'Código do produto na operadora', '4521', texto(20)),
    col(
      'nomePlano',
      true,
      'texto',
      RPS,
      'Nome comercial do produto',
      'Saúde Exemplo Essencial Apartamento',
      texto(120),
    ),
    col('numeroPlanoANS', false, '9 dígitos', RPS, 'Número de registro do produto na ANS', '484521201', digitos(9)),
    col(
      'segmentacao',
      true,
      SEGMENTACAO.tipo,
      RPS,
      'Segmentação assistencial (maiúsculas, acentos e espaços em volta de + não importam)',
      'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
      SEGMENTACAO,
    ),
    col('acomodacao', true, ACOMODACAO.tipo, RPS, 'Padrão de acomodação em internação', 'APARTAMENTO', ACOMODACAO),
    col(
      'abrangencia',
      false,
      'NACIONAL | GRUPO DE ESTADOS | ESTADUAL | GRUPO DE MUNICIPIOS | MUNICIPAL',
      RPS,
      'Abrangência geográfica',
      'NACIONAL',
      opcoes(['NACIONAL', 'GRUPO DE ESTADOS', 'ESTADUAL', 'GRUPO DE MUNICIPIOS', 'MUNICIPAL']),
    ),
    col('coparticipativo', true, 'S | N', RPS, 'Fator moderador: coparticipação', 'S', simNao),
    col(
      'multiploReembolso',
      false,
      'decimal 0,01 a 100',
      PORTAL,
      'Quantas vezes a tabela de reembolso o plano paga (livre escolha); vazio ou ausente: mantém o atual (1 num produto novo)',
      '2',
      multiplo,
    ),
  ],
  chave: ['codigoPlano'],
  notas: ['Importe os produtos antes dos contratos que os usam.'],
  verificacoes: [],
  async aplicar(tx) {
    const r = await contar(
      tx,
      // An empty or absent multiploReembolso keeps the plan's current multiple (1 for a new plan).
      `insert into planos as p (codigo_plano, nome, registro_ans, segmentacao, acomodacao, abrangencia, coparticipativo,
                                multiplo_reembolso)
       select s."codigoPlano", s."nomePlano", s."numeroPlanoANS", s."segmentacao", s."acomodacao", s."abrangencia",
              s."coparticipativo"::boolean, coalesce(s."multiploReembolso"::numeric, atual.multiplo_reembolso, 1)
         from importacao_stg s left join planos atual on atual.codigo_plano = s."codigoPlano"
       on conflict (codigo_plano) do update set nome = excluded.nome, registro_ans = excluded.registro_ans,
         segmentacao = excluded.segmentacao, acomodacao = excluded.acomodacao, abrangencia = excluded.abrangencia,
         coparticipativo = excluded.coparticipativo, multiplo_reembolso = excluded.multiplo_reembolso
       where (p.nome, p.registro_ans, p.segmentacao, p.acomodacao, p.abrangencia, p.coparticipativo, p.multiplo_reembolso)
         is distinct from (excluded.nome, excluded.registro_ans, excluded.segmentacao, excluded.acomodacao,
                           excluded.abrangencia, excluded.coparticipativo, excluded.multiplo_reembolso)`,
    );
    return { ...r, inativados: 0 };
  },
};

const contratos: Layout = {
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

const MOTIVO_COMPLETO = 'Ausente do arquivo completo da operadora';

const beneficiarios: Layout = {
  colunas: [
    col(
      'codigoBeneficiario',
      true,
      'texto (até 20)',
      SIB,
      'Código do beneficiário na operadora (número da carteirinha)',
      '1100234001',
      texto(20),
    ),
    col('codigoContrato', true, 'texto', SIB, 'Contrato (codigoContrato do layout contratos)', '100234', texto(20)),
    col('cpf', true, 'CPF', SIB, 'CPF do beneficiário', '52998224725', cpf),
    col('cns', false, 'CNS (15 dígitos)', SIB, 'Cartão Nacional de Saúde', '700504839172315', cns),
    col('nome', true, 'texto', SIB, 'Nome completo', 'Maria Aparecida Souza', texto(120)),
    col('sexo', true, SEXO.tipo, SIB, 'Sexo (a letra, a palavra ou o código do SIB)', 'F', SEXO),
    col('dataNascimento', true, 'data', SIB, 'Data de nascimento', '1978-04-12', data),
    col('nomeMae', false, 'texto', SIB, 'Nome da mãe', 'Josefa Aparecida da Silva', texto(120)),
    col(
      'codigoBeneficiarioTitular',
      false,
      'texto',
      SIB,
      'Código do titular (vazio: o beneficiário é o titular)',
      '',
      texto(20),
    ),
    col(
      'relacaoDependencia',
      false,
      RELACAO_DEPENDENCIA.tipo,
      SIB,
      'Relação de dependência com o titular, a palavra ou o código do SIB (obrigatória para dependentes; guardada como a palavra)',
      'FILHO(A)',
      RELACAO_DEPENDENCIA,
    ),
    col('dataContratacao', true, 'data', SIB, 'Data de inclusão no contrato', '2019-03-01', data),
    col('dataCancelamento', false, 'data', SIB, 'Data de cancelamento (vazio: ativo)', '', data),
    col('motivoCancelamento', false, 'texto', SIB, 'Motivo do cancelamento', '', texto(200)),
    col(
      'cco',
      false,
      '10 a 12 dígitos',
      SIB,
      'Código de controle operacional da ANS (CCO)',
      '123456789012',
      digitos(10, 12),
    ),
    col('codigoMunicipioIBGE', false, '7 dígitos', SIB, 'Município de residência (código IBGE)', '3550308', digitos(7)),
    col('email', false, 'e-mail', PORTAL, 'E-mail de contato (vazio: mantém o atual)', 'maria@example.com', email),
    col(
      'celular',
      false,
      'DDD + número (10 ou 11 dígitos)',
      PORTAL,
      'Celular de contato (vazio: mantém o atual)',
      '11987654321',
      digitos(10, 11, '()'),
    ),
  ],
  chave: ['codigoBeneficiario'],
  copia: true,
  notas: [
    'O contrato deve existir (layout contratos); o titular de um dependente deve ser titular do mesmo contrato, no arquivo ou na base.',
    'Um CPF aparece uma vez por contrato; a mesma pessoa pode estar em vários contratos (os dados pessoais da última linha valem).',
    'E-mail e celular vazios mantêm os que estão na base (o beneficiário pode tê-los alterado no portal).',
    '`sexo` e `relacaoDependencia` aceitam a palavra (maiúsculas e acentos não importam) ou o código do SIB e guardam a palavra da lista; qualquer outro valor é recusado com a lista. Um dependente não pode ter a relação TITULAR, nem um titular (sem `codigoBeneficiarioTitular`) a relação de um dependente.',
    '`dataCancelamento` preenchida cancela o vínculo: o beneficiário perde o acesso a novas solicitações na chamada seguinte.',
    'Modo `completo`: o arquivo é a foto do cadastro; beneficiários ativos ausentes dele são cancelados na data da importação (motivo "Ausente do arquivo completo da operadora"), nunca apagados. Acima do limite de cancelamentos, inativações ou exclusões o arquivo só é aplicado com a confirmação do número exato; o que ele cancelar pode ser desfeito (README, "Modo completo: limite e desfazer").',
  ],
  verificacoes: [
    `select s.linha, 'codigoContrato', s."codigoContrato", 'Contrato não encontrado: importe-o antes no layout contratos.'
       from importacao_stg s where not exists (select 1 from contratos c where c.codigo_contrato = s."codigoContrato")`,
    `select s.linha, 'relacaoDependencia', '', 'Dependente sem relação de dependência.'
       from importacao_stg s where s."codigoBeneficiarioTitular" is not null and s."relacaoDependencia" is null`,
    `select s.linha, 'relacaoDependencia', s."relacaoDependencia",
            'Dependente com a relação TITULAR (SIB 1): informe a relação com o titular (CÔNJUGE, FILHO(A)…).'
       from importacao_stg s where s."codigoBeneficiarioTitular" is not null and s."relacaoDependencia" = 'TITULAR'`,
    `select s.linha, 'relacaoDependencia', s."relacaoDependencia",
            'Titular com relação de dependente: deixe vazio ou use TITULAR (SIB 1), ou informe codigoBeneficiarioTitular.'
       from importacao_stg s where s."codigoBeneficiarioTitular" is null and s."relacaoDependencia" <> 'TITULAR'`,
    `select s.linha, 'codigoBeneficiarioTitular', s."codigoBeneficiarioTitular",
            'Titular não encontrado neste contrato (nem no arquivo, nem na base).'
       from importacao_stg s
      where s."codigoBeneficiarioTitular" is not null
        and not exists (select 1 from importacao_stg t where t."codigoBeneficiario" = s."codigoBeneficiarioTitular"
                          and t."codigoContrato" = s."codigoContrato" and t."codigoBeneficiarioTitular" is null)
        and not exists (select 1 from beneficiarios b where b.codigo_beneficiario = s."codigoBeneficiarioTitular"
                          and b.codigo_contrato = s."codigoContrato" and b.tipo = 'TITULAR'
                          and not exists (select 1 from importacao_stg t2 where t2."codigoBeneficiario" = b.codigo_beneficiario))`,
    `select s.linha, 'cpf', s.cpf, 'CPF repetido no mesmo contrato (também na linha ' || p.primeira || ').'
       from (select linha, cpf, min(linha) over (partition by "codigoContrato", cpf) as primeira from importacao_stg) p
       join importacao_stg s on s.linha = p.linha where p.linha > p.primeira`,
    `select s.linha, 'cpf', s.cpf, 'Este CPF já é o beneficiário ' || b.codigo_beneficiario || ' deste contrato.'
       from importacao_stg s
       join beneficiarios b on b.codigo_contrato = s."codigoContrato" and b.cpf = s.cpf
                           and b.codigo_beneficiario <> s."codigoBeneficiario"
      where not exists (select 1 from importacao_stg t where t."codigoBeneficiario" = b.codigo_beneficiario)`,
    `select s.linha, 'dataCancelamento', s."dataCancelamento", 'Cancelamento anterior à data de contratação.'
       from importacao_stg s where s."dataCancelamento"::date < s."dataContratacao"::date`,
  ],
  async aplicar(tx, modo) {
    // What changed, to count it: plain tables (no index to keep up; the count below hashes them).
    await tx.exec(`create temp table importacao_mudou_p (cpf text not null) on commit drop;
                   create temp table importacao_mudou_b (codigo text not null, novo boolean not null) on commit drop`);
    // One person per CPF (a person may be a beneficiary of several contracts: the last line wins).
    // An empty e-mail or mobile keeps the one on file (the member may have set it in the portal).
    // Both upserts take only the rows that are new or differ from the table, found by one join of the
    // whole file: an unchanged row is neither locked nor probed for its conflict one by one (decision
    // 0044). The upsert's own `where` still decides, on the row as it is when the upsert reaches it.
    // The CPF (11 digits by the row rules) is compared as the key's char(11), so pessoas_pkey serves.
    await tx.query(
      `with m as (
         insert into pessoas as p (cpf, nome, data_nascimento, sexo, nome_mae, cns, email, celular, codigo_municipio_ibge)
         select s.* from (
           select distinct on (cpf) cpf::char(11) as cpf, nome, "dataNascimento"::date as data_nascimento,
                  lower(sexo) as sexo, "nomeMae" as nome_mae, cns, email, celular,
                  "codigoMunicipioIBGE" as codigo_municipio_ibge
             from importacao_stg order by cpf, linha desc) s
          where not exists (
            select from pessoas a
             where a.cpf = s.cpf
               and (a.nome, a.data_nascimento, a.sexo, a.nome_mae, a.cns, a.email, a.celular, a.codigo_municipio_ibge)
                   is not distinct from (s.nome, s.data_nascimento, s.sexo, s.nome_mae, s.cns, coalesce(s.email, a.email),
                                         coalesce(s.celular, a.celular), s.codigo_municipio_ibge))
         on conflict (cpf) do update set nome = excluded.nome, data_nascimento = excluded.data_nascimento,
           sexo = excluded.sexo, nome_mae = excluded.nome_mae, cns = excluded.cns,
           email = coalesce(excluded.email, p.email), celular = coalesce(excluded.celular, p.celular),
           codigo_municipio_ibge = excluded.codigo_municipio_ibge
         where (p.nome, p.data_nascimento, p.sexo, p.nome_mae, p.cns, p.email, p.celular, p.codigo_municipio_ibge)
           is distinct from (excluded.nome, excluded.data_nascimento, excluded.sexo, excluded.nome_mae, excluded.cns,
                             coalesce(excluded.email, p.email), coalesce(excluded.celular, p.celular),
                             excluded.codigo_municipio_ibge)
         returning cpf)
       insert into importacao_mudou_p select cpf from m`,
    );
    await tx.query(
      `with m as (
         insert into beneficiarios as b (codigo_beneficiario, codigo_contrato, cpf, tipo, parentesco, codigo_titular,
                                         ativo, data_inclusao, data_exclusao, motivo_cancelamento, cco)
         select s.* from (
           select "codigoBeneficiario" as codigo_beneficiario, "codigoContrato" as codigo_contrato, cpf,
                  case when "codigoBeneficiarioTitular" is null then 'TITULAR' else 'DEPENDENTE' end as tipo,
                  "relacaoDependencia" as parentesco, "codigoBeneficiarioTitular" as codigo_titular,
                  "dataCancelamento" is null as ativo, "dataContratacao"::date as data_inclusao,
                  "dataCancelamento"::date as data_exclusao, "motivoCancelamento" as motivo_cancelamento, cco
             from importacao_stg) s
          where not exists (
            select from beneficiarios a
             where a.codigo_beneficiario = s.codigo_beneficiario
               and (a.codigo_contrato, a.cpf, a.tipo, a.parentesco, a.codigo_titular, a.ativo, a.data_inclusao,
                    a.data_exclusao, a.motivo_cancelamento, a.cco)
                   is not distinct from (s.codigo_contrato, s.cpf, s.tipo, s.parentesco, s.codigo_titular, s.ativo,
                                         s.data_inclusao, s.data_exclusao, s.motivo_cancelamento, s.cco))
         on conflict (codigo_beneficiario) do update set codigo_contrato = excluded.codigo_contrato, cpf = excluded.cpf,
           tipo = excluded.tipo, parentesco = excluded.parentesco, codigo_titular = excluded.codigo_titular,
           ativo = excluded.ativo, data_inclusao = excluded.data_inclusao, data_exclusao = excluded.data_exclusao,
           motivo_cancelamento = excluded.motivo_cancelamento, cco = excluded.cco
         where (b.codigo_contrato, b.cpf, b.tipo, b.parentesco, b.codigo_titular, b.ativo, b.data_inclusao,
                b.data_exclusao, b.motivo_cancelamento, b.cco)
           is distinct from (excluded.codigo_contrato, excluded.cpf, excluded.tipo, excluded.parentesco,
                             excluded.codigo_titular, excluded.ativo, excluded.data_inclusao, excluded.data_exclusao,
                             excluded.motivo_cancelamento, excluded.cco)
         returning codigo_beneficiario, (xmax = 0) as novo)
       insert into importacao_mudou_b select codigo_beneficiario, novo from m`,
    );
    // Alterado: a beneficiary updated, or not new and their person updated. Read from what changed,
    // so a file that changes nothing does not read the file again to count it.
    const [r] = await tx.query<{ incluidos: number; alterados: number }>(
      `select (select count(*) from importacao_mudou_b where novo)::int as incluidos,
              (select count(*) from (
                 select codigo from importacao_mudou_b where not novo
                 union
                 select s."codigoBeneficiario" from importacao_mudou_p p join importacao_stg s on s.cpf = p.cpf
                  where not exists (select from importacao_mudou_b b where b.codigo = s."codigoBeneficiario" and b.novo)
               ) a)::int as alterados`,
    );
    let inativados = 0;
    if (modo === 'completo') {
      // A snapshot: every active member missing from it is cancelled today — never deleted (their
      // invoices, receipts and tax statements stay readable).
      // Each one recorded with what it was and what it became, for the undo (decision 0049).
      const [i] = await tx.query<{ n: number }>(
        `with a as (
           select b.codigo_beneficiario, b.data_exclusao, b.motivo_cancelamento from beneficiarios b
            where b.ativo and not exists (select 1 from importacao_stg s where s."codigoBeneficiario" = b.codigo_beneficiario)),
         m as (
           update beneficiarios b set ativo = false, data_exclusao = coalesce(b.data_exclusao, current_date),
                  motivo_cancelamento = coalesce(b.motivo_cancelamento, $1)
             from a where b.codigo_beneficiario = a.codigo_beneficiario and b.ativo
           returning b.codigo_beneficiario, a.data_exclusao as exclusao_antes, a.motivo_cancelamento as motivo_antes,
                     b.data_exclusao, b.motivo_cancelamento),
         r as (
           insert into importacao_removidos (chave, antes, depois)
           select codigo_beneficiario,
                  jsonb_build_object('ativo', true, 'dataExclusao', exclusao_antes, 'motivo', motivo_antes),
                  jsonb_build_object('ativo', false, 'dataExclusao', data_exclusao, 'motivo', motivo_cancelamento)
             from m
           returning 1)
         select count(*)::int as n from r`,
        [MOTIVO_COMPLETO],
      );
      inativados = i?.n ?? 0;
    }
    return { incluidos: r?.incluidos ?? 0, alterados: r?.alterados ?? 0, inativados };
  },
  remocao: {
    ativos: 'select count(*)::int as n from beneficiarios where ativo',
    nome: 'beneficiários ativos',
    verbo: 'cancelaria',
    // Active again with the exclusion date and reason they had, if still as the import left them.
    async desfazer(tx, importacaoId) {
      const [r] = await tx.query<{ restaurados: number; total: number }>(
        `with m as (
           update beneficiarios b set ativo = true, data_exclusao = (a.antes->>'dataExclusao')::date,
                  motivo_cancelamento = a.antes->>'motivo'
             from importacao_alteracoes a
            where a.importacao_id = $1 and b.codigo_beneficiario = a.chave and not b.ativo
              and b.data_exclusao is not distinct from (a.depois->>'dataExclusao')::date
              and b.motivo_cancelamento is not distinct from a.depois->>'motivo'
           returning 1)
         select (select count(*) from m)::int as restaurados,
                (select count(*) from importacao_alteracoes where importacao_id = $1)::int as total`,
        [importacaoId],
      );
      return { restaurados: r?.restaurados ?? 0, ignorados: (r?.total ?? 0) - (r?.restaurados ?? 0) };
    },
  },
};

const mensalidades: Layout = {
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
    `select s.linha, 'codigoContrato', s."codigoContrato", 'Contrato não encontrado: importe-o antes no layout contratos.'
       from importacao_stg s where not exists (select 1 from contratos c where c.codigo_contrato = s."codigoContrato")`,
    `select s.linha, 'valor', s.valor, 'Valor deve ser maior que zero.' from importacao_stg s where s.valor::bigint <= 0`,
    `select s.linha, 'valorPago', s."valorPago", 'Valor pago sem data de pagamento: informe dataPagamento.'
       from importacao_stg s where s."valorPago" is not null and s."dataPagamento" is null`,
    `select s.linha, 'valorPago', s."valorPago", 'Valor pago deve ser maior que zero.'
       from importacao_stg s where s."valorPago"::bigint <= 0`,
    `select s.linha, 'competencia', s.competencia, 'Competência repetida para o contrato (também na linha ' || p.primeira || ').'
       from (select linha, min(linha) over (partition by "codigoContrato", competencia) as primeira from importacao_stg) p
       join importacao_stg s on s.linha = p.linha where p.linha > p.primeira`,
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

const TISS = 'TISS (ANS)';
const TUSS = 'TUSS (tabela 22)';
const RN389 = 'RN 389/2015 (extrato de utilização)';

const beneficiarioExiste = `select s.linha, 'codigoBeneficiario', s."codigoBeneficiario",
       'Beneficiário não encontrado: importe-o antes no layout beneficiarios.'
  from importacao_stg s where not exists (select 1 from beneficiarios b where b.codigo_beneficiario = s."codigoBeneficiario")`;

const autorizacoes: Layout = {
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
    `select s.linha, 'numeroGuiaOperadora', s."numeroGuiaOperadora",
            'Os dados da guia diferem dos da linha ' || p.primeira || ' (beneficiário, data, prestador, status, senha ou motivo).'
       from (select linha, first_value(linha) over w as primeira,
                    row("codigoBeneficiario", "dataSolicitacao"::timestamptz, "prestadorSolicitante", status, senha,
                        "dataValidadeSenha", "motivoNegativa")::text as cab,
                    first_value(row("codigoBeneficiario", "dataSolicitacao"::timestamptz, "prestadorSolicitante", status,
                        senha, "dataValidadeSenha", "motivoNegativa")::text) over w as cab1
               from importacao_stg window w as (partition by "numeroGuiaOperadora" order by linha)) p
       join importacao_stg s on s.linha = p.linha where p.cab <> p.cab1`,
  ],
  async aplicar(tx) {
    await tx.exec('create temp table importacao_mudou (chave text primary key, novo boolean not null) on commit drop');
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
    await tx.query(
      `with d as (
         delete from autorizacao_procedimentos p
          using (select "numeroGuiaOperadora" as guia, count(*) as n from importacao_stg group by 1) f
          where p.numero_transacao = f.guia and p.ordem > f.n
         returning p.numero_transacao)
       insert into importacao_mudou select distinct 'g' || numero_transacao, false from d on conflict do nothing`,
    );
    const [r] = await tx.query<{ incluidos: number; alterados: number }>(
      `with f as (select "numeroGuiaOperadora" as guia,
                         row_number() over (partition by "numeroGuiaOperadora" order by linha) as ordem from importacao_stg)
       select (count(*) filter (where p.novo))::int as incluidos,
              (count(*) filter (where not coalesce(p.novo, false) and (p.chave is not null or g.chave is not null)))::int
                as alterados
         from f
         left join importacao_mudou p on p.chave = 'p' || f.guia || ':' || f.ordem
         left join importacao_mudou g on g.chave = 'g' || f.guia`,
    );
    return { incluidos: r?.incluidos ?? 0, alterados: r?.alterados ?? 0, inativados: 0 };
  },
};

const utilizacao: Layout = {
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

const coparticipacoes: Layout = {
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

const CNES = 'CNES / RPS (ANS)';
const lista =
  (re: RegExp, exemplo: string): ((v: string) => string | { erro: string }) =>
  (v) => {
    const itens = v
      .split(',')
      .map((x) => x.trim().toUpperCase())
      .filter(Boolean);
    return itens.length && itens.every((x) => re.test(x))
      ? [...new Set(itens)].join(',')
      : { erro: `Use uma lista separada por vírgulas (ex.: ${exemplo}).` };
  };

/** Lines of one provider, or of one establishment, must agree on the columns that describe it. */
const consistente = (chave: string, colunas: string[], rotulo: string) =>
  `select s.linha, '${chave}', s."${chave}", 'Os dados ${rotulo} diferem dos da linha ' || p.primeira || '.'
     from (select linha, first_value(linha) over w as primeira,
                  row(${colunas.map((c) => `"${c}"`).join(', ')})::text as v,
                  first_value(row(${colunas.map((c) => `"${c}"`).join(', ')})::text) over w as v1
             from importacao_stg window w as (partition by "${chave}" order by linha)) p
     join importacao_stg s on s.linha = p.linha where p.v <> p.v1`;

const COLS_ESTAB = [
  'tipoEstabelecimento',
  'nomeFantasia',
  'razaoSocial',
  'cnpj',
  'logradouro',
  'numero',
  'complemento',
  'bairro',
  'cep',
  'codigoMunicipioIBGE',
  'fone',
  'site',
];

const prestadores: Layout = {
  colunas: [
    col(
      'codigoPrestador',
      true,
      'inteiro',
      RPS,
      'Código do prestador na operadora',
      '10234',
      inteiro(1, 2_000_000_000),
    ),
    col('nome', true, 'texto', RPS, 'Nome do profissional ou do serviço', 'Dra. Ana Lima', texto(200)),
    col('nroRegistro', true, 'texto', RPS, 'Registro no conselho (CRM, CRO…) ou CNPJ', 'CRM-SP 123456', texto(40)),
    col(
      'especialidades',
      true,
      'lista de códigos',
      PORTAL,
      'Especialidades atendidas (códigos do Guia Médico, separados por vírgula)',
      '1,6',
      lista(/^\d{1,6}$/, '1,6'),
    ),
    col(
      'selos',
      false,
      'lista de letras',
      'RN 405/2016 (qualificação)',
      'Selos de qualificação (códigos, separados por vírgula)',
      'A,Q',
      lista(/^[A-Z]$/, 'A,Q'),
    ),
    col('cnes', true, '7 dígitos', CNES, 'CNES do estabelecimento onde atende', '2077485', digitos(7)),
    col('sala', false, 'texto', PORTAL, 'Sala ou conjunto do prestador no estabelecimento', 'Sala 12', texto(60)),
    col('tipoEstabelecimento', true, 'texto', CNES, 'Tipo do estabelecimento', 'Clínica', texto(60)),
    col('nomeFantasia', true, 'texto', CNES, 'Nome fantasia do estabelecimento', 'Clínica Exemplo', texto(200)),
    col('razaoSocial', true, 'texto', CNES, 'Razão social', 'Clínica Exemplo Ltda', texto(200)),
    col('cnpj', true, 'CNPJ', CNES, 'CNPJ do estabelecimento', '11222333000181', cnpj),
    col('logradouro', true, 'texto', CNES, 'Logradouro', 'Avenida Paulista', texto(200)),
    col('numero', true, 'texto', CNES, 'Número', '1000', texto(20)),
    col('complemento', false, 'texto', CNES, 'Complemento', '5º andar', texto(100)),
    col('bairro', true, 'texto', CNES, 'Bairro', 'Bela Vista', texto(100)),
    col('cep', true, '8 dígitos', CNES, 'CEP', '01310100', digitos(8)),
    col('codigoMunicipioIBGE', true, '7 dígitos', 'IBGE', 'Município (código IBGE)', '3550308', digitos(7)),
    col('fone', true, 'DDD + número', CNES, 'Telefone', '1133334444', (v) => digitos(10, 11)(v.replace(/[()]/g, ''))),
    col('site', false, 'texto', PORTAL, 'Site', 'https://exemplo.com.br', texto(200)),
  ],
  chave: ['codigoPrestador', 'cnes'],
  notas: [
    'Uma linha por prestador e local de atendimento (estabelecimento, pelo CNES); nome, registro, especialidades e selos se repetem iguais nas linhas do mesmo prestador, e os dados do estabelecimento nas linhas do mesmo CNES.',
    'A ordem dos locais é a ordem das linhas; locais de um prestador do arquivo que não estão mais nele são removidos; especialidades e selos são substituídos pelos do arquivo.',
    'Município, especialidades e selos devem existir (layouts municipios, especialidades e selos, importados antes).',
    'O Guia Médico mostra as mudanças na busca seguinte (as visões de busca são atualizadas na mesma transação).',
    'Modo `completo`: o arquivo é a rede inteira; prestadores ausentes dele são inativados, nunca apagados, e saem das buscas do Guia Médico na leitura seguinte. Um prestador inativo que volta num arquivo é reativado. Acima do limite de cancelamentos, inativações ou exclusões o arquivo só é aplicado com a confirmação do número exato; o que ele inativar pode ser desfeito (README, "Modo completo: limite e desfazer").',
  ],
  verificacoes: [
    `select s.linha, 'codigoMunicipioIBGE', s."codigoMunicipioIBGE", 'Município não encontrado: importe-o antes no layout municipios.'
       from importacao_stg s where not exists (select 1 from cidades c where c.codigo = s."codigoMunicipioIBGE"::int)`,
    `select s.linha, 'especialidades', e.cod, 'Especialidade não encontrada: importe-a antes no layout especialidades.'
       from importacao_stg s cross join lateral unnest(string_to_array(s.especialidades, ',')) e(cod)
      where not exists (select 1 from especialidades x where x.codigo = e.cod::int)`,
    `select s.linha, 'selos', e.cod, 'Selo não encontrado: importe-o antes no layout selos.'
       from importacao_stg s cross join lateral unnest(string_to_array(s.selos, ',')) e(cod)
      where not exists (select 1 from selos x where x.codigo = e.cod)`,
    consistente('codigoPrestador', ['nome', 'nroRegistro', 'especialidades', 'selos'], 'do prestador'),
    consistente('cnes', COLS_ESTAB, 'do estabelecimento'),
  ],
  async aplicar(tx, modo) {
    await tx.exec('create temp table importacao_mudou (chave text primary key, novo boolean not null) on commit drop');
    await tx.query(
      `with m as (
         insert into estabelecimentos as e (codigo, codigo_cidade, tipo, nome_fantasia, razao_social, cnpj, logradouro,
                                            numero, complemento, bairro, cep, fone, site)
         select distinct on (cnes) cnes::int, "codigoMunicipioIBGE"::int, "tipoEstabelecimento", "nomeFantasia",
                "razaoSocial", cnpj, logradouro, numero, complemento, bairro, cep, fone, site
           from importacao_stg order by cnes, linha
         on conflict (codigo) do update set codigo_cidade = excluded.codigo_cidade, tipo = excluded.tipo,
           nome_fantasia = excluded.nome_fantasia, razao_social = excluded.razao_social, cnpj = excluded.cnpj,
           logradouro = excluded.logradouro, numero = excluded.numero, complemento = excluded.complemento,
           bairro = excluded.bairro, cep = excluded.cep, fone = excluded.fone, site = excluded.site
         where (e.codigo_cidade, e.tipo, e.nome_fantasia, e.razao_social, e.cnpj, e.logradouro, e.numero, e.complemento,
                e.bairro, e.cep, e.fone, e.site)
           is distinct from (excluded.codigo_cidade, excluded.tipo, excluded.nome_fantasia, excluded.razao_social,
                             excluded.cnpj, excluded.logradouro, excluded.numero, excluded.complemento, excluded.bairro,
                             excluded.cep, excluded.fone, excluded.site)
         returning codigo, (xmax = 0) as novo)
       insert into importacao_mudou select 'e' || codigo, novo from m`,
    );
    await tx.query(
      `with m as (
         insert into prestadores as p (codigo, nome, nro_registro, ativo)
         select distinct on ("codigoPrestador") "codigoPrestador"::int, nome, "nroRegistro", true
           from importacao_stg order by "codigoPrestador", linha
         on conflict (codigo) do update set nome = excluded.nome, nro_registro = excluded.nro_registro, ativo = true
         where (p.nome, p.nro_registro, p.ativo) is distinct from (excluded.nome, excluded.nro_registro, true)
         returning codigo, (xmax = 0) as novo)
       insert into importacao_mudou select 'p' || codigo, novo from m`,
    );
    // Specialties and seals: the file's set replaces the provider's.
    await tx.exec(`
      create temp table importacao_conjuntos on commit drop as
      select distinct "codigoPrestador"::int as prestador, 'e' as tipo, x as codigo
        from importacao_stg cross join lateral unnest(string_to_array(especialidades, ',')) x
      union
      select distinct "codigoPrestador"::int, 's', x
        from importacao_stg cross join lateral unnest(string_to_array(selos, ',')) x;
      with ins as (
        insert into prestador_especialidades (codigo_prestador, codigo_especialidade)
        select prestador, codigo::int from importacao_conjuntos where tipo = 'e' on conflict do nothing
        returning codigo_prestador),
      del as (
        delete from prestador_especialidades pe
         where pe.codigo_prestador in (select "codigoPrestador"::int from importacao_stg)
           and not exists (select 1 from importacao_conjuntos c where c.tipo = 'e' and c.prestador = pe.codigo_prestador
                             and c.codigo::int = pe.codigo_especialidade)
        returning codigo_prestador),
      ins2 as (
        insert into prestador_selos (codigo_prestador, codigo_selo)
        select prestador, codigo from importacao_conjuntos where tipo = 's' on conflict do nothing
        returning codigo_prestador),
      del2 as (
        delete from prestador_selos ps
         where ps.codigo_prestador in (select "codigoPrestador"::int from importacao_stg)
           and not exists (select 1 from importacao_conjuntos c where c.tipo = 's' and c.prestador = ps.codigo_prestador
                             and c.codigo = ps.codigo_selo)
        returning codigo_prestador)
      insert into importacao_mudou
      select distinct 'p' || codigo_prestador, false
        from (select * from ins union all select * from del union all select * from ins2 union all select * from del2) x
      on conflict do nothing;`);
    await tx.query(
      `with f as (
         select "codigoPrestador"::int as prestador, cnes::int as cnes, sala,
                row_number() over (partition by "codigoPrestador" order by linha)::smallint as ordem
           from importacao_stg),
       m as (
         insert into locais_atendimento as l (codigo_prestador, ordem, codigo_estabelecimento, sala)
         select prestador, ordem, cnes, sala from f
         on conflict (codigo_prestador, ordem) do update set codigo_estabelecimento = excluded.codigo_estabelecimento,
           sala = excluded.sala
         where (l.codigo_estabelecimento, l.sala) is distinct from (excluded.codigo_estabelecimento, excluded.sala)
         returning codigo_prestador, ordem, (xmax = 0) as novo)
       insert into importacao_mudou select 'l' || codigo_prestador || ':' || ordem, novo from m`,
    );
    await tx.query(
      `with d as (
         delete from locais_atendimento l
          using (select "codigoPrestador"::int as prestador, count(*) as n from importacao_stg group by 1) f
          where l.codigo_prestador = f.prestador and l.ordem > f.n
         returning l.codigo_prestador)
       insert into importacao_mudou select distinct 'p' || codigo_prestador, false from d on conflict do nothing`,
    );
    const [r] = await tx.query<{ incluidos: number; alterados: number }>(
      `with f as (select "codigoPrestador" as prestador, cnes,
                         row_number() over (partition by "codigoPrestador" order by linha) as ordem from importacao_stg)
       select (count(*) filter (where l.novo))::int as incluidos,
              (count(*) filter (where not coalesce(l.novo, false)
                                  and (l.chave is not null or p.chave is not null or e.chave is not null)))::int as alterados
         from f
         left join importacao_mudou l on l.chave = 'l' || f.prestador::int || ':' || f.ordem
         left join importacao_mudou p on p.chave = 'p' || f.prestador::int
         left join importacao_mudou e on e.chave = 'e' || f.cnes::int`,
    );
    // The provider guide searches materialized views: refreshed here, so the next search shows the change.
    if ((r?.incluidos ?? 0) + (r?.alterados ?? 0) > 0) await tx.query('select guia_atualizar()');
    // A snapshot of the network: the providers missing from it are marked inactive, never deleted
    // (substitutions and history name them). The searches leave them out at read time, so no refresh.
    let inativados = 0;
    if (modo === 'completo') {
      const [i] = await tx.query<{ n: number }>(
        `with m as (
           update prestadores p set ativo = false
            where p.ativo and not exists (select 1 from importacao_stg s where s."codigoPrestador"::int = p.codigo)
           returning p.codigo),
         r as (
           insert into importacao_removidos (chave, antes, depois)
           select codigo::text, '{"ativo": true}'::jsonb, '{"ativo": false}'::jsonb from m
           returning 1)
         select count(*)::int as n from r`,
      );
      inativados = i?.n ?? 0;
      // A new version of the guide (0029) so every instance drops the free-text lists it keeps.
      if (inativados > 0) await tx.query('update guia_versao set versao = gen_random_uuid()');
    }
    await contarInativos(tx);
    return { incluidos: r?.incluidos ?? 0, alterados: r?.alterados ?? 0, inativados };
  },
  remocao: {
    ativos: 'select count(*)::int as n from prestadores where ativo',
    nome: 'prestadores ativos',
    verbo: 'inativaria',
    // Active again (back in the searches at the next read) if still inactive.
    async desfazer(tx, importacaoId) {
      const [r] = await tx.query<{ restaurados: number; total: number }>(
        `with m as (
           update prestadores p set ativo = true
             from importacao_alteracoes a
            where a.importacao_id = $1 and p.codigo = a.chave::int and not p.ativo
           returning 1)
         select (select count(*) from m)::int as restaurados,
                (select count(*) from importacao_alteracoes where importacao_id = $1)::int as total`,
        [importacaoId],
      );
      const restaurados = r?.restaurados ?? 0;
      if (restaurados > 0) {
        await tx.query('update guia_versao set versao = gen_random_uuid()');
        await contarInativos(tx);
      }
      return { restaurados, ignorados: (r?.total ?? 0) - restaurados };
    },
  },
};

/** What the searches subtract from their precomputed totals: the inactive providers' cards. */
async function contarInativos(tx: Queryable): Promise<void> {
  await tx.exec(`
      delete from guia_inativos_contagem;
      insert into guia_inativos_contagem (codigo_cidade, codigo_especialidade, total)
      select c.cidade, pe.codigo_especialidade, count(*)::int
        from prestadores p
        join prestador_especialidades pe on pe.codigo_prestador = p.codigo
        cross join lateral (
          select distinct e.codigo_cidade from locais_atendimento l
            join estabelecimentos e on e.codigo = l.codigo_estabelecimento where l.codigo_prestador = p.codigo
          union all
          select 0 where exists (select 1 from locais_atendimento l where l.codigo_prestador = p.codigo)) c(cidade)
       where not p.ativo
       group by 1, 2;`);
}

/** What each installment charged, beneficiary by beneficiary: the receipt and the IRPF statement read it. */
const irpf: Layout = {
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
    col(
      'codigoBeneficiario',
      true,
      'texto',
      'IN RFB 985/2009 (DMED)',
      'Beneficiário a quem o valor se refere',
      '1100234001',
      texto(20),
    ),
    col(
      'tipo',
      true,
      'MENSALIDADE | COPARTICIPACAO',
      'IN RFB 985/2009 (DMED)',
      'Natureza do valor',
      'MENSALIDADE',
      opcoes(['MENSALIDADE', 'COPARTICIPACAO'], { COPARTICIPAÇÃO: 'COPARTICIPACAO' }),
    ),
    col('descricao', true, 'texto', PORTAL, 'Descrição no recibo', 'Mensalidade março/2026', texto(200)),
    col('valor', true, 'decimal (2 casas)', 'IN RFB 985/2009 (DMED)', 'Valor em reais', '617.28', dinheiro),
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
    await tx.exec('create temp table importacao_mudou (chave text primary key, novo boolean not null) on commit drop');
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
    await tx.query(
      `with d as (
         delete from mensalidade_itens i
          using (select "codigoMensalidade" as cod, count(*) as n from importacao_stg group by 1) f
          where i.codigo_mensalidade = f.cod and i.ordem > f.n
         returning i.codigo_mensalidade)
       insert into importacao_mudou select distinct 'm' || codigo_mensalidade, false from d on conflict do nothing`,
    );
    const [r] = await tx.query<{ incluidos: number; alterados: number }>(
      `with f as (select "codigoMensalidade" as cod,
                         row_number() over (partition by "codigoMensalidade" order by linha) as ordem from importacao_stg)
       select (count(*) filter (where i.novo))::int as incluidos,
              (count(*) filter (where not coalesce(i.novo, false) and (i.chave is not null or m.chave is not null)))::int
                as alterados
         from f
         left join importacao_mudou i on i.chave = 'i' || f.cod || ':' || f.ordem
         left join importacao_mudou m on m.chave = 'm' || f.cod`,
    );
    return { incluidos: r?.incluidos ?? 0, alterados: r?.alterados ?? 0, inativados: 0 };
  },
};

/** The operator's reimbursement table (issue 18, decision 0034): what the estimate (prévia) reads. */
const reembolsoTabela: Layout = {
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
    'Modo `completo`: linhas ausentes do arquivo são apagadas da tabela (a tabela é a foto da operadora). Acima do limite de cancelamentos, inativações ou exclusões o arquivo só é aplicado com a confirmação do número exato; o que ele apagar pode ser desfeito (README, "Modo completo: limite e desfazer").',
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
    async desfazer(tx, importacaoId) {
      const [r] = await tx.query<{ restaurados: number; total: number }>(
        `with m as (
           insert into reembolso_tabela (tipo, codigo_tuss, descricao, valor_centavos, coparticipacao_percentual)
           select x.tipo, x.codigo_tuss, x.descricao, x.valor_centavos, x.coparticipacao_percentual
             from importacao_alteracoes a
            cross join lateral jsonb_populate_record(null::reembolso_tabela, a.antes) x
            where a.importacao_id = $1
           on conflict (tipo, codigo_tuss) do nothing
           returning 1)
         select (select count(*) from m)::int as restaurados,
                (select count(*) from importacao_alteracoes where importacao_id = $1)::int as total`,
        [importacaoId],
      );
      return { restaurados: r?.restaurados ?? 0, ignorados: (r?.total ?? 0) - (r?.restaurados ?? 0) };
    },
  },
};

export const ENTIDADES = [
  'produtos',
  'contratos',
  'beneficiarios',
  'mensalidades',
  'coparticipacoes',
  'irpf',
  'municipios',
  'especialidades',
  'selos',
  'prestadores',
  'substituicoes',
  'autorizacoes',
  'utilizacao',
  'reembolso-tabela',
] as const;
export type Entidade = (typeof ENTIDADES)[number];

/** Every entity's layout. */
export const LAYOUTS: Record<Entidade, Layout> = {
  produtos,
  contratos,
  beneficiarios,
  mensalidades,
  coparticipacoes,
  autorizacoes,
  utilizacao,
  municipios,
  especialidades,
  selos,
  prestadores,
  substituicoes,
  irpf,
  'reembolso-tabela': reembolsoTabela,
};

/** The zod schema of one row of each entity with a layout (for the OpenAPI document). */
export const esquemasDeLinha = Object.fromEntries(
  Object.entries(LAYOUTS).map(([e, l]) => [e, esquemaDaLinha(l.colunas)]),
) as Partial<Record<Entidade, ReturnType<typeof esquemaDaLinha>>>;
