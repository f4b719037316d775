import { cns, col, cpf, data, digitos, email, opcoes, texto, type Layout } from '../campos';
import { contratoExiste, desfazerCom, modoCompleto, PORTAL, repetidoNoArquivo, SIB } from './comum';

/** SIB: 1 masculino, 3 feminino. */
const SEXO = opcoes(['M', 'F'], { MASCULINO: 'M', FEMININO: 'F' }, { codigos: { '1': 'M', '3': 'F' } });

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

const MOTIVO_COMPLETO = 'Ausente do arquivo completo da operadora';
export const beneficiarios: Layout = {
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
    modoCompleto(
      'o arquivo é a foto do cadastro; beneficiários ativos ausentes dele são cancelados na data da importação (motivo "Ausente do arquivo completo da operadora"), nunca apagados.',
      'cancelar',
    ),
  ],
  verificacoes: [
    contratoExiste,
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
    repetidoNoArquivo('cpf', ['codigoContrato', 'cpf'], 'CPF repetido no mesmo contrato'),
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
    // The rows to write are found first, each into a temp table, and only then written. Found inside
    // the upsert itself, the anti join could be planned as a loop that reads the target table once per
    // file row while the same statement fills it: quadratic. The planner picks that loop when the
    // table looks empty — after a dry run (rolled back) and the autovacuum that follows it, the first
    // real import of 30 000 rows took 38 s to apply instead of 6 s (decision 0068).
    await tx.exec(
      `create temp table importacao_escrever_p on commit drop as
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
                                       coalesce(s.celular, a.celular), s.codigo_municipio_ibge));
       create temp table importacao_escrever_b on commit drop as
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
                                       s.data_inclusao, s.data_exclusao, s.motivo_cancelamento, s.cco))`,
    );
    await tx.query(
      `with m as (
         insert into pessoas as p (cpf, nome, data_nascimento, sexo, nome_mae, cns, email, celular, codigo_municipio_ibge)
         select cpf, nome, data_nascimento, sexo, nome_mae, cns, email, celular, codigo_municipio_ibge
           from importacao_escrever_p
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
         select codigo_beneficiario, codigo_contrato, cpf, tipo, parentesco, codigo_titular, ativo, data_inclusao,
                data_exclusao, motivo_cancelamento, cco
           from importacao_escrever_b
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
    desfazer: (tx, importacaoId) =>
      desfazerCom(
        tx,
        importacaoId,
        `update beneficiarios b set ativo = true, data_exclusao = (a.antes->>'dataExclusao')::date,
              motivo_cancelamento = a.antes->>'motivo'
         from importacao_alteracoes a
        where a.importacao_id = $1 and b.codigo_beneficiario = a.chave and not b.ativo
          and b.data_exclusao is not distinct from (a.depois->>'dataExclusao')::date
          and b.motivo_cancelamento is not distinct from a.depois->>'motivo'`,
      ),
  },
};
