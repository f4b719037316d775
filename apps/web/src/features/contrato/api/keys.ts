/** Query keys of the area, from one place. */
export const contratoKeys = {
  all: ['contrato'] as const,
  carteirinhas: () => [...contratoKeys.all, 'carteirinhas'] as const,
};
