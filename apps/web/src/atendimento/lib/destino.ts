/**
 * Where 'entrar' goes after the code: the `?voltar=` path when it is one of the console's own
 * (a link to a protocol opened after the session ended), else the queue. Never another site or
 * the member app: '//evil.example', 'https://…', '/home' all give '/atendimento'.
 */
export function destinoDepoisDeEntrar(voltar: string | null): string {
  return voltar && /^\/atendimento(\/[^/\\]|\/?$|\?)/.test(voltar) && !voltar.includes('\\') ? voltar : '/atendimento';
}
