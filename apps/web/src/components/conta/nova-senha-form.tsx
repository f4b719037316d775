import { zodResolver } from '@hookform/resolvers/zod';
import { novaSenhaFormSchema, type NovaSenhaForm } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { erroDoCampo } from '@/lib/conta/erro-do-campo';

export type { NovaSenhaForm };

interface NewPasswordFormProps {
  busy: boolean;
  busyLabel: string;
  submitLabel: string;
  onSubmit: (values: NovaSenhaForm) => void;
}

/** New password + confirmation with docs/produto/acesso.md "Validation" rules (required, ≥ 6 characters, equal), not a common password. */
export function NewPasswordForm({ busy, busyLabel, submitLabel, onSubmit }: NewPasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NovaSenhaForm>({
    resolver: zodResolver(novaSenhaFormSchema),
    defaultValues: { senha: '', confirmacaoSenha: '' },
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
      <FormField
        label="Senha"
        hint="Mínimo de 6 caracteres. Evite senhas comuns, como 123456 ou senha123."
        error={erroDoCampo(errors.senha?.message)}
      >
        {(c) => (
          <PasswordInput {...c} {...register('senha', { deps: ['confirmacaoSenha'] })} autoComplete="new-password" />
        )}
      </FormField>
      <FormField label="Confirmar senha" error={erroDoCampo(errors.confirmacaoSenha?.message)}>
        {(c) => <PasswordInput {...c} {...register('confirmacaoSenha')} autoComplete="new-password" />}
      </FormField>
      <Button type="submit" block disabled={busy} aria-busy={busy || undefined}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
