import type { ReactNode } from 'react';
import { mensagemValidacao, textoInline } from './mensagens';

/**
 * What goes under a field for a validation error: the docs/produto/acesso.md "Validation" pair, 'Title. message', in the page
 * only — never also as a toast (decision 0031). It stays until the field is fixed, tied to the field
 * by aria-describedby. `chave` is a VALIDACAO key or the text a shared zod form schema produced.
 */
export function erroDoCampo(chave: string | undefined): ReactNode {
  if (!chave) return undefined;
  const m = mensagemValidacao(chave);
  if (!m) return chave;
  return (
    <>
      <strong className="font-semibold">{m.title}.</strong> {textoInline(chave)}
    </>
  );
}
