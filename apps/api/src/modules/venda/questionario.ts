/**
 * The health declaration (Declaração de Saúde, RN 162/2007) a new dependent answers before the
 * inclusion: what Venda/Questionario/Consultar answers. Versioned like any text the member signs.
 */
export const DECLARACAO_DE_SAUDE = {
  versao: '2025-07-01',
  titulo: 'Declaração de Saúde',
  orientacao:
    'Cada novo dependente responde às perguntas abaixo antes da inclusão. Doenças ou lesões preexistentes declaradas podem ter cobertura parcial temporária por até 24 meses (Lei 9.656/1998, art. 11). A declaração pode ser preenchida com a orientação de um médico indicado pela operadora, sem custo (entrevista qualificada).',
  perguntas: [
    'Tem ou já teve doença do coração ou da circulação (hipertensão, infarto, arritmia, varizes)?',
    'Tem ou já teve diabetes ou doença de outras glândulas (tireoide, suprarrenal)?',
    'Tem ou já teve câncer ou tumor de qualquer natureza?',
    'Tem ou já teve doença dos pulmões ou das vias respiratórias (asma, bronquite, enfisema)?',
    'Tem ou já teve doença dos rins ou das vias urinárias?',
    'Tem ou já teve doença dos ossos, da coluna ou das articulações?',
    'Tem ou já teve doença neurológica ou psiquiátrica?',
    'Está gestante no momento?',
    'Já fez cirurgia ou tem alguma cirurgia indicada?',
    'Faz uso contínuo de algum medicamento?',
  ].map((texto, i) => ({ numero: i + 1, texto })),
};
