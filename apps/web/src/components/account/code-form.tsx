import { zodResolver } from '@hookform/resolvers/zod';
import { codigoFormSchema } from '@portal/contract';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { textoInline } from '@/lib/account/messages';
import { toastPrimeiroErro, useToastDoCampoSomeAoCorrigir } from '@/lib/account/toast-form-error';

interface CodeFormProps {
  busy: boolean;
  onSubmit: (codigo: string) => void;
  hint?: string;
  /** Recovery (spec 5): the validate button stays disabled while the field is empty. */
  disableWhenEmpty?: boolean;
  /** false: validation errors only under the field (login registration wizard, spec 8). */
  toastErros?: boolean;
}

/** Verification code: 6 digits, numeric keyboard, one-time-code autofill, 'Validar Código'. */
export function CodeForm({ busy, onSubmit, hint, disableWhenEmpty = false, toastErros = true }: CodeFormProps) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(codigoFormSchema), defaultValues: { codigo: '' } });
  useToastDoCampoSomeAoCorrigir(Object.keys(errors).length === 0);
  const codigo = useWatch({ control, name: 'codigo' });

  return (
    <form
      noValidate
      onSubmit={handleSubmit((v) => onSubmit(v.codigo), toastErros ? toastPrimeiroErro : undefined)}
      className="space-y-4"
    >
      <FormField label="Código de verificação" hint={hint} error={textoInline(errors.codigo?.message)}>
        {(c) => (
          <Input
            {...c}
            {...register('codigo')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="000000"
            className="text-center text-xl tracking-[0.5em]"
          />
        )}
      </FormField>
      <Button
        type="submit"
        block
        disabled={busy || (disableWhenEmpty && !codigo?.trim())}
        aria-busy={busy || undefined}
      >
        {busy ? 'Validando...' : 'Validar Código'}
      </Button>
    </form>
  );
}
