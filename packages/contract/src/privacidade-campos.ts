/**
 * Fields a member may ask to correct in 'Meus dados' (LGPD art. 18 III); 'OUTRO' needs the note to
 * say which. Plain values without zod, so the web imports them (`@portal/contract/privacidade`)
 * without pulling the area's schemas into the shared contract chunk of every route.
 */
export const CAMPOS_CORRECAO = {
  NOME_SOCIAL: 'Nome social',
  EMAIL: 'E-mail',
  CELULAR: 'Celular',
  ENDERECO: 'Endereço',
  OUTRO: 'Outro dado',
} as const;
export type CampoCorrecao = keyof typeof CAMPOS_CORRECAO;
