import { LIMITES_REEMBOLSO, TIPOS_COM_PEDIDO_MEDICO } from '@portal/contract';
import { Card, CardTitle } from '@/components/ui/card';
import { AvisoDosEnvios, CampoDeAnexos } from './campo-de-anexos';
import { erroCampo } from './erro-de-campo';
import type { Formulario } from './formulario-reembolso';
import type { Anexos } from './use-anexos';

/**
 * 'Documentos': the receipt always, the medical order when the kind of care needs it, the invoice
 * if it is another document. Each file is uploaded as soon as it is picked (useAnexos).
 */
export function Documentos({ form: { c, erros }, anexos }: { form: Formulario; anexos: Anexos }) {
  const precisaPedido = c.tipo !== '' && TIPOS_COM_PEDIDO_MEDICO.includes(c.tipo);
  return (
    <Card aria-labelledby="reembolso-documentos">
      <CardTitle id="reembolso-documentos" className="mb-1">
        Documentos
      </CardTitle>
      <p className="mb-4 text-sm text-slate-700">
        Fotos nítidas ou PDF (JPEG, PNG, HEIC ou PDF), até {LIMITES_REEMBOLSO.bytesPorArquivo / 1024 ** 2} MB cada e{' '}
        {LIMITES_REEMBOLSO.arquivosPorPedido} arquivos no total. Cada arquivo é enviado na hora; a localização da foto é
        apagada.
      </p>
      <div className="grid gap-4">
        <AvisoDosEnvios anexos={anexos} />
        <CampoDeAnexos
          documento="comprovante_pagamento"
          titulo="Comprovante de pagamento"
          dica="Recibo assinado, comprovante do cartão, PIX ou transferência."
          anexos={anexos}
          erro={erroCampo('anexo', erros['anexo.comprovante_pagamento'])}
        />
        {precisaPedido ? (
          <CampoDeAnexos
            documento="pedido_medico"
            titulo="Pedido médico"
            dica="O pedido ou a prescrição com a data, o nome do médico e o CRM."
            anexos={anexos}
            erro={erroCampo('anexo', erros['anexo.pedido_medico'])}
          />
        ) : null}
        <CampoDeAnexos
          documento="nota_fiscal"
          titulo="Nota fiscal ou recibo"
          dica="A nota fiscal da clínica ou o recibo do profissional, se for outro documento."
          anexos={anexos}
        />
        {erros.anexos ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {erroCampo('anexos', erros.anexos)}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
