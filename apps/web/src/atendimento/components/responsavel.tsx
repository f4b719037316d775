import { PAPEIS_QUE_REATRIBUEM, ROTULOS_PAPEL_EQUIPE } from '@portal/contract/atendimento';
import type { Presente, ProtocoloAtendimento } from '@portal/contract';
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
 * what the role may do.
 */

/** 'Ana (supervisor)'; two or more: 'Ana (supervisor) e Bruno (atendente)'. */
function nomes(presentes: readonly Presente[]) {
  const ns = presentes.map((p) => `${p.nome} (${ROTULOS_PAPEL_EQUIPE[p.papel].toLowerCase()})`);
  return ns.length > 1 ? `${ns.slice(0, -1).join(', ')} e ${ns.at(-1)}` : (ns[0] ?? '');
}

/** 'Ana (supervisor) também está com este protocolo aberto.' — nothing when nobody else is. */
export function AvisoDePresenca({ presentes }: { presentes: readonly Presente[] | undefined }) {
  if (!presentes?.length) return null;
  return (
    <Alert variant="warning" className="mb-4">
      {nomes(presentes)} {presentes.length > 1 ? 'também estão' : 'também está'} com este protocolo aberto.
    </Alert>
  );
}

/** The case screen's 'Responsável' box. */
export function BlocoDoResponsavel({ protocolo: p, aberto }: { protocolo: ProtocoloAtendimento; aberto: boolean }) {
  const eu = useConta();
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
          'Ninguém assumiu este protocolo.'
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
            onClick={() => mudar.mutate({ acao: 'assumir' }, feito('Protocolo assumido.'))}
          >
            Assumir
          </Button>
        ) : null}
        {podeLiberar ? (
          <Button
            size="sm"
            variant="outline"
            disabled={mudar.isPending}
            onClick={() => mudar.mutate({ acao: 'liberar' }, feito('Protocolo liberado.'))}
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
            mudar.mutate({ acao: 'atribuir', equipeId: alvo }, feito('Protocolo atribuído.'));
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

/** The queue's 'Responsável' cell: the name ('Você'), or Assumir on an open unowned protocol. */
export function ResponsavelDaFila({
  protocolo,
  responsavel,
  aberto,
}: {
  protocolo: string;
  responsavel: { id: string; nome: string } | null;
  aberto: boolean;
}) {
  const eu = useConta();
  const mudar = useResponsavel(protocolo);
  if (responsavel) return <>{responsavel.id === eu.id ? 'Você' : responsavel.nome}</>;
  if (!aberto) return <span className="text-slate-700">—</span>;
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={mudar.isPending}
      aria-label={`Assumir o protocolo ${numeroLegivel(protocolo)}`}
      // The row opens the case on a click; this button only takes it.
      onClick={(e) => {
        e.stopPropagation();
        mudar.mutate({ acao: 'assumir' }, { onSuccess: () => toast.success('Protocolo assumido.') });
      }}
    >
      Assumir
    </Button>
  );
}
