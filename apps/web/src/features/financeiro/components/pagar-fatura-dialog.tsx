import type { Atualizacao, Parcela } from '@portal/contract';
import { formatBRL, formatDate } from '@portal/br';
import { Barcode, Copy, CreditCard, Download, QrCode } from 'lucide-react';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { operadora } from '@/lib/operadora';
import { toast } from '@/lib/toast';
import { useBaixarBoleto } from '../api/baixar-boleto';
import { useCodigoBarras } from '../api/codigo-barras';
import { usePix } from '../api/pix';
import { copiarTexto } from './copiar';
import { useAbrirDocumento } from '@/components/documentos';
import { competenciaPorExtenso, gruposDaLinha, nomesDeArquivo } from './formatos';

// cn() is clsx without tailwind-merge, and TabsTrigger's own sm:flex-none / sm:px-4 come later in
// the stylesheet than sm:flex-1 / sm:px-3: without '!' they win and from 640 px the PIX tab is cut.
const gatilho =
  'flex-1 whitespace-normal px-2 sm:flex-1! text-center text-sm leading-tight sm:px-3! sm:text-[15px] [&_svg]:hidden sm:[&_svg]:block';

/** docs/produto/financeiro.md "Screens": 'Pagar Fatura' — barcode (copy, boleto), credit card and PIX. */
export function PagarFaturaDialog({
  parcela,
  onClose,
  onCloseAutoFocus,
}: {
  parcela: Parcela;
  onClose: () => void;
  onCloseAutoFocus?: (e: Event) => void;
}) {
  const mes = competenciaPorExtenso(parcela.mescompetencia, parcela.anocompetencia);
  const { pix, atraso } = operadora();
  const pixConfigurado = pix !== null;
  // An operator that asks for its own instruction on overdue installments gets no PIX for them.
  const instrucaoAtraso = parcela.vencida && atraso.modo === 'instrucao' ? atraso.instrucao : null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>Pagar Fatura</DialogTitle>
        <DialogDescription>
          Mensalidade de {mes} · vencimento {formatDate(parcela.vencimento)} · {formatBRL(parcela.valor)}
        </DialogDescription>
        <Tabs defaultValue="boleto" className="mt-4">
          <TabsList aria-label="Formas de pagamento" className="sm:flex sm:w-full">
            <TabsTrigger value="boleto" className={gatilho}>
              <Barcode aria-hidden="true" />
              Código de Barras
            </TabsTrigger>
            <TabsTrigger value="cartao" className={gatilho}>
              <CreditCard aria-hidden="true" />
              Cartão de Crédito
            </TabsTrigger>
            <TabsTrigger value="pix" className={gatilho}>
              <QrCode aria-hidden="true" />
              PIX
            </TabsTrigger>
          </TabsList>
          <TabsContent value="boleto">
            <AbaCodigoBarras parcela={parcela} />
          </TabsContent>
          <TabsContent value="cartao">
            <Alert variant="info" title="Disponível em breve">
              O pagamento com cartão de crédito estará disponível em breve.
            </Alert>
          </TabsContent>
          <TabsContent value="pix">
            {instrucaoAtraso ? (
              <Alert variant="warning" title="Mensalidade vencida">
                {instrucaoAtraso}
              </Alert>
            ) : pixConfigurado ? (
              <AbaPix parcela={parcela} mes={mes} />
            ) : (
              <Alert variant="info" title="Disponível em breve">
                O pagamento por PIX estará disponível em breve.
              </Alert>
            )}
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function AbaCodigoBarras({ parcela }: { parcela: Parcela }) {
  const codigo = useCodigoBarras(parcela.codigoMensalidade);
  const boleto = useBaixarBoleto();
  const abrir = useAbrirDocumento();
  if (codigo.isPending) return <Carregando label="Carregando código de barras..." />;
  if (codigo.isError) return <FalhaAoCarregar onTentarNovamente={() => void codigo.refetch()} />;

  const copiar = async () => {
    if (await copiarTexto(codigo.data.codigoBarras)) toast.success('Código de Barras Copiado!');
    else toast.error('Erro', { description: 'Não foi possível copiar. Selecione o código e copie manualmente.' });
  };
  const baixar = () =>
    boleto.mutate(parcela.codigoMensalidade, {
      onSuccess: (blob) => abrir(blob, nomesDeArquivo.boleto(parcela.anocompetencia, parcela.mescompetencia)),
    });
  return (
    <div className="space-y-4">
      {codigo.data.atualizacao ? (
        <BoletoAtualizado
          atualizacao={codigo.data.atualizacao}
          valor={codigo.data.valor}
          vencimento={codigo.data.vencimento}
        />
      ) : null}
      {codigo.data.instrucaoAtraso ? (
        <Alert variant="warning" title="Mensalidade vencida">
          {codigo.data.instrucaoAtraso}
        </Alert>
      ) : null}
      <div>
        <p id="rotulo-linha" className="font-semibold text-slate-800">
          Linha digitável
        </p>
        <p
          aria-labelledby="rotulo-linha"
          className="mt-1 flex select-all flex-wrap gap-x-3 gap-y-1 rounded-xl border border-slate-300 bg-slate-50 p-3 font-mono text-[17px] tabular-nums text-slate-900"
        >
          {gruposDaLinha(codigo.data.linhaDigitavel).map((g, i) => (
            <span key={i}>{g}</span>
          ))}
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => void copiar()}>
          <Copy aria-hidden="true" />
          Copiar código de barras
        </Button>
        <Button
          variant="outline"
          onClick={baixar}
          disabled={boleto.isPending}
          aria-busy={boleto.isPending || undefined}
        >
          <Download aria-hidden="true" />
          {boleto.isPending ? 'Gerando...' : 'Baixar Boleto'}
        </Button>
      </div>
    </div>
  );
}

const pct = (p: number) => `${String(p).replace('.', ',')}%`;

/** An overdue installment's updated boleto: what its amount is made of and until when it is payable. */
function BoletoAtualizado({
  atualizacao: a,
  valor,
  vencimento,
}: {
  atualizacao: Atualizacao;
  valor: number;
  vencimento: string;
}) {
  const linhas: [string, string][] = [
    [`Valor original (vencimento ${formatDate(a.vencimentoOriginal)})`, formatBRL(a.valorOriginal)],
    [`Multa por atraso (${pct(a.multaPercentual)})`, formatBRL(a.multa)],
    [
      `Juros de mora (${pct(a.jurosMensalPercentual)} ao mês, ${a.diasAtraso} ${a.diasAtraso === 1 ? 'dia' : 'dias'})`,
      formatBRL(a.juros),
    ],
  ];
  return (
    <Alert
      variant="warning"
      title={`Boleto atualizado: pagável até ${formatDate(vencimento)}`}
      className="[&>div]:flex-1"
    >
      <dl className="mt-1 space-y-0.5">
        {linhas.map(([rotulo, v]) => (
          <div key={rotulo} className="flex justify-between gap-3">
            <dt>{rotulo}</dt>
            <dd className="tabular-nums">{v}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 font-bold">
          <dt>Total atualizado</dt>
          <dd className="tabular-nums">{formatBRL(valor)}</dd>
        </div>
      </dl>
    </Alert>
  );
}

function AbaPix({ parcela, mes }: { parcela: Parcela; mes: string }) {
  const pix = usePix(parcela.codigoMensalidade, true);
  if (pix.isPending) return <Carregando label="Carregando PIX..." />;
  if (pix.isError) return <FalhaAoCarregar onTentarNovamente={() => void pix.refetch()} />;
  const copiar = async () => {
    if (await copiarTexto(pix.data.copiaECola)) toast.success('Código PIX Copiado!');
    else toast.error('Erro', { description: 'Não foi possível copiar. Selecione o código e copie manualmente.' });
  };
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pix.data.qrCodeSvg)}`}
        alt={`QR Code PIX da mensalidade de ${mes}, ${formatBRL(pix.data.valor)}`}
        width={192}
        height={192}
        className="size-48 shrink-0 rounded-lg border border-slate-300"
      />
      <div className="w-full min-w-0 space-y-3">
        <p className="text-slate-800">
          Aponte a câmera do aplicativo do seu banco para o QR Code ou use o PIX copia e cola.
        </p>
        <p className="font-semibold text-slate-900">
          {pix.data.atualizacao ? 'Valor atualizado' : 'Valor'}:{' '}
          <span className="tabular-nums">{formatBRL(pix.data.valor)}</span>
          {pix.data.atualizacao ? (
            <span className="block text-sm font-normal text-slate-700">
              Inclui multa e juros de {pix.data.atualizacao.diasAtraso}{' '}
              {pix.data.atualizacao.diasAtraso === 1 ? 'dia' : 'dias'} de atraso.
            </span>
          ) : null}
        </p>
        <p className="select-all break-all rounded-xl border border-slate-300 bg-slate-50 p-3 font-mono text-sm text-slate-900">
          {pix.data.copiaECola}
        </p>
        <Button block onClick={() => void copiar()}>
          <Copy aria-hidden="true" />
          Copiar código PIX
        </Button>
      </div>
    </div>
  );
}
