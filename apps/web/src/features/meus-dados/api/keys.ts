/** Query keys of 'Meus dados', from one place (revoking and ending sessions refresh through them). */
export const meusDadosKeys = {
  all: ['meus-dados'] as const,
  consentimentos: () => [...meusDadosKeys.all, 'consentimentos'] as const,
  acessos: () => [...meusDadosKeys.all, 'acessos'] as const,
};
