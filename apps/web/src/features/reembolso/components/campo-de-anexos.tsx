import type { DocumentoReembolso } from '@portal/contract';
import { Camera, CheckCircle2, FileUp, RotateCcw, Trash2, WifiOff } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Anexos, ArquivoEmEnvio } from './use-anexos';

/** What the camera and the file picker accept (the API checks the content, not the name). */
export const TIPOS_ACEITOS = 'application/pdf,image/jpeg,image/png,image/heic';

export function tamanhoLegivel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

/**
 * One kind of document (comprovante, pedido médico, nota/recibo): take a photo with the phone's
 * camera or pick files; each file then shows its own upload.
 */
export function CampoDeAnexos({
  documento,
  titulo,
  dica,
  anexos,
  erro,
  desabilitado,
  todosOsDocumentos,
  semDocumento,
}: {
  /** '' while the member has not said which document it is (then `semDocumento` is called instead). */
  documento: DocumentoReembolso | '';
  titulo: string;
  dica?: ReactNode;
  anexos: Anexos;
  erro?: ReactNode;
  desabilitado?: boolean;
  /** List every file of the form here (one place for any kind of document), not only this kind's. */
  todosOsDocumentos?: boolean;
  /** A photo or file asked for before the kind of document was chosen: say so, open nothing. */
  semDocumento?: () => void;
}) {
  const id = useId();
  const camera = useRef<HTMLInputElement>(null);
  const arquivos = useRef<HTMLInputElement>(null);
  const itens = todosOsDocumentos ? anexos.itens : anexos.itens.filter((i) => i.documento === documento);
  const escolher = (input: HTMLInputElement) => {
    if (input.files?.length && documento) anexos.adicionar(documento, input.files);
    input.value = '';
  };
  const abrir = (input: HTMLInputElement | null) => {
    if (documento) input?.click();
    else semDocumento?.();
  };
  return (
    <fieldset
      className="space-y-3 rounded-xl border border-slate-300 p-4"
      aria-describedby={[dica ? `${id}-dica` : '', erro ? `${id}-erro` : ''].filter(Boolean).join(' ') || undefined}
      data-documento={documento || undefined}
      data-invalido={erro ? '' : undefined}
    >
      <legend className="px-1 font-semibold text-slate-900">{titulo}</legend>
      {dica ? (
        <p id={`${id}-dica`} className="text-sm text-slate-700">
          {dica}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={camera}
          type="file"
          accept={TIPOS_ACEITOS}
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-label={`Câmera: ${titulo}`}
          data-entrada="camera"
          onChange={(e) => escolher(e.currentTarget)}
        />
        <input
          ref={arquivos}
          type="file"
          accept={TIPOS_ACEITOS}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label={`Arquivos do aparelho: ${titulo}`}
          data-entrada="arquivos"
          onChange={(e) => escolher(e.currentTarget)}
        />
        <Button
          variant="outline"
          disabled={desabilitado}
          onClick={() => abrir(camera.current)}
          aria-label={`Tirar foto: ${titulo}`}
        >
          <Camera aria-hidden="true" />
          Tirar foto
        </Button>
        <Button
          variant="outline"
          disabled={desabilitado}
          onClick={() => abrir(arquivos.current)}
          aria-label={`Escolher arquivo: ${titulo}`}
        >
          <FileUp aria-hidden="true" />
          Escolher arquivo
        </Button>
      </div>
      {itens.length > 0 ? (
        <ul className="space-y-2" aria-label={`Arquivos escolhidos: ${titulo}`}>
          {itens.map((i) => (
            <ItemDeAnexo key={i.local} item={i} anexos={anexos} />
          ))}
        </ul>
      ) : null}
      {erro ? (
        <p id={`${id}-erro`} role="alert" className="text-sm font-medium text-red-700">
          {erro}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The form's one live region for the uploads (issue 31): the connection dropped with files waiting,
 * or came back and sends them again. Always in the page, so that a change is read when it comes.
 */
export function AvisoDosEnvios({ anexos }: { anexos: Anexos }) {
  return (
    <p role="status" aria-live="polite" className="text-sm font-medium text-slate-800 empty:hidden">
      {anexos.aviso}
    </p>
  );
}

function ItemDeAnexo({ item, anexos }: { item: ArquivoEmEnvio; anexos: Anexos }) {
  const pct = Math.round(item.progresso * 100);
  return (
    <li
      className={cn(
        'rounded-lg border bg-white p-3',
        item.estado === 'erro'
          ? 'border-red-300 bg-red-50'
          : item.estado === 'aguardando'
            ? 'border-amber-400 bg-amber-50'
            : 'border-slate-200',
      )}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="break-all font-medium text-slate-900">{item.nome}</p>
          <p className="text-sm text-slate-700">
            {tamanhoLegivel(item.tamanho)} ·{' '}
            {item.estado === 'enviado' ? (
              <span className="inline-flex items-center gap-1 font-semibold text-emerald-800">
                <CheckCircle2 aria-hidden="true" className="size-4" />
                Enviado
              </span>
            ) : item.estado === 'enviando' ? (
              `Enviando... ${pct}%`
            ) : item.estado === 'aguardando' ? (
              <span className="inline-flex items-center gap-1 font-semibold text-amber-900">
                <WifiOff aria-hidden="true" className="size-4" />
                Aguardando conexão
              </span>
            ) : (
              <span className="font-semibold text-red-800">Não enviado</span>
            )}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => anexos.remover(item.local)}
          aria-label={`Remover ${item.nome}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {item.estado === 'aguardando' ? (
        <p className="mt-2 text-sm text-amber-950">{item.erro}</p>
      ) : item.estado !== 'erro' ? (
        <div
          role="progressbar"
          aria-label={`Envio de ${item.nome}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className={cn('h-full transition-[width]', item.estado === 'enviado' ? 'bg-emerald-600' : 'bg-brand-700')}
            style={{ width: `${pct}%` }}
          />
        </div>
      ) : (
        <div className="mt-2 space-y-2">
          <p role="alert" className="text-sm text-red-900">
            {item.erro}
          </p>
          {item.podeTentarDeNovo ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => anexos.tentarDeNovo(item.local)}
              aria-label={`Tentar novamente: ${item.nome}`}
            >
              <RotateCcw aria-hidden="true" />
              Tentar novamente
            </Button>
          ) : null}
        </div>
      )}
    </li>
  );
}
