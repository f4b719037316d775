import { zodResolver } from '@hookform/resolvers/zod';
import { codigoFormSchema } from '@portal/contract';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { erroDoCampo } from '@/lib/conta/erro-do-campo';

interface CodeFormProps {
  busy: boolean;
  onSubmit: (codigo: string) => void;
  hint?: string;
  /** Recovery (docs/produto/acesso.md, "Validation"): the validate button stays disabled while the field is empty. */
  disableWhenEmpty?: boolean;
}

/** Verification code: 6 digits, numeric keyboard, one-time-code autofill, 'Validar Código'. */
export function CodeForm({ busy, onSubmit, hint, disableWhenEmpty = false }: CodeFormProps) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(codigoFormSchema), defaultValues: { codigo: '' } });
  const codigo = useWatch({ control, name: 'codigo' });

  return (
    <form noValidate onSubmit={handleSubmit((v) => onSubmit(v.codigo))} className="space-y-4">
      <FormField label="Código de verificação" hint={hint} error={erroDoCampo(errors.codigo?.message)}>
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
