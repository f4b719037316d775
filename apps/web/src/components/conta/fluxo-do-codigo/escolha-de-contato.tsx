import type { ReactNode } from 'react';
import { ContactMethodPicker, type MetodoContato } from '@/components/conta/seletor-de-contato';
import { NoContactAlert } from '@/components/conta/sem-contato-alert';
import { Alert } from '@/components/ui/alert';
import type { Contatos } from '@/lib/conta/envio-codigo';
import { SendButton } from './botao-enviar-codigo';
import type { CodeFlow } from './use-fluxo-do-codigo';

interface ContactChoiceProps {
  flow: CodeFlow;
  /** Masked contacts on file; one not on file is a disabled option. */
  contatos: Contatos;
  legend: string;
  name: string;
  metodo: MetodoContato | null;
  onMetodo: (metodo: MetodoContato) => void;
  icon?: ReactNode;
  /** The send button's label. */
  children: ReactNode;
}

/**
 * The contact step of the flows that send to a contact on file (login registration wizard,
 * recovery): e-mail or mobile, the notice when there is neither, why the last send failed, and
 * the send button. The caller keeps the choice, so it survives a trip to the code step and back.
 */
export function ContactChoice({ flow, contatos, legend, name, metodo, onMetodo, icon, children }: ContactChoiceProps) {
  return (
    <>
      <ContactMethodPicker
        legend={legend}
        name={name}
        email={contatos.email}
        celular={contatos.celular}
        value={metodo}
        onChange={onMetodo}
      />
      <NoContactAlert email={contatos.email} celular={contatos.celular} />
      {flow.erro ? (
        <Alert variant="error" title={flow.erro.title}>
          {flow.erro.description}
        </Alert>
      ) : null}
      <SendButton flow={flow} disabled={!metodo} icon={icon} onClick={() => metodo && void flow.enviar(metodo)}>
        {children}
      </SendButton>
    </>
  );
}

/** The contact preselected: the e-mail when there is one, else the mobile, else none. */
export const metodoInicial = (contatos: Contatos): MetodoContato | null =>
  contatos.email ? 'email' : contatos.celular ? 'celular' : null;
