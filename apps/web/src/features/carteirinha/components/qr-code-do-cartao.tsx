import { CAMINHO_VERIFICACAO, formatarCodigoVerificacao, urlDeVerificacao } from '@portal/contract/carteirinha';
import { useEffect, useState } from 'react';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { Alert } from '@/components/ui/alert';
import { useQrCode } from '../api/gerar-qr-code';
import { QrSvg } from '@/components/qr-svg';

const hora = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });

/** Time, re-read every 15 s: an expired token is taken off the screen even when no new one arrives. */
function useAgora(): number {
  const [agora, setAgora] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setAgora(Date.now()), 15_000);
    return () => window.clearInterval(id);
  }, []);
  return agora;
}

/**
 * The card's proof for the front desk: a QR code (the verification page's URL with a 5-minute
 * token) and the same proof as a code to type, renewed by itself while shown. Needs network.
 */
export function QrCodeDoCartao({
  numeroCarteirinha,
  nome,
  online,
}: {
  numeroCarteirinha: string;
  nome: string;
  online: boolean;
}) {
  const qr = useQrCode(numeroCarteirinha, online);
  const agora = useAgora();
  if (!online) {
    return (
      <Alert variant="warning" title="Sem conexão com a internet">
        O QR Code de verificação precisa de internet. Na recepção, mostre os dados da carteirinha acima.
      </Alert>
    );
  }
  if (qr.isPending) return <Carregando label="Gerando QR Code..." />;
  if (qr.isError && !qr.data) return <FalhaAoCarregar onTentarNovamente={() => void qr.refetch()} />;
  const { token, codigo, expiraEm } = qr.data!;
  if (Date.parse(expiraEm) <= agora) {
    return <FalhaAoCarregar titulo="O QR Code expirou" onTentarNovamente={() => void qr.refetch()} />;
  }
  const site = `${window.location.host}${CAMINHO_VERIFICACAO}`;
  return (
    <figure data-token={token} className="flex min-w-0 flex-col items-center gap-4 lg:items-start">
      <QrSvg
        texto={urlDeVerificacao(window.location.origin, token)}
        rotulo={`QR Code de verificação da carteirinha de ${nome}`}
        className="size-56 shrink-0 rounded-lg border border-slate-300 bg-white"
      />
      <figcaption className="min-w-0 space-y-2 text-slate-800">
        <p className="text-[15px] font-semibold text-slate-900">Código de verificação</p>
        <p data-codigo={codigo} className="font-mono text-3xl font-bold tracking-wider text-slate-900">
          {formatarCodigoVerificacao(codigo)}
        </p>
        <p>
          Válido até {hora.format(new Date(expiraEm))}. Um novo código aparece sozinho enquanto esta tela estiver
          aberta.
        </p>
        <p className="text-[15px] text-slate-700">
          A clínica lê o QR Code com a câmera do celular ou digita o código em{' '}
          <strong className="break-all">{site}</strong>.
        </p>
      </figcaption>
    </figure>
  );
}

/** Shown instead of the QR code when it cannot be had (no network is handled above). */
export function SemQrCode({ cancelamento }: { cancelamento: string }) {
  return (
    <Alert variant="info" title="Carteirinha sem cobertura">
      Esta carteirinha deixou de valer em {cancelamento} e não tem QR Code de verificação.
    </Alert>
  );
}
