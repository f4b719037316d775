import type { GerarQrCodeResponse, PerfilAutenticado } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { carteirinhaKeys } from './keys';

/** A new token is asked for this long before the current one expires (the clinic may be slow to scan). */
const ANTECEDENCIA_MS = 60_000;

/** POST /api/CarteirinhaDigital/GerarQrCode: a 5-minute proof of one card (QR token and typed code). */
export function gerarQrCode(
  perfilAutenticado: PerfilAutenticado,
  numeroCarteirinha: string,
  signal?: AbortSignal,
): Promise<GerarQrCodeResponse> {
  return api.post<GerarQrCodeResponse>(
    '/api/CarteirinhaDigital/GerarQrCode',
    { perfilAutenticado, numeroCarteirinha },
    { signal },
  );
}

/** Milliseconds until the next token should be fetched (a minute before this one expires). */
export function proximaRenovacaoMs(qr: Pick<GerarQrCodeResponse, 'expiraEm'> | undefined, agora: number): number {
  if (!qr) return 30_000;
  return Math.max(10_000, Date.parse(qr.expiraEm) - agora - ANTECEDENCIA_MS);
}

export const gerarQrCodeQuery = (perfil: PerfilAutenticado, numeroCarteirinha: string) =>
  queryOptions({
    queryKey: carteirinhaKeys.qrCode(numeroCarteirinha),
    queryFn: ({ signal }) => gerarQrCode(perfil, numeroCarteirinha, signal),
    meta: { erro: { titulo: 'Erro ao gerar QR Code' } },
    // Renewed while shown; a token is never reused from an earlier visit of the page.
    staleTime: (q) => proximaRenovacaoMs(q.state.data, Date.now()),
    refetchInterval: (q) => proximaRenovacaoMs(q.state.data, Date.now()),
    gcTime: 0,
  });

export function useQrCode(numeroCarteirinha: string, ativo: boolean) {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...gerarQrCodeQuery(perfil!, numeroCarteirinha), enabled: perfil !== null && ativo });
}
