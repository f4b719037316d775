import { zodResolver } from '@hookform/resolvers/zod';
import { contatosFormSchema, type ContatosForm } from '@portal/contract';
import { onlyDigits } from '@portal/br';
import { Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { BackButton } from '@/components/conta/back-button';
import { CodeStep } from '@/components/conta/fluxo-do-codigo/passo-codigo';
import { SendButton } from '@/components/conta/fluxo-do-codigo/botao-enviar-codigo';
import { useCodeFlow } from '@/components/conta/fluxo-do-codigo/use-fluxo-do-codigo';
import { StepHeading } from '@/components/step-heading';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MaskedInput, MASKS } from '@/components/ui/masked-input';
import { cadastrarCelular } from '@/lib/api/registro/cadastrar-celular';
import { cadastrarEmail } from '@/lib/api/registro/cadastrar-email';
import { confirmarCelular } from '@/lib/api/registro/confirmar-celular';
import { confirmarEmail } from '@/lib/api/registro/confirmar-email';
import { criarConta } from '@/lib/api/registro/criar-conta';
import { reenvioRegistro } from '@/lib/api/registro/reenviar-sms';
import { erroDoCampo } from '@/lib/conta/erro-do-campo';
import {
  type CodigoPendente,
  codigoPendente,
  esperaRestante,
  esquecerCodigoPendente,
  lembrarCodigoPendente,
} from '@/lib/conta/codigo-pendente';
import { TEXTOS_REGISTRO } from '@/lib/conta/registro-codigo';
import { tabStorage } from '@/lib/storage';
import type { ContaVerificada } from '@/lib/api/login/verificar-cpf';

interface ContactsStepProps {
  conta: ContaVerificada;
  /** The code step this tab was on before a reload: it comes back as it was. */
  retomar?: CodigoPendente;
  focusOnMount: boolean;
  onVoltar: () => void;
  onVerificado: () => void;
}

/**
 * E-mail and mobile as the member types them (the server compares them with the record and
 * refuses another contact with a message we show). The code goes to the mobile when given,
 * otherwise to the e-mail; then the shared code step takes over.
 */
export function ContactsStep({ conta, retomar, focusOnMount, onVoltar, onVerificado }: ContactsStepProps) {
  // What the member typed for each channel. A channel not typed this time (a code sent before a
  // reload, or a resend) is named by its masked form, which the server also accepts (0002).
  const digitados = useRef<{ email: string; celular: string }>({ email: '', celular: '' });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ContatosForm>({ resolver: zodResolver(contatosFormSchema), defaultValues: { email: '', celular: '' } });

  // Brought back after a reload: where the code went and what is left of the resend wait, once.
  const [inicial] = useState(() =>
    retomar
      ? {
          destino: { canal: retomar.canal, contato: conta[retomar.canal] },
          esperaSegundos: esperaRestante(retomar, Date.now()),
        }
      : undefined,
  );
  const flow = useCodeFlow({
    contatos: conta,
    textos: TEXTOS_REGISTRO,
    enviar: async (canal) => {
      await criarConta(conta.cpf);
      if (canal === 'celular') {
        const digits = onlyDigits(digitados.current.celular);
        // docs/produto/acesso.md "Calls": the mobile goes as a number.
        await cadastrarCelular({ cpf: conta.cpf, celular: digits ? Number(digits) : conta.celular });
      } else {
        await cadastrarEmail({ cpf: conta.cpf, email: digitados.current.email || conta.email });
      }
    },
    reenvio: reenvioRegistro(conta.cpf),
    inicial,
    // The step, never the code, is kept by this tab for a reload (lib/conta/codigo-pendente).
    onCodigoAberto: (destino, enviadoEm) =>
      lembrarCodigoPendente(tabStorage(), {
        cpf: conta.cpf,
        canal: destino.canal,
        enviadoEm: enviadoEm ?? codigoPendente(tabStorage(), Date.now())?.enviadoEm ?? Date.now(),
      }),
    validar: (canal, codigo) => {
      if (canal === 'celular') {
        const digits = onlyDigits(digitados.current.celular);
        return confirmarCelular({ cpf: conta.cpf, celular: digits ? Number(digits) : undefined, tokenSMS: codigo });
      }
      return confirmarEmail({ cpf: conta.cpf, email: digitados.current.email || undefined, tokenEmail: codigo });
    },
    onValidado: () => {
      esquecerCodigoPendente(tabStorage());
      onVerificado();
    },
  });

  const enviar = ({ email, celular }: ContatosForm) => {
    digitados.current = { email: email.trim(), celular };
    void flow.enviar(onlyDigits(celular) ? 'celular' : 'email');
  };

  const noCadastro = [conta.email, conta.celular].filter(Boolean).join(' ou ');

  return (
    <div className="space-y-5">
      <BackButton
        onClick={() => {
          esquecerCodigoPendente(tabStorage());
          if (flow.fase === 'codigo') flow.voltar();
          else onVoltar();
        }}
      />
      <StepHeading as="h2" key={flow.fase} focusOnMount={focusOnMount || flow.mudou}>
        {flow.fase === 'codigo' ? 'Código de verificação' : 'Seus contatos'}
      </StepHeading>

      {flow.fase === 'codigo' ? (
        <CodeStep flow={flow} />
      ) : (
        <>
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
          <form noValidate onSubmit={(e) => void handleSubmit(enviar)(e)} className="space-y-5">
            <FormField label="E-mail" error={erroDoCampo(errors.email?.message)}>
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
              error={erroDoCampo(errors.celular?.message)}
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
            {flow.erro ? (
              <Alert variant="error" title={flow.erro.title}>
                {flow.erro.description}
              </Alert>
            ) : null}
            <SendButton flow={flow} type="submit" icon={<Send aria-hidden="true" />}>
              Enviar código
            </SendButton>
          </form>
        </>
      )}
    </div>
  );
}
