import { resumoDoLote } from '@portal/contract/atendimento';
import { ROTULOS_TIPO_PROTOCOLO } from '@portal/contract/protocolos';
import type { ModeloDeResposta, ResultadoDoLote } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { useAcoesEmLote, type ItemDoLote } from '../api/lote';
import { useModelos } from '../api/modelos';
import { numeroLegivel } from '../lib/formatos';

interface Resumo {
  texto: string;
  recusas: ResultadoDoLote[];
}

const tiposDoModelo = (m: ModeloDeResposta) =>
  m.tipos.length === 0 ? 'todos os tipos' : m.tipos.map((t) => ROTULOS_TIPO_PROTOCOLO[t]).join(', ');

/** A row's checkbox: its name says which protocol (the card layout has no column header to lean on). */
export function SelecaoDaLinha({
  protocolo,
  marcado,
  mudar,
}: {
  protocolo: string;
  marcado: boolean;
  mudar: (marcado: boolean) => void;
}) {
  return (
    <td className="px-3 py-2 align-top">
      <label className="flex min-h-11 min-w-11 cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={marcado}
          onChange={(e) => mudar(e.target.checked)}
        />
        <span className="sr-only">Selecionar o protocolo {numeroLegivel(protocolo)}</span>
      </label>
    </td>
  );
}

/**
 * The queue's bulk actions (issue 31): select the page, 'Assumir selecionados', 'Responder com
 * modelo' (after a confirmation: each member receives the text). The server decides each protocol
 * as its single action would; the summary says what was done and why the rest was refused.
 */
export function AcoesEmLote({
  pagina,
  selecionados,
  selecionar,
}: {
  /** The protocols on the page, with the version the queue read. */
  pagina: readonly ItemDoLote[];
  selecionados: readonly ItemDoLote[];
  selecionar: (numeros: string[]) => void;
}) {
  const { assumir, responder } = useAcoesEmLote();
  const modelos = useModelos().data?.modelos ?? [];
  const [modeloId, setModeloId] = useState('');
  const [confirmando, setConfirmando] = useState(false);
  const [resumo, setResumo] = useState<Resumo | null>(null);
  const todos = useRef<HTMLInputElement>(null);
  const confirmar = useRef<HTMLButtonElement>(null);
  const n = selecionados.length;
  const modelo = modelos.find((m) => m.id === modeloId);
  const ocupado = assumir.isPending || responder.isPending;

  useEffect(() => {
    if (todos.current) todos.current.indeterminate = n > 0 && n < pagina.length;
  }, [n, pagina.length]);
  useEffect(() => {
    if (confirmando) confirmar.current?.focus();
  }, [confirmando]);

  const terminou = (feito: { um: string; varios: string }) => (resultados: ResultadoDoLote[]) => {
    setResumo({
      texto: resumoDoLote(feito, resultados),
      recusas: resultados.filter((r) => r.resultado === 'recusado'),
    });
    // The refused stay selected, to be looked at or tried otherwise.
    selecionar(resultados.filter((r) => r.resultado === 'recusado').map((r) => r.numero));
  };

  // With nothing on the page only the last summary stays (a bulk answer may have emptied the queue).
  if (pagina.length === 0 && !resumo) return null;
  return (
    <section aria-label="Ações em lote" className="mb-3 space-y-3 rounded-xl border border-slate-200 bg-white p-3">
      <div className={cn('flex flex-wrap items-end gap-x-4 gap-y-3', pagina.length === 0 && 'hidden')}>
        <label className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
          <input
            ref={todos}
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={n > 0 && n === pagina.length}
            onChange={(e) => selecionar(e.target.checked ? pagina.map((p) => p.numero) : [])}
          />
          Selecionar todos desta página
        </label>
        <p className="min-h-11 content-center text-slate-800" aria-live="polite">
          {n === 1 ? '1 selecionado' : `${n} selecionados`}
        </p>
        <Button
          type="button"
          variant="outline"
          disabled={n === 0 || ocupado}
          onClick={() => {
            setResumo(null);
            assumir.mutate(selecionados, { onSuccess: terminou({ um: 'assumido', varios: 'assumidos' }) });
          }}
        >
          Assumir selecionados
        </Button>
        <FormField label="Modelo de resposta para os selecionados" className="min-w-0 grow sm:max-w-sm">
          {(c) => (
            <NativeSelect
              {...c}
              value={modeloId}
              onChange={(e) => {
                setModeloId(e.target.value);
                setConfirmando(false);
              }}
            >
              <option value="">Escolha um modelo…</option>
              {modelos.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.titulo} ({tiposDoModelo(m)})
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button
          type="button"
          variant="outline"
          disabled={n === 0 || !modelo || ocupado}
          onClick={() => {
            setResumo(null);
            setConfirmando(true);
          }}
        >
          Responder com modelo
        </Button>
      </div>

      {confirmando && modelo ? (
        <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p>
            Responder {n === 1 ? '1 protocolo' : `${n} protocolos`} com o modelo “{modelo.titulo}”? Cada beneficiário
            recebe o texto do modelo e o protocolo fica concluído. O modelo é para {tiposDoModelo(modelo)}: protocolos
            de outros tipos, reembolsos e pedidos que exigem uma decisão são recusados.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              ref={confirmar}
              type="button"
              disabled={ocupado}
              onClick={() =>
                responder.mutate(
                  { modeloId: modelo.id, itens: selecionados },
                  {
                    onSuccess: terminou({ um: 'respondido', varios: 'respondidos' }),
                    onSettled: () => setConfirmando(false),
                  },
                )
              }
            >
              Confirmar resposta
            </Button>
            <Button type="button" variant="outline" onClick={() => setConfirmando(false)}>
              Voltar
            </Button>
          </div>
        </div>
      ) : null}

      {resumo ? (
        <Alert
          variant={resumo.recusas.length ? 'warning' : 'success'}
          title={`${resumo.texto}${resumo.recusas.length ? ':' : '.'}`}
        >
          {resumo.recusas.length ? (
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {resumo.recusas.map((r) => (
                <li key={r.numero}>
                  <span className="font-mono whitespace-nowrap">{numeroLegivel(r.numero)}</span>: {r.motivo}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
    </section>
  );
}
