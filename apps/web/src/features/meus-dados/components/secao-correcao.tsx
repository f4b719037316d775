import type { SolicitarCorrecaoResponse } from '@portal/contract';
import { CAMPOS_CORRECAO, type CampoCorrecao } from '@portal/contract/privacidade';
import { type FormEvent, useState } from 'react';
import { ProtocoloInfo } from '@/components/membro/protocolo-info';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useChaveDeEnvio } from '@/lib/idempotencia';
import { useSolicitarCorrecao } from '../api/solicitar-correcao';

// Plain elements rather than the shared NativeSelect/Textarea: importing those here would split
// them out of the chunks of the pages that use them and push those routes past their JS budget
// (e2e/orcamento-js.test.ts). Radios also show every choice at once, which elderly members prefer.
const TEXTAREA =
  'block min-h-28 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700';

interface Erros {
  campo?: string;
  valorCorreto?: string;
  observacao?: string;
}

export function SecaoCorrecao() {
  const enviar = useSolicitarCorrecao();
  const chave = useChaveDeEnvio();
  const [campo, setCampo] = useState<CampoCorrecao | ''>('');
  const [valorCorreto, setValorCorreto] = useState('');
  const [observacao, setObservacao] = useState('');
  const [erros, setErros] = useState<Erros>({});
  const [enviado, setEnviado] = useState<SolicitarCorrecaoResponse | null>(null);

  const submeter = (e: FormEvent) => {
    e.preventDefault();
    const novos: Erros = {};
    if (!campo) novos.campo = 'Escolha o dado a corrigir.';
    if (!valorCorreto.trim()) novos.valorCorreto = 'Informe o valor correto.';
    if (campo === 'OUTRO' && !observacao.trim()) novos.observacao = 'Diga na observação qual dado deve ser corrigido.';
    setErros(novos);
    if (Object.keys(novos).length > 0 || !campo) return;
    const correcao = { campo, valorCorreto: valorCorreto.trim(), observacao: observacao.trim() || undefined };
    enviar.mutate(
      { correcao, chave: chave.para(correcao) },
      {
        onSuccess: (r) => {
          chave.concluir();
          setEnviado(r);
          setCampo('');
          setValorCorreto('');
          setObservacao('');
        },
      },
    );
  };

  return (
    <Card aria-labelledby="correcao-titulo" className="space-y-4">
      <h2 id="correcao-titulo" className="text-xl font-bold text-slate-900">
        Solicitar correção de dados
      </h2>
      <p className="text-slate-700">
        Viu algum dado errado? Diga qual é o valor correto. A operadora confere e faz a correção; você acompanha pelo
        número de protocolo.
      </p>
      {enviado ? (
        <div role="status" className="space-y-2">
          <p className="font-semibold text-emerald-800">Solicitação de correção enviada.</p>
          <ProtocoloInfo protocolo={enviado.protocolo} prazoResposta={enviado.prazoResposta} />
        </div>
      ) : null}
      <form noValidate onSubmit={submeter} className="space-y-4">
        <fieldset aria-describedby={erros.campo ? 'correcao-campo-erro' : undefined}>
          <legend className="mb-1.5 font-semibold text-slate-900">Dado a corrigir</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {Object.entries(CAMPOS_CORRECAO).map(([valor, rotulo]) => (
              <label
                key={valor}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-400 px-3 has-checked:border-brand-700 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name="campo-correcao"
                  value={valor}
                  checked={campo === valor}
                  onChange={() => setCampo(valor as CampoCorrecao)}
                  className="size-5 accent-brand-700"
                  aria-invalid={erros.campo ? true : undefined}
                />
                <span className="text-slate-900">{rotulo}</span>
              </label>
            ))}
          </div>
          {erros.campo ? (
            <p id="correcao-campo-erro" role="alert" className="mt-1.5 text-sm font-medium text-red-700">
              {erros.campo}
            </p>
          ) : null}
        </fieldset>
        <FormField label="Valor correto" error={erros.valorCorreto}>
          {(p) => (
            <Input {...p} value={valorCorreto} maxLength={300} onChange={(e) => setValorCorreto(e.target.value)} />
          )}
        </FormField>
        <FormField label="Observação (opcional)" error={erros.observacao}>
          {(p) => (
            <textarea
              {...p}
              className={TEXTAREA}
              value={observacao}
              maxLength={500}
              onChange={(e) => setObservacao(e.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" disabled={enviar.isPending} aria-busy={enviar.isPending || undefined}>
          {enviar.isPending ? 'Enviando...' : 'Enviar solicitação'}
        </Button>
      </form>
    </Card>
  );
}
