import { useId, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/**
 * The 'Ações' box of a console detail page: the choice of action (radios), what that action needs
 * (children), the refusal beside the button and the button itself.
 */
export function CaixaDeAcoes<A extends string>({
  botaoRef,
  ...props
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  acoes: readonly { acao: A; rotulo: string }[];
  escolhida: A;
  escolher: (acao: A) => void;
  enviar: (e: FormEvent) => void;
  /** A refusal shown beside the button goes once the person changes anything. */
  limparErro: () => void;
  erro: string | null;
  /** What the refusal offers (a reload after a 409 'changed since you opened it'). */
  aposErro?: ReactNode;
  enviando: boolean;
  botao: string;
  /** The submit button, for a dialog opened by it to give the focus back. */
  botaoRef?: React.Ref<HTMLButtonElement>;
  destrutiva: boolean;
  children: ReactNode;
}) {
  const nomeAcao = useId();
  return (
    <section aria-labelledby={props.id} className="rounded-xl border-2 border-brand-200 bg-white p-4">
      <h2 id={props.id} className="mb-3 text-lg font-bold text-slate-900">
        Ações
      </h2>
      <form className="space-y-4" onSubmit={props.enviar} onChange={props.limparErro} noValidate>
        <fieldset>
          <legend className="mb-2 font-semibold text-slate-800">O que fazer</legend>
          <div className="flex flex-wrap gap-2">
            {props.acoes.map((a) => (
              <label
                key={a.acao}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-400 px-3 has-checked:border-brand-700 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name={nomeAcao}
                  value={a.acao}
                  className="size-5 accent-brand-700"
                  checked={props.escolhida === a.acao}
                  onChange={() => {
                    props.escolher(a.acao);
                    props.limparErro();
                  }}
                />
                {a.rotulo}
              </label>
            ))}
          </div>
        </fieldset>

        {props.children}

        {props.erro ? <Alert variant="error">{props.erro}</Alert> : null}
        {props.erro && props.aposErro ? <div>{props.aposErro}</div> : null}
        <Button
          ref={botaoRef}
          type="submit"
          variant={props.destrutiva ? 'destructive' : 'primary'}
          disabled={props.enviando}
        >
          {props.enviando ? 'Enviando…' : props.botao}
        </Button>
      </form>
    </section>
  );
}
