import { formatBRL, formatDate } from '@portal/br';
import type { OpcoesCancelamento } from '@portal/contract';
import { ArrowLeft } from 'lucide-react';
import { useId, useState } from 'react';
import { StepHeading } from '@/components/step-heading';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import type { SelecaoCancelamento } from '../api/registrar-ciencia';

interface Props {
  opcoes: OpcoesCancelamento;
  selecao: SelecaoCancelamento;
  enviando: boolean;
  onVoltar: () => void;
  onContinuar: () => void;
}

/** Step 2: the consequences RN 561/2022 lists, the open installments, and the required acknowledgement. */
export function PassoConsequencias({ opcoes, selecao, enviando, onVoltar, onContinuar }: Props) {
  const id = useId();
  const [ciente, setCiente] = useState(false);
  const textos = opcoes.consequencias[selecao.abrangencia];
  const nomes =
    selecao.abrangencia === 'CONTRATO'
      ? opcoes.beneficiarios.map((b) => b.nome)
      : opcoes.beneficiarios
          .filter((b) => selecao.codigoMatriculasBeneficiariosAlvo?.includes(b.codigoBeneficiario))
          .map((b) => b.nome);
  return (
    <div className="max-w-2xl space-y-5">
      <StepHeading as="h2" focusOnMount>
        Consequências do cancelamento
      </StepHeading>
      <p className="text-slate-800">
        {selecao.abrangencia === 'CONTRATO' ? 'Você vai cancelar o contrato inteiro' : 'Você vai excluir'}:{' '}
        <span className="font-semibold">{nomes.join(', ')}</span>.
      </p>
      <section
        aria-labelledby={`${id}-lista`}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h3 id={`${id}-lista`} className="text-lg font-bold text-slate-900">
          Leia com atenção
        </h3>
        <ul className="mt-2 list-disc space-y-2 pl-5 text-slate-800">
          {textos.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </section>
      <section
        aria-labelledby={`${id}-parcelas`}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h3 id={`${id}-parcelas`} className="text-lg font-bold text-slate-900">
          Mensalidades em aberto
        </h3>
        {opcoes.parcelasEmAberto.length === 0 ? (
          <p className="mt-2 text-slate-800">Não há mensalidades em aberto.</p>
        ) : (
          <>
            <p className="mt-2 text-slate-800">Estas mensalidades continuam devidas depois do cancelamento:</p>
            <table className="mt-2 w-full text-left text-slate-900">
              <thead>
                <tr className="border-b border-slate-200 text-sm text-slate-700">
                  <th scope="col" className="py-1 font-semibold">
                    Competência
                  </th>
                  <th scope="col" className="py-1 font-semibold">
                    Vencimento
                  </th>
                  <th scope="col" className="py-1 text-right font-semibold">
                    Valor
                  </th>
                </tr>
              </thead>
              <tbody>
                {opcoes.parcelasEmAberto.map((p) => (
                  <tr key={p.codigoMensalidade} className="border-b border-slate-100">
                    <td className="py-1.5 tabular-nums">{p.competencia}</td>
                    <td className="py-1.5 tabular-nums">{formatDate(p.vencimento)}</td>
                    <td className="py-1.5 text-right tabular-nums">{formatBRL(p.valor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      <div className="flex min-h-11 items-center gap-3">
        <Checkbox
          id={`${id}-ciente`}
          checked={ciente}
          disabled={enviando}
          onCheckedChange={(v) => setCiente(v === true)}
        />
        <label htmlFor={`${id}-ciente`} className="cursor-pointer font-medium text-slate-900">
          Li e estou ciente das consequências
        </label>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onVoltar} disabled={enviando}>
          <ArrowLeft aria-hidden="true" />
          Voltar
        </Button>
        <Button onClick={onContinuar} disabled={!ciente || enviando} aria-busy={enviando || undefined}>
          {enviando ? 'Enviando código...' : 'Enviar código por SMS'}
        </Button>
      </div>
    </div>
  );
}
