import { PAPEIS_QUE_REATRIBUEM, ROTULOS_PAPEL_EQUIPE } from '@portal/contract/atendimento';
import type { Presente, Responsavel } from '@portal/contract';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/lib/toast';
import { useEquipeAtiva, useResponsavel } from '../api/responsavel';
import { dataHora, numeroLegivel } from '../lib/formatos';
import { useConta } from '../lib/sessao';
import { Secao } from './detalhe';

/**
 * Who is on a protocol (issue 31, decision 0055): the case screen's 'Responsável' box (Assumir,
 * Liberar and, for supervisors and administrators, Atribuir a…), the queue's Assumir button and
 * the notice that someone else has the same case open. The API decides; the screen only offers
 * what the role may do. A reimbursement request is one protocol: its screen and list use the same
 * pieces, in its own words (`objeto`).
 */

/** What the screen is about: a protocol, or a reimbursement request (whose owner is its protocol's). */
export type Objeto = 'protocolo' | 'reembolso';

const PALAVRAS: Record<
  Objeto,
  { este: string; aberto: string; assumido: string; liberado: string; atribuido: string; assumir: string }
> = {
  protocolo: {
    este: 'este protocolo',
    aberto: 'este protocolo',
    assumido: 'Protocolo assumido.',
    liberado: 'Protocolo liberado.',
    atribuido: 'Protocolo atribuído.',
    assumir: 'Assumir o protocolo',
  },
  reembolso: {
    este: 'este reembolso',
    aberto: 'este pedido',
    assumido: 'Reembolso assumido.',
    liberado: 'Reembolso liberado.',
    atribuido: 'Reembolso atribuído.',
    assumir: 'Assumir o reembolso',
  },
};

/** 'Ana (supervisor)'; two or more: 'Ana (supervisor) e Bruno (atendente)'. */
function nomes(presentes: readonly Presente[]) {
  const ns = presentes.map((p) => `${p.nome} (${ROTULOS_PAPEL_EQUIPE[p.papel].toLowerCase()})`);
  return ns.length > 1 ? `${ns.slice(0, -1).join(', ')} e ${ns.at(-1)}` : (ns[0] ?? '');
}

/**
 * 'Ana (supervisor) também está com este protocolo aberto.' ('… com este pedido aberto.' on a
 * reimbursement) — nothing when nobody else is.
 */
export function AvisoDePresenca({
  presentes,
  objeto = 'protocolo',
}: {
  presentes: readonly Presente[] | undefined;
  objeto?: Objeto;
}) {
  if (!presentes?.length) return null;
  return (
    <Alert variant="warning" className="mb-4">
      {nomes(presentes)} {presentes.length > 1 ? 'também estão' : 'também está'} com {PALAVRAS[objeto].aberto} aberto.
    </Alert>
  );
}

/** The case screen's 'Responsável' box (a protocol's, or a reimbursement request's). */
export function BlocoDoResponsavel({
  protocolo: p,
  aberto,
  objeto = 'protocolo',
}: {
  protocolo: { protocolo: string; responsavel: Responsavel };
  aberto: boolean;
  objeto?: Objeto;
}) {
  const eu = useConta();
  const palavras = PALAVRAS[objeto];
  const reatribui = PAPEIS_QUE_REATRIBUEM.includes(eu.papel);
  const mudar = useResponsavel(p.protocolo);
  const equipe = useEquipeAtiva(reatribui && aberto);
  const [alvo, setAlvo] = useState('');
  const r = p.responsavel;
  const meu = r?.id === eu.id;
  const podeAssumir = aberto && !meu && (r === null || reatribui);
  const podeLiberar = r !== null && (meu || reatribui);
  const feito = (mensagem: string) => ({ onSuccess: () => toast.success(mensagem) });

  return (
    <Secao titulo="Responsável">
      <p className="text-slate-800">
        {r === null ? (
          `Ninguém assumiu ${palavras.este}.`
        ) : (
          <>
            Com <strong>{meu ? 'você' : r.nome}</strong> desde {dataHora(r.desde)}
            {r.atribuidoPor ? ` (atribuído por ${r.atribuidoPor.nome})` : ''}.
          </>
        )}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        {podeAssumir ? (
          <Button
            size="sm"
            disabled={mudar.isPending}
            onClick={() => mudar.mutate({ acao: 'assumir' }, feito(palavras.assumido))}
          >
            Assumir
          </Button>
        ) : null}
        {podeLiberar ? (
          <Button
            size="sm"
            variant="outline"
            disabled={mudar.isPending}
            onClick={() => mudar.mutate({ acao: 'liberar' }, feito(palavras.liberado))}
          >
            Liberar
          </Button>
        ) : null}
      </div>
      {reatribui && aberto ? (
        <form
          className="mt-3 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!alvo) return;
            mudar.mutate({ acao: 'atribuir', equipeId: alvo }, feito(palavras.atribuido));
          }}
        >
          <div className="min-w-56 flex-1">
            <FormField label="Atribuir a">
              {(c) => (
                <NativeSelect {...c} value={alvo} onChange={(e) => setAlvo(e.target.value)}>
                  <option value="">Escolha uma pessoa da equipe…</option>
                  {equipe.data?.contas
                    .filter((c) => c.id !== r?.id)
                    .map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.nome} ({ROTULOS_PAPEL_EQUIPE[c.papel].toLowerCase()})
                      </option>
                    ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
          <Button type="submit" size="sm" variant="secondary" disabled={!alvo || mudar.isPending}>
            Atribuir
          </Button>
        </form>
      ) : null}
    </Secao>
  );
}

/** The queue's 'Responsável' cell: the name ('Você'), or Assumir on an open unowned protocol (or request). */
export function ResponsavelDaFila({
  protocolo,
  responsavel,
  aberto,
  objeto = 'protocolo',
}: {
  protocolo: string;
  responsavel: { id: string; nome: string } | null;
  aberto: boolean;
  objeto?: Objeto;
}) {
  const palavras = PALAVRAS[objeto];
  const eu = useConta();
  const mudar = useResponsavel(protocolo);
  if (responsavel) return <>{responsavel.id === eu.id ? 'Você' : responsavel.nome}</>;
  if (!aberto) return <span className="text-slate-700">—</span>;
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={mudar.isPending}
      aria-label={`${palavras.assumir} ${numeroLegivel(protocolo)}`}
      // The row opens the case on a click; this button only takes it.
      onClick={(e) => {
        e.stopPropagation();
        mudar.mutate({ acao: 'assumir' }, { onSuccess: () => toast.success(palavras.assumido) });
      }}
    >
      Assumir
    </Button>
  );
}
