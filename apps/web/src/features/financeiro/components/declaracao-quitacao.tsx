import { FileCheck } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useUsuario } from '@/lib/sessao-context';
import { useDeclaracaoQuitacao } from '../api/declaracao-quitacao';
import { useAbrirDocumento } from '@/components/documentos';
import { anosDaDeclaracao, nomesDeArquivo } from './formatos';
import { SeletorDeAno } from './seletor-de-ano';

/**
 * Ours, by law (Lei 12.007/2009; docs/produto/financeiro.md, "Invoices tab"): the annual
 * debt-clearance letter of a finished year. A year
 * with an installment still open gets no letter; the server names the installment and the
 * message stays on screen.
 */
export function DeclaracaoQuitacao() {
  const usuario = useUsuario();
  const anos = anosDaDeclaracao(new Date(), usuario.dataContratacao);
  const [ano, setAno] = useState<number | null>(anos[0] ?? null);
  const declaracao = useDeclaracaoQuitacao();
  const abrir = useAbrirDocumento();
  if (anos.length === 0 || ano === null) return null;
  const recusa =
    declaracao.isError && isApiError(declaracao.error) && declaracao.error.code === 'DEBITO_EM_ABERTO'
      ? declaracao.error.serverMessage
      : null;
  return (
    <section
      aria-labelledby="titulo-quitacao"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h3 id="titulo-quitacao" className="text-lg font-bold text-slate-900">
        Declaração Anual de Quitação de Débitos
      </h3>
      <p className="text-slate-700">
        Para cada ano com todas as mensalidades pagas, a declaração prevista na Lei nº 12.007/2009 substitui os
        comprovantes mensais.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <SeletorDeAno
          rotulo="Ano"
          anos={anos}
          valor={ano}
          onChange={(a) => {
            setAno(a);
            declaracao.reset();
          }}
        />
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          disabled={declaracao.isPending}
          aria-busy={declaracao.isPending || undefined}
          onClick={() => declaracao.mutate(ano, { onSuccess: (blob) => abrir(blob, nomesDeArquivo.quitacao(ano)) })}
        >
          <FileCheck aria-hidden="true" />
          {declaracao.isPending ? 'Gerando...' : 'Baixar Declaração'}
        </Button>
      </div>
      {recusa ? (
        <Alert variant="warning" title="Declaração não emitida">
          {recusa}
        </Alert>
      ) : null}
    </section>
  );
}
