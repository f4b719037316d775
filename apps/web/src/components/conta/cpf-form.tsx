import { formatCpf, onlyDigits } from '@portal/br';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { MaskedInput, MASKS } from '@/components/ui/masked-input';
import { erroDoCampo } from '@/lib/conta/erro-do-campo';
import { useHidratado } from '@/lib/hidratacao';
import { applyMask } from '@/lib/mask';
import type { ChaveValidacao } from '@/lib/conta/mensagens';
import { validarCpf } from '@/lib/conta/validacao';

interface CpfFormProps {
  defaultCpf?: string;
  busy: boolean;
  /** Receives the 11 digits. */
  onSubmit: (cpf: string) => void;
  submitLabel?: string;
}

/**
 * CPF field masked 000.000.000-00 (max 14) and 'Continuar' (docs/produto/acesso.md, "Screens", "Validation"). A one-field form on
 * the first screen of the portal: plain state, so react-hook-form loads only with later steps.
 */
export function CpfForm({ defaultCpf = '', busy, onSubmit, submitLabel = 'Continuar' }: CpfFormProps) {
  const [erro, setErro] = useState<ChaveValidacao | null>(null);
  // /login arrives prerendered (decision 0040): the field takes typing before the script runs and
  // hydration keeps it; 'Continuar' waits for the script (a native submission would send the CPF
  // in the address), and what was typed meanwhile gets its mask once the script is there.
  const hidratado = useHidratado();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const campo = form.current?.elements.namedItem('cpf');
    if (!(campo instanceof HTMLInputElement) || !campo.value) return;
    const formatado = applyMask(MASKS.cpf, onlyDigits(campo.value));
    if (formatado === campo.value) return;
    campo.value = formatado;
    if (document.activeElement === campo) campo.setSelectionRange(formatado.length, formatado.length);
  }, []);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get('cpf') ?? '');
    const r = validarCpf(value);
    if (r !== true) {
      setErro(r);
      e.currentTarget.querySelector<HTMLInputElement>('input[name="cpf"]')?.focus();
      return;
    }
    setErro(null);
    onSubmit(onlyDigits(value));
  };

  return (
    <form ref={form} noValidate onSubmit={submit} className="space-y-5">
      <FormField label="CPF" error={erro ? erroDoCampo(erro) : undefined}>
        {(control) => (
          <MaskedInput
            {...control}
            name="cpf"
            defaultValue={formatCpf(defaultCpf)}
            onChange={() => {
              if (erro) setErro(null);
            }}
            mask={MASKS.cpf}
            maxLength={14}
            inputMode="numeric"
            autoComplete="username"
            placeholder="000.000.000-00"
          />
        )}
      </FormField>
      <Button type="submit" block disabled={busy || !hidratado} aria-busy={busy || undefined}>
        {busy ? 'Verificando...' : submitLabel}
      </Button>
    </form>
  );
}
