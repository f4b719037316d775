import { diaEmSaoPaulo, formatDate } from '@portal/br';
import { Download, QrCode } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Carregando, TentarNovamente } from '@/components/membro/carregando';
import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { usePerfilAutenticado } from '@/lib/membro';
import { useUsuario } from '@/lib/sessao-context';
import { useBaixarPdf } from '../api/baixar-pdf';
import { useCartoes } from '../api/listar-carteirinhas';
import { CartaoDigitalVisual } from './cartao-digital';
import { type CartaoDigital, cartaoAtivo, quandoFoiSalvo } from './cartoes';
import { QrCodeDoCartao, SemQrCode } from './qr-code-do-cartao';
import { useCarteirinhaSalva } from './use-carteirinha-salva';
import { useOnline } from '@/lib/use-online';

export function CarteirinhaPage() {
  const perfil = usePerfilAutenticado();
  return (
    <div>
      <PageHeader title="Carteirinha digital">
        <p className="text-slate-700">
          Mostre esta tela na recepção da clínica, do hospital ou do laboratório. Ela também abre sem internet.
        </p>
      </PageHeader>
      {perfil ? <Carteirinhas /> : <PerfilInvalido />}
    </div>
  );
}

/** After this long without an answer, the card kept on this device is shown while waiting. */
const ESPERA_MS = 3_000;

function Carteirinhas() {
  const usuario = useUsuario();
  const online = useOnline();
  const cartoes = useCartoes();
  const salvo = useCarteirinhaSalva(cartoes.data, usuario);
  const [demorou, setDemorou] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setDemorou(true), ESPERA_MS);
    return () => window.clearTimeout(id);
  }, []);
  // The day the page opened (São Paulo): which carências still run.
  const [hoje] = useState(() => diaEmSaoPaulo(Date.now()));

  if (cartoes.data) return <ListaDeCartoes cartoes={cartoes.data} hoje={hoje} online={online} />;
  const usarSalvo = salvo && (!online || cartoes.isError || demorou);
  if (usarSalvo) {
    return (
      <div className="space-y-5">
        <Alert variant="warning" title={online ? 'Não foi possível atualizar a carteirinha' : 'Você está sem internet'}>
          <p>Esta é a carteirinha salva neste aparelho em {quandoFoiSalvo(salvo.salvoEm)}.</p>
          {online && cartoes.isError ? <TentarNovamente onClick={() => void cartoes.refetch()} /> : null}
        </Alert>
        <ListaDeCartoes cartoes={salvo.dados} hoje={hoje} online={false} />
      </div>
    );
  }
  if (cartoes.isPending || salvo === undefined) return <Carregando label="Carregando carteirinha..." />;
  return (
    <Alert variant="error" title="Erro ao carregar dados">
      <p>
        {online
          ? 'Não foi possível carregar a carteirinha. Tente novamente.'
          : 'Você está sem internet e não há carteirinha salva neste aparelho. Conecte-se e abra esta tela uma vez para guardá-la.'}
      </p>
      {online ? <TentarNovamente onClick={() => void cartoes.refetch()} /> : null}
    </Alert>
  );
}

function ListaDeCartoes({ cartoes, hoje, online }: { cartoes: CartaoDigital[]; hoje: string; online: boolean }) {
  if (cartoes.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
        Nenhuma carteirinha encontrada
      </p>
    );
  }
  return (
    <ul className="space-y-8">
      {cartoes.map((c, i) => (
        <li key={c.numeroCarteirinha}>
          <Cartao cartao={c} hoje={hoje} online={online} qrAberto={i === 0} />
        </li>
      ))}
    </ul>
  );
}

/** One card with its QR code (the member's own opens by itself) and 'Baixar PDF'. */
function Cartao({
  cartao,
  hoje,
  online,
  qrAberto,
}: {
  cartao: CartaoDigital;
  hoje: string;
  online: boolean;
  qrAberto: boolean;
}) {
  const idTitulo = useId();
  const idQr = useId();
  const [mostrarQr, setMostrarQr] = useState(qrAberto);
  const pdf = useBaixarPdf();
  const ativo = cartaoAtivo(cartao, hoje);
  const nome = cartao.nomeSocial ?? cartao.nome;
  return (
    <section
      aria-labelledby={idTitulo}
      className="grid items-start gap-4 lg:grid-cols-[minmax(0,34rem)_minmax(16rem,1fr)]"
    >
      <CartaoDigitalVisual cartao={cartao} hoje={hoje} ativo={ativo} idTitulo={idTitulo} />
      <div className="min-w-0 space-y-4">
        <div className="flex flex-wrap gap-3">
          {ativo ? (
            <Button
              variant={mostrarQr ? 'outline' : 'primary'}
              aria-expanded={mostrarQr}
              aria-controls={idQr}
              onClick={() => setMostrarQr((v) => !v)}
            >
              <QrCode aria-hidden="true" />
              {mostrarQr ? 'Esconder QR Code' : 'Mostrar QR Code'}
            </Button>
          ) : null}
          <Button
            variant="outline"
            onClick={() => pdf.mutate(cartao.numeroCarteirinha)}
            disabled={pdf.isPending || !online}
            aria-busy={pdf.isPending || undefined}
          >
            <Download aria-hidden="true" />
            {pdf.isPending ? 'Gerando PDF...' : 'Baixar PDF'}
          </Button>
        </div>
        <div id={idQr}>
          {!ativo ? (
            <SemQrCode
              cancelamento={cartao.dataCancelamento ? formatDate(cartao.dataCancelamento) : 'data não informada'}
            />
          ) : mostrarQr ? (
            <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <QrCodeDoCartao numeroCarteirinha={cartao.numeroCarteirinha} nome={nome} online={online} />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
