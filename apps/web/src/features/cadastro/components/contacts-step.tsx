import { zodResolver } from '@hookform/resolvers/zod';
import { contatosFormSchema, type ContatosForm } from '@portal/contract';
import { onlyDigits } from '@portal/br';
import { ArrowLeft, Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CodeForm } from '@/components/account/code-form';
import { StepHeading } from '@/components/step-heading';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MaskedInput, MASKS } from '@/components/ui/masked-input';
import { useCadastrarCelular } from '@/lib/account/cadastrar-celular';
import { useCadastrarEmail } from '@/lib/account/cadastrar-email';
import { useConfirmarCelular } from '@/lib/account/confirmar-celular';
import { useConfirmarEmail } from '@/lib/account/confirmar-email';
import { useCriarConta } from '@/lib/account/criar-conta';
import { textoInline, type Mensagem } from '@/lib/account/messages';
import { mensagemErroRegistro, segundosDeEspera } from '@/lib/account/registro-erros';
import { toastPrimeiroErro } from '@/lib/account/toast-form-error';
import { LIMITES_WEB } from '@/lib/config';
import { toast } from '@/lib/toast';
import { formatarContagem, useCountdown } from '@/lib/use-countdown';
import type { ContaCadastro } from './cadastro-page';

/** Spec 7: the mobile goes as a number (digits). */
type Envio = { canal: 'celular'; celular: number } | { canal: 'email'; email: string };

interface ContactsStepProps {
  conta: ContaCadastro;
  focusOnMount: boolean;
  onVoltar: () => void;
  onVerificado: () => void;
}

/**
 * E-mail and mobile as the member types them (the server compares them with the record and
 * refuses another contact with a message we show). The code goes to the mobile when given,
 * otherwise to the e-mail; the code field then appears in this same step.
 */
export function ContactsStep({ conta, focusOnMount, onVoltar, onVerificado }: ContactsStepProps) {
  const [envio, setEnvio] = useState<Envio | null>(null);
  const [erro, setErro] = useState<Mensagem | null>(null);
  const reenvio = useCountdown();
  const enviando = useRef(false);
  const criarConta = useCriarConta();
  const cadastrarEmail = useCadastrarEmail();
  const cadastrarCelular = useCadastrarCelular();
  const confirmarEmail = useConfirmarEmail();
  const confirmarCelular = useConfirmarCelular();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ContatosForm>({ resolver: zodResolver(contatosFormSchema), defaultValues: { email: '', celular: '' } });

  const enviar = async ({ email, celular }: ContatosForm) => {
    if (enviando.current) return;
    enviando.current = true;
    setErro(null);
    const digits = onlyDigits(celular);
    const proximo: Envio = digits
      ? { canal: 'celular', celular: Number(digits) }
      : { canal: 'email', email: email.trim() };
    try {
      await criarConta.run(conta.cpf);
      if (proximo.canal === 'celular') await cadastrarCelular.run({ cpf: conta.cpf, celular: proximo.celular });
      else await cadastrarEmail.run({ cpf: conta.cpf, email: proximo.email });
      setEnvio(proximo);
      reenvio.start(LIMITES_WEB.reenvioCodigoSegundos);
      toast.success('Código de verificação enviado', {
        description:
          proximo.canal === 'celular'
            ? 'Enviamos o código por SMS para o seu celular.'
            : 'Enviamos o código para o seu e-mail.',
      });
    } catch (e) {
      const espera = segundosDeEspera(e);
      if (espera) reenvio.start(espera);
      setErro(mensagemErroRegistro(e));
    } finally {
      enviando.current = false;
    }
  };

  const validar = async (codigo: string) => {
    if (!envio) return;
    setErro(null);
    try {
      if (envio.canal === 'celular')
        await confirmarCelular.run({ cpf: conta.cpf, celular: envio.celular, tokenSMS: codigo });
      else await confirmarEmail.run({ cpf: conta.cpf, email: envio.email, tokenEmail: codigo });
      toast.success('Verificação realizada com sucesso');
      onVerificado();
    } catch (e) {
      setErro(mensagemErroRegistro(e));
    }
  };

  const busy = criarConta.isPending || cadastrarEmail.isPending || cadastrarCelular.isPending;
  const noCadastro = [conta.email, conta.celular].filter(Boolean).join(' ou ');

  return (
    <div className="space-y-5">
      <Button variant="ghost" size="sm" onClick={onVoltar} className="-ml-2">
        <ArrowLeft aria-hidden="true" />
        Voltar
      </Button>
      <StepHeading as="h2" focusOnMount={focusOnMount}>
        Seus contatos
      </StepHeading>
      <p className="text-slate-700">
        Informe o e-mail ou o celular cadastrado na operadora. Enviaremos um código de verificação
        {noCadastro ? (
          <>
            {' '}
            (no cadastro: <span className="font-semibold">{noCadastro}</span>)
          </>
        ) : null}
        .
      </p>
      <form noValidate onSubmit={(e) => void handleSubmit(enviar, toastPrimeiroErro)(e)} className="space-y-5">
        <FormField label="E-mail" error={textoInline(errors.email?.message)}>
          {(c) => (
            <Input
              {...c}
              {...register('email', { deps: ['celular'] })}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="seu@email.com.br"
            />
          )}
        </FormField>
        <FormField
          label="Celular"
          hint="Com DDD. Se informado, o código vai por SMS."
          error={textoInline(errors.celular?.message)}
        >
          {(c) => (
            <MaskedInput
              {...c}
              {...register('celular', { deps: ['email'] })}
              mask={MASKS.celular}
              maxLength={15}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(11) 99999-9999"
            />
          )}
        </FormField>
        {erro && !envio ? (
          <Alert variant="error" title={erro.title}>
            {erro.description}
          </Alert>
        ) : null}
        <Button
          type="submit"
          block
          variant={envio ? 'outline' : 'primary'}
          disabled={busy || reenvio.ativo}
          aria-busy={busy || undefined}
        >
          <Send aria-hidden="true" />
          {busy ? 'Enviando...' : envio ? 'Enviar código novamente' : 'Enviar código'}
        </Button>
        {reenvio.ativo ? (
          <p className="text-center text-sm text-slate-700">
            Você poderá pedir um novo código em {formatarContagem(reenvio.segundos)}.
          </p>
        ) : null}
      </form>

      {envio ? (
        <div className="space-y-4 border-t border-slate-200 pt-5">
          <p className="text-slate-700">
            Digite o código de 6 dígitos enviado{' '}
            {envio.canal === 'celular' ? 'por SMS para o seu celular' : 'para o seu e-mail'}.
          </p>
          <CodeForm busy={confirmarEmail.isPending || confirmarCelular.isPending} onSubmit={validar} />
          {erro ? (
            <Alert variant="error" title={erro.title}>
              {erro.description}
            </Alert>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
