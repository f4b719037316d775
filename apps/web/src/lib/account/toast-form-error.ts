import { useEffect } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { mensagemValidacao } from './messages';

/**
 * The one toast about a form field: a new one replaces it (never a stack of them over the page),
 * and it goes as soon as the field is fixed.
 */
export const TOAST_DO_CAMPO = 'erro-de-campo';

/** On an invalid submit, the first error also goes out as the spec's 'Title / message' toast. */
export function toastPrimeiroErro<T extends FieldValues>(errors: FieldErrors<T>): void {
  for (const err of Object.values(errors)) {
    const chave = typeof err?.message === 'string' ? err.message : undefined;
    const m = mensagemValidacao(chave);
    if (m) {
      toast.error(m.title, { id: TOAST_DO_CAMPO, description: m.description });
      return;
    }
  }
}

/** Takes the field's toast away once the form has no error left (react-hook-form revalidates on change). */
export function useToastDoCampoSomeAoCorrigir(semErros: boolean): void {
  useEffect(() => {
    if (semErros) toast.dismiss(TOAST_DO_CAMPO);
  }, [semErros]);
}
