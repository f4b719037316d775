import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { mensagemDoErro } from '@/lib/query-errors';
import { toast } from '@/lib/toast';
import { useEscreverNota, useNotas } from '../api/notas';
import { dataHora } from '../lib/formatos';

const MAXIMO = 2000;

/**
 * 'Notas internas' (issue 31, decision 0056): what the staff write for each other on a protocol or a
 * reimbursement (its protocol number), each with its author and time. The member never sees them.
 */
export function NotasInternas({ protocolo }: { protocolo: string }) {
  const q = useNotas(protocolo);
  const escrever = useEscreverNota(protocolo);
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | null>(null);

  const salvar = (e: FormEvent) => {
    e.preventDefault();
    if (!texto.trim()) return setErro('Escreva a nota.');
    setErro(null);
    escrever.mutate(
      { texto: texto.trim() },
      {
        onSuccess: () => {
          setTexto('');
          toast.success('Nota interna salva.');
        },
        onError: (err) => setErro(mensagemDoErro(err, 'Não foi possível salvar a nota. Tente novamente.')),
      },
    );
  };

  return (
    <section aria-labelledby={`notas-${protocolo}`} className="rounded-xl border border-slate-300 bg-slate-50 p-4">
      <h2 id={`notas-${protocolo}`} className="mb-1 flex items-center gap-2 text-lg font-bold text-slate-900">
        <LockKeyhole aria-hidden="true" className="size-5 shrink-0" />
        Notas internas
      </h2>
      <p className="mb-3 text-sm text-slate-700">Só a equipe vê: o beneficiário não recebe estas notas.</p>
      {q.isPending ? (
        <Spinner label="Carregando as notas..." />
      ) : q.isError ? (
        <Alert variant="error">Não foi possível carregar as notas. Tente novamente.</Alert>
      ) : q.data.notas.length === 0 ? (
        <p className="mb-3">Nenhuma nota ainda.</p>
      ) : (
        <ol className="mb-4 space-y-3" aria-label="Notas da equipe">
          {q.data.notas.map((n) => (
            <li key={n.id} className="border-l-4 border-slate-400 pl-3">
              <span className="block text-sm text-slate-700">
                <strong className="font-semibold text-slate-900">{n.autor.nome}</strong> · {dataHora(n.em)}
              </span>
              <p className="whitespace-pre-wrap break-words">{n.texto}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={salvar} noValidate className="space-y-3">
        <FormField label="Nova nota interna" error={erro ?? undefined} hint={`Até ${MAXIMO} caracteres.`}>
          {(ctl) => (
            <Textarea
              {...ctl}
              maxLength={MAXIMO}
              value={texto}
              onChange={(e) => setTexto(e.target.value)}
              className="bg-white"
            />
          )}
        </FormField>
        <Button
          type="submit"
          variant="outline"
          disabled={escrever.isPending}
          aria-busy={escrever.isPending || undefined}
        >
          {escrever.isPending ? 'Salvando...' : 'Salvar nota'}
        </Button>
      </form>
    </section>
  );
}
