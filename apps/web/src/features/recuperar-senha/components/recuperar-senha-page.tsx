import { SuccessPanel } from '@/components/conta/passo-sucesso';
import { onlyDigits } from '@portal/br';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CpfForm } from '@/components/conta/cpf-form';
import { NewPasswordForm } from '@/components/conta/nova-senha-form';
import { DocumentTitle } from '@/components/document-title';
import { StepHeading } from '@/components/step-heading';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { StepIndicator } from '@/components/ui/step-indicator';
import { isApiError } from '@/lib/api-client';
import { useVerificarCpf } from '@/lib/api/login/verificar-cpf';
import { toast } from '@/lib/toast';
import { useAlterarSenha } from '../api/alterar-senha';
import type { CodigoValidado, ContaRecuperacao } from '../types';
import { TokenStep } from './passo-token';

function contaDoEstado(state: unknown): ContaRecuperacao | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  const cpf = onlyDigits(typeof s.cpf === 'string' || typeof s.cpf === 'number' ? s.cpf : '');
  if (cpf.length !== 11) return null;
  return {
    cpf,
    email: typeof s.email === 'string' ? s.email : '',
    celular: typeof s.celular === 'string' ? s.celular : '',
  };
}

type Etapa = { nome: 'cpf' } | { nome: 'token' } | { nome: 'senha'; codigo: CodigoValidado } | { nome: 'sucesso' };

/** /recuperar-senha: code (e-mail or SMS) → new password → 'Senha Alterada!'. */
export function RecuperarSenhaPage() {
  const location = useLocation();
  const [conta, setConta] = useState<ContaRecuperacao | null>(() => contaDoEstado(location.state));
  const [etapa, setEtapa] = useState<Etapa>(() => (conta ? { nome: 'token' } : { nome: 'cpf' }));
  const [mudou, setMudou] = useState(false);
  const verificar = useVerificarCpf();
  const alterar = useAlterarSenha();

  const irPara = (e: Etapa) => {
    setMudou(true);
    setEtapa(e);
  };

  const onCpf = async (cpf: string) => {
    const verificada = await verificar.run(cpf);
    if (!verificada) return;
    setConta(verificada);
    irPara({ nome: 'token' });
  };

  const onNovaSenha = async (codigo: CodigoValidado, senha: string, confirmacaoSenha: string) => {
    if (!conta) return;
    try {
      await alterar.run({
        cpf: conta.cpf,
        token: codigo.token,
        senha,
        confirmacaoSenha,
        tipoSolicitacao: codigo.tipoSolicitacao,
      });
      toast.success('Senha alterada com sucesso');
      irPara({ nome: 'sucesso' });
    } catch (e) {
      const msg = (isApiError(e) && e.serverMessage) || 'Erro ao alterar senha. Tente novamente.';
      // docs/produto/acesso.md "Messages" toast, and only it (decision 0031).
      toast.error('Erro ao alterar senha', { description: msg });
    }
  };

  const passo = etapa.nome === 'senha' ? 1 : etapa.nome === 'sucesso' ? 2 : 0;

  return (
    <>
      <DocumentTitle title="Recuperar senha" />
      <Card className="space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Recuperar senha</h1>
          {etapa.nome === 'cpf' ? (
            <p className="text-slate-700">Informe seu CPF para receber um código de recuperação.</p>
          ) : null}
        </div>
        {etapa.nome !== 'cpf' ? <StepIndicator steps={['Código', 'Nova senha']} current={passo} /> : null}

        {etapa.nome === 'cpf' ? <CpfForm busy={verificar.isPending} onSubmit={onCpf} /> : null}

        {etapa.nome === 'token' && conta ? (
          conta.temSenha === false ? (
            <Alert variant="warning" title="Você ainda não tem senha">
              Este CPF ainda não tem senha no portal.{' '}
              <Link to="/cadastro" className="font-semibold underline underline-offset-4">
                Crie sua conta
              </Link>
              .
            </Alert>
          ) : (
            <TokenStep conta={conta} focusOnMount={mudou} onValidado={(codigo) => irPara({ nome: 'senha', codigo })} />
          )
        ) : null}

        {etapa.nome === 'senha' ? (
          <div className="space-y-5">
            <StepHeading as="h2" focusOnMount={mudou}>
              Crie uma nova senha
            </StepHeading>
            <NewPasswordForm
              busy={alterar.isPending}
              busyLabel="Alterando..."
              submitLabel="Alterar senha"
              onSubmit={({ senha, confirmacaoSenha }) => void onNovaSenha(etapa.codigo, senha, confirmacaoSenha)}
            />
          </div>
        ) : null}

        {etapa.nome === 'sucesso' ? (
          <SuccessPanel
            title="Senha Alterada!"
            linkTo="/login"
            linkLabel="Ir para o login"
            linkState={conta ? { cpf: conta.cpf } : undefined}
            focusOnMount={mudou}
          >
            Sua senha foi alterada. Use a nova senha no portal e no aplicativo.
          </SuccessPanel>
        ) : null}
      </Card>
      <p className="mt-6 text-center">
        <Link
          to="/login"
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          Voltar para o login
        </Link>
      </p>
    </>
  );
}
