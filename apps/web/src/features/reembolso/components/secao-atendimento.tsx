import { formatCpf, formatDate, onlyDigits } from '@portal/br';
import {
  CONSELHOS,
  LIMITES_REEMBOLSO,
  ROTULOS_TIPO_REEMBOLSO,
  TIPOS_REEMBOLSO,
  type TipoReembolso,
  UFS,
} from '@portal/contract';
import { Card, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { BeneficiarioReembolso } from '../api/reembolsos';
import { hojeEmSaoPaulo, mascaraBRL, mascaraCpfCnpj } from './formatos';
import { dataMaisAntiga, type Formulario } from './formulario-reembolso';

/**
 * The care being reimbursed, in three cards: who was seen, when (within the operator's 365 days)
 * and for what; the provider; the amount paid and the receipt.
 */
export function DadosDoAtendimento({
  form,
  beneficiarios,
}: {
  form: Formulario;
  beneficiarios: BeneficiarioReembolso[];
}) {
  return (
    <>
      <Atendimento form={form} beneficiarios={beneficiarios} />
      <Prestador form={form} />
      <ValorERecibo form={form} />
    </>
  );
}

function Atendimento({
  form: { c, set, erro },
  beneficiarios,
}: {
  form: Formulario;
  beneficiarios: BeneficiarioReembolso[];
}) {
  const hoje = hojeEmSaoPaulo();
  return (
    <Card aria-labelledby="reembolso-atendimento">
      <CardTitle id="reembolso-atendimento" className="mb-4">
        Atendimento
      </CardTitle>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Beneficiário atendido"
          className="sm:col-span-2"
          hint={beneficiarios.length === 1 ? 'O reembolso é pedido para você.' : undefined}
          error={erro('cpfBeneficiario')}
        >
          {(ctl) => (
            <NativeSelect
              {...ctl}
              value={c.cpfBeneficiario}
              disabled={beneficiarios.length <= 1}
              onChange={(e) => set('cpfBeneficiario', e.target.value)}
            >
              {beneficiarios.map((b) => (
                <option key={b.cpf} value={b.cpf}>
                  {b.nome} (CPF {formatCpf(b.cpf)})
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Tipo de atendimento" error={erro('tipo')}>
          {(ctl) => (
            <NativeSelect {...ctl} value={c.tipo} onChange={(e) => set('tipo', e.target.value as TipoReembolso)}>
              <option value="">Selecione</option>
              {TIPOS_REEMBOLSO.map((t) => (
                <option key={t} value={t}>
                  {ROTULOS_TIPO_REEMBOLSO[t]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          label="Data do atendimento"
          // A row of its own: the hint would push its field below the type's, beside it.
          className="sm:col-span-2"
          // Known before filling (issue 31): the limit is said under the label and the picker stops there.
          hint={`Atendimentos dos últimos ${LIMITES_REEMBOLSO.diasMaximosAtendimento} dias: desde ${formatDate(dataMaisAntiga(hoje))}.`}
          error={erro('dataAtendimento')}
        >
          {(ctl) => (
            <Input
              {...ctl}
              type="date"
              className="sm:max-w-xs"
              min={dataMaisAntiga(hoje)}
              max={hoje}
              value={c.dataAtendimento}
              onChange={(e) => set('dataAtendimento', e.target.value)}
            />
          )}
        </FormField>
        <FormField
          label="Código TUSS (opcional)"
          hint="Se o recibo informar o código do procedimento (8 números), a estimativa fica mais precisa."
          className="sm:col-span-2"
          error={erro('codigoTuss')}
        >
          {(ctl) => (
            <Input
              {...ctl}
              inputMode="numeric"
              maxLength={8}
              autoComplete="off"
              value={c.codigoTuss}
              onChange={(e) => set('codigoTuss', onlyDigits(e.target.value).slice(0, 8))}
            />
          )}
        </FormField>
      </div>
    </Card>
  );
}

function Prestador({ form: { c, set, erro } }: { form: Formulario }) {
  // A professional (CPF) is asked for the council registration; a clinic (CNPJ) is not.
  const profissional = onlyDigits(c.documento).length === 11;
  return (
    <Card aria-labelledby="reembolso-prestador">
      <CardTitle id="reembolso-prestador" className="mb-4">
        Prestador
      </CardTitle>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="CPF ou CNPJ do prestador"
          hint="CPF de um profissional ou CNPJ de clínica, laboratório ou hospital."
          error={erro('prestador.documento')}
        >
          {(ctl) => (
            <Input
              {...ctl}
              inputMode="numeric"
              autoComplete="off"
              maxLength={18}
              value={c.documento}
              onChange={(e) => set('documento', mascaraCpfCnpj(e.target.value))}
            />
          )}
        </FormField>
        <FormField label="Nome do prestador" error={erro('prestador.nome')}>
          {(ctl) => <Input {...ctl} maxLength={120} value={c.nome} onChange={(e) => set('nome', e.target.value)} />}
        </FormField>
        {profissional ? (
          <>
            <FormField label="Conselho profissional" error={erro('prestador.conselho')}>
              {(ctl) => (
                <NativeSelect {...ctl} value={c.conselho} onChange={(e) => set('conselho', e.target.value)}>
                  <option value="">Selecione</option>
                  {CONSELHOS.map((x) => (
                    <option key={x} value={x}>
                      {x}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <div className="grid grid-cols-[1fr_7rem] gap-4">
              <FormField label="Número no conselho" error={erro('prestador.numeroConselho')}>
                {(ctl) => (
                  <Input
                    {...ctl}
                    inputMode="numeric"
                    maxLength={10}
                    value={c.numeroConselho}
                    onChange={(e) => set('numeroConselho', onlyDigits(e.target.value))}
                  />
                )}
              </FormField>
              <FormField label="UF" error={erro('prestador.ufConselho')}>
                {(ctl) => (
                  <NativeSelect {...ctl} value={c.ufConselho} onChange={(e) => set('ufConselho', e.target.value)}>
                    <option value="">UF</option>
                    {UFS.map((u) => (
                      <option key={u} value={u}>
                        {u}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            </div>
          </>
        ) : null}
      </div>
    </Card>
  );
}

function ValorERecibo({ form: { c, set, erro } }: { form: Formulario }) {
  return (
    <Card aria-labelledby="reembolso-valor">
      <CardTitle id="reembolso-valor" className="mb-4">
        Valor e recibo
      </CardTitle>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Valor pago" error={erro('valorPago')}>
          {(ctl) => (
            <Input
              {...ctl}
              inputMode="numeric"
              autoComplete="off"
              placeholder="R$ 0,00"
              value={c.valor}
              onChange={(e) => set('valor', mascaraBRL(e.target.value))}
            />
          )}
        </FormField>
        <FormField
          label="Número do recibo ou da nota fiscal"
          hint="No Receita Saúde, o número do recibo emitido pelo profissional."
          error={erro('numeroRecibo')}
        >
          {(ctl) => (
            <Input
              {...ctl}
              maxLength={44}
              autoComplete="off"
              value={c.numeroRecibo}
              onChange={(e) => set('numeroRecibo', e.target.value)}
            />
          )}
        </FormField>
      </div>
    </Card>
  );
}
