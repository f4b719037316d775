import type { FieldErrors, FieldValues } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { mensagemValidacao } from './messages';

/** On an invalid submit, the first error also goes out as the spec's 'Title / message' toast. */
export function toastPrimeiroErro<T extends FieldValues>(errors: FieldErrors<T>): void {
  for (const err of Object.values(errors)) {
    const chave = typeof err?.message === 'string' ? err.message : undefined;
    const m = mensagemValidacao(chave);
    if (m) {
      toast.error(m.title, { description: m.description });
      return;
    }
  }
}
