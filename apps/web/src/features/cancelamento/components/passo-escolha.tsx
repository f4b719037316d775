import type { OpcoesCancelamento } from '@portal/contract';
import { useId } from 'react';
import { StepHeading } from '@/components/step-heading';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { toast } from '@/lib/toast';
import type { SelecaoCancelamento } from '../api/registrar-ciencia';

interface Props {
  opcoes: OpcoesCancelamento;
  /** null until the member chooses: nothing drastic is preselected. */
  selecao: SelecaoCancelamento | null;
  onSelecao: (s: SelecaoCancelamento) => void;
  onContinuar: () => void;
  focusOnMount: boolean;
}

/** Step 1: the whole contract, or chosen dependents (the holder alone is never a choice). */
export function PassoEscolha({ opcoes, selecao, onSelecao, onContinuar, focusOnMount }: Props) {
  const id = useId();
  const dependentes = opcoes.beneficiarios.filter((b) => b.tipo === 'DEPENDENTE');
  const escolhidos = selecao?.codigoMatriculasBeneficiariosAlvo ?? [];
  const alternar = (codigo: string, marcado: boolean) =>
    onSelecao({
      abrangencia: 'DEPENDENTES',
      codigoMatriculasBeneficiariosAlvo: marcado ? [...escolhidos, codigo] : escolhidos.filter((c) => c !== codigo),
    });
  const continuar = () => {
    if (!selecao) {
      toast.error('Erro ao prosseguir', { description: 'Escolha o que você deseja cancelar.' });
      return;
    }
    if (selecao.abrangencia === 'DEPENDENTES' && escolhidos.length === 0) {
      toast.error('Erro ao prosseguir', { description: 'Escolha pelo menos um dependente.' });
      return;
    }
    onContinuar();
  };
  return (
    <div className="max-w-2xl space-y-5">
      <StepHeading as="h2" focusOnMount={focusOnMount}>
        O que você deseja cancelar?
      </StepHeading>
      <p className="text-slate-800">
        Contrato {opcoes.codigoContrato} · {opcoes.plano}. Antes de confirmar, mostraremos as consequências do
        cancelamento. Nada é cancelado antes da confirmação com o código enviado por SMS.
      </p>
      <fieldset className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <legend className="float-left w-full text-lg font-bold text-slate-900">Escolha uma opção</legend>
        <label className="clear-left flex min-h-11 cursor-pointer items-start gap-3 pt-2">
          <input
            type="radio"
            name={`${id}-abrangencia`}
            className="mt-1 size-5 accent-brand-700"
            checked={selecao?.abrangencia === 'CONTRATO'}
            onChange={() => onSelecao({ abrangencia: 'CONTRATO' })}
          />
          <span>
            <span className="block font-semibold text-slate-900">Cancelar o contrato inteiro</span>
            <span className="block text-slate-700">
              Todos os beneficiários perdem a cobertura: {opcoes.beneficiarios.map((b) => b.nome).join(', ')}.
            </span>
          </span>
        </label>
        <label className="flex min-h-11 cursor-pointer items-start gap-3">
          <input
            type="radio"
            name={`${id}-abrangencia`}
            className="mt-1 size-5 accent-brand-700"
            checked={selecao?.abrangencia === 'DEPENDENTES'}
            disabled={dependentes.length === 0}
            onChange={() => onSelecao({ abrangencia: 'DEPENDENTES', codigoMatriculasBeneficiariosAlvo: [] })}
          />
          <span>
            <span className="block font-semibold text-slate-900">Excluir somente dependentes</span>
            <span className="block text-slate-700">
              {dependentes.length === 0
                ? 'Não há dependentes ativos neste contrato.'
                : 'O titular e os demais continuam com o plano.'}
            </span>
          </span>
        </label>
        {selecao?.abrangencia === 'DEPENDENTES' ? (
          <ul className="ml-8 divide-y divide-slate-100" aria-label="Dependentes">
            {dependentes.map((b) => {
              const cid = `${id}-${b.codigoBeneficiario}`;
              return (
                <li key={b.codigoBeneficiario} className="flex min-h-12 items-center gap-3 py-1">
                  <Checkbox
                    id={cid}
                    checked={escolhidos.includes(b.codigoBeneficiario)}
                    onCheckedChange={(v) => alternar(b.codigoBeneficiario, v === true)}
                  />
                  <label htmlFor={cid} className="flex-1 cursor-pointer font-medium text-slate-900">
                    {b.nome}
                    {b.parentesco ? (
                      <span className="font-normal text-slate-700"> ({b.parentesco.toLowerCase()})</span>
                    ) : null}
                  </label>
                </li>
              );
            })}
          </ul>
        ) : null}
      </fieldset>
      {opcoes.celular ? null : (
        <Alert variant="warning">
          Não há celular cadastrado para receber o código de confirmação. Fale com a nossa Central de Atendimento para
          atualizar seus dados ou pedir o cancelamento.
        </Alert>
      )}
      <div className="flex justify-end">
        <Button onClick={continuar} disabled={!opcoes.celular}>
          Continuar
        </Button>
      </div>
    </div>
  );
}
