/** Query keys of the area, from one place. */
export const carteirinhaKeys = {
  all: ['carteirinha'] as const,
  cartoes: () => [...carteirinhaKeys.all, 'cartoes'] as const,
  qrCode: (numeroCarteirinha: string) => [...carteirinhaKeys.all, 'qr', numeroCarteirinha] as const,
};
