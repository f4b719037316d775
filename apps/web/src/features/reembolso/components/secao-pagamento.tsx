import { formatCpf, formatDate, onlyDigits } from '@portal/br';
import { pagamentoMascarado, type UltimoPagamentoResponse } from '@portal/contract';
import { Pencil } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { type Campos, type Corpo, formatCpfParcial, type Formulario, type TipoChave } from './formulario-reembolso';

const ROTULOS_CHAVE: Record<TipoChave, string> = {
  cpf: 'CPF do titular',
  email: 'E-mail',
  celular: 'Celular',
  aleatoria: 'Chave aleatória',
};

/**
 * 'Dados para pagamento' (issue 31): the data offered (the last request's, or the holder's CPF as the
 * PIX key) shown masked until the member chooses to change them; then the PIX or bank account fields.
 */
export function DadosParaPagamento({
  form,
  oferta,
  oferecido,
  pagamento,
}: {
  form: Formulario;
  oferta: UltimoPagamentoResponse | null;
  /** Whether the form started with offered data (then they are shown masked first). */
  oferecido: boolean;
  /** The payment part of the request being built, for the masked summary. */
  pagamento: Corpo['pagamento'];
}) {
  // The offered data is shown masked (a shared phone) until the member chooses to change it.
  const [alterandoPagamento, setAlterandoPagamento] = useState(!oferecido);
  const formaRef = useRef<HTMLFieldSetElement>(null);
  // A wrong payment field (the server's rule changed since) opens the fields, with its message.
  const camposDePagamento = alterandoPagamento || Object.keys(form.erros).some((k) => k.startsWith('pagamento'));
  const alterarPagamento = () => {
    setAlterandoPagamento(true);
    // The button goes away with the summary: the focus moves to the choice that replaces it.
    requestAnimationFrame(() => formaRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus());
  };

  return (
    <Card aria-labelledby="reembolso-pagamento">
      <CardTitle id="reembolso-pagamento" className="mb-1">
        Dados para pagamento
      </CardTitle>
      <p className="mb-4 text-sm text-slate-700">O reembolso é pago ao titular do plano.</p>
      {camposDePagamento ? null : (
        <div className="space-y-3 rounded-lg border border-slate-300 bg-slate-50 p-4">
          <p className="text-sm text-slate-700">
            {oferta?.pagamento && oferta.usadoEm
              ? `Os mesmos dados do seu último pedido (${formatDate(oferta.usadoEm)}):`
              : 'Sua chave PIX é o seu CPF:'}
          </p>
          <p className="break-words font-semibold text-slate-900" data-pagamento-oferecido="">
            {pagamentoMascarado(pagamento)}
          </p>
          <Button variant="outline" onClick={alterarPagamento}>
            <Pencil aria-hidden="true" />
            Alterar dados de pagamento
          </Button>
        </div>
      )}
      {camposDePagamento ? (
        <>
          <fieldset ref={formaRef} className="mb-4">
            <legend className="mb-2 font-semibold text-slate-800">Receber por</legend>
            <div className="flex flex-col gap-2 sm:flex-row">
              {(['pix', 'conta'] as const).map((f) => (
                <label
                  key={f}
                  className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border-2 border-slate-300 px-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="forma"
                    value={f}
                    checked={form.c.forma === f}
                    onChange={() => form.set('forma', f)}
                    // 24 px: WCAG 2.2's target size (axe target-size), the whole label still takes the tap.
                    className="size-6 accent-brand-700"
                  />
                  {f === 'pix' ? 'PIX' : 'Conta bancária'}
                </label>
              ))}
            </div>
          </fieldset>
          {form.c.forma === 'pix' ? <CamposPix form={form} oferta={oferta} /> : <CamposConta form={form} />}
        </>
      ) : null}
    </Card>
  );
}

function CamposPix({ form: { c, set, erro }, oferta }: { form: Formulario; oferta: UltimoPagamentoResponse | null }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Tipo de chave" error={erro('pagamento.tipoChave')}>
        {(ctl) => (
          <NativeSelect
            {...ctl}
            value={c.tipoChave}
            onChange={(e) => {
              const tipoChave = e.target.value as TipoChave;
              set('tipoChave', tipoChave);
              // The holder's own CPF is offered as the CPF key (issue 31); any other key starts empty.
              set('chave', tipoChave === 'cpf' && oferta?.cpfTitular ? formatCpf(oferta.cpfTitular) : '');
            }}
          >
            {(Object.keys(ROTULOS_CHAVE) as TipoChave[]).map((t) => (
              <option key={t} value={t}>
                {ROTULOS_CHAVE[t]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        label="Chave PIX"
        hint={c.tipoChave === 'cpf' ? 'A chave CPF precisa ser do próprio titular.' : undefined}
        error={erro('pagamento.chave')}
      >
        {(ctl) => (
          <Input
            {...ctl}
            inputMode={
              c.tipoChave === 'cpf' || c.tipoChave === 'celular'
                ? 'numeric'
                : c.tipoChave === 'email'
                  ? 'email'
                  : 'text'
            }
            autoComplete="off"
            maxLength={77}
            value={c.chave}
            onChange={(e) => set('chave', c.tipoChave === 'cpf' ? formatCpfParcial(e.target.value) : e.target.value)}
          />
        )}
      </FormField>
    </div>
  );
}

function CamposConta({ form: { c, set, erro } }: { form: Formulario }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Banco (código)" hint="Os 3 números do banco, por exemplo 001." error={erro('pagamento.banco')}>
        {(ctl) => (
          <Input
            {...ctl}
            inputMode="numeric"
            maxLength={3}
            value={c.banco}
            onChange={(e) => set('banco', onlyDigits(e.target.value))}
          />
        )}
      </FormField>
      <FormField label="Tipo de conta" error={erro('pagamento.tipoConta')}>
        {(ctl) => (
          <NativeSelect
            {...ctl}
            value={c.tipoConta}
            onChange={(e) => set('tipoConta', e.target.value as Campos['tipoConta'])}
          >
            <option value="">Selecione</option>
            <option value="corrente">Conta corrente</option>
            <option value="poupanca">Poupança</option>
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Agência" error={erro('pagamento.agencia')}>
        {(ctl) => <Input {...ctl} maxLength={7} value={c.agencia} onChange={(e) => set('agencia', e.target.value)} />}
      </FormField>
      <FormField label="Conta com dígito" error={erro('pagamento.conta')}>
        {(ctl) => <Input {...ctl} maxLength={14} value={c.conta} onChange={(e) => set('conta', e.target.value)} />}
      </FormField>
    </div>
  );
}
