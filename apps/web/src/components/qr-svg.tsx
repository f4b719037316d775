import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The QR matrix of a text (error correction M, byte mode), as one SVG path with a 4-module quiet zone. */
function caminhoQr(texto: string): { lado: number; d: string } {
  const qr = qrcode(0, 'M');
  qr.addData(texto, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  let d = '';
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  return { lado: n + 8, d };
}

/** A QR code drawn as SVG (black on white, crisp edges), `rotulo` being what a screen reader hears. */
export function QrSvg({ texto, rotulo, className }: { texto: string; rotulo: string; className?: string }) {
  const { lado, d } = useMemo(() => caminhoQr(texto), [texto]);
  return (
    <svg
      role="img"
      aria-label={rotulo}
      viewBox={`0 0 ${lado} ${lado}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={lado} height={lado} fill="#ffffff" />
      <path fill="#000000" d={d} />
    </svg>
  );
}
