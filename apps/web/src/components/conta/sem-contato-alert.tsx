import { Alert } from '@/components/ui/alert';

/** Shown when the beneficiary has neither e-mail nor mobile on file: no code can be sent. */
export function NoContactAlert({ email, celular }: { email: string; celular: string }) {
  if (email || celular) return null;
  return (
    <Alert variant="warning" title="Nenhum contato cadastrado">
      Não há e-mail nem celular no seu cadastro. Entre em contato com a operadora para atualizar seus dados.
    </Alert>
  );
}
