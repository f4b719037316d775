import { ROTULOS_DOCUMENTO_REEMBOLSO, type ReembolsoAtendimento } from '@portal/contract';
import { Download, Eye, ExternalLink } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { anexoComoBlob, urlDoAnexo } from '../api/reembolsos';
import { dataHora } from '../lib/formatos';
import type { AnexoVisivel } from './visualizador/anexo-visivel';

// The viewer (and, through it, pdf.js) is a chunk of its own: fetched the first time one is opened.
const Visualizador = lazy(() => import('./visualizador/visualizador-de-anexo'));

/** The attachment in a new tab (the server answers 'attachment': fetched here, shown as a blob). */
async function abrir(protocolo: string, id: string, nome: string) {
  const aba = window.open('', '_blank');
  try {
    const blob = await anexoComoBlob(protocolo, id);
    const endereco = URL.createObjectURL(blob);
    if (aba) aba.location.href = endereco;
    else window.location.href = endereco;
    window.setTimeout(() => URL.revokeObjectURL(endereco), 60_000);
  } catch {
    aba?.close();
    toast.error('Não foi possível abrir o anexo', { description: `Tente baixar ${nome}.` });
  }
}

export function Anexos({ r }: { r: ReembolsoAtendimento }) {
  const [abrindo, setAbrindo] = useState<string | null>(null);
  const [vendo, setVendo] = useState<string | null>(null);
  // One object per attachment seen (the query's structural sharing keeps `anexos` while it is the
  // same): the viewer reads the bytes again only for another one.
  const anexo = useMemo<AnexoVisivel | null>(() => {
    const visto = r.anexos.find((a) => a.id === vendo);
    return visto
      ? {
          id: visto.id,
          nomeArquivo: visto.nomeArquivo,
          tipoArquivo: visto.tipoArquivo,
          url: urlDoAnexo(r.protocolo, visto.id),
          bytes: () => anexoComoBlob(r.protocolo, visto.id),
        }
      : null;
  }, [r.protocolo, r.anexos, vendo]);
  if (!r.anexos.length) return <p>Nenhum anexo.</p>;
  return (
    <>
      <ul className="space-y-3">
        {r.anexos.map((a) => {
          const url = urlDoAnexo(r.protocolo, a.id);
          return (
            <li key={a.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 border-l-4 border-brand-200 pl-3">
              <span className="mr-auto">
                <span className="block font-semibold">{ROTULOS_DOCUMENTO_REEMBOLSO[a.documento]}</span>
                <span className="text-sm text-slate-700">
                  {a.nomeArquivo} · {a.tipoArquivo === 'application/pdf' ? 'PDF' : 'Imagem'} ·{' '}
                  {Math.max(1, Math.round(a.tamanho / 1024))} KB · enviado em {dataHora(a.criadoEm)}
                </span>
              </span>
              <Button
                variant={vendo === a.id ? 'primary' : 'outline'}
                size="sm"
                aria-label={`Ver ${a.nomeArquivo} aqui`}
                aria-pressed={vendo === a.id}
                onClick={() => setVendo(vendo === a.id ? null : a.id)}
              >
                <Eye aria-hidden="true" />
                Ver
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={abrindo === a.id}
                aria-label={`Abrir ${a.nomeArquivo}`}
                onClick={() => {
                  setAbrindo(a.id);
                  void abrir(r.protocolo, a.id, a.nomeArquivo).finally(() => setAbrindo(null));
                }}
              >
                <ExternalLink aria-hidden="true" />
                Abrir
              </Button>
              <a
                href={url}
                download={a.nomeArquivo}
                aria-label={`Baixar ${a.nomeArquivo}`}
                className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 font-semibold text-brand-800 underline underline-offset-4"
              >
                <Download aria-hidden="true" className="size-5" />
                Baixar
              </a>
            </li>
          );
        })}
      </ul>
      {anexo ? (
        <Suspense fallback={<Spinner className="py-6" label="Carregando o visualizador..." />}>
          <Visualizador key={anexo.id} anexo={anexo} fechar={() => setVendo(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
