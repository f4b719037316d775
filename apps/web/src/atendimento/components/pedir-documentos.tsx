import {
  DOCUMENTOS_USUAIS,
  type DocumentoUsual,
  ROTULOS_DOCUMENTO_USUAL,
  textoDoPedidoDeDocumentos,
} from '@portal/contract/atendimento';

/**
 * 'Pedir documentos' (decision 0057): the usual documents as a checklist; the member reads the list
 * of those checked, then the free text — the same text the server composes (PreviaDoPedido shows it
 * below the free text, before sending).
 */
export function ListaDeDocumentos({
  marcados,
  mudar,
}: {
  marcados: readonly DocumentoUsual[];
  mudar: (d: DocumentoUsual[]) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 font-semibold text-slate-800">Documentos a pedir</legend>
      <p className="mb-2 text-sm text-slate-700">Marque os usuais; o texto livre abaixo completa o pedido.</p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {DOCUMENTOS_USUAIS.map((d) => (
          <label key={d} className="flex min-h-11 cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              name="documentos"
              value={d}
              className="size-5 accent-brand-700"
              checked={marcados.includes(d)}
              onChange={(e) => mudar(e.target.checked ? [...marcados, d] : marcados.filter((x) => x !== d))}
            />
            {ROTULOS_DOCUMENTO_USUAL[d]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What the member will read, once a document is checked. */
export function PreviaDoPedido({ marcados, texto }: { marcados: readonly DocumentoUsual[]; texto: string }) {
  if (marcados.length === 0) return null;
  return (
    <div aria-live="polite">
      <p className="font-semibold text-slate-800">O beneficiário vai ler</p>
      <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 whitespace-pre-wrap text-slate-900">
        {textoDoPedidoDeDocumentos(marcados, texto)}
      </p>
    </div>
  );
}
