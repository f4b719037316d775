import { col, digitos, multiplo, opcoes, simNao, texto, type Layout } from '../campos';
import { contar, PORTAL, RPS } from './comum';

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

export const produtos: Layout = {
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
